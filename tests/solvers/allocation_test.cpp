// Checks that the solvers' solve() calls do not touch the heap once their workspace is reserved and
// the result vectors have the problem's size (the event-driven scheme solves thousands of small LCPs).
// Allocations are counted at the malloc level (tests/allocation_counter.hpp).
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

#include "../allocation_counter.hpp"
#include "lcp_fixtures.hpp"
#include "solvers/auto_select.hpp"
#include "solvers/contact_faces_2d.hpp"
#include "solvers/fixed_pattern_ldlt.hpp"
#include "solvers/frictional_contact.hpp"
#include "solvers/mlcp.hpp"

namespace stickslip::solvers {
namespace allocation_test {

using test::allocations_in;

TEST(Allocation, CounterSeesOperatorNewAndEigen) {
  EXPECT_GE(allocations_in([] { auto p = std::make_unique<int>(3); EXPECT_EQ(*p, 3); }), 1);
  EXPECT_GE(allocations_in([] { Vec v = Vec::Ones(100); EXPECT_EQ(v.sum(), 100.0); }), 1);
  EXPECT_EQ(allocations_in([] {}), 0);
}

// After analyse(), a factorisation and a solve on the fixed pattern (a tridiagonal SPD matrix)
// touch no heap: the time-stepping scheme's gap closing factorises one at every step.
TEST(Allocation, FixedPatternLdltFactorizesAndSolvesInPlace) {
  const int n = 400;
  std::vector<Eigen::Triplet<double>> t;
  for (int i = 0; i < n; ++i) {
    t.emplace_back(i, i, 4.0);
    if (i > 0) t.emplace_back(i, i - 1, -1.0);
  }
  SparseMat lower(n, n);
  lower.setFromTriplets(t.begin(), t.end());
  lower.makeCompressed();
  FixedPatternLdlt ldlt;
  ldlt.analyse(lower);
  Vec x = Vec::Ones(n);
  bool factored = false;
  EXPECT_EQ(allocations_in([&] {
              factored = ldlt.factorize(lower.valuePtr());
              ldlt.solve_in_place(x);
            }),
            0);
  ASSERT_TRUE(factored);
  EXPECT_NEAR((Mat(SparseMat(lower.selfadjointView<Eigen::Lower>())) * x - Vec::Ones(n)).norm(), 0.0, 1e-12);
}

TEST(Allocation, LemkePivotLoopDoesNotAllocate) {
  LemkeSolver lemke(60);
  for (Eigen::Index n : {60, 17}) {  // at and below capacity
    const Mat M = fixtures::random_spd(n, 3);
    const Vec q = fixtures::uniform_vector(n, 4);
    LcpResult r;
    lemke.solve(M, q, r);  // sizes the result
    const Vec q2 = fixtures::uniform_vector(n, 5);
    EXPECT_EQ(allocations_in([&] { lemke.solve(M, q2, r); }), 0) << n;
    ASSERT_TRUE(r.solved());
    EXPECT_GT(r.iterations, n / 4);  // the pivot loop really ran
  }
  // The degenerate problem of lemke_test.cpp: the lexicographic tie-breaking path, a refresh.
  Mat M(4, 4);
  M << 1, -1, 0, 3, 2, 0, 3, -3, 2, 0, -1, -1, -2, 3, 3, 2;
  const Vec q = Eigen::Vector4d(-1, -1, 0, -1);
  lemke.options().refresh_interval = 1;
  LcpResult r;
  lemke.solve(M, q, r);
  EXPECT_EQ(allocations_in([&] { lemke.solve(M, q, r); }), 0);
  EXPECT_TRUE(r.solved());
}

TEST(Allocation, IterativeSolversDoNotAllocate) {
  const Eigen::Index n = 25;
  const Mat M = fixtures::random_spd(n, 8);
  const Vec q = fixtures::uniform_vector(n, 9);
  LcpResult r;
  PgsSolver pgs(n);
  FischerBurmeisterSolver fb(n);
  SmoothedNewtonSolver smooth(n);
  EnumerationSolver enumeration(8);
  pgs.solve(M, q, r);
  EXPECT_EQ(allocations_in([&] { pgs.solve(M, q, r); }), 0);
  EXPECT_EQ(allocations_in([&] { pgs.solve(M, q, r.z, r); }), 0);  // warm start
  EXPECT_EQ(allocations_in([&] { fb.solve(M, q, r); }), 0);
  EXPECT_TRUE(r.solved());
  EXPECT_EQ(allocations_in([&] { smooth.solve(M, q, r); }), 0);
  EXPECT_TRUE(r.solved());
  LcpResult small;
  enumeration.solve(M.topLeftCorner(8, 8), q.head(8), small);
  EXPECT_EQ(allocations_in([&] { enumeration.solve(M.topLeftCorner(8, 8), q.head(8), small); }), 0);
  EXPECT_TRUE(small.solved());
}

// The tiny-problem fast paths: Lemke's direct path on 1-3 unknowns and the faces of two contacts,
// whose singular face (two corners of one rigid body sticking) takes the minimum-norm solve.
TEST(Allocation, TinyProblemPathsDoNotAllocate) {
  LemkeSolver lemke(3);
  LcpResult r;
  for (Eigen::Index n : {1, 2, 3}) {
    const Mat M = fixtures::random_spd(n, 8);
    const Vec q = -Vec::Ones(n);
    lemke.solve(M, q, r);
    EXPECT_EQ(allocations_in([&] { lemke.solve(M, q, r); }), 0) << n;
    ASSERT_TRUE(r.solved());
  }
  const Mat W = fixtures::delassus(2, 3, 9);  // rank 3: the sticking face is singular
  const Vec b = fixtures::approaching_velocities(2, 10);
  const std::vector<FrictionContact> contacts{{0, 1, 0.5}, {2, 3, 0.5}};
  ContactFaces2D faces;
  Vec p = Vec::Zero(4);
  faces.solve(W, b, contacts, p);
  Vec guess = Eigen::Vector4d(1, 0, 1, 0);  // both sticking first
  EXPECT_EQ(allocations_in([&] { faces.solve(W, b, contacts, guess); }), 0);
}

TEST(Allocation, ContactAndMixedSolversDoNotAllocate) {
  const Eigen::Index m = 10;
  const Mat W = fixtures::delassus(m, 15, 2);
  const SparseMat Ws = W.sparseView();
  const Vec b = fixtures::approaching_velocities(m, 3);
  std::vector<FrictionContact> contacts;
  for (int c = 0; c < m; ++c) contacts.push_back({2 * c, 2 * c + 1, 0.4});
  FrictionalContactSolver friction(2 * m);
  LcpResult r;
  friction.solve(W, b, contacts, r);
  EXPECT_EQ(allocations_in([&] { friction.solve(W, b, contacts, r); }), 0);
  EXPECT_EQ(allocations_in([&] { friction.solve(Ws, b, contacts, r.z, r); }), 0);
  EXPECT_TRUE(r.solved());

  const Mat K = fixtures::random_spd(12, 6);
  const Vec q = fixtures::uniform_vector(12, 7);
  MlcpSolver mlcp(12);
  mlcp.solve(K, q, 4, r);
  EXPECT_EQ(allocations_in([&] { mlcp.solve(K, q, 4, r); }), 0);
  EXPECT_TRUE(r.solved());

  LcpSolver automatic(12);
  automatic.solve(K, q, r);
  EXPECT_EQ(allocations_in([&] { automatic.solve(K, q, r); }), 0);
  EXPECT_TRUE(r.solved());
}

}  // namespace allocation_test
}  // namespace stickslip::solvers
