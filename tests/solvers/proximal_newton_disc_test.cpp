// ProximalNewton on the disc cone of spatial contacts (proximal_newton_disc.cpp): one contact against
// its closed form, towers of boxes at rest (the least-norm split) and sliding (μ g h per step), and
// thrown pyramids (closed loops of corners in two directions, W far from full rank) judged by the
// natural residual computed here from W.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "solvers/proximal_newton.hpp"
#include "spatial_box_piles.hpp"

namespace stickslip::solvers {
namespace proximal_newton_disc_test {

using namespace spatial_box_piles;

struct Problem {
  SparseMat W;
  Vec b, free, minv;
  RowSparseMat H;
  std::vector<FrictionContact> contacts;
};

Problem problem_of(const SpatialPile& pile, const Vec& v) {
  Problem q;
  q.H = pile.H();
  q.minv = pile.inverse_mass();
  q.free = pile.free_velocity(v);
  q.b = q.H * q.free;
  const RowSparseMat scaled = q.H * q.minv.asDiagonal();
  q.W = SparseMat(scaled * q.H.transpose());
  q.contacts = pile.contacts();
  return q;
}

double residual_of(const SparseMat& W, const Vec& b, const std::vector<FrictionContact>& contacts, const Vec& p) {
  BoxBounds bounds;
  EXPECT_TRUE(contact_box_bounds(contacts, W.rows(), bounds));
  const Vec u = W * p + b;
  return std::max(box_residual(p, u, bounds), unrounded_box_residual(p, u, bounds));
}

Vec velocities(const Problem& q, const Vec& p) { return q.free + q.minv.asDiagonal() * (q.H.transpose() * p); }

// One contact, W = diag(w_N, w_T, w_T), an oblique load (the closed form of disc_cone_test.cpp):
// p_N = −b_N/w_N; the friction −μ p_N b̂_T and a slip along b_T when the stick impulse −b_T/w_T lies
// outside the disc, that stick impulse when it lies inside. Newton's steps on the right piece are exact:
// rounding only.
TEST(ProximalNewtonDisc, OneContactSlidesOppositeItsLoadOrSticks) {
  const double wn = 2.0, wt = 3.5, mu = 0.4;
  Mat W = Mat::Zero(3, 3);
  W.diagonal() << wn, wt, wt;
  const std::vector<FrictionContact> c{{0, 1, mu, 2, FrictionCone::disc}};
  ProximalNewton solver;
  Vec p = Vec::Zero(3);
  ASSERT_TRUE(solver.solve(W, Vec3(-1.0, 0.9, -1.2), c, 1e-12, p)) << solver.residual();
  EXPECT_NEAR(p[0], 0.5, 1e-13);
  EXPECT_NEAR(p[1], -mu * 0.5 * 0.6, 1e-13);
  EXPECT_NEAR(p[2], mu * 0.5 * 0.8, 1e-13);
  p.setZero();
  ASSERT_TRUE(solver.solve(W, Vec3(-1.0, 0.09, -0.12), c, 1e-12, p)) << solver.residual();
  EXPECT_NEAR(p[1], -0.09 / wt, 1e-13);
  EXPECT_NEAR(p[2], 0.12 / wt, 1e-13);
}

// A tower of ten boxes at rest (W of rank 60 on 120 rows): every corner sticks and the velocities after
// the step vanish. From zero impulses every round keeps them in the range of W, so the split among a
// face's four corners is the least-norm one, here (by symmetry) the equal one: each corner of face k
// carries a quarter of the weight above it, (n − k) m g h / 4, with no friction. The goal 1e-10 bounds
// each row's velocity (checked to 1e-9) and the loads to the mass above times a few times it.
TEST(ProximalNewtonDisc, TowerAtRestSharesEachFaceEquallyAmongItsCorners) {
  const int n = 10;
  const Problem q = problem_of(tower(n, 0.5), Vec::Zero(6 * n));
  ProximalNewton solver;
  Vec p = Vec::Zero(q.W.rows());
  ASSERT_TRUE(solver.solve(q.W, q.b, q.contacts, 1e-10, p)) << "residual " << solver.residual();
  EXPECT_LE(residual_of(q.W, q.b, q.contacts, p), 1e-10);
  EXPECT_LE(velocities(q, p).lpNorm<Eigen::Infinity>(), 1e-9);
  for (int k = 0; k < n; ++k)
    for (int c = 0; c < 4; ++c) {
      const int row = 3 * (4 * k + c);
      EXPECT_NEAR(p[row], (n - k) * kMass * kG * kStep / 4, (n - k) * kMass * 1e-9) << "face " << k << " corner " << c;
      EXPECT_NEAR(std::hypot(p[row + 1], p[row + 2]), 0.0, (n - k) * kMass * 1e-9) << "face " << k << " corner " << c;
    }
}

// A tower of five boxes sliding along x at 1 m/s on the ground (μ 0.3; 0.6 between the boxes, which
// stick together): the ground corners slide with friction −μ p_N along x, and the whole tower slows
// by μ g h in the step, keeping its direction (the disc's friction opposes the slip exactly).
TEST(ProximalNewtonDisc, SlidingTowerDeceleratesAtMuGAlongItsSlip) {
  const int n = 5;
  SpatialPile pile = tower(n, 0.6);
  for (int c = 0; c < 4; ++c) pile.corners[static_cast<std::size_t>(c)].mu = 0.3;
  Vec v = Vec::Zero(6 * n);
  for (int b = 0; b < n; ++b) v[6 * b] = 1.0;
  const Problem q = problem_of(pile, v);
  ProximalNewton solver;
  Vec p = Vec::Zero(q.W.rows());
  ASSERT_TRUE(solver.solve(q.W, q.b, q.contacts, 1e-10, p)) << "residual " << solver.residual();
  const Vec after = velocities(q, p);
  for (int b = 0; b < n; ++b) {
    EXPECT_NEAR(after[6 * b], 1.0 - 0.3 * kG * kStep, 1e-9) << "box " << b;
    EXPECT_NEAR(after[6 * b + 1], 0.0, 1e-9) << "box " << b;
  }
  double normal = 0, along = 0, across = 0;
  for (int c = 0; c < 4; ++c) {
    normal += p[3 * c];
    along += p[3 * c + 1];
    across += p[3 * c + 2];
  }
  EXPECT_NEAR(along, -0.3 * normal, 1e-9);
  EXPECT_NEAR(across, 0.0, 1e-9);
}

// Pyramids of fourteen boxes and towers of ten thrown at up to 0.3 m/s and rad/s: corners open, stick
// and slide in every direction at once, on closed loops of corners (the pyramids) and along a chain
// whose operator's condition grows as its height squared (the towers). Every seed meets the goal on
// the residual computed here, from zero impulses; on the towers Gauss-Seidel at its default cap of
// 1000 sweeps does not (shown on the first seed, so that this test would notice an easy problem).
TEST(ProximalNewtonDisc, ThrownPyramidsAndTowersMeetTheGoal) {
  for (const SpatialPile& pile : {pyramid(0.5), tower(10, 0.5)}) {
    for (unsigned seed = 1; seed <= 10; ++seed) {
      SCOPED_TRACE(std::to_string(pile.boxes()) + " boxes, seed " + std::to_string(seed));
      const Problem q = problem_of(pile, random_velocities(seed, pile.boxes(), 0.3));
      ProximalNewton solver;
      Vec p = Vec::Zero(q.W.rows());
      ASSERT_TRUE(solver.solve(q.W, q.b, q.contacts, 1e-9, p)) << "residual " << solver.residual();
      EXPECT_LE(residual_of(q.W, q.b, q.contacts, p), 1e-9);
    }
  }
  const SpatialPile pile = tower(10, 0.5);
  const Problem q = problem_of(pile, random_velocities(1, pile.boxes(), 0.3));
  FrictionalContactSolver gauss_seidel(q.W.rows(), {.tolerance = 1e-9, .max_iterations = 1000});
  LcpResult r;
  gauss_seidel.solve(q.W, q.b, q.contacts, Vec::Zero(q.W.rows()), r);
  EXPECT_FALSE(r.solved()) << r.iterations << " sweeps";
}

}  // namespace proximal_newton_disc_test
}  // namespace stickslip::solvers
