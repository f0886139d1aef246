// The third rescue of an unconverged solve: the proximal point method with Newton steps
// (solvers/proximal_newton.hpp) on the sparse problem of the bilateral rows and the active contacts'
// rows, planar (interval cones) or spatial (disc cones). The wall's strong-shaking problems, which the
// interior-point rescue leaves where the fixed point on its shift stops contracting, are solved this
// way (docs/performance-history.md: all the example wall hands it), and so are spatial stacks' and piles',
// which neither Lemke's lifting nor the interior-point method takes.
#include "formulations/time_stepping/impulse_problem.hpp"

namespace stickslip {

void ImpulseProblem::rescue_by_proximal_point() {
  if (options_.proximal_rescue_rows <= 0 || result_.z.size() != n_) return;
  // The rows taken: the bilateral ones, then each active contact's normal and tangent rows.
  proximal_rows_.clear();
  proximal_contacts_.clear();
  for (int r = 0; r < nc_; ++r) proximal_rows_.push_back(r);
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    if (!contacts_[c].active) continue;
    const solvers::FrictionContact& fc = friction_contacts_[c];
    const int normal = static_cast<int>(proximal_rows_.size());
    proximal_rows_.push_back(fc.normal);
    for (int t = 0; t < fc.tangent_rows; ++t) proximal_rows_.push_back(fc.tangent + t);
    proximal_contacts_.push_back({normal, normal + 1, fc.mu, fc.tangent_rows, fc.cone});
  }
  const auto m = static_cast<Eigen::Index>(proximal_rows_.size());
  if (m == 0 || m > options_.proximal_rescue_rows) return;
  proximal_index_.assign(static_cast<std::size_t>(n_), -1);
  for (Eigen::Index i = 0; i < m; ++i)
    proximal_index_[static_cast<std::size_t>(proximal_rows_[static_cast<std::size_t>(i)])] = static_cast<int>(i);
  proximal_entries_.clear();
  proximal_b_.resize(m);
  proximal_p_.resize(m);
  for (Eigen::Index i = 0; i < m; ++i) {
    const int r = proximal_rows_[static_cast<std::size_t>(i)];
    proximal_b_[i] = b_[r];
    proximal_p_[i] = result_.z[r];
    if (!sparse_) {
      for (Eigen::Index j = 0; j < m; ++j) {
        const double w = W_(r, proximal_rows_[static_cast<std::size_t>(j)]);
        if (w != 0.0) proximal_entries_.emplace_back(static_cast<int>(j), static_cast<int>(i), w);
      }
      continue;
    }
    for (solvers::SparseMat::InnerIterator it(Ws_, r); it; ++it) {  // column r (W is symmetric)
      const int j = proximal_index_[static_cast<std::size_t>(it.index())];
      if (j >= 0) proximal_entries_.emplace_back(j, static_cast<int>(i), it.value());
    }
  }
  proximal_W_.resize(m, m);
  proximal_W_.setFromTriplets(proximal_entries_.begin(), proximal_entries_.end());
  ++stats_.proximal_attempts;
  last_proximal_ = "tried";
  const bool met = proximal_.solve(proximal_W_, proximal_b_, proximal_contacts_, last_goal_, proximal_p_);
  stats_.proximal_newton_steps += proximal_.newton_steps();
  if (!met) {
    if (proximal_.best().size() != m) return;
    proximal_p_ = proximal_.best();
  }
  trial_p_.setZero(n_);  // the rows not taken (inactive contacts) carry nothing
  for (Eigen::Index i = 0; i < m; ++i) trial_p_[proximal_rows_[static_cast<std::size_t>(i)]] = proximal_p_[i];
  const RescueOutcome outcome = take_if_better(trial_p_);
  last_proximal_ = outcome_name(outcome);
  if (outcome == RescueOutcome::finished) ++stats_.proximal_rescued;
}

}  // namespace stickslip
