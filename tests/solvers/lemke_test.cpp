#include "solvers/lemke.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "lcp_fixtures.hpp"
#include "math/errors.hpp"
#include "solvers/enumeration.hpp"

namespace stickslip::solvers {
namespace lemke_test {

using fixtures::expect_solution;

Mat mat(std::initializer_list<std::initializer_list<double>> rows) {
  Mat m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.begin()->size()));
  Eigen::Index i = 0;
  for (const auto& row : rows) {
    Eigen::Index j = 0;
    for (double v : row) m(i, j++) = v;
    ++i;
  }
  return m;
}

// Hand-solved problems have exact rational solutions; pivoting reproduces them up to a few ulps of
// the data (entries <= 6), so 1e-13 absolute leaves a margin of ~100 ulps.
constexpr double kExact = 1e-13;

TEST(Lemke, NonNegativeQGivesZeroWithoutPivoting) {
  const Mat M = mat({{1, 2}, {3, 4}});
  const Vec q = Vec2(1, 2);
  const LcpResult r = solve_lemke(M, q);
  EXPECT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(r.z, Vec::Zero(2));
  EXPECT_EQ(r.w, q);
  EXPECT_EQ(r.residual, 0.0);
}

TEST(Lemke, TwoByTwoEveryZPositive) {
  // 2 z1 + z2 = 5, z1 + 2 z2 = 6  =>  z = (4/3, 7/3), w = 0.
  const Mat M = mat({{2, 1}, {1, 2}});
  const LcpResult r = solve_lemke(M, Vec2(-5, -6));
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_NEAR(r.z[0], 4.0 / 3.0, kExact);
  EXPECT_NEAR(r.z[1], 7.0 / 3.0, kExact);
  EXPECT_NEAR(r.w.cwiseAbs().maxCoeff(), 0.0, kExact);
}

TEST(Lemke, TwoByTwoMixed) {
  // z2 = 0: 2 z1 - 1 = 0 => z1 = 1/2, w2 = 1/2 + 3 = 7/2.
  const Mat M = mat({{2, 1}, {1, 2}});
  const LcpResult r = solve_lemke(M, Vec2(-1, 3));
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_NEAR(r.z[0], 0.5, kExact);
  EXPECT_EQ(r.z[1], 0.0);
  EXPECT_NEAR(r.w[0], 0.0, kExact);
  EXPECT_NEAR(r.w[1], 3.5, kExact);
}

TEST(Lemke, ThreeByThreeEveryZPositive) {
  // Tridiagonal: 4a + b = 5, a + 4b + c = 6, b + 4c = 5  =>  a = b = c = 1.
  const Mat M = mat({{4, 1, 0}, {1, 4, 1}, {0, 1, 4}});
  const LcpResult r = solve_lemke(M, Vec3(-5, -6, -5));
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LE((r.z - Vec3(1, 1, 1)).cwiseAbs().maxCoeff(), kExact);
  EXPECT_LE(r.residual, kExact);
}

TEST(Lemke, ThreeByThreeMiddleInactive) {
  // z2 = 0: 4 z1 = 4, 4 z3 = 4  =>  z = (1, 0, 1), w2 = 1 + 1 + 2 = 4.
  const Mat M = mat({{4, 1, 0}, {1, 4, 1}, {0, 1, 4}});
  const LcpResult r = solve_lemke(M, Vec3(-4, 2, -4));
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LE((r.z - Vec3(1, 0, 1)).cwiseAbs().maxCoeff(), kExact);
  EXPECT_NEAR(r.w[1], 4.0, kExact);
}

TEST(Lemke, ThreeByThreeNonNegativeQGivesZero) {
  // q >= 0: z = 0, w = q solves, and it is the only solution of a P-matrix LCP; the zero q_2 is a
  // degenerate row that must not start a pivot.
  const Mat M = mat({{1, 2, 0}, {0, 1, 2}, {2, 0, 1}});
  const LcpResult r = solve_lemke(M, Vec3(1, 0, 2));
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(r.z, Vec3(0, 0, 0));
  EXPECT_EQ(r.w, Vec3(1, 0, 2));
}

TEST(Lemke, ThreeByThreeNonSymmetricPMatrix) {
  // Principal minors 1, 1, 1, 1 and det = 9; by symmetry of the cycle z = (1/3, 1/3, 1/3), w = 0.
  const Mat M = mat({{1, 2, 0}, {0, 1, 2}, {2, 0, 1}});
  const LcpResult r = solve_lemke(M, Vec3(-1, -1, -1));
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LE((r.z - Vec3::Constant(1.0 / 3.0)).cwiseAbs().maxCoeff(), kExact);
}

// A degenerate problem (found by a search over small integer problems) on which the textbook rule
// (first minimum ratio, no tie-breaking) returns to an earlier basis and cycles for ever, while the
// lexicographic rule reaches the solution z = (0.92, 0.76, 0, 0.28) in a few pivots.
TEST(Lemke, LexicographicRuleAvoidsCyclingOnDegenerateProblem) {
  const Mat M = mat({{1, -1, 0, 3}, {2, 0, 3, -3}, {2, 0, -1, -1}, {-2, 3, 3, 2}});
  const Vec q = Eigen::Vector4d(-1, -1, 0, -1);
  LemkeOptions textbook;
  textbook.lexicographic = false;
  textbook.max_iterations = 1000;
  const LcpResult cycling = solve_lemke(M, q, textbook);
  EXPECT_EQ(cycling.status, LcpStatus::max_iterations);
  EXPECT_EQ(cycling.iterations, 1000);

  const LcpResult r = solve_lemke(M, q);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LT(r.iterations, 20);
  EXPECT_LE((r.z - Eigen::Vector4d(0.92, 0.76, 0.0, 0.28)).cwiseAbs().maxCoeff(), kExact);
  expect_solution(M, q, r, kExact);
}

// Fully degenerate: q = 0 has the solution z = 0 at once; q with equal entries ties the first pivot.
TEST(Lemke, TiesInTheFirstPivot) {
  const Mat M = mat({{2, 1, 1}, {1, 2, 1}, {1, 1, 2}});
  const LcpResult r = solve_lemke(M, Vec3(-1, -1, -1));
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LE((r.z - Vec3::Constant(0.25)).cwiseAbs().maxCoeff(), kExact);
}

// When the artificial variable z0 ties with another basic variable in the ratio test it leaves at
// once: z0 = 0 there, so the basis already solves the LCP. M = [2 1; 1.5 −0.5], q = (−2, −1.5): z0
// enters at 2 (w1 leaves, w2 = 0.5); z1 enters and drives z0 = 2 − 2 z1 and w2 = 0.5 − 0.5 z1 to zero
// together at z1 = 1. Taking z0 ends the path after these two pivots with the LCP's only solution,
// z = (1, 0), w = (0, 0) (with z2 > 0, 2 z1 + z2 = 2 and 1.5 z1 − 0.5 z2 = 1.5 force z2 = 0). Taking w2
// instead (the lexicographic rule prefers it) lets z2 enter and, M not being a P-matrix, the path ends
// on a ray: no solution reported for a solvable problem. On the P-matrix M = [2 −2; 1 0.5],
// q = (−2, −1) the same tie arises; there the other choice costs a third, degenerate pivot to the same
// answer. The halves keep every tie exact through the power-of-two balancing.
TEST(Lemke, ArtificialVariableLeavesFirstOnATie) {
  LemkeOptions pivoting;  // the pivoting rule itself (n = 2 would take the direct path)
  pivoting.direct_up_to = 0;
  const LcpResult r = solve_lemke(mat({{2, 1}, {1.5, -0.5}}), Vec2(-2, -1.5), pivoting);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.iterations, 2);
  EXPECT_EQ(r.z, Vec2(1, 0));
  EXPECT_EQ(r.w, Vec2(0, 0));
  const LcpResult p = solve_lemke(mat({{2, -2}, {1, 0.5}}), Vec2(-2, -1), pivoting);
  ASSERT_EQ(p.status, LcpStatus::solved);
  EXPECT_EQ(p.iterations, 2);
  EXPECT_EQ(p.z, Vec2(1, 0));
}

TEST(Lemke, InfeasibleProblemEndsInRayTermination) {
  // z1 - z2 >= 1 and z2 - z1 >= 1 cannot both hold: M is PSD (copositive-plus), so the ray proves it.
  const Mat M = mat({{1, -1}, {-1, 1}});
  const LcpResult r = solve_lemke(M, Vec2(-1, -1));
  EXPECT_EQ(r.status, LcpStatus::ray_termination);
  EXPECT_LT(r.iterations, 10);
  EXPECT_GT(r.residual, 0.5);  // the reported iterate is not a solution
  // w = -z - 1 < 0 for every z >= 0.
  const LcpResult r1 = solve_lemke(mat({{-1}}), Vec::Constant(1, -1.0));
  EXPECT_EQ(r1.status, LcpStatus::ray_termination);
}

TEST(Lemke, InvalidInputIsReportedNotThrown) {
  const Mat M = Mat::Identity(2, 2);
  Mat bad = M;
  bad(0, 1) = std::nan("");
  EXPECT_EQ(solve_lemke(bad, Vec2(-1, -1)).status, LcpStatus::invalid_input);
  EXPECT_EQ(solve_lemke(M, Vec2(-1, INFINITY)).status, LcpStatus::invalid_input);
  EXPECT_EQ(solve_lemke(Mat::Identity(2, 3), Vec2(-1, -1)).status, LcpStatus::invalid_input);
  EXPECT_EQ(solve_lemke(M, Vec3(-1, -1, -1)).status, LcpStatus::invalid_input);
}

// q >= 0 is answered by z = 0 before any pivoting (lemke.hpp, solve), but not for input the general
// path would reject: a non-finite M is reported although z = 0 would not need it, and so are an
// infinite or NaN q (NaN >= 0 is false, +inf >= 0 is true) and a size mismatch.
TEST(Lemke, NonNegativeQStillChecksTheInput) {
  const Mat M = Mat::Identity(2, 2);
  for (const double bad : {std::nan(""), double{INFINITY}, -double{INFINITY}}) {
    Mat badM = M;
    badM(1, 0) = bad;
    EXPECT_EQ(solve_lemke(badM, Vec2(1, 0)).status, LcpStatus::invalid_input) << bad;
    EXPECT_EQ(solve_lemke(M, Vec2(1, bad)).status, LcpStatus::invalid_input) << bad;
  }
  EXPECT_EQ(solve_lemke(Mat::Identity(2, 3), Vec2(1, 1)).status, LcpStatus::invalid_input);
  EXPECT_EQ(solve_lemke(M, Vec3(1, 1, 1)).status, LcpStatus::invalid_input);
  // The same solver answers a valid q >= 0 after rejecting the others: exactly, in its own sizes.
  LemkeSolver solver(2);
  LcpResult r;
  solver.solve(M, Vec2(-INFINITY, 1), r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  solver.solve(M, Vec2(2, 0), r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(r.residual, 0.0);
  EXPECT_EQ(r.z, Vec2(0, 0));
  EXPECT_EQ(r.w, Vec2(2, 0));
  // The empty problem is the trivial one.
  const LcpResult empty = solve_lemke(Mat(0, 0), Vec(0));
  EXPECT_EQ(empty.status, LcpStatus::solved);
  EXPECT_EQ(empty.z.size(), 0);
}

// Four P-matrix families (unique solutions): SPD, strictly diagonally dominant, non-symmetric
// positive definite with a large skew part, and Murty's triangular matrix.
Mat small_p_matrix(Eigen::Index n, unsigned seed) {
  switch (seed % 4) {
    case 0: return fixtures::random_spd(n, seed);
    case 1: return fixtures::random_p_matrix(n, seed);
    case 2: return fixtures::random_pd_nonsymmetric(n, seed);
    default: return fixtures::murty_matrix(n);
  }
}

// Random problems against the enumeration oracle (n <= 8, unique solutions for P-matrices).
// Both are exact up to rounding; 1e-10 on z covers the conditioning of these small matrices
// (Murty's matrix of order 8 has cond ~ 1e4, so its z carries errors of ~1e-12).
TEST(Lemke, AgreesWithEnumerationOnSmallPMatrices) {
  EnumerationSolver oracle(8);
  LemkeSolver lemke(8);
  LcpResult a, b;
  for (unsigned seed = 1; seed <= 80; ++seed) {
    const Eigen::Index n = 1 + seed % 8;
    const Mat M = small_p_matrix(n, seed);
    const Vec q = fixtures::uniform_vector(n, seed + 7);
    lemke.solve(M, q, a);
    oracle.solve(M, q, b);
    ASSERT_EQ(a.status, LcpStatus::solved) << "seed " << seed;
    ASSERT_EQ(b.status, LcpStatus::solved) << "seed " << seed;
    EXPECT_LE((a.z - b.z).cwiseAbs().maxCoeff(), 1e-10) << "seed " << seed;
  }
}

// The direct path on 1-3 unknowns (LemkeOptions::direct_up_to) against the pivoting path on the
// same problems: P-matrices (unique solution, so both must agree to rounding: 1e-12 on these
// well-scaled entries ≤ ~10), PSD Delassus-like matrices of rank 1 with a planted solution (any
// solution will do: checked as a solution), and an infeasible problem, which the direct path hands
// to the pivoting one (ray termination). The direct path tries at most the 7 non-empty bases.
TEST(Lemke, DirectPathOnTinyProblemsAgreesWithPivoting) {
  LemkeOptions pivoting;
  pivoting.direct_up_to = 0;
  LemkeSolver direct(3), pivot(3, pivoting);
  LcpResult a, b;
  for (unsigned seed = 1; seed <= 60; ++seed) {
    const Eigen::Index n = 1 + seed % 3;
    const Mat M = small_p_matrix(n, seed);
    const Vec q = fixtures::uniform_vector(n, seed + 11);
    direct.solve(M, q, a);
    pivot.solve(M, q, b);
    ASSERT_EQ(a.status, LcpStatus::solved) << "seed " << seed;
    ASSERT_EQ(b.status, LcpStatus::solved) << "seed " << seed;
    EXPECT_LE(a.iterations, 7) << "seed " << seed;
    EXPECT_LE((a.z - b.z).cwiseAbs().maxCoeff(), 1e-12) << "seed " << seed;
    const Mat psd = fixtures::random_psd(n, 1, seed);
    const Vec planted = fixtures::planted_q(psd, seed + 5);
    direct.solve(psd, planted, a);
    ASSERT_EQ(a.status, LcpStatus::solved) << "psd seed " << seed;
    expect_solution(psd, planted, a, 1e-12 * fixtures::magnitude(psd, planted, a.z));
  }
  direct.solve(mat({{1, -1}, {-1, 1}}), Vec2(-1, -1), a);  // z1 - z2 >= 1 and z2 - z1 >= 1
  EXPECT_EQ(a.status, LcpStatus::ray_termination);
}

// Sizes 5..300, SPD, diagonally dominant, PSD and non-symmetric PD: Lemke is exact, so the residual
// is rounding only. The basis inverse is updated by
// rank-one formulas and refined once; 1e-10 times the problem's magnitude allows cond(G) up to ~1e5
// with room to spare (the observed residuals are ~1e-14).
TEST(Lemke, SolvesRandomProblemsToRoundingAccuracy) {
  LemkeSolver lemke;
  LcpResult r;
  for (Eigen::Index n : {5, 20, 50, 120, 300}) {
    const auto seed = static_cast<unsigned>(n);
    const Mat spd = fixtures::random_spd(n, seed);
    const Mat pm = fixtures::random_p_matrix(n, seed + 1);
    const Mat psd = fixtures::random_psd(n, n / 2 + 1, seed + 2);
    const Mat pdn = fixtures::random_pd_nonsymmetric(n, seed + 4);
    for (const Mat* M : {&spd, &pm, &psd, &pdn}) {
      const Vec q = M == &psd ? fixtures::planted_q(*M, seed + 3) : fixtures::uniform_vector(n, seed + 3);
      lemke.solve(*M, q, r);
      ASSERT_EQ(r.status, LcpStatus::solved) << "n " << n;
      expect_solution(*M, q, r, 1e-10 * fixtures::magnitude(*M, q, r.z));
    }
  }
}

// The same solver object handles a sequence of sizes, larger and smaller than its capacity.
TEST(Lemke, ReusesWorkspaceAcrossSizes) {
  LemkeSolver lemke(4);
  LcpResult r;
  for (Eigen::Index n : {3, 10, 2, 7}) {
    const Mat M = fixtures::random_spd(n, 40 + static_cast<unsigned>(n));
    Vec q = fixtures::uniform_vector(n, 50 + static_cast<unsigned>(n));
    q[0] = -1.0;  // something to solve: the pivoting path and its workspace (q >= 0 needs neither)
    lemke.solve(M, q, r);
    ASSERT_EQ(r.status, LcpStatus::solved);
    expect_solution(M, q, r, 1e-12);  // well-conditioned SPD (eigenvalues >= 0.1): near-ulp accuracy
  }
  EXPECT_GE(lemke.capacity(), 10);
}

// A refresh after every pivot exercises the rebuild path; the answer must not change.
TEST(Lemke, RefreshEveryPivotGivesTheSameSolution) {
  const Mat M = fixtures::random_spd(40, 11);
  const Vec q = fixtures::uniform_vector(40, 12);
  LemkeOptions every;
  every.refresh_interval = 1;
  const LcpResult a = solve_lemke(M, q), b = solve_lemke(M, q, every);
  ASSERT_TRUE(a.solved() && b.solved());
  EXPECT_LE((a.z - b.z).cwiseAbs().maxCoeff(), 1e-12);  // same basis; rounding of cond ~ 100 only
}

// Murty's problem (lower triangular, 1 on the diagonal, 2 below, q = -e): 2^n pivots (the matrix is
// balanced, so the count is that of the textbook analysis). The automatic pivot cap,
// 50 (n + 1) + 100 + 2^min(n, 16), lets the path finish up to n = 16 and ends it at n = 17
// (131 072 pivots needed, cap 66 536) with max_iterations. The solution is z = (1, 0, ..., 0).
TEST(Lemke, MurtysProblemNeedsTwoToTheNPivots) {
  LemkeOptions pivoting;  // n = 2, 3 would take the direct path
  pivoting.direct_up_to = 0;
  for (Eigen::Index n : {2, 3, 4, 5, 6, 7, 8, 12, 16}) {
    const LcpResult r = solve_lemke(fixtures::murty_matrix(n), -Vec::Ones(n), pivoting);
    ASSERT_EQ(r.status, LcpStatus::solved) << n;
    EXPECT_EQ(r.iterations, 1 << n) << n;
    EXPECT_EQ(r.z[0], 1.0) << n;  // w_1 = z_1 - 1 = 0; the others have w_i = 1 > 0, z_i = 0
    EXPECT_EQ(r.z.tail(n - 1).cwiseAbs().maxCoeff(), 0.0) << n;
  }
  EXPECT_EQ(lemke_pivot_cap(10), 1674);
  EXPECT_EQ(lemke_pivot_cap(17), 66536);
  const LcpResult capped = solve_lemke(fixtures::murty_matrix(17), -Vec::Ones(17));
  EXPECT_EQ(capped.status, LcpStatus::max_iterations);
  EXPECT_EQ(capped.iterations, 66536);
}

// The iteration cap bounds a pivoting run that cannot finish within it.
TEST(Lemke, IterationCapStopsTheRun) {
  const Mat M = fixtures::random_spd(30, 5);
  LemkeOptions capped;
  capped.max_iterations = 3;
  const LcpResult r = solve_lemke(M, fixtures::uniform_vector(30, 6, -1.0, -0.5), capped);
  EXPECT_EQ(r.status, LcpStatus::max_iterations);
  EXPECT_EQ(r.iterations, 3);
}

// A long path asks for stop requests every 64 pivots: Murty's problem of n = 12 takes 4 096 pivots,
// so 64 questions; one answered yes ends the solve with StopRequested, and a run held by such a
// path (the event-driven settle of a wall took 15 minutes) can be stopped.
TEST(Lemke, ALongPathAnswersStopRequests) {
  LemkeOptions asked;
  asked.direct_up_to = 0;
  long questions = 0;
  asked.should_stop = [&questions] {
    ++questions;
    return false;
  };
  const LcpResult r = solve_lemke(fixtures::murty_matrix(12), -Vec::Ones(12), asked);
  ASSERT_TRUE(r.solved());
  EXPECT_NEAR(static_cast<double>(questions), 4096 / LemkeOptions::kStopCheckPivots, 1);  // once every 64 pivots
  asked.should_stop = [] { return true; };
  EXPECT_THROW(solve_lemke(fixtures::murty_matrix(12), -Vec::Ones(12), asked), StopRequested);
}

}  // namespace lemke_test
}  // namespace stickslip::solvers
