// Projected Gauss-Seidel / successive over-relaxation for LCP(M, q) with symmetric positive
// (semi)definite M (more generally: positive diagonal, and convergent for the classes in pgs.cpp).
#pragma once

#include "solvers/equilibration.hpp"
#include "solvers/lcp_problem.hpp"

namespace stickslip::solvers {

struct PgsOptions {
  // Stop when ||min(z, w)||_inf <= tolerance * ||q||_inf (lcp_scale) and every row's residual is
  // within tolerance of its own terms (RowAcceptance).
  double tolerance = 1e-8;
  // Sweep cap; 0 means automatic: max(1000, 100 n).
  int max_iterations = 0;
  // Over-relaxation factor omega in (0, 2); 1 is plain projected Gauss-Seidel.
  double relaxation = 1.0;
};

class PgsSolver {
 public:
  explicit PgsSolver(Eigen::Index capacity = 0, PgsOptions options = {});
  void reserve(Eigen::Index capacity);
  PgsOptions& options() { return options_; }
  const PgsOptions& options() const { return options_; }

  // Cold start from z = 0.
  void solve(const MatRef& M, const VecRef& q, LcpResult& result);
  // Warm start from z_start (projected onto z >= 0). z_start may alias result.z.
  void solve(const MatRef& M, const VecRef& q, const VecRef& z_start, LcpResult& result);
  LcpResult solve(const MatRef& M, const VecRef& q);

 private:
  void iterate(const MatRef& M, const VecRef& q, LcpResult& result);

  PgsOptions options_;
  Vec inv_diag_;
  RowAcceptance rows_;
};

LcpResult solve_pgs(const MatRef& M, const VecRef& q, const PgsOptions& options = {});

}  // namespace stickslip::solvers
