#include "solvers/box_lcp.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "lcp_fixtures.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {
namespace box_lcp_test {

BoxBounds fixed_bounds(const Vec& lo, const Vec& hi) { return BoxBounds{lo, hi, {}, {}}; }

TEST(BoxLcp, HandSolvedFixedBounds) {
  // M = 2 I, q = (-4, 4, 1): the unconstrained minimiser -q/2 = (2, -2, -0.5) clamped to [-1, 1]:
  // z = (1, -1, -0.5) with w = (-2, 2, 0): upper bound with w <= 0, lower with w >= 0, interior w = 0.
  const Mat M = 2.0 * Mat::Identity(3, 3);
  const BoxBounds b = fixed_bounds(Vec3(-1, -1, -1), Vec3(1, 1, 1));
  BoxPgsSolver solver(3);
  LcpResult r;
  solver.solve(M, Vec3(-4, 4, 1), b, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  // Diagonal M: one sweep is exact.
  EXPECT_EQ(r.z, Vec3(1, -1, -0.5));
  EXPECT_EQ(r.w, Vec3(-2, 2, 0));
  EXPECT_EQ(r.residual, 0.0);
}

TEST(BoxLcp, NonNegativeOrthantIsTheLcp) {
  const Mat M = fixtures::random_spd(40, 77);
  const Vec q = fixtures::uniform_vector(40, 78);
  const BoxBounds b = fixed_bounds(Vec::Zero(40), Vec::Constant(40, INFINITY));
  BoxPgsSolver solver(40, {.tolerance = 1e-12, .max_iterations = 0, .relaxation = 1.0});
  LcpResult r;
  solver.solve(M, q, b, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  const LcpResult exact = solve_lemke(M, q);
  // Residual 1e-12, eigenvalues >= 0.1: |dz| <= ~1e-11.
  EXPECT_LE((r.z - exact.z).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_NEAR(r.residual, lcp_residual(r.z, r.w), 1e-15);  // same measure on this box
}

TEST(BoxLcp, CoupledBoundsFollowTheScalingVariable) {
  // Row 1's bounds are [-0.5 z0, 0.5 z0]. z0 = 1 from row 0 (M diagonal), row 1 wants z1 = 3.
  const Mat M = Mat::Identity(2, 2);
  BoxBounds b{Vec2(0, -0.5), Vec2(INFINITY, 0.5), {-1, 0}, {}};
  ASSERT_TRUE(is_valid_box(b, 2));
  BoxPgsSolver solver(2);
  LcpResult r;
  solver.solve(M, Vec2(-1, -3), b, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.z, Vec2(1, 0.5));  // exact: diagonal, two sweeps
  EXPECT_EQ(r.w[1], -2.5);
}

TEST(BoxLcp, SparseAndDenseGiveIdenticalIterates) {
  const Mat M = fixtures::random_spd(30, 5);
  const SparseMat S = M.sparseView();
  const Vec q = fixtures::uniform_vector(30, 6);
  const BoxBounds b = fixed_bounds(Vec::Constant(30, -0.3), Vec::Constant(30, 0.4));
  BoxPgsSolver solver(30);
  LcpResult rd, rs;
  solver.solve(M, q, b, rd);
  solver.solve(S, q, b, rs);
  ASSERT_TRUE(rd.solved() && rs.solved());
  EXPECT_EQ(rd.iterations, rs.iterations);
  // Same sweep, same order; only the summation order inside w's updates differs.
  EXPECT_LE((rd.z - rs.z).cwiseAbs().maxCoeff(), 1e-12);
}

// min_iterations: a warm start that already meets the tolerance is still swept, so an approximate
// start keeps improving (time-stepping calls the solver on a sequence of near-identical problems).
TEST(BoxLcp, MinimumSweepsImproveAnAcceptedWarmStart) {
  const Mat M = fixtures::random_spd(20, 5);
  const Vec q = fixtures::uniform_vector(20, 6);
  const BoxBounds b = fixed_bounds(Vec::Zero(20), Vec::Constant(20, INFINITY));
  const LcpResult exact = solve_lemke(M, q);
  const Vec start = exact.z + Vec::Constant(20, 1e-5);  // within a loose tolerance of the solution
  BoxPgsSolver loose(20, {.tolerance = 1e-3, .max_iterations = 0, .relaxation = 1.0});
  LcpResult r0, r5;
  loose.solve(M, q, b, start, r0);
  EXPECT_EQ(r0.iterations, 0);
  BoxPgsSolver swept(20, {.tolerance = 1e-3, .max_iterations = 0, .relaxation = 1.0, .min_iterations = 5});
  swept.solve(M, q, b, start, r5);
  EXPECT_EQ(r5.iterations, 5);
  EXPECT_EQ(r5.status, LcpStatus::solved);
  EXPECT_LT(r5.residual, r0.residual);
}

TEST(BoxLcp, RejectsInconsistentBounds) {
  BoxPgsSolver solver;
  LcpResult r;
  solver.solve(Mat::Identity(2, 2), Vec2(1, 1), fixed_bounds(Vec2(1, 0), Vec2(0, 1)), r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  BoxBounds chained{Vec2(-1, -1), Vec2(1, 1), {1, 0}, {}};  // each scaled by the other: not allowed
  solver.solve(Mat::Identity(2, 2), Vec2(1, 1), chained, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  BoxBounds neg{Vec2(-1, -1), Vec2(1, 1), {-1, 0}, {}};  // scaling variable may become negative
  EXPECT_FALSE(is_valid_box(neg, 2));
}

}  // namespace box_lcp_test
}  // namespace stickslip::solvers
