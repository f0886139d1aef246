// Dense LU factorisation with partial pivoting on preallocated storage, used by the Newton-type
// solvers and the MLCP elimination so that a solve does not touch the heap once reserved.
//
// P A = L U, computed in place by the right-looking (kij) Doolittle algorithm: for each column k
// choose the largest remaining entry as pivot, swap rows, scale the column below the pivot and
// subtract the rank-one update from the trailing block (Golub & Van Loan, Matrix Computations,
// 4th ed., Alg. 3.4.1). Unblocked: O(n^3) with vectorised inner loops, which is what small and
// medium complementarity problems need; a singular pivot (|u_kk| <= tol * max|A|) is reported.
#pragma once

#include <vector>

#include "math/types.hpp"

namespace stickslip::solvers {

class DenseLu {
 public:
  DenseLu() = default;
  explicit DenseLu(Eigen::Index capacity) { reserve(capacity); }

  // Preallocates storage for systems up to n x n.
  void reserve(Eigen::Index n);
  Eigen::Index capacity() const { return lu_.rows(); }

  // Factorises the n x n matrix A (n <= capacity, else storage grows once). Returns false when a
  // pivot is below rel_tol * max|A_ij| (numerically singular); solve() must not be used then.
  bool factor(const Eigen::Ref<const Mat>& A, double rel_tol = 1e-14);

  // Overwrites b (size n) with A^{-1} b for the last successfully factorised A.
  void solve_in_place(Eigen::Ref<Vec> b) const;

  Eigen::Index size() const { return n_; }

 private:
  Mat lu_;                 // capacity x capacity; the top-left n x n block holds L\U
  std::vector<int> perm_;  // row swapped with row k at step k
  Eigen::Index n_ = 0;
};

}  // namespace stickslip::solvers
