// A sparse LDLᵀ factorisation for a symmetric matrix whose pattern is fixed and whose values change:
// the fill-reducing ordering (AMD), the permuted pattern and the symbolic factorisation are made
// once in analyse(); factorize() and solve_in_place() then allocate nothing up to 16 384 rows
// (Eigen's SimplicialLDLT::factorize builds a permuted copy of the matrix at every call; here the
// copy's pattern is kept and only its values are rewritten; above that size Eigen's numeric
// factorisation, used as it is, takes its three work vectors from the heap instead of the stack).
#pragma once

#include <Eigen/SparseCholesky>
#include <memory>
#include <vector>

#include "math/types.hpp"
#include "solvers/box_lcp.hpp"

namespace stickslip::solvers {

class FixedPatternLdlt {
 public:
  // `lower`: the lower triangle (with the whole diagonal) of the matrix's pattern; its values are
  // not read. Allocates.
  void analyse(const SparseMat& lower);
  // The values, in the order of `lower`'s stored entries; then the numeric factorisation. False
  // when it failed (a zero pivot).
  bool factorize(const double* lower_values);
  // x = A⁻¹ x with the last factorisation (x has the matrix's size).
  void solve_in_place(Vec& x);

 private:
  // Exposes the factorisation of an already ordered matrix (no copy of it).
  class Factor : public Eigen::SimplicialLDLT<SparseMat, Eigen::Upper, Eigen::NaturalOrdering<int>> {
   public:
    void factorize_ordered(const SparseMat& upper) { factorize_preordered<true>(upper); }
  };
  std::vector<int> permutation_;  // row/column i of the matrix is row/column permutation_[i] of upper_
  std::vector<int> target_;       // entry k of `lower` -> its position in upper_
  SparseMat upper_;               // P A Pᵀ, upper triangle
  std::unique_ptr<Factor> factor_;  // created by analyse() (Eigen's solvers are not movable)
  Vec permuted_;
};

}  // namespace stickslip::solvers
