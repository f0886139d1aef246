#include "solvers/fixed_pattern_ldlt.hpp"

#include <Eigen/OrderingMethods>
#include <algorithm>

namespace stickslip::solvers {

void FixedPatternLdlt::analyse(const SparseMat& lower) {
  const Eigen::Index n = lower.rows();
  const SparseMat full = lower.selfadjointView<Eigen::Lower>();
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> inverse;
  Eigen::AMDOrdering<int>()(full, inverse);
  const Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> order = inverse.inverse();  // i -> its place in P A Pᵀ
  permutation_.assign(order.indices().data(), order.indices().data() + n);
  std::vector<Eigen::Triplet<double>> entries;
  for (Eigen::Index j = 0; j < n; ++j)
    for (int k = lower.outerIndexPtr()[j]; k < lower.outerIndexPtr()[j + 1]; ++k) {
      const int a = permutation_[static_cast<std::size_t>(lower.innerIndexPtr()[k])];
      const int b = permutation_[static_cast<std::size_t>(j)];
      entries.emplace_back(std::min(a, b), std::max(a, b), 0.0);
    }
  upper_.resize(n, n);
  upper_.setFromTriplets(entries.begin(), entries.end());
  upper_.makeCompressed();
  target_.resize(entries.size());
  for (std::size_t e = 0; e < entries.size(); ++e) {
    const int col = entries[e].col();
    const int* begin = upper_.innerIndexPtr() + upper_.outerIndexPtr()[col];
    const int* end = upper_.innerIndexPtr() + upper_.outerIndexPtr()[col + 1];
    target_[e] = static_cast<int>(std::lower_bound(begin, end, entries[e].row()) - upper_.innerIndexPtr());
  }
  factor_ = std::make_unique<Factor>();
  factor_->analyzePattern(upper_);
  for (Eigen::Index j = 0; j < n; ++j)  // one factorisation of I sizes the diagonal's storage
    for (int k = upper_.outerIndexPtr()[j]; k < upper_.outerIndexPtr()[j + 1]; ++k)
      upper_.valuePtr()[k] = upper_.innerIndexPtr()[k] == j ? 1.0 : 0.0;
  factor_->factorize_ordered(upper_);
  permuted_.setZero(n);
}

bool FixedPatternLdlt::factorize(const double* lower_values) {
  double* values = upper_.valuePtr();
  for (std::size_t e = 0; e < target_.size(); ++e) values[target_[e]] = lower_values[e];
  factor_->factorize_ordered(upper_);
  return factor_->info() == Eigen::Success;
}

void FixedPatternLdlt::solve_in_place(Vec& x) {
  for (Eigen::Index i = 0; i < x.size(); ++i) permuted_[permutation_[static_cast<std::size_t>(i)]] = x[i];
  permuted_ = factor_->solve(permuted_);
  for (Eigen::Index i = 0; i < x.size(); ++i) x[i] = permuted_[permutation_[static_cast<std::size_t>(i)]];
}

}  // namespace stickslip::solvers
