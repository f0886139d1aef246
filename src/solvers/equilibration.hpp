// Row and column equilibration of an LCP matrix, and the scale-free residual measured with it.
//
// For positive diagonal E = diag(r), D = diag(c), LCP(M, q) and LCP(E M D, E q) are equivalent:
// z = D z', w = E^{-1} w' (signs and complementarity are kept). Lemke pivots on the balanced problem
// so that its pivot and ratio tolerances mean the same in every row; Lemke, `auto` and the mixed LCP judge
// answers by the residual of the balanced problem, which a badly scaled row cannot hide in.
#pragma once

#include "solvers/lcp_problem.hpp"

namespace stickslip::solvers {

// The relative residual below which `auto` and the mixed LCP's elimination accept an answer
// (iterative answers and eliminated ones carry more rounding than one exact pivoting solve).
constexpr double kAcceptableRelativeResidual = 1e-8;

class Equilibration {
 public:
  explicit Equilibration(Eigen::Index capacity = 0) { reserve(capacity); }
  void reserve(Eigen::Index capacity);

  // Ruiz's iteration (Ruiz 2001, "A scaling algorithm to equilibrate both rows and columns norms in
  // matrices") with factors rounded to powers of two, so that E M D and E q are exact. It stops as
  // soon as the largest entries of all non-zero rows and columns of E M D are within a factor 16 of
  // each other (at most 20 sweeps, and before a factor would leave 2^±600); an already balanced
  // matrix costs one pass and keeps E = D = I.
  // No allocation when n <= capacity.
  void compute(const MatRef& M);
  // E = D = I (no balancing), with max_entry() = max |M|.
  void set_identity(const MatRef& M);

  // r and c of the last compute (entries [0, n) are valid), and max |E M D|.
  const Vec& row() const { return row_; }
  const Vec& col() const { return col_; }
  double max_entry() const { return max_entry_; }
  Eigen::Index size() const { return n_; }

  // The residual of (z, w) relative to the problem's magnitude, row by row:
  //   max_i |min(z'_i / ||z'||_inf, w_i / s_i)|  (|w_i / s_i| on the first n_free rows),
  //   z' = D^{-1} z (the balanced unknowns),
  //   s_i = |q_i| + Σ_j |M_ij z_j| + κ ||z'||_inf Σ_{j: z_j != 0} |M_ij| c_j  (κ = 64 ε: the rounding
  //   a computed unknown carries; an exact zero carries none),
  // a quotient counting as 0 where its numerator is 0; +inf when anything is not finite. M is the
  // matrix of the last compute() or set_identity().
  double relative_residual(const MatRef& M, const VecRef& q, const VecRef& z, const VecRef& w,
                           Eigen::Index n_free = 0) const;
  // Its parts: ||z'||_inf = ||D^{-1} z||_inf, and s_i, the magnitude of row i's terms.
  double balanced_max(const VecRef& z) const;
  double row_scale(const MatRef& M, const VecRef& q, const VecRef& z, Eigen::Index i, double zmax) const;

 private:
  bool next_factor_leaves_range() const;  // of the sweep about to be applied
  Vec row_, col_, rowmax_, colmax_;
  Eigen::Index n_ = 0;
  double max_entry_ = 0.0;
};

// The acceptance every LCP solver applies before it says `solved` (as Lemke's does): each row's
// residual within `tolerance` of its own terms (Equilibration::relative_residual), not only the
// largest residual against ||q||_inf, under which z = 0 "solved" M = I, q = (-1, 1e9) with the
// first row wholly wrong. The balancing is computed once per problem (reset() for a new one), at
// the first check: a solver checks only an answer that already met its own test.
class RowAcceptance {
 public:
  void reserve(Eigen::Index capacity) { eq_.reserve(capacity); }
  void reset() { balanced_ = false; }
  bool met(const MatRef& M, const VecRef& q, const VecRef& z, const VecRef& w, double tolerance,
           Eigen::Index n_free = 0) {
    if (!balanced_) eq_.compute(M);
    balanced_ = true;
    return eq_.relative_residual(M, q, z, w, n_free) <= tolerance;
  }

 private:
  Equilibration eq_;
  bool balanced_ = false;
};

// Convenience (allocates): the relative residual above for LCP(M, q) or MLCP(M, q, n_free).
double relative_residual(const MatRef& M, const VecRef& q, const VecRef& z, const VecRef& w,
                         Eigen::Index n_free = 0);

}  // namespace stickslip::solvers
