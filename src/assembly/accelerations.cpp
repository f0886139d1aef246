#include "assembly/accelerations.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "assembly/constraints.hpp"
#include "math/errors.hpp"
#include "math/least_squares.hpp"

namespace stickslip {
namespace {

// Relative threshold below which a pivot of the rank-revealing QR counts as zero.
constexpr double kQrRankThreshold = 1e-9;
// Smallest ratio of Cholesky pivots of G M⁻¹ Gᵀ accepted as regular (about 1e4 times the rounding
// of double precision: beyond it λ has no correct digits left).
constexpr double kSingularRatio = 1e-12;

// The first constraint row that is (numerically) a combination of the rows before it.
// (or, when every row looks independent at this threshold, the row with the smallest pivot of the
// rank-revealing QR).
int first_dependent_row(const Mat& G) {
  for (int rows = 1; rows <= G.rows(); ++rows) {
    Eigen::ColPivHouseholderQR<Mat> qr(G.topRows(rows).transpose());
    qr.setThreshold(kQrRankThreshold);
    if (qr.rank() < rows) return rows - 1;
  }
  Eigen::ColPivHouseholderQR<Mat> qr(G.transpose());
  return static_cast<int>(qr.colsPermutation().indices()[G.rows() - 1]);
}

// A constraint matrix can be singular in double precision without any dependent equation: when a
// joint acts at a lever arm d far beyond its body's radius of gyration r_g = √(J/m) (a length in mm
// beside an inertia in kg m², a pendulum 1e9 m long), the angular column of G M⁻¹ Gᵀ outweighs the
// others by (d/r_g)², about 1e18 at d/r_g = 1e9, and the rotational and translational equations can
// no longer be told apart. Returns that explanation for the worst row of `owner`, or "".
std::string scale_problem(const Model& model, const Workspace& ws, const std::string& owner) {
  double worst = 0;
  std::string text;
  for (int row = 0; row < ws.G.rows(); ++row) {
    if (constraint_row_owner(model, row) != owner) continue;
    for (const Body& b : model.bodies) {
      // Planar bodies (a spatial body's third column is ż, not a rotation).
      if (!b.is_dynamic() || b.dimension == Dimension::spatial || !(ws.mass_inv[b.v_offset + 2] > 0)) continue;
      const double translation = std::hypot(ws.G(row, b.v_offset), ws.G(row, b.v_offset + 1));
      const double lever = std::abs(ws.G(row, b.v_offset + 2)) / std::max(translation, 1e-300);
      const double gyration = std::sqrt(ws.mass_inv[b.v_offset] / ws.mass_inv[b.v_offset + 2]);
      if (translation == 0 || !(lever / gyration > worst)) continue;
      worst = lever / gyration;
      char buf[400];
      std::snprintf(buf, sizeof buf,
                    "the constraint equations of %s cannot be solved in double precision: its lever arm about the "
                    "centre of body %s is %.3g m, %.3g times the body's radius of gyration sqrt(J/m) = %.3g m; check the units "
                    "of the positions and the inertia",
                    owner.c_str(), b.name.c_str(), lever, lever / gyration, gyration);
      text = buf;
    }
  }
  constexpr double kScaleLimit = 1e5;  // (d/r_g)² = 1e10: with rounding ~1e-16, λ keeps under 6 digits
  return worst > kScaleLimit ? text : "";
}

}  // namespace

void factor_constraint_matrix(const Model& model, double t, Workspace& ws) {
  if (model.n_constraints == 0) return;
  ws.GMinv.noalias() = ws.G * ws.mass_inv.asDiagonal();
  ws.A.noalias() = ws.GMinv * ws.G.transpose();
  if (ws.redundant_constraints) {
    ws.cod.setThreshold(kRankThreshold);
    ws.cod.compute(ws.A);
    return;
  }
  ws.llt.compute(ws.A);
  // Cholesky pivots L_kk² spanning more than 1/kSingularRatio mean A is numerically singular: the
  // mechanism has reached a lock-up or a singular configuration.
  const auto pivots = ws.llt.matrixLLT().diagonal();
  const bool singular = ws.llt.info() != Eigen::Success ||
                        pivots.minCoeff() * pivots.minCoeff() < kSingularRatio * pivots.maxCoeff() * pivots.maxCoeff();
  if (singular) {
    const int row = first_dependent_row(ws.G);
    const std::string owner = constraint_row_owner(model, row), scale = scale_problem(model, ws, owner);
    if (!scale.empty()) throw NumericalError(t, owner, scale);
    throw NumericalError(t, constraint_row_owner(model, row),
                         "the constraint Jacobian became singular (dependent equation of " +
                             constraint_row_owner(model, row) + "): a singular configuration or a lock-up");
  }
}

void solve_constraint_matrix(const Workspace& ws, const Vec& b, Vec& x) {
  if (b.size() == 0) return;
  if (ws.redundant_constraints) {
    x = ws.cod.solve(b);
  } else {
    x = ws.llt.solve(b);
  }
}

void solve_accelerations(const Model& model, double t, const Stabilization& stab, Workspace& ws) {
  if (model.n_constraints == 0) {
    ws.force_total = ws.f;
    ws.qdd = ws.mass_inv.cwiseProduct(ws.f);
    return;
  }
  factor_constraint_matrix(model, t, ws);
  ws.rhs = ws.gamma - stab.alpha * ws.phi_dot - stab.beta * ws.phi;
  ws.rhs.noalias() -= ws.GMinv * ws.f;
  solve_constraint_matrix(ws, ws.rhs, ws.lambda);
  if (!ws.lambda.allFinite()) {
    Eigen::Index row = 0;
    ws.lambda.cwiseAbs().maxCoeff(&row);
    for (Eigen::Index k = 0; k < ws.lambda.size(); ++k) {
      if (!std::isfinite(ws.lambda[k])) row = k;
    }
    const std::string owner = constraint_row_owner(model, static_cast<int>(row));
    throw NumericalError(t, owner, "the reaction of " + owner + " is not finite: a lock-up or an unreachable configuration");
  }
  ws.force_total = ws.f;
  ws.force_total.noalias() += ws.G.transpose() * ws.lambda;
  ws.qdd = ws.mass_inv.cwiseProduct(ws.force_total);
}

ConstraintAnalysis analyse_constraints(const Model& model, Workspace& ws) {
  ConstraintAnalysis a;
  a.rows = model.n_constraints;
  if (a.rows == 0) {
    ws.redundant_constraints = false;
    return a;
  }
  Eigen::ColPivHouseholderQR<Mat> qr(ws.G.transpose());
  qr.setThreshold(kQrRankThreshold);
  a.rank = static_cast<int>(qr.rank());
  // Rows of G are columns of Gᵀ; the pivoted columns beyond the rank are the dependent ones.
  const auto& perm = qr.colsPermutation().indices();
  for (int k = a.rank; k < a.rows; ++k) a.dependent_rows.push_back(perm[k]);
  ws.redundant_constraints = a.rank < a.rows;
  return a;
}

}  // namespace stickslip
