#include "solvers/dependent_contact_lcp.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "solvers/frictional_contact.hpp"

namespace stickslip::solvers {
namespace dependent_contact_lcp_test {

// A block (m = 2 kg, J = 0.01 kg m², corners at x = ±b, h below its centre) landing flat on two rigid
// corners with a plastic impact (e = 0): generalised coordinates (x, y, θ), M diagonal. The corners'
// tangential directions are the same generalised force (1, 0, h) (a horizontal impulse at either
// corner pushes and turns the block alike), so W = Dᵀ M⁻¹ D is singular and the split of the
// friction impulse between the corners is indeterminate.
constexpr double kMass = 2.0, kInertia = 0.01, kB = 0.1, kH = 0.05, kMu = 0.5;

struct Landing {
  Mat D = Mat::Zero(3, 4);  // columns: normal 0, tangent 0, normal 1, tangent 1
  Vec minv = Vec(3);
  Mat W;
  Vec b;
  std::vector<FrictionContact> contacts{{0, 1, kMu}, {2, 3, kMu}};
  explicit Landing(const Vec& v_before) {
    minv << 1 / kMass, 1 / kMass, 1 / kInertia;
    for (int i = 0; i < 2; ++i) {
      const double x = i == 0 ? -kB : kB;
      D.col(2 * i) << 0, 1, x;       // normal impulse (0, 1) at (x, −h): torque x
      D.col(2 * i + 1) << 1, 0, kH;  // tangential impulse (1, 0) at (x, −h): torque h
    }
    W = D.transpose() * minv.asDiagonal() * D;
    b = D.transpose() * v_before;  // e = 0: the normal rows ask v_N⁺ ≥ 0
  }
  DependentContactResult solve() {
    DependentContactLcp solver;
    DependentContactResult r;
    solver.solve(
        W, b, [&](const Mat& w, const Vec& bb, Mat& M, Vec& q) { frictional_contact_to_lcp(w, bb, contacts, M, q); },
        [&](const Vec& z, Vec& p) { contact_impulses_from_lcp(z, contacts, 4, p); }, r);
    return r;
  }
  Vec after(const Vec& v_before, const Vec& p) const { return v_before + minv.cwiseProduct(D * p); }
};

// Every impulse inside its own cone (rounding allowed at the size of the impulses).
void expect_admissible(const Vec& p) {
  for (int i = 0; i < 2; ++i) {
    EXPECT_GE(p[2 * i], -1e-12);
    EXPECT_LE(std::abs(p[2 * i + 1]), kMu * p[2 * i] + 1e-12);
  }
}

// Landing at vx = 0.3 m/s, vy = −1 m/s: the block stops dead (the friction needed, m vx = 0.6 N s,
// is below μ m |vy| = 1 N s, and the normal impulses that stop the turn, Σ P_N = m = 2 N s and
// b (P_N1 − P_N0) = −h P_T, leave both corners pushing). The even split of P_T is admissible, and
// it is the one reported.
TEST(DependentContactLcp, BlockLandingFlatSticks) {
  const Vec v(Eigen::Vector3d(0.3, -1.0, 0.0));
  Landing l(v);
  const DependentContactResult r = l.solve();
  ASSERT_EQ(r.lcp.status, LcpStatus::solved);
  EXPECT_EQ(r.dependent, 1);
  EXPECT_TRUE(r.converged);
  const Vec v_after = l.after(v, r.forces);
  EXPECT_LT(v_after.cwiseAbs().maxCoeff(), 1e-12);  // rounding of velocities of order 1 m/s
  expect_admissible(r.forces);
  EXPECT_NEAR(r.forces[1], -0.3, 1e-12);
  EXPECT_NEAR(r.forces[3], -0.3, 1e-12);
  // Normal impulses: Σ P_N = m |vy|, and the turn stopped: b (P_N1 − P_N0) = −h P_T = 0.03 N s m.
  EXPECT_NEAR(r.forces[0], 0.85, 1e-12);
  EXPECT_NEAR(r.forces[2], 1.15, 1e-12);
}

// At vx = 0.45 m/s the block still sticks (0.9 N s < 1 N s), but the even split (0.45 N s each)
// would leave the lighter back corner's cone (μ P_N0 = 0.3875 N s): an admissible split exists only
// with the back corner saturated.
TEST(DependentContactLcp, BlockLandingFlatSticksWithTheLighterCornerSaturated) {
  const Vec v(Eigen::Vector3d(0.45, -1.0, 0.0));
  Landing l(v);
  const DependentContactResult r = l.solve();
  ASSERT_EQ(r.lcp.status, LcpStatus::solved);
  EXPECT_TRUE(r.converged);
  EXPECT_LT(l.after(v, r.forces).cwiseAbs().maxCoeff(), 1e-12);
  expect_admissible(r.forces);
  EXPECT_NEAR(r.forces[0], 0.775, 1e-12);
  EXPECT_NEAR(r.forces[2], 1.225, 1e-12);
  EXPECT_NEAR(r.forces[1] + r.forces[3], -0.9, 1e-12);
  // Of the admissible splits (P_T0 from −0.3875 to −0.2875 N s), the one nearest the even split.
  EXPECT_NEAR(r.forces[1], -0.3875, 1e-12);
}

// At vx = 1 m/s it slides on: both corners at −μ P_N, vx⁺ = vx − μ |vy| = 0.5 m/s, no turn.
TEST(DependentContactLcp, BlockLandingFlatSlides) {
  const Vec v(Eigen::Vector3d(1.0, -1.0, 0.0));
  Landing l(v);
  const DependentContactResult r = l.solve();
  ASSERT_EQ(r.lcp.status, LcpStatus::solved);
  const Vec v_after = l.after(v, r.forces);
  EXPECT_NEAR(v_after[0], 0.5, 1e-12);
  EXPECT_NEAR(v_after[1], 0.0, 1e-12);
  EXPECT_NEAR(v_after[2], 0.0, 1e-12);
  for (int i = 0; i < 2; ++i) EXPECT_NEAR(r.forces[2 * i + 1], -kMu * r.forces[2 * i], 1e-12);
}

// Without dependent directions the problem goes to Lemke's method as it is, in one solve.
TEST(DependentContactLcp, RegularProblemIsOneLemkeSolve) {
  Landing l(Vec(Eigen::Vector3d(0.3, -1.0, 0.0)));
  l.contacts.pop_back();
  const Mat W = l.W.topLeftCorner(2, 2);
  const Vec b = l.b.head(2);
  DependentContactLcp solver;
  DependentContactResult r;
  solver.solve(
      W, b, [&](const Mat& w, const Vec& bb, Mat& M, Vec& q) { frictional_contact_to_lcp(w, bb, l.contacts, M, q); },
      [&](const Vec& z, Vec& p) { contact_impulses_from_lcp(z, l.contacts, 2, p); }, r);
  ASSERT_EQ(r.lcp.status, LcpStatus::solved);
  EXPECT_EQ(r.dependent, 0);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_GT(r.forces[0], 0);
}

}  // namespace dependent_contact_lcp_test
}  // namespace stickslip::solvers
