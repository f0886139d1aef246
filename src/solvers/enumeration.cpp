// Enumeration of complementary bases (Murty, Linear Complementarity, Linear and Nonlinear
// Programming, 1988, §1.3: the LCP has a solution iff q lies in one of the 2^n complementary cones).
//
// For each subset a of the complementarity rows, the basic variables are z_a plus the free ones
// (set F) and the others are zero; with b = F ∪ a the basic values solve K_bb z_b = -q_b, and the
// basis is a solution when z_a >= 0 and w_i = (K z + q)_i >= 0 for the rows outside b. Each basis
// costs one LU of size |b|, so the total is O(2^m n^3) with m complementarity rows: tiny problems
// only. Bases whose principal block is singular are skipped (a solution that needs one is missed;
// for nondegenerate problems every solution is a nonsingular basis). Subsets are visited in
// increasing binary order and the first basis whose residual is within tolerance is returned.
#include "solvers/enumeration.hpp"

#include <algorithm>
#include <bit>

namespace stickslip::solvers {

EnumerationSolver::EnumerationSolver(Eigen::Index capacity, EnumerationOptions options)
    : options_(options) {
  reserve(capacity);
}

void EnumerationSolver::reserve(Eigen::Index capacity) {
  if (capacity <= a_.rows()) return;
  a_.resize(capacity, capacity);
  rhs_.resize(capacity);
  idx_.resize(static_cast<std::size_t>(capacity));
  lu_.reserve(capacity);
  rows_.reserve(capacity);
}

void EnumerationSolver::solve(const MatRef& M, const VecRef& q, LcpResult& result) {
  solve_mlcp(M, q, 0, result);
}

bool EnumerationSolver::solve_basis(const MatRef& K, const VecRef& q, Eigen::Index n_free,
                                    unsigned mask, Vec& z) {
  const Eigen::Index n = q.size();
  int b = 0;
  for (Eigen::Index i = 0; i < n; ++i)
    if (i < n_free || (mask >> (i - n_free)) & 1u) idx_[static_cast<std::size_t>(b++)] = static_cast<int>(i);
  auto A = a_.topLeftCorner(b, b);
  for (int c = 0; c < b; ++c) {
    rhs_[c] = -q[idx_[static_cast<std::size_t>(c)]];
    for (int r = 0; r < b; ++r) A(r, c) = K(idx_[static_cast<std::size_t>(r)], idx_[static_cast<std::size_t>(c)]);
  }
  z.setZero();
  if (b > 0) {
    if (!lu_.factor(A, 1e-13)) return false;
    lu_.solve_in_place(rhs_.head(b));
    for (int c = 0; c < b; ++c) z[idx_[static_cast<std::size_t>(c)]] = rhs_[c];
  }
  for (Eigen::Index i = n_free; i < n; ++i) z[i] = std::max(z[i], 0.0);
  return true;
}

void EnumerationSolver::solve_mlcp(const MatRef& K, const VecRef& q, Eigen::Index n_free,
                                   LcpResult& result) {
  const Eigen::Index n = q.size();
  if (!is_valid_lcp(K, q) || n_free < 0 || n_free > n || n - n_free > options_.max_size ||
      n - n_free > 30)
    return set_invalid(result);
  reserve(n);
  prepare_result(result, n);
  const double accept = options_.tolerance * lcp_scale(q);
  const unsigned count = 1u << static_cast<unsigned>(n - n_free);
  bool any_singular = false;
  rows_.reset();
  for (unsigned mask = 0; mask < count; ++mask) {
    ++result.iterations;
    if (!solve_basis(K, q, n_free, mask, result.z)) {
      any_singular = true;
      continue;
    }
    result.residual = recompute_w_and_residual(K, q, result.z, result.w, n_free);
    if (result.residual <= accept && rows_.met(K, q, result.z, result.w, options_.tolerance, n_free)) {
      result.status = LcpStatus::solved;
      return;
    }
  }
  result.z.setZero();
  result.residual = recompute_w_and_residual(K, q, result.z, result.w, n_free);
  result.status = any_singular ? LcpStatus::singular : LcpStatus::ray_termination;
}

std::vector<Vec> enumerate_solutions(const MatRef& K, const VecRef& q, Eigen::Index n_free,
                                     double tolerance) {
  std::vector<Vec> out;
  const Eigen::Index n = q.size();
  if (!is_valid_lcp(K, q) || n - n_free > 20) return out;
  EnumerationSolver solver(n);
  Vec z(n), w(n);
  const double accept = tolerance * lcp_scale(q);
  for (unsigned mask = 0; mask < (1u << static_cast<unsigned>(n - n_free)); ++mask) {
    if (!solver.solve_basis(K, q, n_free, mask, z)) continue;
    if (recompute_w_and_residual(K, q, z, w, n_free) > accept) continue;
    const bool dup = std::any_of(out.begin(), out.end(),
                                 [&](const Vec& s) { return (s - z).cwiseAbs().maxCoeff() <= accept; });
    if (!dup) out.push_back(z);
  }
  return out;
}

}  // namespace stickslip::solvers
