// Closing the gaps of persistent contacts, Moreau-Jean (docs/schemes.md, "Persistent contacts").
//
// The velocity-level conditions hold a resting contact's normal velocity at zero at the midpoint
// configuration, so a contact on a rotating body ends the step slightly open (O(h²ω²r): a rocking
// block's pivot, a toppling rod's foot). Left alone, the gap builds up to the activation gap and
// reads as a run of separations and impacts. The step therefore asks every persistent contact to
// close its predicted end gap ĝ within the step, v_N⁺ ≥ −ĝ/(θh) — but not row by row: a wall's
// redundant corner contacts (several per face, closed loops) have gaps that no rigid motion closes
// all at once, and as separate targets of the impulse problem the loaded ones became equations no
// motion meets exactly; Gauss-Seidel crawled at that conflict (hundreds to thousands of sweeps, a
// degenerate problem whose exact solution unloads some corners). Instead the closing motion is one
// velocity y of the bodies, the least-norm (in W̃'s metric) least-squares fit of
//   H_N y = −ĝ/(θh) on the persistent contacts' normal rows (0 on the other active contacts'),
//   H_T y = 0       on their tangent rows (y does not make them slide),
//   H_G y = 0       on the bilateral rows,
// and the impulse problem is solved for the motion relative to it on those contact rows: their
// conditions hold on u − H y (b −= H y). Where the fit is exact (one pivot, a rocking block's
// impact on its other corner, any set of consistent gaps) the conditions are exactly those of the
// row-by-row closing; where it is not, the targets are those of one rigid motion, which the loaded
// contacts can all meet. The price of the fit where gaps conflict: a contact between two that close
// by different amounts may be asked to approach a little more than its own gap (a penetration of
// the fit's residual, nanometres) or to separate a little (at that residual over θh, while it may
// carry load: work of order P times that speed, against the O(P ĝ/h) the closing dissipates).
// Holding those rows at v_N⁺ ≥ 0 instead (tried) brings the conflict, and the stalls, back.
// Targets of penetrating contacts count as 0 (ĝ < 0 is not pushed out).
//
// The fit: with J = H_S W̃^{-1/2}, y = W̃^{-1/2} Jᵀ (JJᵀ + εI)⁻¹ t tends to the minimum-norm
// least-squares J⁺ t as ε → 0, since Jᵀ annihilates the share of λ along JJᵀ's null space that the
// regularisation lets grow (the redundant rows' conflict). Two ways to compute it:
//   - row space, with the dense W (at most 64 rows, or a full W̃ with spring elements): the LDLᵀ
//     of W_SS + εI = JJᵀ + εI on the fitted rows, y = W̃⁻¹ H_Sᵀ λ;
//   - velocity space, with the sparse W (W̃ = M diagonal): Jᵀ(JJᵀ + εI)⁻¹ = (JᵀJ + εI)⁻¹Jᵀ (the
//     push-through identity, true for every ε > 0 and J of any rank), so in the mass-scaled
//     velocities ŷ = M^{1/2} y, (JᵀJ + εI) ŷ = Jᵀ t with the same ε: the same y, from a system of
//     the model's velocities (3 per planar block) instead of its fitted rows (up to 15 per block
//     in a wall), with the subspace step's normal matrix (solvers/normal_matrix.hpp). A bilateral
//     row whose diagonal of W carries the bilateral regularisation R besides ε enters with weight
//     ε/(ε + R) (the identity with a diagonal D = εI + R: A Hᵀ(HAHᵀ + D)⁻¹ = (A⁻¹ + HᵀD⁻¹H)⁻¹HᵀD⁻¹).
//     It is also the better conditioned of the two where targets conflict: the row space carries a
//     share of λ of order (conflict)/ε that Jᵀ cancels in y only to rounding, the velocity space
//     forms Jᵀ t first and has no such share; its rounding lands instead on the velocities no
//     fitted row sees (JᵀJ's null space), which H_S y, all the fit is used for, does not see.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "formulations/time_stepping/impulse_problem.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

// Relative to the largest diagonal entry of W_SS: keeps JJᵀ + εI invertible while changing y by
// O(ε/σ²) on the directions it resolves.
constexpr double kClosingRegularisation = 1e-10;

}  // namespace

bool ImpulseProblem::closing_velocity(const std::vector<char>& fit, const Vec& target, const Vec& minv, Vec& y) {
  if (sparse_) return closing_velocity_in_velocities(fit, target, minv, y);
  for (int r = 0; r < n_; ++r) closing_lambda_[r] = fit[static_cast<std::size_t>(r)] ? target[r] : 0.0;
  if (!closing_multipliers_dense(fit)) return false;
  y.setZero();
  for (int r = 0; r < n_; ++r) {
    const double lambda = closing_lambda_[r];
    if (lambda == 0.0) continue;
    if (implicit_) y.noalias() += lambda * Y_.col(r);
    else rows_[static_cast<std::size_t>(r)].scatter(lambda, minv, y);
  }
  return y.allFinite();
}

// W_SS + εI, with unit rows outside S (λ = 0 there); the right-hand side is in closing_lambda_.
bool ImpulseProblem::closing_multipliers_dense(const std::vector<char>& fit) {
  const auto in = [&](int r) { return fit[static_cast<std::size_t>(r)] != 0; };
  double largest = 0.0;
  for (int s = 0; s < n_; ++s) {
    const bool s_in = in(s);
    for (int r = 0; r < n_; ++r) closing_A_(r, s) = s_in && in(r) ? W_(r, s) : (r == s ? 1.0 : 0.0);
    if (s_in) largest = std::max(largest, closing_A_(s, s));
  }
  for (int s = 0; s < n_; ++s)
    if (in(s)) closing_A_(s, s) += kClosingRegularisation * largest;
  closing_ldlt_.compute(closing_A_);
  if (closing_ldlt_.info() != Eigen::Success) return false;
  closing_ldlt_.solveInPlace(closing_lambda_);
  return closing_lambda_.allFinite();
}

// (Σ_S ω_r ĥ_r ĥ_rᵀ + εI) ŷ = Σ_S ω_r t_r ĥ_r with ĥ_r = M^{-1/2} h_r, y = M^{-1/2} ŷ (file comment);
// ε from W_SS's diagonal, as in row space.
bool ImpulseProblem::closing_velocity_in_velocities(const std::vector<char>& fit, const Vec& target, const Vec& minv, Vec& y) {
  refresh_row_matrix();
  closing_rows_.clear();
  double largest = 0.0;
  for (int r = 0; r < n_; ++r) {
    if (!fit[static_cast<std::size_t>(r)]) continue;
    closing_rows_.push_back(r);
    largest = std::max(largest, operator_diagonal(r));
  }
  y.setZero();
  if (!(largest > 0.0)) return largest == 0.0;  // no fitted row moves a body: nothing to close
  const double eps = kClosingRegularisation * largest;
  closing_scale_ = minv.cwiseSqrt();
  closing_rhs_.setZero();
  const int* outer = Hs_.outerIndexPtr();
  for (const int r : closing_rows_) {
    double& w = closing_weight_[static_cast<std::size_t>(r)];
    w = r < nc_ ? eps / (eps + bilateral_added_) : 1.0;
    const double weighted = w * target[r];
    for (int k = outer[r]; k < outer[r + 1]; ++k) closing_rhs_[Hs_.innerIndexPtr()[k]] += weighted * Hs_.valuePtr()[k];
  }
  closing_rhs_.array() *= closing_scale_.array();
  closing_normal_.assemble(Hs_, {closing_rows_, closing_weight_, {}, {}, {}}, closing_scale_);
  if (!closing_normal_.factorize(eps)) return false;
  closing_normal_.solve_in_place(closing_rhs_);
  y = closing_scale_.cwiseProduct(closing_rhs_);
  return y.allFinite();
}

// Sizes the dense system, or analyses the normal matrix's pattern (the model's, fixed) once: no
// allocation in the steps after.
void ImpulseProblem::build_closing_pattern() {
  closing_lambda_.setZero(n_);
  if (n_ == 0) return;
  if (sparse_) {
    closing_rows_.reserve(static_cast<std::size_t>(n_));
    closing_weight_.assign(static_cast<std::size_t>(n_), 1.0);
    closing_scale_.setZero(nv_);
    closing_rhs_.setZero(nv_);
    if (!closing_normal_.analyse(Hs_)) throw std::logic_error("time-stepping: a row of H touches more than two bodies");
    return;
  }
  closing_A_.setZero(n_, n_);
  closing_ldlt_.compute(Mat::Identity(n_, n_));  // sizes its storage once
}

// The rows of the fit and their targets (file comment); true when some persistent contact is open
// by more than a millionth of the activation gap (below that, rounding) and so y is worth computing.
bool TimeStepper::closing_targets(double h) {
  if (opt_.formulation != ContactFormulation::moreau_jean) return false;
  const double resolution = 1e-6 * opt_.activation_gap;
  bool any = false;  // first, cheaply: is there a gap to close at all (a body at rest has none)?
  for (int c = 0; c < problem_.contact_count() && !any; ++c) {
    const std::size_t k = static_cast<std::size_t>(c);
    any = problem_.contact(c).active && state_[k] != ContactState::open && gap_predicted_[k] > resolution;
  }
  if (!any) return false;
  std::fill(closing_fit_.begin(), closing_fit_.end(), 0);
  for (int r = 0; r < model_.n_constraints; ++r) {
    closing_fit_[static_cast<std::size_t>(r)] = 1;
    closing_target_[r] = 0.0;
  }
  for (int c = 0; c < problem_.contact_count(); ++c) {
    const std::size_t k = static_cast<std::size_t>(c);
    const ContactRows& cr = problem_.contact(c);
    if (!cr.active) continue;
    const bool persistent = state_[k] != ContactState::open;
    const double gap = persistent ? std::max(gap_predicted_[k], 0.0) : 0.0;
    closing_fit_[static_cast<std::size_t>(cr.normal)] = 1;
    closing_target_[cr.normal] = -gap / (theta_ * h);
    if (!persistent) continue;
    for (int t = 0; t < cr.tangent_rows; ++t) {
      closing_fit_[static_cast<std::size_t>(cr.tangent + t)] = 1;
      closing_target_[cr.tangent + t] = 0.0;
    }
  }
  return true;
}

// The one active contact when it is the only row of the problem that takes part (no bilateral
// rows): its normal and tangent rows are independent, so the fit meets their targets exactly and
// the shift is the target itself (a ball, a block on one corner: no factorisation). Else −1.
int TimeStepper::lone_active_contact() const {
  if (model_.n_constraints > 0) return -1;
  int lone = -1;
  for (int c = 0; c < problem_.contact_count(); ++c) {
    if (!problem_.contact(c).active) continue;
    if (lone >= 0) return -1;
    lone = c;
  }
  return lone;
}

// b −= H y on the fitted contact rows, y the closing velocity. The bilateral rows keep their own
// targets (the fit holds them at H_G y ≈ 0, exactly where it is consistent). Throws when the fit
// failed (W not finite, or singular beyond its regularisation).
void TimeStepper::shift_by_closing_velocity(double t, double h) {
  if (!closing_targets(h)) return;
  if (const int c = lone_active_contact(); c >= 0) {  // its own rows: the fit is exact, H y = target
    problem_.b(problem_.contact(c).normal) -= closing_target_[problem_.contact(c).normal];
    return;
  }
  if (!problem_.closing_velocity(closing_fit_, closing_target_, ws_.mass_inv, closing_velocity_)) {
    throw NumericalError(t, "time-stepping", "the gap-closing fit of the persistent contacts failed (W is not finite or singular)");
  }
  for (int c = 0; c < problem_.contact_count(); ++c) {
    const ContactRows& cr = problem_.contact(c);
    if (!cr.active) continue;
    problem_.b(cr.normal) -= problem_.row(cr.normal).dot(closing_velocity_);
    for (int row = cr.tangent; row < cr.tangent + cr.tangent_rows; ++row)
      if (closing_fit_[static_cast<std::size_t>(row)]) problem_.b(row) -= problem_.row(row).dot(closing_velocity_);
  }
}

}  // namespace stickslip
