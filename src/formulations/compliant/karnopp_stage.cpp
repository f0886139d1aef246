// The Karnopp stage of the compliant scheme (MultibodyOde::karnopp_stage): the forces that hold the
// contacts inside their stick bands.
//
// With Δ_ij = W_T,iᵀ M_c⁻¹ W_T,j (M_c⁻¹ = M⁻¹ − M⁻¹Gᵀ(G M⁻¹ Gᵀ)⁻¹G M⁻¹, the inverse mass with the
// joints holding) and a_T the tangential accelerations without these forces, Karnopp's law over
// several contacts asks for λ with |λ_i| ≤ μ_s,i F_N,i and
//   a_i = (Δλ + a_T)_i = 0 where |λ_i| < μ_s F_N (it holds),  a_i ≥ 0 at λ_i = −μ_s F_N,  a_i ≤ 0 at +μ_s F_N
// (it starts to slip, opposed by its static bound): the optimality conditions of
//   min ½ λᵀΔλ + a_Tᵀλ  over the box |λ_i| ≤ μ_s F_N,i,
// a convex problem whose accelerations are unique even where its forces are not (Δ singular: two
// corners of one block). It is solved as the LCP of Pfeiffer & Glocker 1996 (λ = F⁺ − μ_s F_N,
// F⁻ = 2μ_s F_N − F⁺) by Lemke's method, and of the forces that give the same accelerations the
// least-norm one is kept (solvers/admissible_forces.hpp). So the contacts hold whenever some
// distribution inside every cone holds them, not only when the equal split does. Directions that are
// dependent but for a compliant tilt are treated as dependent (math/least_squares.hpp). Spatial
// contacts hold by a force in the disc |λ_i| <= μ_s F_N (hold_forces_on_discs).
#include <cmath>
#include <limits>

#include "assembly/accelerations.hpp"
#include "assembly/constraints.hpp"
#include "assembly/contact_forces.hpp"
#include "assembly/contact_kinematics.hpp"
#include "formulations/compliant/multibody_ode.hpp"
#include "math/least_squares.hpp"
#include "solvers/proximal_newton.hpp"

namespace stickslip {

void MultibodyOde::karnopp_stage(double t) {
  band_.clear();
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    stick_force_[2 * k] = stick_force_[2 * k + 1] = std::numeric_limits<double>::quiet_NaN();
    if (ws_.contact_forces[k].normal > 0 && needs_stick_force(model_.contacts[k], ws_.contacts[k])) {
      band_.push_back(static_cast<int>(k));
    }
  }
  if (band_.empty()) return;
  // One row per tangent direction of the contacts in their band: one per planar contact, two per
  // spatial one (a model's contacts are all of its dimension).
  const bool discs = model_.dimension == Dimension::spatial;
  const int per_contact = discs ? 2 : 1;
  const Eigen::Index contacts = static_cast<Eigen::Index>(band_.size()), n = per_contact * contacts;
  Mat delta(n, n), response(model_.nv, n), directions(model_.nv, n);
  Vec accel(n), bound(contacts);
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::size_t k = static_cast<std::size_t>(band_[static_cast<std::size_t>(i / per_contact)]);
    contact_direction_column(model_, model_.contacts[k], ws_.contacts[k], ContactDirection::tangent(static_cast<int>(i % per_contact)), w_scratch_);
    directions.col(i) = w_scratch_;
    // Accelerations were computed with stick force 0 for these contacts, i.e. without their friction.
    accel[i] = w_scratch_.dot(ws_.qdd) + ws_.contacts[k].wt_bias[i % per_contact];
    bound[i / per_contact] = model_.contacts[k].friction->static_coefficient() * ws_.contact_forces[k].normal;
    Vec x = ws_.mass_inv.cwiseProduct(w_scratch_);
    if (model_.n_constraints > 0) {
      g_scratch_.noalias() = ws_.GMinv * w_scratch_;
      solve_constraint_matrix(ws_, g_scratch_, l_scratch_);
      x.noalias() -= ws_.mass_inv.asDiagonal() * (ws_.G.transpose() * l_scratch_);
    }
    response.col(i) = x;
  }
  delta.noalias() = directions.transpose() * response;
  Vec lambda = discs ? hold_forces_on_discs(delta, accel, bound)
               : n == 1 ? min_norm_solve(delta, -accel)
                        : hold_forces(delta, accel, bound);
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::size_t k = static_cast<std::size_t>(band_[static_cast<std::size_t>(i / per_contact)]);
    stick_force_[2 * k + static_cast<std::size_t>(i % per_contact)] = lambda[i];
  }
  contact_stage(t);
  assemble_constraints(model_, state_, ws_);
  solve_stage(t);
}

// The box problem above for several contacts (one contact: the law's clamp of −a/Δ is its solution).
Vec MultibodyOde::hold_forces(const Mat& delta, const Vec& accel, const Vec& bound) {
  const Eigen::Index n = delta.rows();
  Mat d = delta;
  Vec a = accel;
  const Eigen::Index r = dependent_.compute(delta);
  if (r > 0) {  // project the dependent directions out: forces along them move nothing
    const Mat P = Mat::Identity(n, n) - dependent_.null_basis() * dependent_.null_basis().transpose();
    d = P * delta * P;
    a = P * accel;
  }
  // z = [F⁺; a⁻], w = [a⁺; F⁻]: a⁺ = Δ(F⁺ − b) + a + a⁻, F⁻ = 2b − F⁺.
  Mat M = Mat::Zero(2 * n, 2 * n);
  Vec q(2 * n);
  M.topLeftCorner(n, n) = d;
  M.topRightCorner(n, n).setIdentity();
  M.bottomLeftCorner(n, n) = -Mat::Identity(n, n);
  q.head(n) = a - d * bound;
  q.tail(n) = 2 * bound;
  lemke_.reserve(2 * n);
  solvers::LcpResult res;
  lemke_.solve(M, q, res);
  if (res.status != solvers::LcpStatus::solved) return min_norm_solve(delta, -accel);  // the law clamps it
  Vec lambda = res.z.head(n) - bound;
  if (r == 0) return lambda;
  // Least norm among the forces with the same accelerations: holding contacts anywhere inside their
  // bound, saturated ones (a_i ≠ 0) kept at it.
  const double tol = 1e-9 * (1.0 + q.cwiseAbs().maxCoeff());
  const Vec acc = res.w.head(n) - res.z.tail(n);
  Mat A = Mat::Zero(2 * n, n);
  Vec b(2 * n);
  for (Eigen::Index i = 0; i < n; ++i) {
    A(2 * i, i) = -1.0;  // b − λ ≥ 0
    A(2 * i + 1, i) = 1.0;  // b + λ ≥ 0
    b[2 * i] = b[2 * i + 1] = bound[i];
    if (acc[i] > tol) b[2 * i] = -bound[i];       // λ = −b: −b − λ ≥ 0 with b + λ ≥ 0
    else if (acc[i] < -tol) b[2 * i + 1] = -bound[i];  // λ = +b
  }
  admissible_.solve(lambda, dependent_.null_basis(), A, b, 1.0 + bound.sum(), distribution_);
  return distribution_.feasible ? distribution_.lambda : lambda;
}


// Spatial contacts: the problem of the header with each contact's stick force λ_i ∈ R² in its disc
// |λ_i| <= μ_s F_N,i: min ½ λᵀΔλ + a_Tᵀλ over the discs, whose optimality conditions are Coulomb's law
// on the accelerations (a contact holds, a = 0, inside its disc; on the rim its force opposes its
// acceleration). When the least-norm forces that stop every contact, −Δ⁺a, lie in every disc they are
// the answer (a box resting evenly). Otherwise it is the frictional contact problem of the disc cone
// with each normal row fixed: a decoupled row u_N = p_N − bound ≥ 0 ⟂ p_N ≥ 0 (so p_N = bound) and
// μ = 1, which the proximal point method with Newton steps solves from zero forces
// (solvers/proximal_newton.hpp), to 1e-12 of the accelerations and the bounds. Its rounds keep the
// forces in the range of Δ while every contact holds, so the split is again the least-norm one
// among those that hold.
Vec MultibodyOde::hold_forces_on_discs(const Mat& delta, const Vec& accel, const Vec& bound) {
  const Eigen::Index contacts = bound.size(), n = 3 * contacts;
  Vec lambda = min_norm_solve(delta, -accel);
  bool inside = true;
  for (Eigen::Index i = 0; i < contacts && inside; ++i) inside = lambda.segment<2>(2 * i).norm() <= bound[i];
  if (inside) return lambda;
  Mat W = Mat::Zero(n, n);
  Vec b(n), p = Vec::Zero(n);
  std::vector<solvers::FrictionContact> rows(static_cast<std::size_t>(contacts));
  for (Eigen::Index i = 0; i < contacts; ++i) {
    W(3 * i, 3 * i) = 1.0;
    b[3 * i] = -bound[i];
    for (Eigen::Index j = 0; j < contacts; ++j) W.block<2, 2>(3 * i + 1, 3 * j + 1) = delta.block<2, 2>(2 * i, 2 * j);
    b.segment<2>(3 * i + 1) = accel.segment<2>(2 * i);
    rows[static_cast<std::size_t>(i)] = {static_cast<int>(3 * i), static_cast<int>(3 * i + 1), 1.0, 2, solvers::FrictionCone::disc};
  }
  const double goal = 1e-12 * (1.0 + accel.cwiseAbs().maxCoeff() + bound.maxCoeff());
  disc_stage_.options().aim_share = 1.0;  // the goal is already at the rounding of the forces
  if (!disc_stage_.solve(W, b, rows, goal, p) && disc_stage_.best().size() == n) p = disc_stage_.best();
  for (Eigen::Index i = 0; i < contacts; ++i) lambda.segment<2>(2 * i) = p.segment<2>(3 * i + 1);
  return lambda;
}

}  // namespace stickslip
