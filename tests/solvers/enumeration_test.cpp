#include "solvers/enumeration.hpp"

#include <gtest/gtest.h>

#include "lcp_fixtures.hpp"

namespace stickslip::solvers {
namespace enumeration_test {

TEST(Enumeration, HandSolvedTwoByTwo) {
  Mat M(2, 2);
  M << 2, 1, 1, 2;
  EnumerationSolver solver(2);
  LcpResult r;
  solver.solve(M, Vec2(-1, 3), r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  // Exact basis solve of a 1x1 system: z1 = 1/2 to the last bit.
  EXPECT_DOUBLE_EQ(r.z[0], 0.5);
  EXPECT_EQ(r.z[1], 0.0);
  EXPECT_GT(r.iterations, 0);
}

TEST(Enumeration, InfeasibleHasNoSolution) {
  Mat M(2, 2);
  M << 1, -1, -1, 1;
  EnumerationSolver solver;
  LcpResult r;
  solver.solve(M, Vec2(-1, -1), r);
  // The full basis is singular (M is), the others are infeasible.
  EXPECT_EQ(r.status, LcpStatus::singular);
  EXPECT_EQ(r.iterations, 4);
}

TEST(Enumeration, RejectsTooLargeProblems) {
  EnumerationSolver solver;
  LcpResult r;
  solver.solve(Mat::Identity(11, 11), Vec::Ones(11), r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
}

// M = -I, q = (1, 1): w = q - z, so every z_i in {0, 1} is complementary: four solutions.
TEST(Enumeration, ListsEverySolution) {
  const Mat M = -Mat::Identity(2, 2);
  const auto sols = enumerate_solutions(M, Vec2(1, 1));
  ASSERT_EQ(sols.size(), 4u);
  for (const Vec& z : sols) EXPECT_TRUE((z.array() == 0.0 || z.array() == 1.0).all());
}

TEST(Enumeration, MixedProblemWithEqualityRows) {
  // u free: u + v - 2 = 0; v >= 0 _|_ w = u - v + 1 >= 0  =>  try v = 0: u = 2, w = 3 >= 0. Solved.
  Mat K(2, 2);
  K << 1, 1, 1, -1;
  EnumerationSolver solver;
  LcpResult r;
  solver.solve_mlcp(K, Vec2(-2, 1), 1, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_DOUBLE_EQ(r.z[0], 2.0);  // exact: one 1x1 solve
  EXPECT_EQ(r.z[1], 0.0);
  EXPECT_DOUBLE_EQ(r.w[1], 3.0);
}

}  // namespace enumeration_test
}  // namespace stickslip::solvers
