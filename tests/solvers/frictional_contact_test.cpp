#include "solvers/frictional_contact.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "lcp_fixtures.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {
namespace frictional_contact_test {

std::vector<FrictionContact> contacts_in_pairs(Eigen::Index m, double mu) {
  std::vector<FrictionContact> c;
  for (int i = 0; i < m; ++i) c.push_back({2 * i, 2 * i + 1, mu});
  return c;
}

TEST(FrictionalContact, SingleContactSlides) {
  // W = I, b = (-1, -2), mu = 0.5: p_N = 1 closes the gap; stopping the slide needs p_T = 2 > 0.5,
  // so p_T = mu p_N = 0.5 and the contact slides at v_T = -1.5 (friction opposes it).
  const Mat W = Mat::Identity(2, 2);
  const auto c = contacts_in_pairs(1, 0.5);
  FrictionalContactSolver solver(2);
  LcpResult r;
  solver.solve(W, Vec2(-1, -2), c, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.z, Vec2(1, 0.5));  // W = I: exact after one sweep
  EXPECT_EQ(r.w, Vec2(0, -1.5));
}

TEST(FrictionalContact, SingleContactSticks) {
  const Mat W = Mat::Identity(2, 2);
  const auto c = contacts_in_pairs(1, 0.5);
  FrictionalContactSolver solver(2);
  LcpResult r;
  solver.solve(W, Vec2(-1, -0.2), c, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.z, Vec2(1, 0.2));
  EXPECT_EQ(r.w, Vec2(0, 0));
}

TEST(FrictionalContact, SeparatingContactCarriesNoImpulse) {
  FrictionalContactSolver solver(2);
  LcpResult r;
  solver.solve(Mat::Identity(2, 2), Vec2(0.3, -2), contacts_in_pairs(1, 0.5), r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.z, Vec2(0, 0));
}

// The lifted LCP solved exactly by Lemke and the box formulation solved by Gauss-Seidel agree.
// W is positive definite (dofs > rows) and mu small, where the solution is unique.
TEST(FrictionalContact, GaussSeidelAgreesWithLemkeOnTheLiftedLcp) {
  for (unsigned seed = 1; seed <= 8; ++seed) {
    const Eigen::Index m = 2 + seed % 4;
    const Mat W = fixtures::delassus(m, 2 * m + 4, seed) + 0.05 * Mat::Identity(2 * m, 2 * m);
    const Vec b = fixtures::approaching_velocities(m, seed + 50);
    const auto c = contacts_in_pairs(m, 0.3);
    Mat M;
    Vec q;
    ASSERT_TRUE(frictional_contact_to_lcp(W, b, c, M, q));
    const LcpResult lz = solve_lemke(M, q);
    ASSERT_EQ(lz.status, LcpStatus::solved) << seed;
    Vec p_lemke;
    contact_impulses_from_lcp(lz.z, c, 2 * m, p_lemke);

    FrictionalContactSolver gs(2 * m, {.tolerance = 1e-12, .max_iterations = 100000, .relaxation = 1.0});
    LcpResult r;
    gs.solve(W, b, c, r);
    ASSERT_EQ(r.status, LcpStatus::solved) << seed;
    // Residual <= 1e-12 and W's eigenvalues >= 0.05: the impulses agree to ~1e-10.
    EXPECT_LE((r.z - p_lemke).cwiseAbs().maxCoeff(), 1e-9) << seed;
    // Lemke's impulses satisfy the box formulation too (exact solve: rounding only).
    const Vec v = W * p_lemke + b;
    EXPECT_LE(box_residual(p_lemke, v, gs.bounds()), 1e-12) << seed;
  }
}

// Lemke on lifted problems of 10 to 60 contacts on a semidefinite W (more contact rows than
// degrees of freedom, slightly regularised): solved exactly (rounding only, bound as in
// lemke_test.cpp), and the impulses are a solution of the box formulation too.
TEST(FrictionalContact, LemkeSolvesLargerLiftedProblems) {
  for (Eigen::Index m : {10, 25, 60}) {
    const auto seed = static_cast<unsigned>(m);
    const Mat W = fixtures::delassus(m, m, seed) + 1e-3 * Mat::Identity(2 * m, 2 * m);
    const Vec b = fixtures::approaching_velocities(m, seed + 1);
    const auto c = contacts_in_pairs(m, 0.5);
    Mat M;
    Vec q;
    ASSERT_TRUE(frictional_contact_to_lcp(W, b, c, M, q));
    const LcpResult r = solve_lemke(M, q);
    ASSERT_EQ(r.status, LcpStatus::solved) << m;
    fixtures::expect_solution(M, q, r, 1e-10 * fixtures::magnitude(M, q, r.z));
    Vec p;
    contact_impulses_from_lcp(r.z, c, 2 * m, p);
    FrictionalContactSolver gs(2 * m);
    LcpResult check;
    gs.solve(W, b, c, p, check);  // warm start at Lemke's impulses: already a solution
    EXPECT_EQ(check.iterations, 0) << m;
    EXPECT_TRUE(check.solved()) << m;
  }
}

TEST(FrictionalContact, SparseMatchesDenseAndFreeRowsAreEqualities) {
  // Three contacts plus one bilateral row (row 6), W positive definite.
  const Mat W = fixtures::delassus(4, 12, 3).topLeftCorner(7, 7) + 0.1 * Mat::Identity(7, 7);
  Vec b = fixtures::approaching_velocities(4, 4).head(7);
  const auto c = contacts_in_pairs(3, 0.4);
  FrictionalContactSolver solver(7, {.tolerance = 1e-12, .max_iterations = 0, .relaxation = 1.2});
  LcpResult rd, rs;
  solver.solve(W, b, c, rd);
  const SparseMat S = W.sparseView();
  solver.solve(S, b, c, rs);
  ASSERT_TRUE(rd.solved() && rs.solved());
  EXPECT_LE((rd.z - rs.z).cwiseAbs().maxCoeff(), 1e-12);  // same sweeps, summation order only
  EXPECT_LE(std::abs(rd.w[6]), 1e-12 * std::max(1.0, b.cwiseAbs().maxCoeff()));  // v = 0 on the free row
}

TEST(FrictionalContact, WarmStartSavesSweeps) {
  const Eigen::Index m = 30;
  const Mat W = fixtures::delassus(m, 40, 8);  // semidefinite: more contact rows than dofs
  const Vec b = fixtures::approaching_velocities(m, 9);
  const auto c = contacts_in_pairs(m, 0.5);
  FrictionalContactSolver solver(2 * m, {.tolerance = 1e-6, .max_iterations = 0, .relaxation = 1.0});
  LcpResult r;
  solver.solve(W, b, c, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  const int cold = r.iterations;
  // A slightly perturbed problem (the next time step), warm-started from the previous impulses.
  const Vec b2 = b * 1.01;
  solver.solve(W, b2, c, r.z, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LT(r.iterations, cold);
}

TEST(FrictionalContact, InvalidContactsAreRejected) {
  FrictionalContactSolver solver;
  LcpResult r;
  const Mat W = Mat::Identity(4, 4);
  const Vec b = -Vec::Ones(4);
  const std::vector<FrictionContact> shared{{0, 1, 0.5}, {1, 2, 0.5}};
  solver.solve(W, b, shared, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  const std::vector<FrictionContact> out_of_range{{0, 7, 0.5}};
  solver.solve(W, b, out_of_range, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  const std::vector<FrictionContact> negative_mu{{0, 1, -0.1}};
  solver.solve(W, b, negative_mu, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  // Cones these solvers do not take yet (two tangent rows of a spatial contact) are refused, not
  // solved as if planar.
  const std::vector<FrictionContact> two_tangent_rows{{0, 1, 0.5, 2}};
  EXPECT_FALSE(is_supported_cone(two_tangent_rows[0]));
  EXPECT_FALSE(are_valid_contacts(two_tangent_rows, 4));
  solver.solve(W, b, two_tangent_rows, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  EXPECT_TRUE(is_supported_cone(FrictionContact{0, 1, 0.5}));  // the default: one row, interval cone
  Mat M;
  Vec q;
  EXPECT_FALSE(frictional_contact_to_lcp(W, b, contacts_in_pairs(1, 0.5), M, q));  // free rows left
}

}  // namespace frictional_contact_test
}  // namespace stickslip::solvers
