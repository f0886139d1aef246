// No solver reports `solved` while its residual is large against the problem's own scale, whatever
// the magnitudes (issue: `stickslip lcp` on M = [[3, 0], [0, -1e30]], q = [2, -3] printed `solved`
// with a residual of 3; any entry of magnitude >= 1e24 could do it).
#include <gtest/gtest.h>

#include <cmath>

#include "lcp_fixtures.hpp"
#include "solvers/auto_select.hpp"
#include "solvers/equilibration.hpp"

namespace stickslip::solvers {
namespace {

constexpr LcpSolverKind kAll[] = {LcpSolverKind::lemke, LcpSolverKind::pgs, LcpSolverKind::fischer_burmeister,
                                  LcpSolverKind::smoothed_newton, LcpSolverKind::enumeration,
                                  LcpSolverKind::automatic};

// A solved status must come with a residual small against the row it sits in: |min(z_i, w_i)|
// against |q_i| + Σ_j |M_ij z_j| (and z_i against the largest |z_j|), to 1e-6 — far looser than any
// solver's tolerance, far tighter than the failures (relative residual 1).
void expect_honest(const Mat& M, const Vec& q, const LcpResult& r, const char* what) {
  if (!r.solved()) return;
  EXPECT_LE(relative_residual(M, q, r.z, r.w), 1e-6) << what << ": solved with residual " << r.residual;
}

// w_2 = -X z_2 - 3 >= 0 has no solution for z_2 >= 0: no solver may call it solved.
TEST(FalseSuccess, InfeasibleRowBesideASmallOneForEveryMagnitude) {
  for (double x : {1e3, 1e24, 1e30, 1e100, 1e200, 1e300}) {
    Mat M(2, 2);
    M << 3, 0, 0, -x;
    const Vec q = Vec2(2, -3);
    for (LcpSolverKind kind : kAll) {
      const LcpResult r = solve_lcp(M, q, {.solver = kind});
      EXPECT_FALSE(r.solved()) << to_string(kind) << " at " << x << ": residual " << r.residual;
    }
    EXPECT_EQ(solve_lcp(M, q, {.solver = LcpSolverKind::lemke}).status, LcpStatus::ray_termination) << x;
  }
}

// Entries near both ends of the range: diag(1e300, 1e-300), q = (-1, -1) has z = (1e-300, 1e300).
TEST(FalseSuccess, EntriesNearTheFloatingPointRange) {
  Mat M(2, 2);
  M << 1e300, 0, 0, 1e-300;
  const Vec q = Vec2(-1, -1);
  for (LcpSolverKind kind : kAll) expect_honest(M, q, solve_lcp(M, q, {.solver = kind}), to_string(kind).data());
  const LcpResult a = solve_lcp(M, q);  // auto finds it
  ASSERT_TRUE(a.solved());
  EXPECT_NEAR(a.z[0] / 1e-300, 1.0, 1e-12);
  EXPECT_NEAR(a.z[1] / 1e300, 1.0, 1e-12);
}

// A tiny q: with a residual floor of 1, z = 0 "solved" q = -1e-20 at any tolerance. The solution is
// z = 1e-20 (2 1; 1 2)⁻¹ (1, 1) = (1/3, 1/3) 1e-20.
TEST(FalseSuccess, TinyRightHandSideIsSolvedAtItsOwnScale) {
  Mat M(2, 2);
  M << 2, 1, 1, 2;
  const Vec q = Vec2(-1e-20, -1e-20);
  for (LcpSolverKind kind : kAll) {
    const LcpResult r = solve_lcp(M, q, {.solver = kind});
    ASSERT_TRUE(r.solved()) << to_string(kind);
    expect_honest(M, q, r, to_string(kind).data());
    // 1e-7: the iterative solvers stop at 1e-8 of ||q|| (PGS) or better; Lemke is exact.
    EXPECT_NEAR(r.z[0] / 1e-20, 1.0 / 3.0, 1e-7) << to_string(kind);
    EXPECT_NEAR(r.z[1] / 1e-20, 1.0 / 3.0, 1e-7) << to_string(kind);
  }
}

// Legitimate answers keep being accepted when a row sums only near-zero terms (a degenerate basic
// variable a few hundred orders below the others): its w is rounding, not a violation.
TEST(FalseSuccess, RowsOfNearZeroTermsAreNotViolations) {
  const Mat M = fixtures::delassus(25, 25, 25u) + 1e-3 * Mat::Identity(50, 50);
  const Vec q = fixtures::approaching_velocities(25, 26u);
  const LcpResult r = solve_lcp(M, q, {.solver = LcpSolverKind::lemke});
  ASSERT_TRUE(r.solved());
  expect_honest(M, q, r, "lemke");
}

}  // namespace
}  // namespace stickslip::solvers
