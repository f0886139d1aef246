#include "solvers/subspace_step.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace stickslip::solvers {
namespace subspace_step_test {

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
// ~1 - π²/N² per sweep, and the load reaches the top contacts only after N sweeps, so after 20 the
// upper contacts are still open). One subspace step from there predicts the right face (every
// contact closed and sticking) from the natural map and solves its equations directly. What
// remains is the step's 1e-10 diagonal regularisation seen through the chain's smallest eigenvalue,
// λ_min ≈ π²/(2N)²: at most ~1e-10 · 2 / λ_min of the largest impulse (3e-7 at N = 60, 2e-6 at
// N = 150; measured 4e-9 and 1e-8). N = 150 (300 unknowns) takes the sparse LU path of the step,
// N = 60 the dense one.
TEST(SubspaceStep, SolvesATallColumnWithAFewSweeps) {
  for (int n : {60, 150}) {
    SCOPED_TRACE(n);
    const Column col(n);
    const double scale = col.exact.cwiseAbs().maxCoeff();
    const double lambda_min = std::pow(std::numbers::pi / (2.0 * n), 2);
    const double bound = 2e-10 / lambda_min * scale;
    FrictionalContactSolver pgs(col.b.size(), BoxPgsOptions{.tolerance = 1e-14, .max_iterations = 20});
    LcpResult res;
    pgs.solve(col.W, col.b, col.contacts, res);
    ASSERT_GT((res.z - col.exact).cwiseAbs().maxCoeff(), 1e-2 * scale);  // the sweeps alone are far off
    SubspaceStep step;
    step.reserve(col.b.size());
    Vec p = res.z;
    ASSERT_TRUE(step.apply(col.W, col.b, col.contacts, p));
    EXPECT_GE(step.face_updates(), 1);  // the face of the sweeps' iterate was wrong (open top contacts)
    EXPECT_LT(step.end_residual(), 1e-6 * step.start_residual());
    EXPECT_LT((p - col.exact).cwiseAbs().maxCoeff(), bound);
    Vec again = p;  // from the solution a second step stays there
    step.apply(col.W, col.b, col.contacts, again);
    EXPECT_LT((again - col.exact).cwiseAbs().maxCoeff(), bound);

    const SparseMat Ws = col.W.sparseView();  // a sparse W gives the same equations
    Vec from_dense = res.z, from_sparse = res.z;
    ASSERT_TRUE(step.apply(col.W, col.b, col.contacts, from_dense));
    ASSERT_TRUE(step.apply(Ws, col.b, col.contacts, from_sparse));
    EXPECT_LT((from_dense - from_sparse).cwiseAbs().maxCoeff(), 1e-9 * scale);  // rounding of two solves
  }
}

// From a wrong face (impulses halved, contact 0 guessed sliding on its cone, the top one open) the
// step's face prediction finds the true one (every contact sticking) and lands on the solution:
// every result in the cone, the rows' velocities W p + b zero to the LU's rounding and the 1e-10
// regularisation (1e-9 of the scale).
TEST(SubspaceStep, CorrectsAWrongFace) {
  const Column col(8);
  Vec guess = 0.5 * col.exact;
  guess[1] = 0.5 * guess[0];  // contact 0 on the cone (μ = 0.5): guessed sliding
  guess[2 * 7] = 0.0;         // top contact guessed open
  SubspaceStep step;
  ASSERT_TRUE(step.apply(col.W, col.b, col.contacts, guess));
  EXPECT_GE(step.face_updates(), 1);
  for (const FrictionContact& c : col.contacts) {
    EXPECT_GE(guess[c.normal], 0.0);
    EXPECT_LE(std::abs(guess[c.tangent]), c.mu * guess[c.normal] + 1e-15);
  }
  const double scale = col.b.cwiseAbs().maxCoeff();
  EXPECT_LT((guess - col.exact).cwiseAbs().maxCoeff(), 1e-9 * scale);
  const Vec v = col.W * guess + col.b;
  EXPECT_LT(v.cwiseAbs().maxCoeff(), 1e-9 * scale);
}

// The column as bodies: W = H M⁻¹ Hᵀ with H's row k = +1 on body k's velocity and −1 on body
// k+1's (the top contact touches body N−1 only), normals on the vertical velocity, tangents on the
// horizontal one, the rotation untouched; unit masses. The step in velocity space (the minimum-norm
// least-squares correction) and the step on W agree on these consistent equations, to the
// velocity-space regularisation (1e-8 of the largest diagonal entry, seen through λ_min ≈ 7e-4: at
// most ~3e-5 of the scale; measured 8e-7).
TEST(SubspaceStep, VelocitySpaceStepAgreesWithTheStepOnW) {
  const int n = 60;
  const Column col(n);
  std::vector<Eigen::Triplet<double>> entries;
  for (int k = 0; k < n; ++k)
    for (int axis : {0, 1}) {  // tangent row on x (axis 0), normal row on y (axis 1)
      const int row = 2 * k + (axis == 1 ? 0 : 1);
      for (int body : {k, k + 1}) {
        if (body >= n) continue;
        for (int c = 0; c < 3; ++c) entries.emplace_back(row, 3 * body + c, c == axis ? (body == k ? 1.0 : -1.0) : 0.0);
      }
    }
  RowSparseMat H(2 * n, 3 * n);
  H.setFromTriplets(entries.begin(), entries.end());
  const Vec minv = Vec::Ones(3 * n);
  ASSERT_LT((Mat(H * minv.asDiagonal() * H.transpose()) - col.W).cwiseAbs().maxCoeff(), 1e-15);
  FrictionalContactSolver pgs(col.b.size(), BoxPgsOptions{.tolerance = 1e-14, .max_iterations = 20});
  LcpResult res;
  pgs.solve(col.W, col.b, col.contacts, res);
  SubspaceStep step;
  step.analyse(H);
  Vec by_velocity = res.z, on_w = res.z;
  ASSERT_TRUE(step.apply(H, minv, col.b, col.contacts, by_velocity));
  ASSERT_TRUE(step.apply(col.W, col.b, col.contacts, on_w));
  const double scale = col.exact.cwiseAbs().maxCoeff();
  const double bound = 2e-8 / std::pow(std::numbers::pi / (2.0 * n), 2) * scale;
  EXPECT_LT((by_velocity - on_w).cwiseAbs().maxCoeff(), bound);
  EXPECT_LT((by_velocity - col.exact).cwiseAbs().maxCoeff(), bound);
  Vec wrong_mass = minv.head(3);  // inconsistent sizes refused, p untouched
  Vec p = res.z;
  EXPECT_FALSE(step.apply(H, wrong_mass, col.b, col.contacts, p));
  EXPECT_EQ(p, res.z);
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

}  // namespace subspace_step_test
}  // namespace stickslip::solvers
