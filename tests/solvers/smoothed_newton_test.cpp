#include "solvers/smoothed_newton.hpp"

#include <gtest/gtest.h>

#include "lcp_fixtures.hpp"
#include "solvers/enumeration.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {
namespace smoothed_newton_test {

// A matrix of the shape of Qi, Luo & Huang 2011, eq. (31): [[0, A], [A^T, 0]] with positive A: a zero diagonal
// (PGS cannot run), symmetric indefinite, nonnegative hence copositive.
Mat zero_diagonal_like(Eigen::Index m, unsigned seed) {
  const Mat A = fixtures::uniform_matrix(m, m, seed, 0.1, 1.0);
  Mat M = Mat::Zero(2 * m, 2 * m);
  M.topRightCorner(m, m) = A;
  M.bottomLeftCorner(m, m) = A.transpose();
  return M;
}

TEST(SmoothedNewton, HandSolvedThreeByThree) {
  Mat M(3, 3);
  M << 4, 1, 0, 1, 4, 1, 0, 1, 4;
  const LcpResult r = solve_smoothed_newton(M, Vec3(-5, -6, -5));
  ASSERT_EQ(r.status, LcpStatus::solved);
  // Tolerance 1e-10 * 6 on the residual; the last steps are quadratic, the error is much smaller.
  EXPECT_LE((r.z - Vec3(1, 1, 1)).cwiseAbs().maxCoeff(), 1e-10);
}

// On these zero-diagonal problems M is copositive but not copositive-plus, and Lemke's method ends
// on a ray for every seed although the enumeration oracle finds solutions; this is why Qi, Luo & Huang 2011
// uses the smoothing method. The problems are nonmonotone, so no method is guaranteed: the test pins
// down which of the fixed seeds the smoothed method solves with its automatic scaling (all but one
// of those with a solution; without scaling it solves fewer), and checks it never claims a solution
// it does not have.
TEST(SmoothedNewton, ZeroDiagonalProblemsLemkeCannotSolve) {
  int solved_scaled = 0, solved_unscaled = 0, solvable = 0;
  for (unsigned seed = 1; seed <= 8; ++seed) {
    const Mat M = zero_diagonal_like(4, seed);
    const Vec q = fixtures::uniform_vector(8, seed + 10, -1.0, 1.0);
    EnumerationSolver oracle(8);
    LcpResult b;
    oracle.solve(M, q, b);
    if (b.status != LcpStatus::solved) continue;
    ++solvable;
    EXPECT_EQ(solve_lemke(M, q).status, LcpStatus::ray_termination);
    SmoothedNewtonOptions opts;
    for (auto scaling : {SmoothingScaling::automatic, SmoothingScaling::none}) {
      opts.scaling = scaling;
      const LcpResult a = solve_smoothed_newton(M, q, opts);
      if (a.status != LcpStatus::solved) continue;
      // Solved means the default tolerance was met: residual <= 1e-10 * max(1, ||q||) = 1e-10.
      fixtures::expect_solution(M, q, a, 1e-10);
      ++(scaling == SmoothingScaling::automatic ? solved_scaled : solved_unscaled);
    }
  }
  EXPECT_EQ(solvable, 7);
  EXPECT_EQ(solved_scaled, 6);
  EXPECT_LT(solved_unscaled, solved_scaled);
}

TEST(SmoothedNewton, ScalingDoesNotChangeTheSolution) {
  // Rows of wildly different units (1e4 and 1e-4), as forces beside gaps in Qi, Luo & Huang 2011.
  Mat M = fixtures::random_spd(10, 31);
  Vec q = fixtures::uniform_vector(10, 32);
  for (Eigen::Index i = 0; i < 5; ++i) {
    M.row(i) *= 1e4;
    q[i] *= 1e4;
    M.row(i + 5) *= 1e-4;
    q[i + 5] *= 1e-4;
  }
  const LcpResult exact = solve_lemke(M, q);
  ASSERT_TRUE(exact.solved());
  SmoothedNewtonOptions opts;
  for (auto scaling : {SmoothingScaling::automatic, SmoothingScaling::custom}) {
    opts.scaling = scaling;
    opts.row_scale = Vec::Ones(10);
    opts.row_scale.head(5).setConstant(1e4);
    opts.row_scale.tail(5).setConstant(1e-4);
    SmoothedNewtonSolver solver(10, opts);
    LcpResult r;
    solver.solve(M, q, r);
    ASSERT_EQ(r.status, LcpStatus::solved);
    // Residual <= 1e-10 * 1e4 in w units (automatic) or 1e-10 in each row's unit (custom); z is
    // O(1) with eigenvalues >= 0.1 after row scaling: |dz| ~ 1e-9 at most.
    EXPECT_LE((r.z - exact.z).cwiseAbs().maxCoeff(), 1e-8);
  }
  opts.scaling = SmoothingScaling::custom;
  opts.row_scale = Vec::Ones(3);  // wrong size
  SmoothedNewtonSolver bad(10, opts);
  LcpResult r;
  bad.solve(M, q, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  bad.options().row_scale = Vec::Ones(10);
  bad.options().variable_scale = -Vec::Ones(10);  // not positive
  bad.solve(M, q, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
}

// The block structure of Qi, Luo & Huang 2011, eq. (31), in miniature: rows y1 = A_g x2 + A_f x3 + b_f
// hold forces (x2, x3 forces too), rows y2 = A_h x1 + b_h and y3 = A_v x1 + b_v hold gaps (x1 gaps
// too). Blocks of order one (ratios of lengths), forces ~ k_f = 1e3, gaps ~ eps = 1e-4: seven orders
// apart. q comes from a planted complementary pair, so a solution exists.
struct JointContactLcp {
  Mat M;
  Vec q, row_units, variable_units;
};

JointContactLcp joint_contact_lcp(unsigned seed) {
  const double kf = 1e3, eps = 1e-4;
  JointContactLcp p;
  p.M = Mat::Zero(6, 6);
  p.M.block(0, 2, 2, 4) = fixtures::uniform_matrix(2, 4, seed);       // [A_g A_f]
  p.M.block(2, 0, 4, 2) = fixtures::uniform_matrix(4, 2, seed + 50);  // [A_h; A_v]
  Vec x(6), y(6);  // x = (x1 gaps, x2 forces, x3 forces), y = (y1 forces, y2 gaps, y3 gaps)
  x << 0, 0.6 * eps, 0.5 * kf, 0, 0, 0.9 * kf;
  y << 0.8 * kf, 0, 0, 0.3 * eps, 0.4 * eps, 0;
  p.q = y - p.M * x;
  p.row_units.resize(6);
  p.row_units << kf, kf, eps, eps, eps, eps;  // eq. (35): b_f / k_f, b_h / eps, b_v / eps
  p.variable_units.resize(6);
  p.variable_units << eps, eps, kf, kf, kf, kf;
  return p;
}

// Eq. (35) as the paper defines it (custom scaling with the units of both members of each pair)
// against no scaling. On seed 1 Lemke ends on a ray; both variants solve it, the scaled one in 5
// Newton steps instead of 41. Over 20 seeds eq. (35) solves 17 and the unscaled method 8.
TEST(SmoothedNewton, PaperScalingOnTheJointContactBlockStructure) {
  const JointContactLcp p = joint_contact_lcp(1);
  EXPECT_EQ(solve_lemke(p.M, p.q).status, LcpStatus::ray_termination);
  SmoothedNewtonOptions opts;
  opts.scaling = SmoothingScaling::none;
  const LcpResult plain = solve_smoothed_newton(p.M, p.q, opts);
  opts.scaling = SmoothingScaling::custom;
  opts.row_scale = p.row_units;
  opts.variable_scale = p.variable_units;
  SmoothedNewtonSolver solver(6, opts);
  LcpResult scaled;
  solver.solve(p.M, p.q, scaled);
  ASSERT_EQ(plain.status, LcpStatus::solved);
  ASSERT_EQ(scaled.status, LcpStatus::solved);
  EXPECT_LE(scaled.iterations, plain.iterations);
  // In the problem's units the block structure is unchanged: M~ = M.
  EXPECT_EQ(solver.row_divisors().head(6), p.row_units);
  // Unscaled: the default test 1e-10 max(1, |q|) on the residual in N and m mixed.
  fixtures::expect_solution(p.M, p.q, plain, 1e-10 * residual_scale(p.q));
  // Scaled: the same tolerance on the residual measured in k_f and eps, which the unscaled test
  // cannot see for the gaps (1e-10 |q| ~ 1e-7 m is 1e-3 eps).
  const Vec x = scaled.z.cwiseQuotient(p.variable_units), y = scaled.w.cwiseQuotient(p.row_units);
  EXPECT_LE(x.cwiseMin(y).cwiseAbs().maxCoeff(), 1e-10 * residual_scale(p.q.cwiseQuotient(p.row_units)));
  EXPECT_GE(y.minCoeff(), -1e-10);
  fixtures::expect_solution(p.M, p.q, scaled, 1e-10 * residual_scale(p.q));

  int solved_scaled = 0, solved_plain = 0;
  for (unsigned seed = 1; seed <= 20; ++seed) {
    const JointContactLcp s = joint_contact_lcp(seed);
    opts.row_scale = s.row_units;
    opts.variable_scale = s.variable_units;
    opts.scaling = SmoothingScaling::custom;
    solved_scaled += solve_smoothed_newton(s.M, s.q, opts).solved();
    opts.scaling = SmoothingScaling::none;
    solved_plain += solve_smoothed_newton(s.M, s.q, opts).solved();
  }
  EXPECT_EQ(solved_scaled, 17);
  EXPECT_EQ(solved_plain, 8);
}

TEST(SmoothedNewton, FixedEpsilonGivesTheCentralPathPoint) {
  // With eps_min > 0 and a single pair, x y = eps^2 / 2 at convergence of the smoothed system; the
  // true residual cannot reach the tolerance, so the cap is reported honestly.
  SmoothedNewtonOptions opts;
  opts.eps_min = 1e-2;
  opts.eps_initial = 1e-2;
  opts.scaling = SmoothingScaling::none;
  opts.newton.max_iterations = 30;
  SmoothedNewtonSolver solver(1, opts);
  LcpResult r;
  // z >= 0, w = z - 1 >= 0, z w = 0  =>  z = 1; the smoothed pair stops at z (z - 1) = eps^2 / 2.
  solver.solve(Mat::Identity(1, 1), -Vec::Ones(1), r);
  EXPECT_EQ(r.status, LcpStatus::max_iterations);
  EXPECT_NEAR(r.z[0] * r.w[0], 0.5e-4, 1e-12);  // converged Newton: rounding only
}

}  // namespace smoothed_newton_test
}  // namespace stickslip::solvers
