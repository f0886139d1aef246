// Badly scaled problems: rows or variables in units that differ by many orders of magnitude, as the
// force and gap rows of a joint-contact LCP (Qi, Luo & Huang 2011). A diagonal scaling does not
// change the solution, so every answer is compared with that of the well-scaled problem.
#include <gtest/gtest.h>

#include "lcp_fixtures.hpp"
#include "solvers/auto_select.hpp"
#include "solvers/equilibration.hpp"
#include "solvers/mlcp.hpp"

namespace stickslip::solvers {
namespace scaling_test {

// Hand-solved problems, scaled: exact pivoting on the balanced problem (which equals the unscaled
// one up to powers of two) reproduces the rational solution to a few ulps; 1e-12 leaves a margin.
constexpr double kExact = 1e-12;

// 2 z1 + z2 = 5, z1 + 2 z2 = 6 (z = (4/3, 7/3)) with row 1 times 1e5 and row 2 times 1e-5.
TEST(Scaling, TwoByTwoWithRowsTimes1e5And1eMinus5) {
  Mat M(2, 2);
  M << 2e5, 1e5, 1e-5, 2e-5;
  const Vec q = Vec2(-5e5, -6e-5);
  for (auto kind : {LcpSolverKind::lemke, LcpSolverKind::automatic}) {
    const LcpResult r = solve_lcp(M, q, {.solver = kind});
    ASSERT_EQ(r.status, LcpStatus::solved) << to_string(kind);
    EXPECT_NEAR(r.z[0], 4.0 / 3.0, kExact);
    EXPECT_NEAR(r.z[1], 7.0 / 3.0, kExact);
    EXPECT_LE(relative_residual(M, q, r.z, r.w), 1e-15);  // a few ulps of the balanced problem
  }
  // Without balancing the pivot tolerance, measured against max|M| = 2e5, skips the blocking row of
  // size 1e-5; the path ends after 4 pivots at z = (0, 3), w_1 = -2e5, which the acceptance
  // rejects. The restart from that basis (z0 covering row 1 only, lemke.cpp) finds the solution in
  // 2 more pivots: the rejection is what triggers it, so the answer is right rather than `solved`
  // with a violated row.
  LemkeOptions raw;
  raw.equilibrate = false;
  raw.direct_up_to = 0;  // pivoting forced: the direct path of n <= 3, which needs no balancing, solves it
  const LcpResult repaired = solve_lemke(M, q, raw);
  ASSERT_EQ(repaired.status, LcpStatus::solved);
  EXPECT_NEAR(repaired.z[0], 4.0 / 3.0, kExact);
  EXPECT_NEAR(repaired.z[1], 7.0 / 3.0, kExact);
  EXPECT_LE(relative_residual(M, q, repaired.z, repaired.w), 1e-15);
  LemkeOptions pivoting;
  pivoting.direct_up_to = 0;  // the pivoting path, not Cramer's rule
  EXPECT_GT(repaired.iterations, solve_lemke(M, q, pivoting).iterations);
}

// The tridiagonal 4 a + b = 5, a + 4 b + c = 6, b + 4 c = 5 (z = (1, 1, 1)) with rows scaled by
// 1e5, 1e-5, 1e5: an absolute residual test of 1e-8 max(1, |q|) = 5e-3 would accept z = (1.02,
// 0.92, 1.02), whose middle row is wrong by 8%.
TEST(Scaling, ThreeByThreeWithAlternatingRowScales) {
  Mat M(3, 3);
  M << 4e5, 1e5, 0, 1e-5, 4e-5, 1e-5, 0, 1e5, 4e5;
  const Vec q = Vec3(-5e5, -6e-5, -5e5);
  for (auto kind : {LcpSolverKind::lemke, LcpSolverKind::automatic}) {
    const LcpResult r = solve_lcp(M, q, {.solver = kind});
    ASSERT_EQ(r.status, LcpStatus::solved) << to_string(kind);
    EXPECT_LE((r.z - Vec3(1, 1, 1)).cwiseAbs().maxCoeff(), kExact) << to_string(kind);
  }
  // That answer's relative residual is far above auto's acceptance level of 1e-8.
  EXPECT_GT(relative_residual(M, q, Vec3(1.02, 0.92, 1.02), M * Vec3(1.02, 0.92, 1.02) + q), 1e-3);
}

// The mixed LCP's elimination hands the scaled 2x2 to Lemke: one free row u = 1 beside it.
TEST(Scaling, MixedLcpEliminationOfAScaledProblem) {
  Mat K = Mat::Zero(3, 3);
  K(0, 0) = 1.0;
  K.bottomRightCorner(2, 2) << 2e5, 1e5, 1e-5, 2e-5;
  const Vec q = Vec3(-1, -5e5, -6e-5);
  MlcpSolver solver(3, {.method = MlcpMethod::schur});
  LcpResult r;
  solver.solve(K, q, 1, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LE((r.z - Vec3(1, 4.0 / 3.0, 7.0 / 3.0)).cwiseAbs().maxCoeff(), kExact);
}

// Random SPD problems (n = 10, eigenvalues >= 0.1) with every row scaled by 1e5 or 1e-5 (the same
// solution z0) and with the symmetric scaling D M D, D_i in [1e-3, 1e3], q = D q0 (solution
// D^{-1} z0). Checked in the units of the unscaled problem: z0 is O(1) and cond(M) <= ~100, so an
// exact method is within ~1e-13 of it; 1e-10 absolute on z0 and 1e-10 on the unscaled residual leave
// a margin of 1000 and still fail an answer that is wrong in any row.
TEST(Scaling, RandomSpdProblemsWithRowAndSymmetricScaling) {
  LemkeSolver lemke(10);
  LcpSolver automatic(10);
  LcpResult ref, r;
  for (unsigned seed = 1; seed <= 50; ++seed) {
    const Mat M = fixtures::random_spd(10, seed);
    const Vec q0 = fixtures::uniform_vector(10, seed + 100);
    lemke.solve(M, q0, ref);
    ASSERT_TRUE(ref.solved());
    const Vec rows = fixtures::uniform_vector(10, seed + 200).unaryExpr([](double u) { return u < 0 ? 1e-5 : 1e5; });
    const Vec d = fixtures::decade_scales(10, seed + 300, 3.0);
    const Mat rowM = rows.asDiagonal() * M, dmd = d.asDiagonal() * M * d.asDiagonal();
    const Vec rowq = rows.cwiseProduct(q0), dq = d.cwiseProduct(q0);
    for (int solver = 0; solver < 2; ++solver) {
      auto solve = [&](const Mat& A, const Vec& b) { solver ? automatic.solve(A, b, r) : lemke.solve(A, b, r); };
      solve(rowM, rowq);
      ASSERT_EQ(r.status, LcpStatus::solved) << "rows, seed " << seed << " solver " << solver;
      EXPECT_LE((r.z - ref.z).cwiseAbs().maxCoeff(), 1e-10) << "rows, seed " << seed;
      EXPECT_LE(r.z.cwiseMin(M * r.z + q0).cwiseAbs().maxCoeff(), 1e-10) << "rows, seed " << seed;
      solve(dmd, dq);
      ASSERT_EQ(r.status, LcpStatus::solved) << "DMD, seed " << seed << " solver " << solver;
      const Vec z0 = d.cwiseProduct(r.z);  // back in the units of the unscaled problem
      EXPECT_LE((z0 - ref.z).cwiseAbs().maxCoeff(), 1e-10) << "DMD, seed " << seed;
      EXPECT_LE(z0.cwiseMin(M * z0 + q0).cwiseAbs().maxCoeff(), 1e-10) << "DMD, seed " << seed;
    }
  }
}

// The relative residual hardly changes under positive row and column scaling by powers of two (they
// are exact and the balancing absorbs them), and is zero exactly at a solution.
TEST(Scaling, RelativeResidualIsScaleFree) {
  const Mat M = fixtures::random_spd(6, 7);
  const Vec q = fixtures::uniform_vector(6, 8);
  const Vec z = fixtures::uniform_vector(6, 9, 0.0, 1.0);
  const Vec w = M * z + q;
  const double base = relative_residual(M, q, z, w);
  EXPECT_GT(base, 0.01);  // a random z is far from solving
  Vec r(6), c(6);
  r << 1024, 1.0 / 1024, 1, 8, 1.0 / 64, 2;
  c << 1.0 / 8, 4, 1, 1.0 / 1024, 32, 1;
  const Mat Ms = r.asDiagonal() * M * c.asDiagonal();
  const Vec qs = r.cwiseProduct(q), zs = z.cwiseQuotient(c);
  // The balancing stops once rows and columns are within a factor 16 of each other, so the two
  // balanced problems, and the two measures, can differ by up to about that factor.
  const double scaled = relative_residual(Ms, qs, zs, Ms * zs + qs);
  EXPECT_LE(scaled, 16.0 * base);
  EXPECT_GE(scaled, base / 16.0);
  const Vec qp = q.cwiseAbs();  // z = 0 solves LCP(M, |q|)
  EXPECT_EQ(relative_residual(M, qp, Vec::Zero(6), qp), 0.0);
  EXPECT_EQ(relative_residual(Mat(0, 0), Vec(0), Vec(0), Vec(0)), 0.0);
}

}  // namespace scaling_test
}  // namespace stickslip::solvers
