// Common vocabulary of the complementarity solvers: the result type, the status values, the
// residual every solver reports, and input validation.
//
//   LCP(M, q):   find z >= 0 with w = M z + q >= 0 and z^T w = 0.
//   MLCP(K, q, n_free): the first n_free variables are free and their rows are equalities
//                (w_i = 0); the remaining rows are complementarity rows as in the LCP.
//
// The residual of an LCP is ||min(z, w)||_inf with w recomputed from M, z, q (for free rows the
// residual term is |w_i|). It is zero exactly at a solution and measures both infeasibility
// (a negative z_i or w_i) and lack of complementarity.
#pragma once

#include <string_view>

#include "math/types.hpp"

namespace stickslip::solvers {

// Read-only views that accept a Mat/Vec or a block of one without copying or allocating.
using MatRef = Eigen::Ref<const Mat>;
using VecRef = Eigen::Ref<const Vec>;

enum class LcpStatus {
  solved,           // the residual test of the solver was met (or, for pivoting, z0 left the basis)
  ray_termination,  // the method ended without a solution (Lemke's secondary ray; no feasible basis)
  max_iterations,   // the iteration cap was reached before the stopping rule was met
  singular,         // a linear system the method needs was singular (basis, Newton matrix, diagonal)
  invalid_input,    // non-finite entries, non-square matrix, size mismatch, unsupported size
};

// "solved", "ray_termination", "max_iterations", "singular", "invalid_input".
std::string_view to_string(LcpStatus status);

// What every solver returns. z is the solution estimate (projected onto the feasible bounds for the
// iterative solvers), w = M z + q recomputed from z, and residual = lcp_residual(z, w).
struct LcpResult {
  Vec z;
  Vec w;
  LcpStatus status = LcpStatus::invalid_input;
  int iterations = 0;  // pivots (Lemke), sweeps (PGS), Newton steps (FB, smoothing), bases tried (enum)
  double residual = 0.0;

  bool solved() const { return status == LcpStatus::solved; }
};

// True when M is square, q has M's size, and every entry of both is finite.
bool is_valid_lcp(const MatRef& M, const VecRef& q);

// ||min(z, w)||_inf over the complementarity rows, max |w_i| over the first n_free (free) rows.
double lcp_residual(const VecRef& z, const VecRef& w, Eigen::Index n_free = 0);

// Sets w = M z + q and returns the residual (no allocation when w already has the right size).
double recompute_w_and_residual(const MatRef& M, const VecRef& q, const VecRef& z, Vec& w,
                                Eigen::Index n_free = 0);

// Fills `result` for a problem rejected before solving: status invalid_input, z and w empty.
void set_invalid(LcpResult& result);

// Resizes z and w of `result` to n (allocates only when their size differs) and zero-fills z.
void prepare_result(LcpResult& result, Eigen::Index n);

// The scale the box-constrained Gauss-Seidel of the time-stepping scheme and the mixed LCP measure
// their tolerance against: max(1, ||q||_inf) (velocities: an absolute floor of tolerance · 1 m/s).
double residual_scale(const VecRef& q);
// The scale the LCP solvers (pgs, fb, smooth, enum) measure their tolerance against: ||q||_inf
// (1 when q = 0), so that `solved` means a residual small against the problem's own size.
double lcp_scale(const VecRef& q);

}  // namespace stickslip::solvers
