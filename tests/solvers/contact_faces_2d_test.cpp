#include "solvers/contact_faces_2d.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "lcp_fixtures.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {
namespace contact_faces_2d_test {

// The natural residual of the planar contact problem at p (box_lcp.hpp's measure).
double natural_residual(const Mat& W, const Vec& b, const std::vector<FrictionContact>& contacts, const Vec& p) {
  const Vec v = W * p + b;
  double r = 0.0;
  for (const FrictionContact& c : contacts) {
    const double pn = p[c.normal], pt = p[c.tangent];
    r = std::max(r, std::abs(pn - std::max(pn - v[c.normal], 0.0)));
    r = std::max(r, std::abs(pt - std::clamp(pt - v[c.tangent], -c.mu * pn, c.mu * pn)));
  }
  return r;
}

// The same problem by Lemke's method on its standard lifting (frictional_contact_2d.hpp).
bool lifted_lemke(const Mat& W, const Vec& b, const std::vector<FrictionContact>& contacts, Vec& p) {
  Mat M;
  Vec q;
  if (!frictional_contact_to_lcp(W, b, contacts, M, q)) return false;
  const LcpResult r = solve_lemke(M, q);
  if (!r.solved()) return false;
  p.setZero(b.size());
  contact_impulses_from_lcp(r.z, contacts, b.size(), p);
  return true;
}

// One contact of a disc (m = 1, I = 0.004, r = 0.1: W = [[1, 0], [0, 1 + r²/I]]) approaching at
// v_N = −1 with tangential speed v_T: the closed forms of the three closed faces and the open one.
//   stick when |v_T| / W_TT <= μ / W_NN: p_N = 1, p_T = −v_T / W_TT;
//   slide otherwise: p_N = 1, p_T = −sign(v_T) μ;   open when v_N >= 0: p = 0.
// Exact to a few ulps of these O(1) numbers (1e-14).
TEST(ContactFaces2D, OneContactMatchesItsClosedForms) {
  Mat W(2, 2);
  W << 1.0, 0.0, 0.0, 1.0 + 0.01 / 0.004;
  const std::vector<FrictionContact> contacts{{0, 1, 0.3}};
  ContactFaces2D faces;
  struct Case {
    double vn, vt, pn, pt;
  };
  const double wt = W(1, 1);
  for (const Case& c : {Case{-1.0, 0.5, 1.0, -0.5 / wt}, Case{-1.0, 2.0, 1.0, -0.3}, Case{-1.0, -2.0, 1.0, 0.3},
                        Case{0.5, 3.0, 0.0, 0.0}, Case{-1.0, 0.0, 1.0, 0.0}}) {
    Vec p = Vec::Zero(2);
    const Vec b = Vec2(c.vn, c.vt);
    ASSERT_TRUE(faces.solve(W, b, contacts, p)) << c.vn << " " << c.vt;
    EXPECT_NEAR(p[0], c.pn, 1e-14) << c.vt;
    EXPECT_NEAR(p[1], c.pt, 1e-14) << c.vt;
    EXPECT_LE(faces.residual(), 1e-14);
    EXPECT_LE(faces.faces_tried(), 4);
  }
}

// Random one- and two-contact problems on Delassus operators of 2..6 degrees of freedom (rank 2 or
// 3 for two contacts on one rigid body: singular W) with μ in {0, 0.3, 2}: every problem Lemke
// solves on the lifting, the faces solve too, to a natural residual at the rounding of these O(1)
// problems (1e-12); where W is positive definite and μ small (the solution is then unique) the
// impulses agree with Lemke's to 1e-10.
TEST(ContactFaces2D, SolvesWhatLemkeSolves) {
  ContactFaces2D faces;
  int compared = 0;
  for (unsigned seed = 1; seed <= 300; ++seed) {
    const Eigen::Index m = 1 + seed % 2, dofs = 2 + seed % 5;
    const double mu = seed % 3 == 0 ? 0.0 : seed % 3 == 1 ? 0.3 : 2.0;
    const Mat W = fixtures::delassus(m, dofs, seed);
    const Vec b = fixtures::approaching_velocities(m, seed + 1000);
    std::vector<FrictionContact> contacts;
    for (int c = 0; c < m; ++c) contacts.push_back({2 * c, 2 * c + 1, mu});
    Vec reference;
    if (!lifted_lemke(W, b, contacts, reference)) continue;
    Vec p = Vec::Zero(2 * m);
    ASSERT_TRUE(faces.solve(W, b, contacts, p)) << "seed " << seed;
    EXPECT_LE(natural_residual(W, b, contacts, p), 1e-12) << "seed " << seed;
    const bool unique = dofs >= 2 * m && mu <= 0.3 && Eigen::LLT<Mat>(W - 1e-3 * Mat::Identity(2 * m, 2 * m)).info() == Eigen::Success;
    if (unique) {
      ++compared;
      EXPECT_LE((p - reference).cwiseAbs().maxCoeff(), 1e-10) << "seed " << seed;
    }
  }
  EXPECT_GT(compared, 50);
}

// A flat block (0.4 m wide, m = 1, I = 1/12 (0.4² + 0.2²)) resting on its two bottom corners:
// four rows, three velocities, so the face "both sticking" has a singular system. Under gravity
// over one step (v_N = −g h at both corners, no slip) the minimum-norm solution splits the weight
// equally, p_N = g h / 2 each, and needs no friction; the faces of that guess are tried first.
TEST(ContactFaces2D, SplitsTheLoadOfTwoCornersOfOneFace) {
  const double m = 1.0, I = (0.16 + 0.04) / 12.0, gh = 9.81e-3;
  Mat J(4, 3);  // rows: left normal, left tangent, right normal, right tangent; columns x, y, θ
  J << 0, 1, -0.2, 1, 0, 0.1, 0, 1, 0.2, 1, 0, 0.1;
  const Mat W = J * Eigen::Vector3d(1 / m, 1 / m, 1 / I).asDiagonal() * J.transpose();
  const Vec b = Eigen::Vector4d(-gh, 0, -gh, 0);
  const std::vector<FrictionContact> contacts{{0, 1, 0.5}, {2, 3, 0.5}};
  ContactFaces2D faces;
  Vec p = Eigen::Vector4d(1, 0, 1, 0);  // guess: both closed and sticking
  ASSERT_TRUE(faces.solve(W, b, contacts, p));
  EXPECT_EQ(faces.faces_tried(), 1);
  EXPECT_NEAR(p[0], gh / 2, 1e-15);
  EXPECT_NEAR(p[2], gh / 2, 1e-15);
  EXPECT_NEAR(p[1], 0.0, 1e-15);
  EXPECT_NEAR(p[3], 0.0, 1e-15);
  // Told that W's rank is at most 3 (one body's velocities), the faces skip the LU that finds the
  // four-unknown face singular: the same minimum-norm solution, bit for bit.
  Vec q = Eigen::Vector4d(1, 0, 1, 0);
  ASSERT_TRUE(faces.solve(W, b, contacts, q, 3));
  EXPECT_EQ(faces.faces_tried(), 1);
  EXPECT_EQ(q, p);
}

// The same kind of block (0.2 m × 0.1 m, m = 1) sliding on its two corners with μ = 0.3 comes to
// rest within a step: v_T = 1e-4 m/s left, μ g h = 2.9e-4 m/s could stop more. From the guess of
// the previous step (both sliding backward) the faces find the sticking solution, both corners
// stopped, and of the indeterminate split of the tangential impulse −m v_T the minimum-norm one,
// half at each corner (not a pair of corners pulling against each other at ±μ p_N). The friction
// impulse acts 0.05 m below the centre, so the normal impulses differ by its moment over the
// corners' lever: p_N = g h / 2 ∓ m v_T / 4.
TEST(ContactFaces2D, ABlockThatStopsSticksWithoutInternalFriction) {
  const double m = 1.0, I = (0.04 + 0.01) / 12.0, gh = 9.81e-4, mu = 0.3, vt = 1e-4;
  Mat J(4, 3);
  J << 0, 1, -0.1, 1, 0, 0.05, 0, 1, 0.1, 1, 0, 0.05;
  const Mat W = J * Eigen::Vector3d(1 / m, 1 / m, 1 / I).asDiagonal() * J.transpose();
  const Vec b = Eigen::Vector4d(-gh, vt, -gh, vt);
  const std::vector<FrictionContact> contacts{{0, 1, mu}, {2, 3, mu}};
  ContactFaces2D faces;
  Vec p = Eigen::Vector4d(gh / 2, -mu * gh / 2, gh / 2, -mu * gh / 2);
  ASSERT_TRUE(faces.solve(W, b, contacts, p));
  const Vec v = W * p + b;
  EXPECT_LE(v.cwiseAbs().maxCoeff(), 1e-15);  // both corners at rest
  EXPECT_NEAR(p[0], gh / 2 - m * vt / 4, 1e-15);
  EXPECT_NEAR(p[2], gh / 2 + m * vt / 4, 1e-15);
  EXPECT_NEAR(p[1], -m * vt / 2, 1e-15);
  EXPECT_NEAR(p[3], -m * vt / 2, 1e-15);
}

// Input that does not fit (three contacts, a row of W outside every contact, sizes that differ) is
// refused and p left alone.
TEST(ContactFaces2D, RefusesWhatDoesNotFit) {
  ContactFaces2D faces;
  const Mat W = Mat::Identity(6, 6);
  const Vec b = -Vec::Ones(6);
  Vec p = Vec::Constant(6, 7.0);
  EXPECT_FALSE(faces.solve(W, b, std::vector<FrictionContact>{{0, 1, 0.1}, {2, 3, 0.1}, {4, 5, 0.1}}, p));
  Vec p3 = Vec::Constant(3, 7.0);
  EXPECT_FALSE(faces.solve(W.topLeftCorner(3, 3), b.head(3), std::vector<FrictionContact>{{0, 1, 0.1}}, p3));
  Vec p2 = Vec::Constant(2, 7.0);
  EXPECT_FALSE(faces.solve(W.topLeftCorner(2, 2), b.head(3), std::vector<FrictionContact>{{0, 1, 0.1}}, p2));
  EXPECT_EQ(p, Vec::Constant(6, 7.0));
  EXPECT_EQ(p3, Vec::Constant(3, 7.0));
  EXPECT_EQ(p2, Vec::Constant(2, 7.0));
}

}  // namespace contact_faces_2d_test
}  // namespace stickslip::solvers
