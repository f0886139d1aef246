// The velocity-space normal matrix of a subset of the rows of H (one row per impulse, each touching
// at most two bodies):
//   K = Σ over the chosen rows r of ω_r c_r c_rᵀ,   c_r = diag(s) (h_r + f_r h_t(r)),
// with s a scaling of the velocities (M^{-1/2} for the mass-scaled velocities), ω_r a weight (1 when
// none is given) and an optional tie: a tangent row t(r) riding on the normal r with factor f_r = ±μ.
// (a disc cone's two tangent rows may ride on one normal, each with its factor).
// K has the pattern of pairs of velocities that share a row of H, fixed by H's pattern: analyse()
// builds it once, then each assemble() rewrites the values. K + εI is factorised by a dense LDLᵀ up
// to kDenseVelocities velocities and by FixedPatternLdlt (AMD ordering and symbolic analysis once)
// above; neither allocates after analyse().
//
// Used by the subspace step (solvers/subspace_step.hpp: CᵀC and BBᵀ of the face) and by the
// gap-closing fit of the time-stepping scheme (formulations/time_stepping/gap_closure.cpp).
#pragma once

#include <span>
#include <vector>

#include "math/types.hpp"
#include "solvers/box_lcp.hpp"
#include "solvers/fixed_pattern_ldlt.hpp"

namespace stickslip::solvers {

using RowSparseMat = Eigen::SparseMatrix<double, Eigen::RowMajor>;

class NormalMatrix {
 public:
  static constexpr Eigen::Index kDenseVelocities = 96;  // dense LDLᵀ up to this many velocities
  static constexpr int kMaxRowEntries = 12;              // two bodies of six velocities

  // The rows that make up K and how each enters. `weight` empty: all 1. `tie_of` empty: no ties;
  // else tie_of[r] is the tangent row tied to normal r (-1: none) and tie_factor[t] its factor;
  // `tie_count[r]` tangent rows from tie_of[r] are tied (a disc cone's two; empty: one).
  struct Rows {
    std::span<const int> rows;
    std::span<const double> weight;  // by row of H
    std::span<const int> tie_of;     // by row of H
    std::span<const double> tie_factor;  // by row of H (the tangent's)
    std::span<const int> tie_count;  // by row of H (the normal's)
  };

  // H's pattern (its values are not read). False when a row has more than kMaxRowEntries entries
  // (the matrix is then unusable). Allocates.
  bool analyse(const RowSparseMat& H);
  Eigen::Index velocities() const { return nv_; }
  // K from H's current values, lower triangle; `scale` has one entry per velocity.
  void assemble(const RowSparseMat& H, const Rows& rows, const VecRef& scale);
  double largest_diagonal() const;
  // K + regularisation I, factorised. False on a failed factorisation.
  bool factorize(double regularisation);
  // x = (K + εI)⁻¹ x with the last factorisation.
  void solve_in_place(Vec& x);

 private:
  Eigen::Index nv_ = -1;
  bool dense_ = true;
  Mat dense_K_;
  Eigen::LDLT<Mat> dense_ldlt_;
  SparseMat sparse_K_;
  std::vector<int> row_pattern_start_;  // row of H -> first entry of its K positions in row_pattern_
  std::vector<int> row_pattern_;        // positions in sparse_K_'s values of the lower pairs of a row
  std::vector<int> diagonal_;           // position of K(j, j) in sparse_K_'s values
  FixedPatternLdlt sparse_ldlt_;
};

}  // namespace stickslip::solvers
