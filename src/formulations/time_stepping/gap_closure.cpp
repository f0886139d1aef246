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
// regularisation lets grow (the redundant rows' conflict).
#include <algorithm>
#include <cmath>

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
  for (int r = 0; r < n_; ++r) closing_lambda_[r] = fit[static_cast<std::size_t>(r)] ? target[r] : 0.0;
  const bool solved = sparse_ ? closing_multipliers_sparse(fit) : closing_multipliers_dense(fit);
  if (!solved) return false;
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

bool ImpulseProblem::closing_multipliers_sparse(const std::vector<char>& fit) {
  const auto in = [&](int r) { return fit[static_cast<std::size_t>(r)] != 0; };
  double* a = closing_As_.valuePtr();
  const int* row = closing_As_.innerIndexPtr();
  for (std::size_t k = 0; k < closing_from_.size(); ++k)
    a[k] = in(row[k]) && in(closing_column_[k]) ? Ws_.valuePtr()[closing_from_[k]] : 0.0;
  double largest = 0.0;
  for (int s = 0; s < n_; ++s)
    if (in(s)) largest = std::max(largest, a[closing_diagonal_[static_cast<std::size_t>(s)]]);
  for (int s = 0; s < n_; ++s) {
    double& d = a[closing_diagonal_[static_cast<std::size_t>(s)]];
    d = in(s) ? d + kClosingRegularisation * largest : 1.0;
  }
  if (!closing_factor_.factorize(a)) return false;
  closing_factor_.solve_in_place(closing_lambda_);
  return closing_lambda_.allFinite();
}

// Sizes the dense system, or copies the lower triangle of Ws_'s pattern (the model's, fixed) with
// where each entry comes from, and analyses it once (no allocation in the steps after).
void ImpulseProblem::build_closing_pattern() {
  closing_lambda_.setZero(n_);
  if (n_ == 0) return;
  if (!sparse_) {
    closing_A_.setZero(n_, n_);
    closing_ldlt_.compute(Mat::Identity(n_, n_));  // sizes its storage once
    return;
  }
  std::vector<Eigen::Triplet<double>> entries;
  for (int s = 0; s < n_; ++s)
    for (int k = Ws_.outerIndexPtr()[s]; k < Ws_.outerIndexPtr()[s + 1]; ++k)
      if (Ws_.innerIndexPtr()[k] >= s) entries.emplace_back(Ws_.innerIndexPtr()[k], s, static_cast<double>(k));
  closing_As_.resize(n_, n_);
  closing_As_.setFromTriplets(entries.begin(), entries.end());
  closing_As_.makeCompressed();
  const auto count = static_cast<std::size_t>(closing_As_.nonZeros());
  closing_from_.resize(count);
  closing_column_.resize(count);
  closing_diagonal_.assign(static_cast<std::size_t>(n_), -1);
  for (int s = 0; s < n_; ++s)
    for (int k = closing_As_.outerIndexPtr()[s]; k < closing_As_.outerIndexPtr()[s + 1]; ++k) {
      closing_from_[static_cast<std::size_t>(k)] = static_cast<int>(closing_As_.valuePtr()[k]);
      closing_column_[static_cast<std::size_t>(k)] = s;
      if (closing_As_.innerIndexPtr()[k] == s) closing_diagonal_[static_cast<std::size_t>(s)] = k;
    }
  closing_factor_.analyse(closing_As_);
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
    closing_target_[cr.normal] = -gap / (opt_.theta * h);
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
