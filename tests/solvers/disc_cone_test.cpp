// The disc friction cone |p_T|₂ <= μ p_N of spatial contacts (two tangent rows) in the nonsmooth
// Gauss-Seidel solver (a disc pair of BoxBounds solved exactly on its 2 × 2 block) and in APGD
// (projection onto the disc): closed forms for one contact, the local problem against a search on
// the circle, and agreement of the two solvers with the conditions of Coulomb's law on random
// problems.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "lcp_fixtures.hpp"
#include "solvers/accelerated_gradient.hpp"
#include "solvers/frictional_contact.hpp"

namespace stickslip::solvers {
namespace disc_cone_test {

FrictionContact disc_contact(int normal, double mu) {
  return {normal, normal + 1, mu, 2, FrictionCone::disc};
}

// One contact, W = diag(w_N, w_T, w_T) (a sphere on a plane: the normal row through the centre does
// not couple to the tangent rows), an oblique load b = (b_N < 0, b_T). Closed form: p_N = −b_N / w_N;
// the stick impulse −b_T / w_T when it lies in the disc, otherwise p_T = −μ p_N b_T / |b_T| (friction
// opposite the tangential load, magnitude μ p_N) and the contact slides at v_T = b_T (1 − μ p_N w_T / |b_T|).
TEST(DiscCone, OneContactUnderAnObliqueLoadSlidesOppositeTheLoad) {
  const double wn = 2.0, wt = 3.5, mu = 0.4;
  Mat W = Mat::Zero(3, 3);
  W.diagonal() << wn, wt, wt;
  const Vec3 b(-1.0, 0.9, -1.2);  // |b_T| = 1.5
  const std::vector<FrictionContact> c{disc_contact(0, mu)};
  const double pn = 0.5, bt = 1.5;
  const Vec2 direction(0.9 / bt, -1.2 / bt);
  FrictionalContactSolver gs(3, {.tolerance = 1e-14, .max_iterations = 100});
  LcpResult r;
  gs.solve(W, b, c, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  // Decoupled rows: one sweep is exact up to the rounding of the disc's scaling (a few ulps).
  EXPECT_NEAR(r.z[0], pn, 1e-15);
  EXPECT_NEAR(r.z[1], -mu * pn * direction.x(), 1e-15);
  EXPECT_NEAR(r.z[2], -mu * pn * direction.y(), 1e-15);
  const double slide = bt - mu * pn * wt;  // 0.8 m/s along the load
  EXPECT_NEAR(r.w[1], slide * direction.x(), 1e-14);
  EXPECT_NEAR(r.w[2], slide * direction.y(), 1e-14);
  // The same problem sticks when the load is small: p_T = −b_T / w_T inside the disc, v_T = 0.
  const Vec3 small(-1.0, 0.09, -0.12);
  gs.solve(W, small, c, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_NEAR(r.z[1], -0.09 / wt, 1e-15);
  EXPECT_NEAR(r.z[2], 0.12 / wt, 1e-15);
  EXPECT_NEAR(r.w.tail<2>().norm(), 0.0, 1e-15);
  // APGD reaches the same points (its tolerance, relative to max(1, ‖b‖∞)).
  ApgdContactSolver apgd(3, {.tolerance = 1e-12, .max_iterations = 10000});
  apgd.solve(W, b, c, Vec::Zero(3), r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_NEAR(r.z[0], pn, 1e-11);
  EXPECT_NEAR(r.z[1], -mu * pn * direction.x(), 1e-11);
  EXPECT_NEAR(r.z[2], -mu * pn * direction.y(), 1e-11);
}

// The local problem of a disc pair, min ½ zᵀAz + cᵀz on |z| <= r, for random anisotropic A:
// against the best of 20 000 points on the circle and the unconstrained minimiser. The optimality
// conditions hold: on the circle, A z + c = −s z with s >= 0 (the velocity opposes the impulse).
TEST(DiscCone, LocalProblemIsSolvedExactly) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 200; ++trial) {
    const double l1 = 0.1 + std::abs(u(rng)), l2 = l1 + 3 * std::abs(u(rng)), angle = 3 * u(rng);
    const Eigen::Matrix2d R = Eigen::Rotation2Dd(angle).toRotationMatrix();
    const Eigen::Matrix2d A = R * Eigen::Vector2d(l1, l2).asDiagonal() * R.transpose();
    const Eigen::Vector2d cvec(2 * u(rng), 2 * u(rng));
    const double r = 0.05 + std::abs(u(rng));
    double zx = 0, zy = 0;
    minimise_on_disc(A(0, 0), A(0, 1), A(1, 1), cvec.x(), cvec.y(), r, zx, zy);
    const Eigen::Vector2d z(zx, zy);
    const auto f = [&](const Eigen::Vector2d& x) { return 0.5 * x.dot(A * x) + cvec.dot(x); };
    ASSERT_LE(z.norm(), r * (1 + 1e-14)) << trial;
    const Eigen::Vector2d free = -A.ldlt().solve(cvec);
    if (free.norm() <= r) {
      EXPECT_LT((z - free).norm(), 1e-14 * (1 + free.norm())) << trial;
      continue;
    }
    EXPECT_NEAR(z.norm(), r, 1e-14 * r) << trial;
    double best = INFINITY;
    for (int k = 0; k < 20000; ++k) {
      const double phi = 2 * std::numbers::pi * k / 20000;
      best = std::min(best, f(r * Eigen::Vector2d(std::cos(phi), std::sin(phi))));
    }
    // Samples 2π/N apart in angle: along the circle |d²f/dφ²| <= λ₂ r² + |c| r, so the best sample
    // misses the minimum by at most ½ (λ₂ r² + |c| r)(π/N)² (a few 1e-8 here).
    const double miss = 0.5 * (l2 * r * r + cvec.norm() * r) * std::pow(std::numbers::pi / 20000, 2);
    EXPECT_LE(f(z), best + 1e-14) << trial;
    EXPECT_GE(f(z), best - miss) << trial;
    const Eigen::Vector2d v = A * z + cvec;
    EXPECT_LT(std::abs(v.x() * z.y() - v.y() * z.x()), 1e-12 * (1 + v.norm())) << trial;  // v ∥ z
    EXPECT_LE(v.dot(z), 1e-14) << trial;                                                      // opposite
  }
}

// Coulomb's law with the disc, checked on a solution: p_N >= 0, v_N >= 0, p_N v_N = 0; |p_T| <= μ p_N;
// where the contact slides (|v_T| > 0 at a closed contact) the friction is on the circle and opposes
// v_T. Returns the worst violation.
double coulomb_violation(const Mat& W, const Vec& b, const std::vector<FrictionContact>& contacts, const Vec& p) {
  const Vec v = W * p + b;
  double worst = 0;
  for (const FrictionContact& c : contacts) {
    const double pn = p[c.normal], vn = v[c.normal];
    const Eigen::Vector2d pt(p[c.tangent], p[c.tangent + 1]), vt(v[c.tangent], v[c.tangent + 1]);
    worst = std::max({worst, -pn, -vn, std::abs(std::min(pn, vn))});
    worst = std::max(worst, pt.norm() - c.mu * pn);
    // Maximum dissipation: v_T = −s p_T with s >= 0 when p_T is on the circle, v_T = 0 inside it.
    // Written as ‖v_T + |v_T| p_T/(μ p_N)‖, which vanishes in both cases.
    if (pn > 1e-12) worst = std::max(worst, (vt + vt.norm() * pt / (c.mu * pn)).norm());
  }
  return worst;
}

TEST(DiscCone, GaussSeidelAndApgdSatisfyCoulombsLawOnRandomProblems) {
  for (unsigned seed = 1; seed <= 10; ++seed) {
    const Eigen::Index m = 1 + seed % 4, n = 3 * m;
    // A Delassus operator of m three-row contacts on 3m + 6 velocities (positive definite, coupled).
    const Mat J = fixtures::uniform_matrix(n, n + 6, seed);
    const Mat W = J * J.transpose() / static_cast<double>(n);
    Vec b = fixtures::uniform_vector(n, seed + 30, -1.0, 1.0);
    std::vector<FrictionContact> contacts;
    for (int k = 0; k < m; ++k) {
      b[3 * k] = -std::abs(b[3 * k]) - 0.1;  // approaching
      contacts.push_back(disc_contact(3 * k, 0.2 + 0.1 * k));
    }
    FrictionalContactSolver gs(n, {.tolerance = 1e-13, .max_iterations = 200000});
    LcpResult r;
    gs.solve(W, b, contacts, r);
    ASSERT_EQ(r.status, LcpStatus::solved) << seed << " residual " << r.residual;
    // The natural residual 1e-13 bounds each condition's violation by a few times itself over the
    // conditioning of the local blocks (seen: below 1e-12).
    EXPECT_LT(coulomb_violation(W, b, contacts, r.z), 1e-10) << seed;
    ApgdContactSolver apgd(n, {.tolerance = 1e-11, .max_iterations = 200000});
    LcpResult a;
    apgd.solve(W, b, contacts, Vec::Zero(n), a);
    ASSERT_EQ(a.status, LcpStatus::solved) << seed << " residual " << a.residual;
    EXPECT_LT(coulomb_violation(W, b, contacts, a.z), 1e-8) << seed;
  }
}

TEST(DiscCone, ValidationAndTheLcpLiftingRefuseWhatTheyCannotTake) {
  const Mat W = Mat::Identity(3, 3);
  const Vec3 b(-1, 0, 0);
  // A disc needs two tangent rows; one row with a disc, two with an interval are invalid.
  EXPECT_FALSE(is_supported_cone({0, 1, 0.3, 1, FrictionCone::disc}));
  EXPECT_FALSE(is_supported_cone({0, 1, 0.3, 2, FrictionCone::interval}));
  EXPECT_TRUE(is_supported_cone(disc_contact(0, 0.3)));
  // Rows out of range, or the normal among the tangent rows.
  EXPECT_FALSE(are_valid_contacts(std::vector<FrictionContact>{disc_contact(1, 0.3)}, 3));
  EXPECT_FALSE(are_valid_contacts(std::vector<FrictionContact>{{1, 0, 0.3, 2, FrictionCone::disc}}, 3));
  EXPECT_TRUE(are_valid_contacts(std::vector<FrictionContact>{disc_contact(0, 0.3)}, 3));
  Mat M;
  Vec q;
  EXPECT_FALSE(frictional_contact_to_lcp(W, b, std::vector<FrictionContact>{disc_contact(0, 0.3)}, M, q));
}

}  // namespace disc_cone_test
}  // namespace stickslip::solvers
