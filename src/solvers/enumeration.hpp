// Exhaustive enumeration of complementary bases for tiny LCPs and MLCPs (n <= 10 by default): an
// exact oracle for tests and a last resort for small problems no other method solves.
#pragma once

#include <vector>

#include "solvers/dense_lu.hpp"
#include "solvers/equilibration.hpp"
#include "solvers/lcp_problem.hpp"

namespace stickslip::solvers {

struct EnumerationOptions {
  int max_size = 10;  // number of complementarity rows allowed (2^max_size bases); above: invalid_input
  // A basis is accepted when its residual is below tolerance * ||q||_inf (lcp_scale) and every
  // row's residual is within tolerance of its own terms (RowAcceptance).
  double tolerance = 1e-9;
};

class EnumerationSolver {
 public:
  explicit EnumerationSolver(Eigen::Index capacity = 0, EnumerationOptions options = {});
  void reserve(Eigen::Index capacity);
  EnumerationOptions& options() { return options_; }

  // LCP(M, q). iterations = number of bases tried. No allocation when n <= capacity and the result
  // vectors have size n.
  void solve(const MatRef& M, const VecRef& q, LcpResult& result);
  // MLCP: the first n_free variables are free, their rows equalities (always basic).
  void solve_mlcp(const MatRef& K, const VecRef& q, Eigen::Index n_free, LcpResult& result);

  // The basic solution of one complementary basis: bit i of `mask` makes z_{n_free+i} basic.
  // Returns false when the basis block is singular; z is projected on z >= 0 (complementarity rows).
  bool solve_basis(const MatRef& K, const VecRef& q, Eigen::Index n_free, unsigned mask, Vec& z);

 private:

  EnumerationOptions options_;
  Mat a_;
  Vec rhs_;
  std::vector<int> idx_;
  DenseLu lu_;
  RowAcceptance rows_;
};

// Every solution that is a nonsingular complementary basic solution (allocates; for tests).
std::vector<Vec> enumerate_solutions(const MatRef& K, const VecRef& q, Eigen::Index n_free = 0,
                                     double tolerance = 1e-9);

}  // namespace stickslip::solvers
