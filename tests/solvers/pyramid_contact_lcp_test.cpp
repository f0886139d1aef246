// The polyhedral-cone lifting of spatial frictional contact (solvers/pyramid_contact_lcp.hpp): one
// contact with W = I (a unit mass at the contact point) is solved in closed form for an impact that
// slides along a generator, one that sticks, and one that slides between two generators; a contact
// with a known normal force bounds its friction by μ N.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "solvers/lemke.hpp"
#include "solvers/pyramid_contact_lcp.hpp"

namespace stickslip::solvers {
namespace pyramid_contact_lcp_test {

Vec solve(const Mat& W, const Vec& b, const std::vector<PyramidContact>& contacts, int facets) {
  Mat M;
  Vec q;
  pyramid_contact_to_lcp(W, b, contacts, facets, M, q);
  EXPECT_EQ(M.rows(), pyramid_lcp_size(contacts, facets));
  LemkeSolver lemke(M.rows());
  LcpResult r;
  lemke.solve(M, q, r);
  EXPECT_EQ(r.status, LcpStatus::solved);
  Vec p;
  pyramid_forces_from_lcp(r.z, contacts, facets, W.rows(), p);
  return p;
}

// Exact arithmetic up to rounding of the pivots: 1e-12.
constexpr double kTol = 1e-12;

TEST(PyramidContactLcp, SlidingAlongAGeneratorTakesTheFullCoulombImpulse) {
  const Vec b = (Vec(3) << -1.0, 2.0, 0.0).finished();  // approaching at 1 m/s, sliding at 2 m/s along t₁
  const Vec p = solve(Mat::Identity(3, 3), b, {{0, 1, 0.5, 0}}, 8);
  EXPECT_NEAR(p[0], 1.0, kTol);   // v_N⁺ = 0
  EXPECT_NEAR(p[1], -0.5, kTol);  // −μ p_N along t₁ (a generator)
  EXPECT_NEAR(p[2], 0.0, kTol);
}

TEST(PyramidContactLcp, SlowSlipInsideThePolygonSticks) {
  const Vec b = (Vec(3) << -1.0, 0.1, -0.2).finished();
  const Vec p = solve(Mat::Identity(3, 3), b, {{0, 1, 0.5, 0}}, 8);
  EXPECT_NEAR(p[0], 1.0, kTol);
  EXPECT_NEAR(p[1], -0.1, kTol);  // v_T⁺ = 0: |p_T| = 0.22 < μ p_N cos(π/8) = 0.46
  EXPECT_NEAR(p[2], 0.2, kTol);
}

// Sliding midway between two generators (at π/8 for k = 8): the impulse lies on the polygon's edge
// between them, at μ p_N cos(π/k) from the centre, opposite the slip; with a known normal force N
// (no normal row) the bound is μ N.
TEST(PyramidContactLcp, SlidingBetweenGeneratorsMeetsTheInscribedEdge) {
  const int k = 8;
  const double a = std::numbers::pi / k, mu = 0.4;
  const Vec b = (Vec(3) << -1.0, 3 * std::cos(a), 3 * std::sin(a)).finished();
  const Vec p = solve(Mat::Identity(3, 3), b, {{0, 1, mu, 0}}, k);
  const double edge = mu * p[0] * std::cos(a);
  EXPECT_NEAR(p[0], 1.0, kTol);
  EXPECT_NEAR(p[1], -edge * std::cos(a), kTol);
  EXPECT_NEAR(p[2], -edge * std::sin(a), kTol);

  const Vec bt = (Vec(2) << 3.0, 0.0).finished();
  const Vec pt = solve(Mat::Identity(2, 2), bt, {{-1, 0, mu, 2.5}}, k);
  EXPECT_NEAR(pt[0], -mu * 2.5, kTol);
  EXPECT_NEAR(pt[1], 0.0, kTol);
}

}  // namespace pyramid_contact_lcp_test
}  // namespace stickslip::solvers
