#include "solvers/subspace_step.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace stickslip::solvers {
namespace {

// A column of N unit point masses stacked on the ground, one contact under each, no rotation: normal
// and tangent rows decouple, and each is the 1-D chain operator (2 on the diagonal, 1 for the top
// contact, -1 between neighbours). Resting impulses: contact k carries the weight of the masses
// above it, (N - k) g h, and b = -W p* makes them the solution. The chain's condition number grows
// as N², which is what makes Gauss-Seidel slow on stacks.
struct Column {
  explicit Column(int n) : W(Mat::Zero(2 * n, 2 * n)), b(Vec::Zero(2 * n)), exact(Vec::Zero(2 * n)) {
    for (int k = 0; k < n; ++k) {
      contacts.push_back({2 * k, 2 * k + 1, 0.5});
      for (int r : {2 * k, 2 * k + 1}) {
        W(r, r) = k + 1 < n ? 2.0 : 1.0;  // the top contact has one mass above it
        if (k + 1 < n) W(r, r + 2) = W(r + 2, r) = -1.0;
      }
      exact[2 * k] = (n - k) * gh;
    }
    b = -W * exact;
  }
  static constexpr double gh = 9.81e-3;
  Mat W;
  Vec b, exact;
  std::vector<FrictionContact> contacts;
};

// Gauss-Seidel sweeps leave a 60-mass column far from its resting impulses (the error decays by
// ~1 - π²/N² per sweep, and the load reaches the top contact only after N sweeps); a subspace step
// after every 20 sweeps solves the active set's equations directly, and once the sweeps have found
// the active set (every contact closed) the next step is exact. What remains is the step's 1e-10
// diagonal regularisation seen through the chain's smallest eigenvalue, λ_min ≈ π²/(2N)² ≈ 7e-4:
// ~1e-10 · 2 / λ_min ≈ 3e-7 of the largest impulse at N = 60, 2e-6 at N = 150.
// N = 150 (300 unknowns) takes the sparse LU path of the step, N = 60 the dense one.
TEST(SubspaceStep, SolvesATallColumnWithAFewSweeps) {
  for (int n : {60, 150}) {
    SCOPED_TRACE(n);
    const Column col(n);
    const double scale = col.exact.cwiseAbs().maxCoeff();
    FrictionalContactSolver pgs(col.b.size(), BoxPgsOptions{.tolerance = 1e-14, .max_iterations = 20});
    LcpResult res;
    pgs.solve(col.W, col.b, col.contacts, res);
    SubspaceStep step;
    step.reserve(col.b.size());
    Vec p = res.z;
    for (int round = 0; round < n / 20 + 2; ++round) {
      ASSERT_TRUE(step.apply(col.W, col.b, col.contacts, p));
      pgs.solve(col.W, col.b, col.contacts, p, res);
      p = res.z;
    }
    EXPECT_LT((p - col.exact).cwiseAbs().maxCoeff(), 1e-5 * scale);

    LcpResult plain;  // the same number of sweeps without the steps
    pgs.options().max_iterations = 20 * (n / 20 + 3);
    pgs.solve(col.W, col.b, col.contacts, plain);
    EXPECT_GT((plain.z - col.exact).cwiseAbs().maxCoeff(), 1e-2 * scale);

    const SparseMat Ws = col.W.sparseView();  // a sparse W gives the same equations
    Vec from_dense = p, from_sparse = p;
    ASSERT_TRUE(step.apply(col.W, col.b, col.contacts, from_dense));
    ASSERT_TRUE(step.apply(Ws, col.b, col.contacts, from_sparse));
    EXPECT_LT((from_dense - from_sparse).cwiseAbs().maxCoeff(), 1e-9 * scale);  // rounding of two solves
  }
}

// From a wrong guess (impulses halved, contact 0 guessed sliding, the top one separating) the step
// keeps the guessed active set: the sliding tangent rides its normal (p_T = μ p_N), the separating
// contact stays at zero, every result lies in the cone, and the rows taken as equations hold
// (W p + b = 0 on them, to the LU's rounding and the 1e-10 regularisation: 1e-9 of the scale).
TEST(SubspaceStep, KeepsTheGuessedActiveSetAndSolvesItsRows) {
  const Column col(8);
  Vec guess = 0.5 * col.exact;
  guess[1] = 0.5 * guess[0];  // contact 0 on the cone (μ = 0.5): tied
  guess[2 * 7] = 0.0;         // top contact separating
  SubspaceStep step;
  ASSERT_TRUE(step.apply(col.W, col.b, col.contacts, guess));
  EXPECT_GT((guess - 0.5 * col.exact).cwiseAbs().maxCoeff(), 1e-3) << "the step must move the impulses";
  for (const FrictionContact& c : col.contacts) {
    EXPECT_GE(guess[c.normal], 0.0);
    EXPECT_LE(std::abs(guess[c.tangent]), c.mu * guess[c.normal] + 1e-15);
  }
  EXPECT_NEAR(guess[1], 0.5 * guess[0], 1e-15);
  EXPECT_EQ(guess[2 * 7], 0.0);
  EXPECT_EQ(guess[2 * 7 + 1], 0.0);
  const Vec v = col.W * guess + col.b;
  const double scale = col.b.cwiseAbs().maxCoeff();
  for (int k = 1; k < 7; ++k) {  // sticking contacts: both rows are equations
    EXPECT_NEAR(v[2 * k], 0.0, 1e-9 * scale) << k;
    EXPECT_NEAR(v[2 * k + 1], 0.0, 1e-9 * scale) << k;
  }
}

// Mismatched sizes and contacts naming rows outside the problem are refused, p untouched.
TEST(SubspaceStep, RefusesInconsistentInput) {
  const Column col(4);
  SubspaceStep step;
  Vec p = col.exact;
  Vec shorter = col.exact.head(6);
  EXPECT_FALSE(step.apply(col.W, col.b, col.contacts, shorter));
  std::vector<FrictionContact> outside = col.contacts;
  outside.back().tangent = 99;
  EXPECT_FALSE(step.apply(col.W, col.b, outside, p));
  EXPECT_EQ(p, col.exact);
}

}  // namespace
}  // namespace stickslip::solvers
