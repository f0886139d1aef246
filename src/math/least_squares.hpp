// Minimum-norm least-squares solves for rank-deficient systems (redundant constraints, several
// sticking contacts on one body). The rank threshold is explicit: Eigen's default scales with the
// machine epsilon, so a column that is dependent up to rounding (two corners of a block share their
// tangential direction) would count as independent in one evaluation and not in the next, and the
// solution would jump.
#pragma once

#include "math/types.hpp"

namespace stickslip {

// Pivots below this fraction of the largest one count as zero.
constexpr double kRankThreshold = 1e-10;

inline Vec min_norm_solve(const Mat& A, const Vec& b) {
  Eigen::CompleteOrthogonalDecomposition<Mat> cod;
  cod.setThreshold(kRankThreshold);
  cod.compute(A);
  return cod.solve(b);
}

}  // namespace stickslip
