#include "solvers/auto_select.hpp"

#include <gtest/gtest.h>

#include "lcp_fixtures.hpp"

namespace stickslip::solvers {
namespace auto_select_test {

// The zero-diagonal family of smoothed_newton_test.cpp (Qi, Luo & Huang 2011's shape).
Mat zero_diagonal(unsigned seed) {
  const Mat A = fixtures::uniform_matrix(4, 4, seed, 0.1, 1.0);
  Mat M = Mat::Zero(8, 8);
  M.topRightCorner(4, 4) = A;
  M.bottomLeftCorner(4, 4) = A.transpose();
  return M;
}

TEST(AutoSelect, NamesRoundTrip) {
  for (auto k : {LcpSolverKind::lemke, LcpSolverKind::pgs, LcpSolverKind::fischer_burmeister,
                 LcpSolverKind::smoothed_newton, LcpSolverKind::enumeration, LcpSolverKind::automatic})
    EXPECT_EQ(parse_solver_kind(to_string(k)), k);
  EXPECT_EQ(parse_solver_kind("simplex"), std::nullopt);
  EXPECT_EQ(to_string(LcpSolverKind::fischer_burmeister), "fb");
}

TEST(AutoSelect, LemkeFirstForDenseProblems) {
  const Mat M = fixtures::random_spd(50, 1);
  const Vec q = fixtures::uniform_vector(50, 2);
  LcpSolver solver(50);
  LcpResult r;
  solver.solve(M, q, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(solver.last_solver(), LcpSolverKind::lemke);
  EXPECT_EQ(solver.attempts(), 1);
  fixtures::expect_solution(M, q, r, 1e-12);  // exact pivoting, eigenvalues >= 0.1
}

TEST(AutoSelect, FallsBackWhenLemkeEndsOnARay) {
  // Seed 1 of the zero-diagonal family: Lemke's path ends on a ray, the Newton methods solve it.
  const Mat M = zero_diagonal(1);
  const Vec q = fixtures::uniform_vector(8, 11);
  LcpSolver solver(8);
  LcpResult r;
  solver.solve(M, q, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_NE(solver.last_solver(), LcpSolverKind::lemke);
  EXPECT_GE(solver.attempts(), 2);
  fixtures::expect_solution(M, q, r, 1e-8);  // auto's acceptance bound, 1e-8 * max(1, ||q||) = 1e-8
}

TEST(AutoSelect, EnumerationIsTheLastResortForTinyProblems) {
  // Seed 8: Lemke rays, both Newton methods stall (nonmonotone problem); enumeration finds it.
  const Mat M = zero_diagonal(8);
  const Vec q = fixtures::uniform_vector(8, 18);
  LcpSolver solver(8);
  LcpResult r;
  solver.solve(M, q, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(solver.last_solver(), LcpSolverKind::enumeration);
  fixtures::expect_solution(M, q, r, 1e-8);
}

TEST(AutoSelect, InfeasibleProblemReportsLemkesRay) {
  Mat M(2, 2);
  M << 1, -1, -1, 1;
  LcpSolver solver;
  LcpResult r;
  solver.solve(M, Vec2(-1, -1), r);
  EXPECT_EQ(r.status, LcpStatus::ray_termination);
  EXPECT_EQ(solver.last_solver(), LcpSolverKind::lemke);
  EXPECT_GE(solver.attempts(), 3);
}

// n = 0 is a valid problem with the empty solution, for every solver and for `auto`.
TEST(AutoSelect, EmptyProblemIsSolvedByEverySolver) {
  for (auto k : {LcpSolverKind::lemke, LcpSolverKind::pgs, LcpSolverKind::fischer_burmeister,
                 LcpSolverKind::smoothed_newton, LcpSolverKind::enumeration, LcpSolverKind::automatic}) {
    const LcpResult r = solve_lcp(Mat(0, 0), Vec(0), {.solver = k});
    EXPECT_EQ(r.status, LcpStatus::solved) << to_string(k);
    EXPECT_EQ(r.z.size(), 0) << to_string(k);
    EXPECT_EQ(r.w.size(), 0) << to_string(k);
    EXPECT_EQ(r.residual, 0.0) << to_string(k);
  }
}

// q >= 0 with a zero entry: z = 0 is the unique solution of this P-matrix LCP, and every solver
// returns it exactly (each starts from z = 0, where the residual is already 0).
TEST(AutoSelect, EverySolverReturnsTheZeroSolution) {
  Mat M(3, 3);
  M << 4, 1, 0, 1, 4, 1, 0, 1, 4;
  const Vec q = Vec3(1, 0, 2);
  for (auto k : {LcpSolverKind::lemke, LcpSolverKind::pgs, LcpSolverKind::fischer_burmeister,
                 LcpSolverKind::smoothed_newton, LcpSolverKind::enumeration, LcpSolverKind::automatic}) {
    const LcpResult r = solve_lcp(M, q, {.solver = k});
    ASSERT_EQ(r.status, LcpStatus::solved) << to_string(k);
    EXPECT_EQ(r.z, Vec3(0, 0, 0)) << to_string(k);
    EXPECT_EQ(r.w, q) << to_string(k);
  }
}

// Murty's problem (lemke_test.cpp): Lemke needs 2^n pivots. Up to n = 16 its pivot cap lets it
// finish and `auto` keeps its answer; at n = 17 it stops at the cap (66 536 pivots) with
// max_iterations and `auto` falls back to the Newton methods. The solution is z = (1, 0, ...).
TEST(AutoSelect, SolvesMurtysProblemWithLemkeOrItsFallback) {
  for (const Eigen::Index n : {12, 17}) {
    SCOPED_TRACE(n);
    LcpSolver solver(n);
    LcpResult r;
    solver.solve(fixtures::murty_matrix(n), -Vec::Ones(n), r);
    ASSERT_EQ(r.status, LcpStatus::solved);
    if (n <= 16) {
      EXPECT_EQ(solver.last_solver(), LcpSolverKind::lemke);
      EXPECT_EQ(solver.attempts(), 1);
    } else {
      EXPECT_NE(solver.last_solver(), LcpSolverKind::lemke);
      EXPECT_GE(solver.attempts(), 2);
    }
    Vec z = Vec::Zero(n);
    z[0] = 1.0;
    // w_1 = z_1 - 1 involves z_1 alone and z_2.. are bounded by the residual (their w_i = 1), so
    // |dz| <= residual; FB's default tolerance 1e-10 bounds it (Lemke's answer is exact).
    EXPECT_LE((r.z - z).cwiseAbs().maxCoeff(), 1e-9);
  }
}

TEST(AutoSelect, NamedSolverAndOptionsArePassedThrough) {
  const Mat M = fixtures::random_spd(20, 3);
  const Vec q = fixtures::uniform_vector(20, 4);
  const LcpResult r = solve_lcp(M, q, {.solver = LcpSolverKind::pgs, .tolerance = 1e-3});
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LE(r.residual, 1e-3);
  EXPECT_GT(r.residual, 1e-12);  // a loose tolerance stops early: PGS is not exact
  const LcpResult bad = solve_lcp(Mat::Identity(2, 2), Vec3(1, 2, 3));
  EXPECT_EQ(bad.status, LcpStatus::invalid_input);
}

}  // namespace auto_select_test
}  // namespace stickslip::solvers
