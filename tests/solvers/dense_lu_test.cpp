#include "solvers/dense_lu.hpp"

#include <gtest/gtest.h>

#include "lcp_fixtures.hpp"

namespace stickslip::solvers {
namespace dense_lu_test {

TEST(DenseLu, SolvesLikeEigen) {
  DenseLu lu(40);
  for (Eigen::Index n : {1, 7, 40, 25}) {  // sizes at, below and (after growth) above capacity
    const Mat A = fixtures::uniform_matrix(n, n, 3 + static_cast<unsigned>(n)) + 2.0 * Mat::Identity(n, n);
    const Vec b = fixtures::uniform_vector(n, 4);
    ASSERT_TRUE(lu.factor(A));
    Vec x = b;
    lu.solve_in_place(x);
    const Vec ref = A.partialPivLu().solve(b);
    // Both are backward stable with partial pivoting; for these well-conditioned A (cond < 100)
    // the solutions agree to a few hundred ulps.
    EXPECT_LE((x - ref).cwiseAbs().maxCoeff(), 1e-12) << n;
  }
  const Mat big = fixtures::random_spd(60, 9);
  EXPECT_TRUE(lu.factor(big));  // grows once beyond the reserved capacity
  EXPECT_GE(lu.capacity(), 60);
}

TEST(DenseLu, PivotsOnAZeroLeadingEntry) {
  Mat A(2, 2);
  A << 0, 1, 1, 0;
  DenseLu lu(2);
  ASSERT_TRUE(lu.factor(A));
  Vec x = Vec2(3, 5);
  lu.solve_in_place(x);
  EXPECT_EQ(x, Vec2(5, 3));  // a permutation: exact
}

TEST(DenseLu, ReportsSingularMatrices) {
  Mat A(3, 3);
  A << 1, 2, 3, 2, 4, 6, 1, 0, 1;  // row 2 = 2 row 1
  DenseLu lu;
  EXPECT_FALSE(lu.factor(A));
  EXPECT_FALSE(lu.factor(Mat::Zero(2, 2)));
}

}  // namespace dense_lu_test
}  // namespace stickslip::solvers
