#include "solvers/fischer_burmeister.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "lcp_fixtures.hpp"
#include "solvers/enumeration.hpp"

namespace stickslip::solvers {
namespace fischer_burmeister_test {

TEST(FischerBurmeister, FunctionVanishesExactlyOnComplementaryPairs) {
  EXPECT_EQ(fb_phi(0.0, 3.0), 0.0);
  EXPECT_EQ(fb_phi(2.0, 0.0), 0.0);
  EXPECT_GT(std::abs(fb_phi(1.0, 1.0)), 0.5);   // both positive
  EXPECT_GT(std::abs(fb_phi(-1.0, 2.0)), 0.5);  // infeasible
  // Smoothed: phi_eps(x, y) = 0 on x y = eps^2 / 2 (x = y = eps / sqrt 2); rounding only.
  const double e = 1e-3, x = e / std::sqrt(2.0);
  EXPECT_NEAR(fb_phi(x, x, e), 0.0, 1e-18);
}

TEST(FischerBurmeister, GradientMatchesFiniteDifferences) {
  double da = 0, db = 0;
  fb_gradient(0.3, -0.7, 0.0, da, db);
  const double h = 1e-7;
  // Central differences of a smooth function away from the kink: error ~ h^2 + eps/h ~ 1e-9.
  EXPECT_NEAR(da, (fb_phi(0.3 + h, -0.7) - fb_phi(0.3 - h, -0.7)) / (2 * h), 1e-8);
  EXPECT_NEAR(db, (fb_phi(0.3, -0.7 + h) - fb_phi(0.3, -0.7 - h)) / (2 * h), 1e-8);
  fb_gradient(0.0, 0.0, 0.0, da, db);  // kink: a valid element of the generalised gradient
  EXPECT_LE((da + 1) * (da + 1) + (db + 1) * (db + 1), 1.0 + 1e-15);
}

TEST(FischerBurmeister, HandSolvedProblems) {
  Mat M(2, 2);
  M << 2, 1, 1, 2;
  const LcpResult r = solve_fischer_burmeister(M, Vec2(-5, -6));
  ASSERT_EQ(r.status, LcpStatus::solved);
  // Default tolerance 1e-10 * max(1, 6); Newton converges quadratically so the error is far below.
  EXPECT_NEAR(r.z[0], 4.0 / 3.0, 1e-10);
  EXPECT_NEAR(r.z[1], 7.0 / 3.0, 1e-10);
  const LcpResult r0 = solve_fischer_burmeister(M, Vec2(1, 2));
  ASSERT_EQ(r0.status, LcpStatus::solved);
  EXPECT_EQ(r0.z, Vec::Zero(2));
}

TEST(FischerBurmeister, MixedProblemAgainstEnumeration) {
  // Two free variables (equality rows) and four complementarity rows, K positive definite.
  for (unsigned seed = 1; seed <= 10; ++seed) {
    const Mat K = fixtures::random_spd(6, seed);
    const Vec q = fixtures::uniform_vector(6, seed + 100);
    FischerBurmeisterSolver fb(6);
    EnumerationSolver oracle(6);
    LcpResult a, b;
    fb.solve_mlcp(K, q, 2, a);
    oracle.solve_mlcp(K, q, 2, b);
    ASSERT_EQ(a.status, LcpStatus::solved);
    ASSERT_EQ(b.status, LcpStatus::solved);
    // Residual <= 1e-10 and K's eigenvalues >= 0.1: the solutions differ by < 1e-9.
    EXPECT_LE((a.z - b.z).cwiseAbs().maxCoeff(), 1e-8) << seed;
    // The free rows are equations: |w_i| is part of the residual, bounded by 1e-10 * max(1, |q|).
    EXPECT_LE(a.w.head(2).cwiseAbs().maxCoeff(), 1e-10 * residual_scale(q));
  }
}

TEST(FischerBurmeister, WarmStartAtTheSolutionStopsAtOnce) {
  const Mat M = fixtures::random_p_matrix(20, 3);
  const Vec q = fixtures::uniform_vector(20, 4);
  FischerBurmeisterSolver fb(20);
  LcpResult r;
  fb.solve(M, q, r);
  ASSERT_TRUE(r.solved());
  fb.solve(M, q, r.z, r);
  EXPECT_TRUE(r.solved());
  EXPECT_EQ(r.iterations, 0);
}

TEST(FischerBurmeister, InfeasibleProblemDoesNotReportSolved) {
  Mat M(2, 2);
  M << 1, -1, -1, 1;
  const LcpResult r = solve_fischer_burmeister(M, Vec2(-1, -1));
  EXPECT_NE(r.status, LcpStatus::solved);
  EXPECT_GT(r.residual, 0.1);
}

}  // namespace fischer_burmeister_test
}  // namespace stickslip::solvers
