// The step's impulse problem as an LCP (or a mixed LCP with the bilateral rows) for Lemke's method,
// by the standard lifting of planar Coulomb friction (Stewart & Trinkle 1996; Anitescu & Potra 1997):
// per contact the variables (P_N, P_T+, P_T−, β) with P_T = P_T+ − P_T− and the rows
//   u_N >= 0 ⟂ P_N,   u_T + β >= 0 ⟂ P_T+,   −u_T + β >= 0 ⟂ P_T−,   μ P_N − P_T+ − P_T− >= 0 ⟂ β,
// beside the free bilateral rows (MlcpSolver eliminates them by a Schur complement).
//
// Two uses. `lemke` (and `auto` on small models) lifts every contact, an inactive one as a decoupled
// identity block with q = 1, so the problem keeps its size for the run. The rescue lifts only the
// active contacts: a Gauss-Seidel (or APGD) solve that ended above its tolerance is solved again
// exactly when that problem is small (rescue_variables). Gauss-Seidel crawls on some of the small
// degenerate problems of stacked blocks (redundant corners, contacts at the friction cone's edge:
// residuals of 1e-4 to 1e-3 after the stall rule), where Lemke needs a few dozen pivots; its answer
// replaces the iterate only when its natural residual on the same problem is smaller.
#include "formulations/time_stepping/impulse_problem.hpp"

namespace stickslip {
namespace {

// The lifted rows (or variables) of W's row r and their signs: a bilateral or normal row maps to
// one, a tangent row (of an interval cone) to P_T+ (+1) and P_T− (−1).
int lifted_targets(int r, const std::vector<int>& row_contact, const std::vector<ContactRows>& contacts,
                   const std::vector<int>& base_of, int out[2], double sign[2]) {
  const int c = row_contact[static_cast<std::size_t>(r)];
  if (c < 0) {
    out[0] = r;
    sign[0] = 1;
    return 1;
  }
  const int base = base_of[static_cast<std::size_t>(c)];
  if (r == contacts[static_cast<std::size_t>(c)].normal) {
    out[0] = base;
    sign[0] = 1;
    return 1;
  }
  out[0] = base + 1;
  out[1] = base + 2;
  sign[0] = 1;
  sign[1] = -1;
  return 2;
}

}  // namespace

void ImpulseProblem::lift_into(const std::vector<int>& base, Eigen::Ref<Mat> K, Eigen::Ref<Vec> q) const {
  K.setZero();
  q.setZero();
  int rt[2], st[2];
  double rs[2], ss[2];
  for (int r = 0; r < n_; ++r) {
    if (!row_active(r)) continue;
    const int nr = lifted_targets(r, row_contact_, contacts_, base, rt, rs);
    for (int i = 0; i < nr; ++i) q[rt[i]] = rs[i] * b_[r];
    const auto put = [&](int s, double w) {
      if (w == 0.0 || !row_active(s)) return;
      const int ns = lifted_targets(s, row_contact_, contacts_, base, st, ss);
      for (int i = 0; i < nr; ++i)
        for (int j = 0; j < ns; ++j) K(rt[i], st[j]) = rs[i] * ss[j] * w;
    };
    if (sparse_) {  // W is symmetric (to rounding: its two triangles are assembled apart): column r
      // holds row r's entries
      for (solvers::SparseMat::InnerIterator it(Ws_, r); it; ++it) put(static_cast<int>(it.row()), it.value());
    } else {
      for (int s = 0; s < n_; ++s) put(s, W_(r, s));
    }
  }
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const ContactRows& cr = contacts_[c];
    const int b = base[c];
    if (b < 0) continue;  // left out (the rescue's inactive contacts)
    if (!cr.active) {     // a decoupled identity block with q = 1: all four variables stay zero
      for (int k = 0; k < 4; ++k) {
        K(b + k, b + k) = 1.0;
        q[b + k] = 1.0;
      }
      continue;
    }
    K(b + 1, b + 3) = 1.0;
    K(b + 2, b + 3) = 1.0;
    K(b + 3, b) = cr.mu;
    K(b + 3, b + 1) = -1.0;
    K(b + 3, b + 2) = -1.0;
  }
}

bool ImpulseProblem::solve_lifted(const std::vector<int>& base, const Eigen::Ref<const Mat>& K,
                                  const Eigen::Ref<const Vec>& q, Vec& p) {
  if (nc_ == 0) {
    lemke_solver_.solve(K, q, lifted_result_);
  } else {
    mlcp_.solve(K, q, nc_, lifted_result_);
  }
  if (!lifted_result_.solved() || !lifted_result_.z.allFinite()) return false;
  const Vec& z = lifted_result_.z;
  for (int r = 0; r < nc_; ++r) p[r] = z[r];
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const ContactRows& cr = contacts_[c];
    const int b = base[c];
    const bool lifted = cr.active && b >= 0;
    p[cr.normal] = lifted ? z[b] : 0.0;
    p[cr.tangent] = lifted ? z[b + 1] - z[b + 2] : 0.0;
  }
  return true;
}

void ImpulseProblem::prepare_rescue(int lifted) {
  if (lemke_ || has_disc_ || options_.rescue_variables <= 0) {
    rescue_K_.resize(0, 0);  // none (a later layout with disc cones drops an earlier one's)
    return;
  }
  const int capacity = std::min(options_.rescue_variables, lifted);
  rescue_K_.setZero(capacity, capacity);
  rescue_q_.setZero(capacity);
  rescue_base_.assign(contacts_.size(), -1);
  lemke_solver_.reserve(capacity);
  mlcp_.reserve(capacity);
}

// After an unconverged iterative solve (result_): Lemke's method on the active contacts' lifted
// problem when it fits; its impulses replace the iterate when their natural residual is smaller, and
// the solve counts as converged (`rescued`) when they meet the goal. The first rescue of each size
// sizes Lemke's result (a heap allocation on this rare path; the sweeps' path allocates nothing).
void ImpulseProblem::rescue_by_lemke() {
  if (rescue_K_.size() == 0 || result_.z.size() != n_) return;
  int m = nc_;
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    rescue_base_[c] = contacts_[c].active ? m : -1;
    if (contacts_[c].active) m += 4;
  }
  if (m > rescue_K_.rows()) return;
  ++stats_.rescue_attempts;
  last_rescue_ = "tried";
  lift_into(rescue_base_, rescue_K_.topLeftCorner(m, m), rescue_q_.head(m));
  trial_p_.setZero();
  if (!solve_lifted(rescue_base_, rescue_K_.topLeftCorner(m, m), rescue_q_.head(m), trial_p_)) return;
  const RescueOutcome outcome = take_if_better(trial_p_);
  last_rescue_ = outcome_name(outcome);
  if (outcome == RescueOutcome::finished) ++stats_.rescued;
}

}  // namespace stickslip
