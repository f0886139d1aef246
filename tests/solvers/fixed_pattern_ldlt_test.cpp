// FixedPatternLdlt: the same solutions as a dense factorisation of the same matrix, through new
// values on the analysed pattern (its allocation count: tests/solvers/allocation_test.cpp).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "solvers/fixed_pattern_ldlt.hpp"

namespace stickslip::solvers {
namespace fixed_pattern_ldlt_test {

// A symmetric positive definite matrix with the sparsity of a chain with random long links (the
// shape of a wall's Delassus operator: rows coupled through shared bodies), lower triangle only.
SparseMat random_spd_lower(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> pick(0, n - 1);
  std::vector<Eigen::Triplet<double>> t;
  std::vector<double> row_sum(static_cast<std::size_t>(n), 0.0);
  const auto add = [&](int i, int j) {
    const double v = u(rng);
    t.emplace_back(std::max(i, j), std::min(i, j), v);
    row_sum[static_cast<std::size_t>(i)] += std::abs(v);
    row_sum[static_cast<std::size_t>(j)] += std::abs(v);
  };
  for (int i = 1; i < n; ++i) add(i, i - 1);
  for (int k = 0; k < n; ++k) {
    const int i = pick(rng), j = pick(rng);
    if (i != j) add(i, j);
  }
  for (int i = 0; i < n; ++i) t.emplace_back(i, i, row_sum[static_cast<std::size_t>(i)] + 0.5);  // diagonally dominant
  SparseMat a(n, n);
  a.setFromTriplets(t.begin(), t.end());
  a.makeCompressed();
  return a;
}

// The residual of a backward-stable factorisation: ‖A x − b‖ / (‖A‖ ‖x‖) of order the rounding
// unit times a growth factor of the order of n for these diagonally dominant matrices.
TEST(FixedPatternLdlt, SolvesLikeADenseFactorisationOnTheSamePattern) {
  const int n = 300;
  SparseMat lower = random_spd_lower(n, 1);
  FixedPatternLdlt ldlt;
  ldlt.analyse(lower);
  for (unsigned round = 0; round < 3; ++round) {
    // New values on the same pattern: the couplings shrink, the matrix stays diagonally dominant.
    for (int j = 0; j < n && round > 0; ++j)
      for (SparseMat::InnerIterator it(lower, j); it; ++it)
        if (it.row() != j) it.valueRef() *= 1.0 - 0.3 * round;
    const Mat dense = Mat(SparseMat(lower.selfadjointView<Eigen::Lower>()));
    const Vec b = Vec::LinSpaced(n, -1.0, 2.0);
    Vec x = b;
    ASSERT_TRUE(ldlt.factorize(lower.valuePtr()));
    ldlt.solve_in_place(x);
    const Vec expected = dense.ldlt().solve(b);
    EXPECT_LE((dense * x - b).norm(), 1e-13 * dense.norm() * x.norm()) << round;
    EXPECT_LE((x - expected).norm(), 1e-12 * expected.norm()) << round;
  }
}

TEST(FixedPatternLdlt, ReportsAZeroPivot) {
  SparseMat lower(2, 2);
  lower.insert(0, 0) = 1.0;
  lower.insert(1, 0) = 1.0;
  lower.insert(1, 1) = 1.0;  // [[1, 1], [1, 1]]: singular
  lower.makeCompressed();
  FixedPatternLdlt ldlt;
  ldlt.analyse(lower);
  EXPECT_FALSE(ldlt.factorize(lower.valuePtr()));
}

}  // namespace fixed_pattern_ldlt_test
}  // namespace stickslip::solvers
