#include "formulations/static_equilibrium.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/contact_kinematics.hpp"
#include "assembly/kinematic_map.hpp"
#include "math/errors.hpp"
#include "math/least_squares.hpp"
#include "solvers/admissible_forces.hpp"

namespace stickslip {
namespace {

constexpr double kTouching = 1e-9;  // a contact whose gap at the start is below this is held [m]
constexpr int kMaxIterations = 100;
constexpr int kMaxHalvings = 30;

struct Row {
  enum Kind { bilateral, normal, tangential } kind;
  int index;            // constraint row or contact
  int tangent_row = 0;  // tangential: which of the contact's tangent rows
  ContactDirection direction() const { return kind == normal ? ContactDirection::normal() : ContactDirection::tangent(tangent_row); }
};

class EquilibriumNewton {
 public:
  EquilibriumNewton(const Model& model, const SimulationOptions& options, const State& start)
      : model_(model), ws_(model), s_(start), col_(Vec::Zero(model.nv)) {
    for (const Body& b : model.bodies) {
      if (b.is_dynamic()) force_scale_ += b.mass * model.gravity.norm();
    }
    for (const PointForce& p : model.point_forces)
      force_scale_ += std::abs(p.fx.value(start.t)) + std::abs(p.fy.value(start.t)) + std::abs(p.fz.value(start.t));
    evaluate(s_);
    held_points_.resize(model.contacts.size());
    for (int r = 0; r < model.n_constraints; ++r) rows_.push_back({Row::bilateral, r});
    int n_compliant = 0;
    for (std::size_t k = 0; k < model.contacts.size(); ++k) {
      const Contact& c = model.contacts[k];
      const ContactKinematics& kin = ws_.contacts[k];
      if (!kin.in_range || kin.gap > kTouching) continue;
      const int ci = static_cast<int>(k);
      if (rigid(c)) rows_.push_back({Row::normal, ci});
      else ++n_compliant;
      if (c.friction && (c.friction->set_valued() || c.friction->stick_band() > 0)) {
        for (int t = 0; t < c.tangent_rows(); ++t) rows_.push_back({Row::tangential, ci, t});
        held_points_[k] = material_points(c, kin);
      }
    }
    // Stiffness floor of a contact that has not sunk yet: the secant stiffness F/δ of an even share F
    // of the load (the penetration δ found by bisection on the law's elastic force).
    floor_.assign(model.contacts.size(), 0.0);
    const double share = force_scale_ / std::max(1, n_compliant);
    for (std::size_t k = 0; k < model.contacts.size(); ++k) {
      const Contact& c = model.contacts[k];
      if (rigid(c)) continue;
      double lo = 0, hi = 1e-9;
      while (c.normal->elastic_force(hi) < share && hi < 1.0) hi *= 2;
      for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (c.normal->elastic_force(mid) < share ? lo : hi) = mid;
      }
      reference_sink_ = std::max(reference_sink_, hi);
      floor_[k] = c.normal->elastic_force(hi) / hi;
    }
    scheme_rigid_ = options.scheme == Scheme::time_stepping;
  }

  StaticEquilibrium solve();

 private:
  // The contact point at the start, fixed in body i and in body j (their own frames).
  struct HeldPoints {
    Vec3 on_i = Vec3::Zero(), on_j = Vec3::Zero();
  };
  bool rigid(const Contact& c) const { return scheme_rigid_ || !c.compliant(); }
  HeldPoints material_points(const Contact& c, const ContactKinematics& kin) const;
  Vec3 world_point(int body, const Vec3& local) const;
  double tangential_displacement(std::size_t k, int tangent_row) const;
  void evaluate(const State& s);
  void free_forces(const std::vector<double>* held_normal, Vec& r);
  void rows(Mat& C, Vec& rhs);
  void jacobian(const Vec& lambda);
  double merit(const Vec& r, const Mat& C, const Vec& lambda, const Vec& rhs) const;
  void friction_check(StaticEquilibrium& out);
  void independent_rows(const Mat& C, Mat& W);

  const Model& model_;
  Workspace ws_;
  State s_;
  std::vector<Row> rows_;
  std::vector<HeldPoints> held_points_;  // per contact (those with tangential rows)
  std::vector<double> floor_, normal_force_;
  double force_scale_ = 1.0, reference_sink_ = 0.0;
  bool scheme_rigid_ = false;
  Vec col_, r_, rhs_, lambda_;
  Mat C_, J_;
  DependentDirections dependent_;
};

void EquilibriumNewton::evaluate(const State& s) {
  compute_body_kinematics(model_, s, ws_);
  assemble_applied_forces(model_, s, ws_);
  compute_contact_kinematics(model_, ws_);
  assemble_constraints(model_, s, ws_);
}

// f + Σ F_e W_N of the compliant contacts that overlap; with `held_normal`, those forces as given
// (for the differences of the geometric terms), else from the laws (stored in normal_force_).
void EquilibriumNewton::free_forces(const std::vector<double>* held_normal, Vec& r) {
  r = ws_.f;
  if (!held_normal) normal_force_.assign(model_.contacts.size(), 0.0);
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const Contact& c = model_.contacts[k];
    const ContactKinematics& kin = ws_.contacts[k];
    if (rigid(c) || !kin.in_range) continue;
    double fn = 0;
    if (held_normal) fn = (*held_normal)[k];
    else if (kin.gap < 0) fn = normal_force_[k] = c.normal->elastic_force(-kin.gap);
    if (fn != 0) add_contact_force(model_, c, kin, fn, TangentVector::Zero(), r);
  }
}

EquilibriumNewton::HeldPoints EquilibriumNewton::material_points(const Contact& c, const ContactKinematics& kin) const {
  const BodyKinematics &bi = ws_.bodies[static_cast<std::size_t>(c.body_i)], &bj = ws_.bodies[static_cast<std::size_t>(c.body_j)];
  HeldPoints h;
  if (model_.dimension == Dimension::spatial) {
    h.on_i = bi.spatial.R.transpose() * (kin.point3 - bi.spatial.r);
    h.on_j = bj.spatial.R.transpose() * (kin.point3 - bj.spatial.r);
  } else {
    h.on_i.head<2>() = bi.A.transpose() * (kin.point - bi.r);
    h.on_j.head<2>() = bj.A.transpose() * (kin.point - bj.r);
  }
  return h;
}

Vec3 EquilibriumNewton::world_point(int body, const Vec3& local) const {
  const BodyKinematics& b = ws_.bodies[static_cast<std::size_t>(body)];
  if (model_.dimension == Dimension::spatial) return b.spatial.r + b.spatial.R * local;
  Vec3 p = Vec3::Zero();
  p.head<2>() = b.r + b.A * local.head<2>();
  return p;
}

// How far the material points that touched at the start have slid apart along a tangent row (body j
// relative to body i). The rows' linearisation ("no increment along W_T") holds them only to first
// order in each Newton step; the free-standing body's tips (Zhang & Wang 2017, case 1) would otherwise
// settle 1e-7 m from where the file puts them, which shifts its slip instants by up to 7e-6 s.
double EquilibriumNewton::tangential_displacement(std::size_t k, int tangent_row) const {
  const Contact& c = model_.contacts[k];
  const ContactKinematics& kin = ws_.contacts[k];
  if (c.joint_limit()) return 0.0;  // a joint's own coordinate, no material points
  const HeldPoints& h = held_points_[k];
  const Vec3 d = world_point(c.body_j, h.on_j) - world_point(c.body_i, h.on_i);
  return model_.dimension == Dimension::spatial ? kin.tangents3[static_cast<std::size_t>(tangent_row)].dot(d) : kin.tangent.dot(d.head<2>());
}

// Row Jacobians C (rows × nv; their transposes are the force directions) and position residuals.
void EquilibriumNewton::rows(Mat& C, Vec& rhs) {
  const Eigen::Index m = static_cast<Eigen::Index>(rows_.size());
  C.setZero(m, model_.nv);
  rhs.setZero(m);
  for (Eigen::Index i = 0; i < m; ++i) {
    const Row& row = rows_[static_cast<std::size_t>(i)];
    if (row.kind == Row::bilateral) {
      C.row(i) = ws_.G.row(row.index);
      rhs[i] = ws_.phi[row.index];
      continue;
    }
    const std::size_t k = static_cast<std::size_t>(row.index);
    contact_direction_column(model_, model_.contacts[k], ws_.contacts[k], row.direction(), col_);
    C.row(i) = col_.transpose();
    rhs[i] = row.kind == Row::normal ? ws_.contacts[k].gap : tangential_displacement(k, row.tangent_row);
  }
}

// J = ∂R/∂q: central differences of f + Σ F_N W_N(q) + Cᵀ(q) λ with the contact forces and λ held,
// plus the laws' stiffness −k W_N W_Nᵀ (floored until a contact has sunk).
void EquilibriumNewton::jacobian(const Vec& lambda) {
  const int n = model_.nv;
  J_.setZero(n, n);
  const std::vector<double> held = normal_force_;
  Vec plus, minus;
  Mat C;
  Vec rhs;
  for (const Body& b : model_.bodies) {
    if (!b.is_dynamic()) continue;
    for (int d = 0; d < b.nv(); ++d) {
      const int col = b.v_offset + d;
      // Steps of 1e-7 relative to the coordinate moved: x, y, θ of a planar body and r of a spatial
      // one share their index with the velocity; a spatial rotation moves by 1e-7 rad.
      const bool translation_or_planar = b.dimension == Dimension::planar || d < 3;
      const double h = 1e-7 * std::max(1.0, translation_or_planar ? std::abs(s_.q[b.q_offset + d]) : 1.0);
      BodyVector direction = BodyVector::Zero(b.nv());
      direction[d] = 1.0;
      State sp = s_;
      for (int sign = 1; sign >= -1; sign -= 2) {
        // q ⊕ (±h e_d): one velocity coordinate's direction through the kinematic map.
        integrate_body(b, s_.q.segment(b.q_offset, b.nq()), direction, sign * h, sp.q.segment(b.q_offset, b.nq()));
        evaluate(sp);
        Vec& out = sign > 0 ? plus : minus;
        free_forces(&held, out);
        rows(C, rhs);
        out.noalias() += C.transpose() * lambda;
      }
      J_.col(col) = (plus - minus) / (2 * h);
    }
  }
  evaluate(s_);
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const Contact& c = model_.contacts[k];
    const ContactKinematics& kin = ws_.contacts[k];
    if (rigid(c) || !kin.in_range || kin.gap > kTouching) continue;
    const double delta = -kin.gap;
    double k_law = delta > 0 ? c.normal->stiffness(delta) : 0.0;
    if (delta < 1e-3 * reference_sink_) k_law = std::max(k_law, floor_[k]);
    contact_direction_column(model_, c, kin, ContactDirection::normal(), col_);
    J_.noalias() -= k_law * col_ * col_.transpose();
  }
}

// Size of what is left: forces relative to the load, position errors relative to the sink.
double EquilibriumNewton::merit(const Vec& r, const Mat& C, const Vec& lambda, const Vec& rhs) const {
  const double forces = (r + C.transpose() * lambda).cwiseAbs().maxCoeff() / force_scale_;
  const double positions = rhs.size() ? rhs.cwiseAbs().maxCoeff() / std::max(reference_sink_, 1e-9) : 0.0;
  return forces + positions;
}

// An orthonormal basis W (m × m') of the row forces that move something: the complement of the
// directions the friction check too counts as dependent (math/least_squares.hpp, kDependentDirections,
// on the Gram matrix C M⁻¹ Cᵀ). Exactly dependent rows (the tangential rows of two corners of a block)
// are indeterminate; nearly dependent ones (the same corners once the block has tilted by ~1e-4 rad on
// unequally sunk compliant corners) would, read exactly, need an internal friction couple inversely
// proportional to the tilt, which the rigid-body idealisation does not resolve. The multipliers are
// sought as λ = W μ: the least-norm distribution, whose split the friction check then chooses.
void EquilibriumNewton::independent_rows(const Mat& C, Mat& W) {
  const Eigen::Index m = C.rows();
  if (m == 0 || dependent_.compute(C * ws_.mass_inv.asDiagonal() * C.transpose()) == 0) {
    W.setIdentity(m, m);
    return;
  }
  W = dependent_.complement();
}

// σ that brings the rows to the size of the stiffness: σ ‖C‖ = ‖J‖ (largest entries), 1 when either
// vanishes. With stiff compliant contacts (‖J‖ ~ 1e6-1e7, ‖C‖ ~ 1) the matrix [J Cᵀ; C 0] has
// singular values near ‖J‖ and near ‖C‖²/‖J‖ (the Schur complement C J⁻¹ Cᵀ of the rows J holds
// stiffly): the free-standing body of Zhang & Wang (2017) at its start, 3e6 down to 3e-8, whose
// smallest (the squeeze of the two tips against the legs' springs, the friction that holds them) fell
// below the rank threshold and was dropped. [J σCᵀ; σC 0] has them between 6e3 and 5e6 (a scaling of
// the constraint block of a saddle-point system, as in Benzi, Golub & Liesen 2005, Numerical solution
// of saddle point problems, Acta Numerica 14). The rank threshold then drops only rows that are
// dependent, which independent_rows has already removed.
double row_scale(const Mat& J, const Mat& C) {
  const double j = J.size() ? J.cwiseAbs().maxCoeff() : 0.0, c = C.size() ? C.cwiseAbs().maxCoeff() : 0.0;
  return j > 0 && c > 0 ? j / c : 1.0;
}

StaticEquilibrium EquilibriumNewton::solve() {
  const int n = model_.nv;
  const Eigen::Index m = static_cast<Eigen::Index>(rows_.size());
  StaticEquilibrium out;
  lambda_.setZero(m);
  Mat K, W, Cw;
  Vec rhs_k, step;
  Eigen::CompleteOrthogonalDecomposition<Mat> cod;
  cod.setThreshold(kRankThreshold);
  bool converged = false;
  for (out.iterations = 0; out.iterations < kMaxIterations && !converged; ++out.iterations) {
    evaluate(s_);
    free_forces(nullptr, r_);
    rows(C_, rhs_);
    jacobian(lambda_);
    independent_rows(C_, W);
    Cw.noalias() = W.transpose() * C_;
    const Eigen::Index mw = Cw.rows();
    const double sigma = row_scale(J_, Cw);
    // [J σCwᵀ; σCw 0] [Δq; μ/σ] = [−r; −σ Wᵀ rhs], λ = W μ
    K.setZero(n + mw, n + mw);
    K.topLeftCorner(n, n) = J_;
    K.topRightCorner(n, mw) = sigma * Cw.transpose();
    K.bottomLeftCorner(mw, n) = sigma * Cw;
    rhs_k.resize(n + mw);
    rhs_k.head(n) = -r_;
    rhs_k.tail(mw) = -sigma * (W.transpose() * rhs_);
    cod.compute(K);
    step = cod.solve(rhs_k);
    if (!step.allFinite()) break;
    const Vec dq = step.head(n), lambda_new = W * (sigma * step.tail(mw));
    // Backtracking on the merit with the new multipliers.
    const double m0 = merit(r_, C_, lambda_new, rhs_);
    const Vec q0 = s_.q;
    double alpha = 1, best_alpha = 1, best = INFINITY;
    for (int h = 0; h < kMaxHalvings; ++h, alpha *= 0.5) {
      integrate(model_, q0, dq, alpha, s_.q);
      evaluate(s_);
      free_forces(nullptr, r_);
      rows(C_, rhs_);
      const double mt = merit(r_, C_, lambda_new, rhs_);
      if (mt < best) best = mt, best_alpha = alpha;
      if (mt <= (1 - 1e-4 * alpha) * m0) break;
    }
    if (alpha != best_alpha) integrate(model_, q0, dq, best_alpha, s_.q);
    lambda_ = lambda_new;
    // The step in positions at the rounding of the coordinates ends the iteration.
    converged = best_alpha * dq.cwiseAbs().maxCoeff() <= 1e-13 * (1.0 + q0.cwiseAbs().maxCoeff());
  }
  if (!converged) {
    std::ostringstream msg;
    msg << "static equilibrium: Newton's method did not converge in " << kMaxIterations
        << " iterations (check that every body rests on contacts or joints that can hold it)";
    throw NumericalError(s_.t, "static equilibrium", msg.str());
  }
  // Residuals at the final positions, with the multipliers that best balance them (in the same
  // independent directions: C alone is of one scale, no σ needed).
  evaluate(s_);
  free_forces(nullptr, r_);
  rows(C_, rhs_);
  if (m > 0) {
    independent_rows(C_, W);
    cod.compute(C_.transpose() * W);
    lambda_ = W * cod.solve(-r_);
  }
  out.force_residual = (r_ + C_.transpose() * lambda_).cwiseAbs().maxCoeff();
  out.constraint_residual = m > 0 ? rhs_.cwiseAbs().maxCoeff() : 0.0;
  // A step that vanished because nothing resists a load (a body on no contact) is no equilibrium.
  if (!(out.force_residual <= 1e-9 * force_scale_)) {
    std::ostringstream msg;
    msg << "static equilibrium: the forces do not balance (residual " << out.force_residual
        << " N): a body rests on nothing that can hold it";
    throw NumericalError(s_.t, "static equilibrium", msg.str());
  }
  out.state = s_;
  friction_check(out);
  return out;
}

// The forces of the rows are those of one distribution among many when the rows are dependent (two
// corners of a block): whether friction can hold the equilibrium is a question about the set (the
// feasibility margin of solvers/admissible_forces.hpp), and the forces reported are its least-norm
// admissible distribution. The cone is μ N ± λ_T >= 0 on the one tangent row of a planar contact;
// the disc |λ_T| <= μ N of a spatial contact is, in that linear program, the polygon of
// kDiscFacets facets circumscribing it, turned so that a facet faces the contact's least-norm force
// (exact while the admissible distribution keeps that direction, as under a load along a slope or a
// pull; at most 1/cos(π/k) = 2 % generous otherwise). Rows that are not dependent have one
// distribution, and the facet facing its force measures it on the disc itself (μ N − |λ_T|).
void EquilibriumNewton::friction_check(StaticEquilibrium& out) {
  constexpr int kDiscFacets = 16;
  const Eigen::Index m = static_cast<Eigen::Index>(rows_.size());
  out.contact_forces.assign(model_.contacts.size(), {});
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) out.contact_forces[k].normal = normal_force_[k];
  std::vector<int> normal_row(model_.contacts.size(), -1), tangent_row(model_.contacts.size(), -1);
  for (Eigen::Index i = 0; i < m; ++i) {
    const Row& row = rows_[static_cast<std::size_t>(i)];
    if (row.kind == Row::normal) normal_row[static_cast<std::size_t>(row.index)] = static_cast<int>(i);
    if (row.kind == Row::tangential && row.tangent_row == 0) tangent_row[static_cast<std::size_t>(row.index)] = static_cast<int>(i);
  }
  // One inequality per normal row, two per planar tangent row, kDiscFacets per disc.
  Mat A = Mat::Zero(m * (kDiscFacets + 1), m);
  Vec b = Vec::Zero(A.rows());
  Eigen::Index k_rows = 0;
  for (Eigen::Index i = 0; i < m; ++i)
    if (rows_[static_cast<std::size_t>(i)].kind == Row::normal) A(k_rows++, i) = 1.0;
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const int t = tangent_row[k];
    if (t < 0) continue;
    const double mu = model_.contacts[k].friction->static_coefficient();
    const auto bound = [&](Eigen::Index r) {  // μ N of the row's contact
      if (normal_row[k] >= 0) A(r, normal_row[k]) = mu;
      else b[r] = mu * normal_force_[k];
    };
    if (model_.contacts[k].tangent_rows() == 1) {
      for (const double sign : {1.0, -1.0}) {
        bound(k_rows);
        A(k_rows++, t) = -sign;
      }
      continue;
    }
    const double facing = std::atan2(lambda_[t + 1], lambda_[t]);
    for (int j = 0; j < kDiscFacets; ++j) {  // μ N − (cos θ_j, sin θ_j) · λ_T >= 0
      const double angle = facing + 2 * M_PI * j / kDiscFacets;
      bound(k_rows);
      A(k_rows, t) = -std::cos(angle);
      A(k_rows++, t + 1) = -std::sin(angle);
    }
  }
  Vec lambda = lambda_;
  out.friction_margin = NAN;
  if (k_rows > 0) {
    DependentDirections dependent;
    const Mat gram = C_ * ws_.mass_inv.asDiagonal() * C_.transpose();
    const Eigen::Index r = dependent.compute(gram);
    const Mat Aa = A.topRows(k_rows);
    const Vec ba = b.head(k_rows);
    if (r == 0) {
      out.friction_margin = (Aa * lambda + ba).minCoeff();
    } else {
      solvers::AdmissibleForceSolver admissible;
      solvers::AdmissibleForces dist;
      const Mat Z = dependent.null_basis();
      admissible.solve(lambda, Z, Aa, ba, force_scale_, dist);
      out.friction_margin = dist.margin;
      lambda = dist.lambda;
    }
  }
  for (Eigen::Index i = 0; i < m; ++i) {
    const Row& row = rows_[static_cast<std::size_t>(i)];
    if (row.kind == Row::bilateral) continue;
    ContactForce& f = out.contact_forces[static_cast<std::size_t>(row.index)];
    (row.kind == Row::normal ? f.normal : f.tangential[row.tangent_row]) = lambda[i];
  }
}

}  // namespace

StaticEquilibrium static_equilibrium(const Model& model, const SimulationOptions& options, const State& start) {
  EquilibriumNewton newton(model, options, start);
  return newton.solve();
}

}  // namespace stickslip
