#include "solvers/pgs.hpp"

#include <gtest/gtest.h>

#include "lcp_fixtures.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {
namespace pgs_test {

TEST(Pgs, HandSolvedThreeByThree) {
  Mat M(3, 3);
  M << 4, 1, 0, 1, 4, 1, 0, 1, 4;
  PgsOptions o;
  o.tolerance = 1e-12;
  const LcpResult r = solve_pgs(M, Vec3(-4, 2, -4), o);
  ASSERT_EQ(r.status, LcpStatus::solved);
  // The stopping rule bounds ||min(z, w)|| by 1e-12 * max(1, ||q||) = 4e-12; with M's smallest
  // eigenvalue 4 - sqrt(2) the error in z is at most ~ residual / 2.5.
  EXPECT_LE((r.z - Vec3(1, 0, 1)).cwiseAbs().maxCoeff(), 1e-11);
}

TEST(Pgs, StopsOnTheResidualRule) {
  for (double tol : {1e-4, 1e-8, 1e-12}) {
    const Mat M = fixtures::random_spd(60, 3);
    const Vec q = fixtures::uniform_vector(60, 4);
    PgsOptions o;
    o.tolerance = tol;
    const LcpResult r = solve_pgs(M, q, o);
    ASSERT_EQ(r.status, LcpStatus::solved);
    EXPECT_LE(r.residual, tol * std::max(1.0, q.cwiseAbs().maxCoeff()));
    fixtures::expect_solution(M, q, r, tol * std::max(1.0, q.cwiseAbs().maxCoeff()));
  }
}

TEST(Pgs, OverRelaxationConvergesToTheSameSolution) {
  const Mat M = fixtures::random_spd(40, 9, 0.01);
  const Vec q = fixtures::uniform_vector(40, 10);
  const LcpResult exact = solve_lemke(M, q);
  ASSERT_TRUE(exact.solved());
  PgsOptions o;
  o.tolerance = 1e-11;
  for (double omega : {0.7, 1.0, 1.5}) {
    o.relaxation = omega;
    const LcpResult r = solve_pgs(M, q, o);
    ASSERT_EQ(r.status, LcpStatus::solved) << omega;
    // residual 1e-11 and smallest eigenvalue >= 0.01: |dz| <= ~1e-9 (error <= residual / lambda_min
    // on the active block, with a factor ~10 margin).
    EXPECT_LE((r.z - exact.z).cwiseAbs().maxCoeff(), 1e-8) << omega;
  }
}

TEST(Pgs, WarmStartFromTheSolutionTakesNoSweep) {
  const Mat M = fixtures::random_spd(30, 21);
  const Vec q = fixtures::uniform_vector(30, 22);
  PgsSolver pgs(30);
  LcpResult r;
  pgs.solve(M, q, r);
  ASSERT_TRUE(r.solved());
  const int cold = r.iterations;
  pgs.solve(M, q, r.z, r);  // start iterate aliases the result: allowed
  EXPECT_TRUE(r.solved());
  EXPECT_EQ(r.iterations, 0);
  EXPECT_GT(cold, 0);
}

TEST(Pgs, SweepCapAndBadDiagonal) {
  const Mat M = fixtures::random_psd(50, 5, 8);  // rank 5: slow convergence
  PgsOptions o;
  o.max_iterations = 2;
  o.tolerance = 1e-14;
  const LcpResult r = solve_pgs(M, fixtures::planted_q(M, 9), o);
  EXPECT_EQ(r.status, LcpStatus::max_iterations);
  EXPECT_EQ(r.iterations, 2);
  Mat Z = Mat::Identity(2, 2);
  Z(1, 1) = 0.0;
  EXPECT_EQ(solve_pgs(Z, Vec2(-1, -1)).status, LcpStatus::singular);
  o.relaxation = 2.5;
  EXPECT_EQ(solve_pgs(Mat::Identity(2, 2), Vec2(-1, -1), o).status, LcpStatus::invalid_input);
}

}  // namespace pgs_test
}  // namespace stickslip::solvers
