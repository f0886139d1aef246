// The third rescue of an unconverged solve: the proximal point method with Newton steps
// (solvers/proximal_newton.hpp) on the sparse problem of the bilateral rows and the active contacts'
// rows, planar (interval cones) or spatial (disc cones). The wall's strong-shaking problems, which the
// interior-point rescue leaves where the fixed point on its shift stops contracting, are solved this
// way (docs/performance-history.md: all the example wall hands it), and so are spatial stacks' and piles',
// which neither Lemke's lifting nor the interior-point method takes.
//
// A problem of more than proximal_rescue_rows rows is split into its islands (rows coupled through W:
// contacts and joints on a chain of bodies, a ground or bin of infinite mass couples nothing), each
// solved on its own when it is at most that size and above the goal: the islands' problems are
// independent, so the natural residual of the whole is the largest of theirs, and each sparse LU
// stays small (a pile of separate heaps, a row of towers).
#include <algorithm>
#include <numeric>

#include "formulations/time_stepping/impulse_problem.hpp"
#include "math/disjoint_sets.hpp"

namespace stickslip {

void ImpulseProblem::rescue_by_proximal_point() {
  if (options_.proximal_rescue_rows <= 0 || result_.z.size() != n_) return;
  // The units taken: each bilateral row alone, then each active contact (normal and tangent rows).
  proximal_units_.clear();
  int rows = 0;
  for (int r = 0; r < nc_; ++r, ++rows) proximal_units_.push_back({r, -1, 0, -1});
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    if (!contacts_[c].active) continue;
    const solvers::FrictionContact& fc = friction_contacts_[c];
    proximal_units_.push_back({fc.normal, fc.tangent, fc.tangent_rows, static_cast<int>(c)});
    rows += 1 + fc.tangent_rows;
  }
  if (rows == 0) return;
  const int cap = options_.proximal_rescue_rows;
  attempted_ = false;
  const bool split = rows > cap;
  trial_p_.setZero(n_);  // the rows not taken (inactive contacts) carry nothing
  for (const ProximalUnit& unit : proximal_units_)
    for (int k = 0; k <= unit.tangent_rows; ++k) trial_p_[unit.row(k)] = result_.z[unit.row(k)];
  if (!split) {
    proximal_members_.resize(proximal_units_.size());
    std::iota(proximal_members_.begin(), proximal_members_.end(), 0);
    if (!solve_proximal_island(cap, false)) return;
  } else {
    find_proximal_islands();
    bool tried = false;
    for (std::size_t first = 0, end = 0; first < proximal_island_order_.size(); first = end) {
      // An island: the units of one root, consecutive in proximal_island_order_.
      const int root = proximal_island_[static_cast<std::size_t>(proximal_island_order_[first])];
      proximal_members_.clear();
      for (end = first; end < proximal_island_order_.size() &&
                        proximal_island_[static_cast<std::size_t>(proximal_island_order_[end])] == root;)
        proximal_members_.push_back(proximal_island_order_[end++]);
      tried = solve_proximal_island(cap, true) || tried;
    }
    if (!tried) return;
  }
  const RescueOutcome outcome = take_if_better(trial_p_);
  last_proximal_ = outcome_name(outcome);
  if (outcome == RescueOutcome::finished) ++stats_.proximal_rescued;
}

// Units joined when W couples any of their rows (union-find over the units), then listed island by
// island (proximal_island_order_; proximal_island_ then holds each unit's root).
void ImpulseProblem::find_proximal_islands() {
  const std::size_t units = proximal_units_.size();
  proximal_island_.resize(units);
  std::iota(proximal_island_.begin(), proximal_island_.end(), 0);
  proximal_index_.assign(static_cast<std::size_t>(n_), -1);  // row → its unit
  for (std::size_t u = 0; u < units; ++u)
    for (int k = 0; k <= proximal_units_[u].tangent_rows; ++k)
      proximal_index_[static_cast<std::size_t>(proximal_units_[u].row(k))] = static_cast<int>(u);
  const auto join = [&](int a, int b) {
    const int ra = disjoint_set_root(proximal_island_, a), rb = disjoint_set_root(proximal_island_, b);
    if (ra != rb) proximal_island_[static_cast<std::size_t>(std::max(ra, rb))] = std::min(ra, rb);
  };
  for (std::size_t u = 0; u < units; ++u)
    for (int k = 0; k <= proximal_units_[u].tangent_rows; ++k) {
      const int r = proximal_units_[u].row(k);
      if (sparse_) {
        for (solvers::SparseMat::InnerIterator it(Ws_, r); it; ++it) {
          const int v = proximal_index_[static_cast<std::size_t>(it.index())];
          if (v >= 0 && it.value() != 0.0) join(static_cast<int>(u), v);
        }
      } else {
        for (Eigen::Index j = 0; j < n_; ++j) {
          const int v = proximal_index_[static_cast<std::size_t>(j)];
          if (v >= 0 && W_(r, j) != 0.0) join(static_cast<int>(u), v);
        }
      }
    }
  for (std::size_t u = 0; u < units; ++u) proximal_island_[u] = disjoint_set_root(proximal_island_, static_cast<int>(u));
  proximal_island_order_.resize(units);
  std::iota(proximal_island_order_.begin(), proximal_island_order_.end(), 0);
  std::stable_sort(proximal_island_order_.begin(), proximal_island_order_.end(), [&](int a, int b) {
    return proximal_island_[static_cast<std::size_t>(a)] < proximal_island_[static_cast<std::size_t>(b)];
  });
}

// The island of proximal_members_ (units) as a sparse problem, solved from the iterate when it is at
// most `cap` rows (and, with skip_met, above the goal); its answer (or best) is written into trial_p_. True when solved.
bool ImpulseProblem::solve_proximal_island(int cap, bool skip_met) {
  proximal_rows_.clear();
  proximal_contacts_.clear();
  for (const int u : proximal_members_) {
    const ProximalUnit& unit = proximal_units_[static_cast<std::size_t>(u)];
    const int normal = static_cast<int>(proximal_rows_.size());
    for (int k = 0; k <= unit.tangent_rows; ++k) proximal_rows_.push_back(unit.row(k));
    if (unit.contact < 0) continue;
    const solvers::FrictionContact& fc = friction_contacts_[static_cast<std::size_t>(unit.contact)];
    proximal_contacts_.push_back({normal, normal + 1, fc.mu, fc.tangent_rows, fc.cone});
  }
  const auto m = static_cast<Eigen::Index>(proximal_rows_.size());
  if (m == 0 || m > cap) return false;
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
  if (skip_met && island_meets_goal()) return false;  // another island is the one left
  if (!attempted_) {  // counted once per problem, whatever its islands
    attempted_ = true;
    ++stats_.proximal_attempts;
    last_proximal_ = "tried";
  }
  const bool met = proximal_.solve(proximal_W_, proximal_b_, proximal_contacts_, last_goal_, proximal_p_);
  stats_.proximal_newton_steps += proximal_.newton_steps();
  if (!met) {
    if (proximal_.best().size() != m) return false;
    proximal_p_ = proximal_.best();
  }
  for (Eigen::Index i = 0; i < m; ++i) trial_p_[proximal_rows_[static_cast<std::size_t>(i)]] = proximal_p_[i];
  return true;
}

// The island's own natural residual at the iterate (the same test as take_if_better's).
bool ImpulseProblem::island_meets_goal() {
  proximal_w_ = proximal_b_;
  proximal_w_.noalias() += proximal_W_ * proximal_p_;
  if (!solvers::contact_box_bounds(proximal_contacts_, proximal_b_.size(), proximal_bounds_)) return false;
  return solvers::box_residual(proximal_p_, proximal_w_, proximal_bounds_) <= last_goal_ &&
         solvers::unrounded_box_residual(proximal_p_, proximal_w_, proximal_bounds_) <= last_goal_;
}

}  // namespace stickslip
