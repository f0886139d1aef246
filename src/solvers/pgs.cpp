// Projected Gauss-Seidel and projected SOR for the LCP (Cryer 1971; Mangasarian 1977; Cottle, Pang
// & Stone 1992, §5.2).
//
// One sweep visits i = 1..n and replaces z_i by the projection on z_i >= 0 of a relaxed
// Gauss-Seidel step on row i:
//     z_i <- max(0, z_i - omega w_i / M_ii),   w = M z + q with the latest z.
// For symmetric positive semidefinite M and 0 < omega < 2 the iterates decrease the quadratic
// f(z) = z^T M z / 2 + q^T z and converge to a solution whenever one exists (linearly, at a rate set
// by the conditioning: ill-conditioned problems need many sweeps). For non-symmetric M convergence
// holds e.g. for strictly diagonally dominant M.
//
// Implementation: w is kept up to date instead of recomputing a row product per update: a change
// dz_i adds dz_i M(:, i) to w (a contiguous column in Eigen's column-major storage), and rows whose
// z_i stays at zero cost nothing. The residual ||min(z, w)||_inf is then available after each sweep
// in O(n). To stop rounding drift w is recomputed as M z + q every 32 sweeps and before the
// solution is accepted.
#include "solvers/pgs.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {

PgsSolver::PgsSolver(Eigen::Index capacity, PgsOptions options) : options_(options) {
  reserve(capacity);
}

void PgsSolver::reserve(Eigen::Index capacity) {
  if (capacity > inv_diag_.size()) inv_diag_.resize(capacity);
  rows_.reserve(capacity);
}

LcpResult PgsSolver::solve(const MatRef& M, const VecRef& q) {
  LcpResult result;
  solve(M, q, result);
  return result;
}

LcpResult solve_pgs(const MatRef& M, const VecRef& q, const PgsOptions& options) {
  PgsSolver solver(q.size(), options);
  return solver.solve(M, q);
}

void PgsSolver::solve(const MatRef& M, const VecRef& q, LcpResult& result) {
  if (!is_valid_lcp(M, q)) return set_invalid(result);
  prepare_result(result, q.size());
  iterate(M, q, result);
}

void PgsSolver::solve(const MatRef& M, const VecRef& q, const VecRef& z_start, LcpResult& result) {
  if (!is_valid_lcp(M, q) || z_start.size() != q.size() || !z_start.allFinite())
    return set_invalid(result);
  if (result.z.size() != q.size()) {
    const Vec copy = z_start;  // z_start may view result.z, which is about to be resized
    prepare_result(result, q.size());
    result.z = copy;
  } else {
    result.z = z_start.cwiseMax(0.0);
    if (result.w.size() != q.size()) result.w.resize(q.size());
  }
  result.z = result.z.cwiseMax(0.0);
  result.iterations = 0;
  iterate(M, q, result);
}

void PgsSolver::iterate(const MatRef& M, const VecRef& q, LcpResult& result) {
  const Eigen::Index n = q.size();
  reserve(n);
  const double omega = options_.relaxation;
  if (!(omega > 0.0 && omega < 2.0)) return set_invalid(result);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!(M(i, i) > 0.0)) {  // PGS divides by the diagonal
      result.status = LcpStatus::singular;
      result.residual = recompute_w_and_residual(M, q, result.z, result.w);
      return;
    }
    inv_diag_[i] = omega / M(i, i);
  }
  const int cap = options_.max_iterations > 0 ? options_.max_iterations
                                              : static_cast<int>(std::max<Eigen::Index>(1000, 100 * n));
  const double goal = options_.tolerance * lcp_scale(q);
  Vec& z = result.z;
  Vec& w = result.w;
  rows_.reset();
  // The largest residual first (cheap, kept up to date), then every row against its own terms.
  const auto accepted = [&] { return result.residual <= goal && rows_.met(M, q, z, w, options_.tolerance); };
  result.residual = recompute_w_and_residual(M, q, z, w);
  result.status = LcpStatus::max_iterations;
  for (result.iterations = 0; result.iterations < cap && !accepted();) {
    for (Eigen::Index i = 0; i < n; ++i) {
      const double zi = std::max(0.0, z[i] - inv_diag_[i] * w[i]);
      const double dz = zi - z[i];
      if (dz == 0.0) continue;
      z[i] = zi;
      w.noalias() += dz * M.col(i);
    }
    ++result.iterations;
    result.residual = result.iterations % 32 == 0 ? recompute_w_and_residual(M, q, z, w)
                                                  : lcp_residual(z, w);
    if (result.residual <= goal) result.residual = recompute_w_and_residual(M, q, z, w);
    if (!std::isfinite(result.residual)) break;  // diverged (M outside the convergent classes)
  }
  if (accepted()) result.status = LcpStatus::solved;
}

}  // namespace stickslip::solvers
