// The velocity-space normal matrix (normal_matrix.hpp).
#include "solvers/normal_matrix.hpp"

#include <algorithm>

namespace stickslip::solvers {

bool NormalMatrix::analyse(const RowSparseMat& H) {
  nv_ = H.cols();
  const Eigen::Index n = H.rows();
  const int* outer = H.outerIndexPtr();
  const int* inner = H.innerIndexPtr();
  for (Eigen::Index r = 0; r < n; ++r)
    if (outer[r + 1] - outer[r] > kMaxRowEntries) return false;
  dense_ = nv_ <= kDenseVelocities;
  if (dense_) {
    dense_K_.setZero(nv_, nv_);
    dense_ldlt_.compute(Mat::Identity(nv_, nv_));  // sizes its storage once
    return true;
  }
  // Lower-triangle pattern: every pair of velocities in one row, and the whole diagonal.
  std::vector<Eigen::Triplet<double>> pairs;
  for (Eigen::Index j = 0; j < nv_; ++j) pairs.emplace_back(j, j, 0.0);
  for (Eigen::Index r = 0; r < n; ++r)
    for (int a = outer[r]; a < outer[r + 1]; ++a)
      for (int c = outer[r]; c <= a; ++c) pairs.emplace_back(std::max(inner[a], inner[c]), std::min(inner[a], inner[c]), 0.0);
  sparse_K_.resize(nv_, nv_);
  sparse_K_.setFromTriplets(pairs.begin(), pairs.end());
  sparse_K_.makeCompressed();
  const auto position = [&](int i, int j) {  // i >= j: entry (i, j) in column j
    const int* begin = sparse_K_.innerIndexPtr() + sparse_K_.outerIndexPtr()[j];
    const int* end = sparse_K_.innerIndexPtr() + sparse_K_.outerIndexPtr()[j + 1];
    return static_cast<int>(std::lower_bound(begin, end, i) - sparse_K_.innerIndexPtr());
  };
  row_pattern_start_.assign(static_cast<std::size_t>(n) + 1, 0);
  row_pattern_.clear();
  for (Eigen::Index r = 0; r < n; ++r) {
    for (int a = outer[r]; a < outer[r + 1]; ++a)
      for (int c = outer[r]; c <= a; ++c) row_pattern_.push_back(position(std::max(inner[a], inner[c]), std::min(inner[a], inner[c])));
    row_pattern_start_[static_cast<std::size_t>(r) + 1] = static_cast<int>(row_pattern_.size());
  }
  diagonal_.resize(static_cast<std::size_t>(nv_));
  for (Eigen::Index j = 0; j < nv_; ++j) diagonal_[static_cast<std::size_t>(j)] = position(static_cast<int>(j), static_cast<int>(j));
  sparse_ldlt_.analyse(sparse_K_);
  return true;
}

// K = Σ ω_r c cᵀ, c the row of H plus its tied tangent's row times the factor, scaled; lower
// triangle only. A tied tangent shares its normal's pattern (one body pair; checked by the caller).
void NormalMatrix::assemble(const RowSparseMat& H, const Rows& rows, const VecRef& scale) {
  const int* outer = H.outerIndexPtr();
  const int* inner = H.innerIndexPtr();
  const double* value = H.valuePtr();
  if (dense_) {
    dense_K_.setZero();
  } else {
    std::fill(sparse_K_.valuePtr(), sparse_K_.valuePtr() + sparse_K_.nonZeros(), 0.0);
  }
  double entry[kMaxRowEntries];
  for (const int r : rows.rows) {
    const auto row = static_cast<std::size_t>(r);
    const int count = outer[r + 1] - outer[r];
    for (int a = 0; a < count; ++a) entry[a] = value[outer[r] + a];
    const int t = rows.tie_of.empty() ? -1 : rows.tie_of[row];
    const int ties = t < 0 ? 0 : rows.tie_count.empty() ? 1 : rows.tie_count[row];
    for (int j = 0; j < ties; ++j)
      for (int a = 0; a < count; ++a)
        entry[a] += rows.tie_factor[static_cast<std::size_t>(t + j)] * value[outer[t + j] + a];
    for (int a = 0; a < count; ++a) entry[a] *= scale[inner[outer[r] + a]];
    const double w = rows.weight.empty() ? 1.0 : rows.weight[row];
    if (dense_) {
      for (int a = 0; a < count; ++a)
        for (int c = 0; c <= a; ++c) {
          const int i = std::max(inner[outer[r] + a], inner[outer[r] + c]), j = std::min(inner[outer[r] + a], inner[outer[r] + c]);
          dense_K_(i, j) += w * entry[a] * entry[c];
        }
    } else {
      const int* pos = row_pattern_.data() + row_pattern_start_[row];
      for (int a = 0; a < count; ++a)
        for (int c = 0; c <= a; ++c) sparse_K_.valuePtr()[*pos++] += w * entry[a] * entry[c];
    }
  }
}

double NormalMatrix::largest_diagonal() const {
  if (dense_) return nv_ > 0 ? dense_K_.diagonal().maxCoeff() : 0.0;
  double largest = 0.0;
  for (const int k : diagonal_) largest = std::max(largest, sparse_K_.valuePtr()[k]);
  return largest;
}

bool NormalMatrix::factorize(double regularisation) {
  if (dense_) {
    dense_K_.diagonal().array() += regularisation;
    dense_ldlt_.compute(dense_K_);
    return dense_ldlt_.info() == Eigen::Success;
  }
  for (const int k : diagonal_) sparse_K_.valuePtr()[k] += regularisation;
  return sparse_ldlt_.factorize(sparse_K_.valuePtr());
}

void NormalMatrix::solve_in_place(Vec& x) {
  if (dense_) {
    dense_ldlt_.solveInPlace(x);
  } else {
    sparse_ldlt_.solve_in_place(x);
  }
}

}  // namespace stickslip::solvers
