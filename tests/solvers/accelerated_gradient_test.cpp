#include "solvers/accelerated_gradient.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "lcp_fixtures.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {
namespace accelerated_gradient_test {

std::vector<FrictionContact> contacts_in_pairs(Eigen::Index m, double mu) {
  std::vector<FrictionContact> c;
  for (int i = 0; i < m; ++i) c.push_back({2 * i, 2 * i + 1, mu});
  return c;
}

ApgdOptions tight() { return {.tolerance = 1e-13, .max_iterations = 200000}; }

TEST(AcceleratedGradient, OneCoupledContactSlidesAsInClosedForm) {
  // W = [[2, 0.5], [0.5, 1]], b = (-1, -3), mu = 0.4. Sticking would need W p = -b, whose p_N < 0;
  // sliding with v_T < 0 has p_T = mu p_N and (2 + 0.5 mu) p_N = 1: p = (1, mu) / 2.2, and then
  // v_T = 0.5 p_N + p_T - 3 < 0 as assumed.
  Mat W(2, 2);
  W << 2, 0.5, 0.5, 1;
  const auto c = contacts_in_pairs(1, 0.4);
  ApgdContactSolver solver(2, tight());
  LcpResult r;
  solver.solve(W, Vec2(-1, -3), c, Vec::Zero(2), r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  // Residual <= 1e-13 × 3 and W's smallest eigenvalue 0.79: the impulses agree to a few 1e-13.
  EXPECT_NEAR(r.z[0], 1 / 2.2, 1e-12);
  EXPECT_NEAR(r.z[1], 0.4 / 2.2, 1e-12);
  EXPECT_LT(r.w[1], 0.0);
  EXPECT_NEAR(r.w[0], 0.0, 1e-12);
}

TEST(AcceleratedGradient, OneContactSticksOrSeparates) {
  ApgdContactSolver solver(2, tight());
  LcpResult r;
  solver.solve(Mat::Identity(2, 2), Vec2(-1, -0.2), contacts_in_pairs(1, 0.5), Vec::Zero(2), r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_NEAR(r.z[0], 1.0, 1e-12);  // W = I: p = -b inside the cone
  EXPECT_NEAR(r.z[1], 0.2, 1e-12);
  solver.solve(Mat::Identity(2, 2), Vec2(0.3, -2), contacts_in_pairs(1, 0.5), Vec::Zero(2), r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.z, Vec2(0, 0));  // a separating contact carries nothing
}

// Two blocks stacked on the ground (masses m1 below, m2 on top), one step h: rows N1 = v1y, T1 = v1x,
// N2 = v2y − v1y, T2 = v2x − v1x. Free velocities: both fall at g h, the top block slides at 1 m/s.
// Closed form: the normals stop the fall (p_N2 = m2 g h, p_N1 = (m1 + m2) g h); stopping the top
// block would need m2 · 1 > μ p_N2, so it slides on with p_T2 = −μ m2 g h; the lower block receives
// +μ m2 g h, which the ground holds (|p_T1| = μ m2 g h < μ p_N1): p_T1 = −μ m2 g h.
TEST(AcceleratedGradient, StackedPairMatchesTheClosedForm) {
  const double m1 = 3, m2 = 2, g = 9.81, h = 1e-3, mu = 0.3;
  Mat H = Mat::Zero(4, 4);  // velocities (v1x, v1y, v2x, v2y)
  H(0, 1) = 1;
  H(1, 0) = 1;
  H(2, 1) = -1;
  H(2, 3) = 1;
  H(3, 0) = -1;
  H(3, 2) = 1;
  const Vec minv = Eigen::Vector4d(1 / m1, 1 / m1, 1 / m2, 1 / m2);
  const Mat W = H * minv.asDiagonal() * H.transpose();
  const Vec v_free = Eigen::Vector4d(0, -g * h, 1, -g * h);
  const Vec b = H * v_free;
  const auto c = contacts_in_pairs(2, mu);
  ApgdContactSolver solver(4, tight());
  LcpResult r;
  solver.solve(W, b, c, Vec::Zero(4), r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  // Residual <= 1e-13 (‖b‖∞ = 1) on a positive definite W (smallest eigenvalue ≈ 0.07): 1e-11.
  EXPECT_NEAR(r.z[0], (m1 + m2) * g * h, 1e-11);
  EXPECT_NEAR(r.z[2], m2 * g * h, 1e-11);
  EXPECT_NEAR(r.z[3], -mu * m2 * g * h, 1e-11);
  EXPECT_NEAR(r.z[1], -mu * m2 * g * h, 1e-11);
  EXPECT_NEAR(r.w[3], 1 - mu * g * h, 1e-11);  // the top block's slip speed after the step
}

// The lifted LCP solved exactly by Lemke and APGD on the box formulation agree; W positive
// definite and mu small, where the solution is unique.
TEST(AcceleratedGradient, AgreesWithLemkeOnRandomFrictionalProblems) {
  for (unsigned seed = 1; seed <= 12; ++seed) {
    const Eigen::Index m = 2 + seed % 6;
    const Mat W = fixtures::delassus(m, 2 * m + 4, seed) + 0.05 * Mat::Identity(2 * m, 2 * m);
    const Vec b = fixtures::approaching_velocities(m, seed + 50);
    const auto c = contacts_in_pairs(m, 0.3);
    Mat M;
    Vec q;
    ASSERT_TRUE(frictional_contact_to_lcp(W, b, c, M, q));
    const LcpResult lz = solve_lemke(M, q);
    ASSERT_EQ(lz.status, LcpStatus::solved) << seed;
    Vec p_lemke;
    contact_impulses_from_lcp(lz.z, c, 2 * m, p_lemke);
    ApgdContactSolver solver(2 * m, {.tolerance = 1e-12, .max_iterations = 200000});
    LcpResult r;
    solver.solve(W, b, c, Vec::Zero(2 * m), r);
    ASSERT_EQ(r.status, LcpStatus::solved) << seed;
    // Residual <= 1e-12 and W's eigenvalues >= 0.05: the impulses agree to ~1e-10.
    EXPECT_LE((r.z - p_lemke).cwiseAbs().maxCoeff(), 1e-9) << seed;
  }
}

// A semidefinite W (more contact rows than degrees of freedom, as in a wall of blocks): the
// impulses are not unique, the velocities are; APGD reaches the solver tolerance and Lemke's
// velocities.
TEST(AcceleratedGradient, SemidefiniteProblemsReachTheTolerance) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    const Eigen::Index m = 10 + 5 * seed;
    const Mat W = fixtures::delassus(m, m + 5, seed + 20) + 1e-3 * Mat::Identity(2 * m, 2 * m);
    const Vec b = fixtures::approaching_velocities(m, seed + 70);
    const auto c = contacts_in_pairs(m, 0.5);
    ApgdContactSolver solver(2 * m, {.tolerance = 1e-8, .max_iterations = 100000});
    LcpResult r;
    solver.solve(W, b, c, Vec::Zero(2 * m), r);
    ASSERT_EQ(r.status, LcpStatus::solved) << seed;
    EXPECT_LE(r.residual, 1e-8 * std::max(1.0, b.cwiseAbs().maxCoeff())) << seed;
    EXPECT_LE(box_residual(r.z, W * r.z + b, solver.bounds()), r.residual * (1 + 1e-9)) << seed;
  }
}

TEST(AcceleratedGradient, SparseMatchesDenseAndFreeRowsAreEqualities) {
  const Mat W = fixtures::delassus(4, 12, 3).topLeftCorner(7, 7) + 0.1 * Mat::Identity(7, 7);
  const Vec b = fixtures::approaching_velocities(4, 4).head(7);
  const auto c = contacts_in_pairs(3, 0.4);  // row 6 free (a bilateral constraint)
  ApgdContactSolver solver(7, {.tolerance = 1e-12});
  LcpResult rd, rs;
  solver.solve(W, b, c, Vec::Zero(7), rd);
  const SparseMat S = W.sparseView();
  solver.solve(S, b, c, Vec::Zero(7), rs);
  ASSERT_TRUE(rd.solved() && rs.solved());
  // Both solutions to 1e-12 on W with eigenvalues >= 0.1: equal to ~1e-10.
  EXPECT_LE((rd.z - rs.z).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_LE(std::abs(rd.w[6]), 1e-12 * std::max(1.0, b.cwiseAbs().maxCoeff()));
}

TEST(AcceleratedGradient, WarmStartFromTheSolutionTakesNoIteration) {
  const Mat W = fixtures::delassus(5, 14, 2) + 0.05 * Mat::Identity(10, 10);
  const Vec b = fixtures::approaching_velocities(5, 3);
  const auto c = contacts_in_pairs(5, 0.5);
  ApgdContactSolver solver(10, {.tolerance = 1e-10});
  LcpResult r;
  solver.solve(W, b, c, Vec::Zero(10), r);
  ASSERT_TRUE(r.solved());
  EXPECT_GT(r.iterations, 0);
  solver.solve(W, b, c, r.z, r);  // aliasing start and result
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.iterations, 0);
}

TEST(AcceleratedGradient, StallRuleStopsAnUnsolvableProblem) {
  // A free row with W = 0 on it and b ≠ 0 has no solution: the residual cannot fall below |b|.
  Mat W = Mat::Zero(3, 3);
  W(0, 0) = W(1, 1) = 1;
  const Vec b = Eigen::Vector3d(-1, 0.1, 0.5);
  ApgdContactSolver solver(3, {.tolerance = 1e-10, .max_iterations = 10000, .stall_iterations = 50});
  LcpResult r;
  solver.solve(W, b, contacts_in_pairs(1, 0.5), Vec::Zero(3), r);
  EXPECT_EQ(r.status, LcpStatus::max_iterations);
  EXPECT_TRUE(solver.stalled());
  EXPECT_LE(r.iterations, 60);
  EXPECT_NEAR(r.residual, 0.5, 1e-12);
}

TEST(AcceleratedGradient, InvalidInputIsRejected) {
  ApgdContactSolver solver;
  LcpResult r;
  const Mat W = Mat::Identity(4, 4);
  const Vec b = -Vec::Ones(4);
  const std::vector<FrictionContact> shared{{0, 1, 0.5}, {1, 2, 0.5}};
  solver.solve(W, b, shared, Vec::Zero(4), r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  const std::vector<FrictionContact> two_tangent_rows{{0, 1, 0.5, 2}};
  solver.solve(W, b, two_tangent_rows, Vec::Zero(4), r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  solver.solve(W, b, contacts_in_pairs(2, 0.5), Vec::Zero(3), r);  // start of the wrong size
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  Mat bad = W;
  bad(1, 2) = NAN;
  solver.solve(bad, b, contacts_in_pairs(2, 0.5), Vec::Zero(4), r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
}

}  // namespace accelerated_gradient_test
}  // namespace stickslip::solvers
