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

// Force directions whose Gram matrix, scaled to a unit diagonal, has an eigenvalue below this
// fraction of the largest are dependent (an angle below ~1.4e-3 rad between them). Exact dependence
// (two corners of a block on rigid contacts) shows up at rounding level; compliant corners sink
// unequally under unequal loads, which tilts a block by penetration over spacing (~1e-4 rad) and
// leaves its corners' directions dependent but for that tilt. Read exactly, such a pair would need an
// internal friction couple inversely proportional to the tilt to hold the block, which the rigid-body
// idealisation is not meant to resolve.
constexpr double kDependentDirections = 1e-6;

// The dependent directions of a set of force directions from their Gram matrix S (symmetric positive
// semidefinite, e.g. Dᵀ M⁻¹ D): Z, an orthonormal basis of the forces that (next to) move nothing,
// and W, an orthonormal basis of its complement. `Matrix` is Mat, or a matrix of bounded size
// (Eigen's MaxRows/MaxCols) for callers that must never allocate; Mat allocates only when sizes change.
template <class Matrix>
class BasicDependentDirections {
 public:
  using Vector = Eigen::Matrix<double, Matrix::RowsAtCompileTime, 1, 0, Matrix::MaxRowsAtCompileTime, 1>;

  // Returns the number of dependent directions r (Z is m × r, W is m × (m − r)).
  Eigen::Index compute(const Matrix& gram) {
    const Eigen::Index m = gram.rows();
    scale_ = gram.diagonal().cwiseMax(1e-300).cwiseSqrt().cwiseInverse();
    scaled_ = scale_.asDiagonal() * gram * scale_.asDiagonal();
    eig_.compute(scaled_);
    const auto& ev = eig_.eigenvalues();  // ascending
    Eigen::Index r = 0;
    while (r < m && ev[r] <= kDependentDirections * ev[m - 1]) ++r;
    rank_deficit_ = r;
    if (r == 0) return 0;
    qr_.compute(scale_.asDiagonal() * eig_.eigenvectors().leftCols(r));
    basis_ = qr_.householderQ() * Matrix::Identity(m, m);
    return r;
  }
  auto null_basis() const { return basis_.leftCols(rank_deficit_); }
  auto complement() const { return basis_.rightCols(basis_.cols() - rank_deficit_); }

 private:
  Vector scale_;
  Matrix scaled_, basis_;
  Eigen::SelfAdjointEigenSolver<Matrix> eig_;
  Eigen::HouseholderQR<Matrix> qr_;
  Eigen::Index rank_deficit_ = 0;
};

using DependentDirections = BasicDependentDirections<Mat>;

inline Vec min_norm_solve(const Mat& A, const Vec& b) {
  Eigen::CompleteOrthogonalDecomposition<Mat> cod;
  cod.setThreshold(kRankThreshold);
  cod.compute(A);
  return cod.solve(b);
}

}  // namespace stickslip
