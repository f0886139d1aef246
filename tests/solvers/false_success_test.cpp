// No solver reports `solved` while its residual is large against the problem's own scale, whatever
// the magnitudes (issue: `stickslip lcp` on M = [[3, 0], [0, -1e30]], q = [2, -3] printed `solved`
// with a residual of 3; any entry of magnitude >= 1e24 could do it). The LCP solvers are judged by the
// relative residual; the contact solvers added since (Gauss-Seidel on the interval and the disc cone,
// APGD, the pyramid lifting, the dependent-contact iteration) each by the scale it documents.
#include <gtest/gtest.h>

#include <cmath>

#include "lcp_fixtures.hpp"
#include "solvers/accelerated_gradient.hpp"
#include "solvers/auto_select.hpp"
#include "solvers/dependent_contact_lcp.hpp"
#include "solvers/equilibration.hpp"
#include "solvers/frictional_contact.hpp"
#include "solvers/pyramid_contact_lcp.hpp"

namespace stickslip::solvers {
namespace false_success_test {

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

// A matrix without total support at both ends of the range (libFuzzer, fuzz/regressions/lcp):
// M = [[1e300, 1e300], [0, 1e-300]], q = (-1, -0) has z = (1e-300, 0), w = 0. Its M_12 lies on no
// perfect matching, so no row and column scaling balances it; Ruiz's factors drifted until they
// under- and overflowed, and the residual measured in the balanced problem came out infinite, so
// `auto` refused Lemke's exact answer. The answer is exact: its relative residual is 0, not merely small.
TEST(FalseSuccess, AMatrixNoScalingBalancesKeepsAFiniteResidual) {
  Mat M(2, 2);
  M << 1e300, 1e300, 0, 1e-300;
  const Vec q = Vec2(-1, -0.0);
  Equilibration e(2);
  e.compute(M);
  EXPECT_TRUE(e.col().head(2).allFinite() && e.row().head(2).allFinite());
  EXPECT_GT(e.col().head(2).minCoeff(), 0.0);
  EXPECT_GT(e.row().head(2).minCoeff(), 0.0);
  for (LcpSolverKind kind : kAll) expect_honest(M, q, solve_lcp(M, q, {.solver = kind}), to_string(kind).data());
  for (LcpSolverKind kind : {LcpSolverKind::lemke, LcpSolverKind::automatic}) {
    const LcpResult r = solve_lcp(M, q, {.solver = kind});
    ASSERT_TRUE(r.solved()) << to_string(kind);
    EXPECT_EQ(relative_residual(M, q, r.z, r.w), 0.0) << to_string(kind);
    EXPECT_EQ(r.z[0], 1e-300) << to_string(kind);
    EXPECT_EQ(r.z[1], 0.0) << to_string(kind);
  }
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

// The reproducer of issue 37: M = I, q = (−1, 1e9), whose solution is z = (1, 0). Against ||q||∞,
// z = 0 leaves a residual of 1e-9: PGS and enumeration returned it as solved, and Fischer-Burmeister
// and the smoothed method stopped at z₁ = 0.93 and 1.04. Each row is now judged against its own
// terms, and every solver finds z₁ = 1 (to 1e-8: the loosest tolerance, PGS's, of row 1's terms).
TEST(FalseSuccess, ARowSmallBesideAHugeOneMustBeSolvedToo) {
  const Mat M = Mat::Identity(2, 2);
  const Vec q = Vec2(-1, 1e9);
  for (LcpSolverKind kind : kAll) {
    const LcpResult r = solve_lcp(M, q, {.solver = kind});
    ASSERT_TRUE(r.solved()) << to_string(kind);
    expect_honest(M, q, r, to_string(kind).data());
    EXPECT_NEAR(r.z[0], 1.0, 1e-8) << to_string(kind);
    // z₂ within the row test: at most the solver's tolerance (PGS's 1e-8, the loosest) times max z.
    EXPECT_LE(std::abs(r.z[1]), 1e-8) << to_string(kind);
  }
}

// The same on many problems whose rows differ by up to 15 orders of magnitude: diagonally dominant
// P-matrices (every solver converges on them), q_i = ±10^k with k uniform in [-6, 9]. No solver may
// report solved with a row wrong; each must solve them (they are uniquely solvable).
TEST(FalseSuccess, RowsOfEveryMagnitudeAreEachSolved) {
  for (unsigned seed = 1; seed <= 60; ++seed) {
    const Eigen::Index n = 2 + seed % 5;
    Mat M = fixtures::uniform_matrix(n, n, seed, -0.3, 0.3);
    M.diagonal().array() += static_cast<double>(n);
    Vec q = fixtures::uniform_vector(n, seed + 1000);
    const Vec e = fixtures::uniform_vector(n, seed + 2000, -6.0, 9.0);
    for (Eigen::Index i = 0; i < n; ++i) q[i] = (q[i] < 0 ? -1.0 : 1.0) * std::pow(10.0, e[i]);
    for (LcpSolverKind kind : kAll) {
      const LcpResult r = solve_lcp(M, q, {.solver = kind});
      EXPECT_TRUE(r.solved()) << to_string(kind) << " seed " << seed;
      expect_honest(M, q, r, to_string(kind).data());
    }
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

// Two spatial contacts (a normal row and a disc-cone pair each) whose normal rows are coupled by
// x [[1, -1], [-1, 1]]: one body pressed between two others, so pushing at one contact pulls at the
// other (the normal velocities' sum b_0 + b_3 is beyond any impulse's reach); tangent rows x I.
struct TwoContacts {
  Mat W = Mat::Zero(6, 6);
  Vec b = Vec(6);
  std::vector<FrictionContact> cones{{0, 1, 0.5, 2, FrictionCone::disc}, {3, 4, 0.5, 2, FrictionCone::disc}};
  std::vector<PyramidContact> pyramids{{0, 1, 0.5}, {3, 4, 0.5}};
  TwoContacts(double x, double normal_sum) {
    W(0, 0) = W(3, 3) = x;
    W(0, 3) = W(3, 0) = -x;
    for (int i : {1, 2, 4, 5}) W(i, i) = x;
    b << 2, 0.5, -0.2, normal_sum - 2, 0.1, 0.3;
  }
};

LcpResult solve_contacts(bool apgd, const TwoContacts& c) {
  LcpResult r;
  const Vec start = Vec::Zero(6);
  if (apgd) {
    ApgdContactSolver(6).solve(c.W, c.b, c.cones, start, r);
  } else {
    FrictionalContactSolver(6).solve(c.W, c.b, c.cones, start, r);
  }
  return r;
}

// Both contact solvers stop at a natural residual of 1e-8 max(1, ||b||∞) (velocities: an absolute
// floor, docs/solvers.md). Honest: the residual of the returned p, with v = W p + b recomputed here,
// is within that. (1 + 1e-6): the recomputed v differs from the solver's by rounding, ~1e-16 ||b||.
void expect_honest_contacts(const TwoContacts& c, const LcpResult& r, const std::string& what) {
  if (!r.solved()) return;
  BoxBounds bounds;
  ASSERT_TRUE(contact_box_bounds(c.cones, 6, bounds));
  const Vec v = c.W * r.z + c.b;
  EXPECT_LE(unrounded_box_residual(r.z, v, bounds), 1e-8 * residual_scale(c.b) * (1 + 1e-6)) << what;
}

constexpr double kMagnitudes[] = {1e-300, 1e-100, 1e-24, 1.0, 1e3, 1e24, 1e30, 1e100, 1e200, 1e300};

// v_N0 + v_N3 = b_0 + b_3 = -1 whatever the impulses: no solution, at any magnitude of W.
TEST(FalseSuccess, ContactSolversOnAnUnreachableNormalSum) {
  for (double x : kMagnitudes) {
    const TwoContacts c(x, -1.0);
    for (bool apgd : {false, true}) {
      const LcpResult r = solve_contacts(apgd, c);
      EXPECT_FALSE(r.solved()) << (apgd ? "apgd" : "gauss-seidel") << " at " << x << ": residual " << r.residual;
    }
    Mat M;
    Vec q;
    pyramid_contact_to_lcp(c.W, c.b, c.pyramids, 8, M, q);
    for (LcpSolverKind kind : {LcpSolverKind::lemke, LcpSolverKind::automatic}) {
      EXPECT_FALSE(solve_lcp(M, q, {.solver = kind}).solved()) << "pyramid, " << to_string(kind) << " at " << x;
    }
  }
}

// The same contacts with b_0 + b_3 = +1 (the contacts separate along the coupling): solvable at every
// magnitude, p scaling as 1/x. Gauss-Seidel and APGD solve it for 1e-100 <= x <= 1e100, the pyramid
// LCP by Lemke from x = 1 (below); wherever solved, honest.
TEST(FalseSuccess, ContactSolversAtEveryMagnitude) {
  for (double x : kMagnitudes) {
    const TwoContacts c(x, 1.0);
    for (bool apgd : {false, true}) {
      const std::string what = std::string(apgd ? "apgd" : "gauss-seidel") + " at " + std::to_string(x);
      const LcpResult r = solve_contacts(apgd, c);
      if (x >= 1e-100 && x <= 1e100) {  // as in DependentContactsAtEveryMagnitude
        EXPECT_TRUE(r.solved()) << what;
      }
      expect_honest_contacts(c, r, what);
    }
    Mat M;
    Vec q;
    pyramid_contact_to_lcp(c.W, c.b, c.pyramids, 8, M, q);
    const LcpResult r = solve_lcp(M, q, {.solver = LcpSolverKind::lemke});
    // The pyramid lifting puts W's x beside the cone rows' O(1) entries (μ, ±1) in one matrix; for
    // x << 1 Lemke's pivot tolerance, relative to the matrix's largest entry, reads W as zero and
    // reports no solution (honestly, checked below). From x = 1 up it must solve.
    if (x >= 1.0 && x <= 1e100) {
      EXPECT_TRUE(r.solved()) << "pyramid lemke at " << x;
    }
    expect_honest(M, q, r, "pyramid lemke");
  }
}

// The dependent-contact iteration solves the problem projected off W's null space Z (the normal rows'
// common direction here, along which no impulse acts). Its answer must solve that problem at every
// magnitude, with the impulses scaling as 1/x: the x = 1 answer times 1/x, to 1e-9 relative (Lemke's
// answers are exact to rounding; the proximal iteration stops at 1e-13 of the velocities).
TEST(FalseSuccess, DependentContactsAtEveryMagnitude) {
  const auto solve = [](const TwoContacts& c) {
    DependentContactLcp solver;
    DependentContactResult out;
    solver.solve(
        c.W, c.b, [&](const Mat& w, const Vec& bb, Mat& M, Vec& q) { pyramid_contact_to_lcp(w, bb, c.pyramids, 8, M, q); },
        [&](const Vec& z, Vec& p) { pyramid_forces_from_lcp(z, c.pyramids, 8, 6, p); }, out);
    return out;
  };
  const DependentContactResult unit = solve(TwoContacts(1.0, 1.0));
  ASSERT_TRUE(unit.lcp.solved());
  ASSERT_EQ(unit.dependent, 1);
  for (double x : kMagnitudes) {
    const DependentContactResult r = solve(TwoContacts(x, 1.0));
    // It solves the pyramid lifting by Lemke (ContactSolversAtEveryMagnitude): from x = 1 up to
    // 1e100 it must solve; below, and beyond, a refusal is honest too.
    if (x >= 1.0 && x <= 1e100) {
      EXPECT_TRUE(r.lcp.solved()) << "at " << x;
    }
    if (!r.lcp.solved()) continue;
    const double size = unit.forces.cwiseAbs().maxCoeff();
    for (Eigen::Index i = 0; i < 6; ++i) {
      EXPECT_NEAR(r.forces[i] * x, unit.forces[i], 1e-9 * size) << "row " << i << " at " << x;
    }
  }
}

}  // namespace false_success_test
}  // namespace stickslip::solvers
