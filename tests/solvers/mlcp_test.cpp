#include "solvers/mlcp.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "lcp_fixtures.hpp"
#include "solvers/enumeration.hpp"

namespace stickslip::solvers {
namespace mlcp_test {

// The time-stepping MLCP of Fu & Yue 2011 in miniature: free velocities u (mass matrix A = Mass), contact
// impulses v: Mass u - J^T v - Mass u_free = 0 and w = J u + g >= 0 _|_ v >= 0. K = [[Mass, -J^T],
// [J, 0]]: monotone, zero complementarity diagonal (PGS cannot run), nonsingular A.
struct TimeStep {
  Mat K;
  Vec q;
  Eigen::Index n_free;
};

TimeStep time_step(Eigen::Index dofs, Eigen::Index contacts, unsigned seed) {
  const Mat mass = fixtures::random_spd(dofs, seed, 1.0);
  const Mat J = fixtures::uniform_matrix(contacts, dofs, seed + 1);
  const Vec u_free = fixtures::uniform_vector(dofs, seed + 2);
  const Vec gap = fixtures::uniform_vector(contacts, seed + 3, 0.0, 0.1);
  TimeStep t;
  t.n_free = dofs;
  t.K = Mat::Zero(dofs + contacts, dofs + contacts);
  t.K.topLeftCorner(dofs, dofs) = mass;
  t.K.topRightCorner(dofs, contacts) = -J.transpose();
  t.K.bottomLeftCorner(contacts, dofs) = J;
  t.q.resize(dofs + contacts);
  t.q.head(dofs) = -mass * u_free;
  t.q.tail(contacts) = gap;
  return t;
}

// Every method against the enumeration oracle (unique solution: the Schur complement J M^-1 J^T is
// positive definite for full-rank J with fewer contacts than dofs). All solve to 1e-10 residual;
// with the conditioning of these matrices the solutions then agree to 1e-8.
TEST(Mlcp, EveryMethodMatchesTheOracle) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    const TimeStep t = time_step(5, 3 + seed % 3, seed);
    EnumerationSolver oracle(t.q.size());
    LcpResult ref;
    oracle.solve_mlcp(t.K, t.q, t.n_free, ref);
    ASSERT_EQ(ref.status, LcpStatus::solved) << seed;
    for (auto method : {MlcpMethod::automatic, MlcpMethod::schur, MlcpMethod::fischer_burmeister}) {
      MlcpSolver solver(t.q.size(), {.method = method});
      LcpResult r;
      solver.solve(t.K, t.q, t.n_free, r);
      ASSERT_EQ(r.status, LcpStatus::solved) << seed << " " << to_string(method);
      EXPECT_LE((r.z - ref.z).cwiseAbs().maxCoeff(), 1e-8) << seed << " " << to_string(method);
      EXPECT_LE(r.residual, 1e-10 * residual_scale(t.q));
    }
    MlcpSolver sparse(0, {.method = MlcpMethod::fischer_burmeister});
    LcpResult rs;
    const SparseMat Ks = t.K.sparseView();
    sparse.solve(Ks, t.q, t.n_free, rs);
    ASSERT_EQ(rs.status, LcpStatus::solved) << seed;
    EXPECT_LE((rs.z - ref.z).cwiseAbs().maxCoeff(), 1e-8) << seed;
  }
}

TEST(Mlcp, AutomaticUsesEliminationForSmallDenseProblems) {
  const TimeStep t = time_step(4, 2, 9);
  MlcpSolver solver;
  LcpResult r;
  solver.solve(t.K, t.q, t.n_free, r);
  EXPECT_TRUE(r.solved());
  EXPECT_EQ(solver.last_method(), MlcpMethod::schur);
}

TEST(Mlcp, SingularEqualityBlockFallsBackToNewton) {
  // A = 0 (1x1) is singular; the MLCP u + ... still has a solution through the coupling rows.
  // K = [[0, 1], [-1, 1]], q = (-1, 0): v = 1 from the equality row, then w = -u + 1 >= 0 _|_ v > 0
  // gives u = 1.
  Mat K(2, 2);
  K << 0, 1, -1, 1;
  MlcpSolver solver(2);
  LcpResult r;
  solver.solve(K, Vec2(-1, 0), 1, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(solver.last_method(), MlcpMethod::fischer_burmeister);
  EXPECT_NEAR(r.z[0], 1.0, 1e-9);  // Newton to residual 1e-10 on a unit-conditioned 2x2
  EXPECT_NEAR(r.z[1], 1.0, 1e-9);
}

// A nonsingular but ill-conditioned equality block: A = U diag(1, 1e-11) Vᵀ (U, V rotations), one
// complementarity row with the unique solution u = (0.3, 0.7), v = 0.37 (R = B − D A⁻¹ C = 1.2e9 > 0).
// The elimination recovers u through A⁻¹, whose rounding (cond(A) ε ≈ 1e11 × 1e-16 = 1e-5) leaves a
// relative residual near 1e-6 in the complementarity row: Schur alone reports it `singular`, and the
// automatic method then runs Newton on the whole MLCP, whose iterations refine the residual (each
// Newton step gains a factor cond(A) ε) down to the 1e-10 tolerance, and keeps that answer. The
// solution itself is known to cond(A) ε |z| ≈ 1e-5 (the data q are rounded).
TEST(Mlcp, IllConditionedEqualityBlockFallsBackFromSchurToNewton) {
  Eigen::Matrix2d U, V;
  U << std::cos(0.3), -std::sin(0.3), std::sin(0.3), std::cos(0.3);
  V << std::cos(1.1), -std::sin(1.1), std::sin(1.1), std::cos(1.1);
  Mat K(3, 3);
  K.topLeftCorner(2, 2) = U * Eigen::Vector2d(1.0, 1e-11).asDiagonal() * V.transpose();
  K.col(2).head(2) = Vec2(-0.3, 0.7);  // C
  K.row(2) = Eigen::RowVector3d(0.45, 0.85, 0.2);  // D, B
  const Vec solution = Vec3(0.3, 0.7, 0.37);
  const Vec q = -(K * solution);

  MlcpSolver schur(3, {.method = MlcpMethod::schur});
  LcpResult rs;
  schur.solve(K, q, 2, rs);
  EXPECT_EQ(rs.status, LcpStatus::singular);
  EXPECT_GT(rs.residual, 1e-8);

  MlcpSolver automatic(3);
  LcpResult r;
  automatic.solve(K, q, 2, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(automatic.last_method(), MlcpMethod::fischer_burmeister);
  EXPECT_LE(r.residual, 1e-10 * residual_scale(q));
  EXPECT_LE((r.z - solution).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(Mlcp, PgsOnSymmetricPositiveDefiniteMlcpWithWarmStart) {
  const Mat K = fixtures::random_spd(12, 4);
  const Vec q = fixtures::uniform_vector(12, 5);
  MlcpSolver solver(12, {.method = MlcpMethod::pgs, .tolerance = 1e-12});
  LcpResult r;
  solver.solve(K, q, 4, r);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EnumerationSolver oracle(12);
  LcpResult ref;
  oracle.solve_mlcp(K, q, 4, ref);
  ASSERT_TRUE(ref.solved());
  EXPECT_LE((r.z - ref.z).cwiseAbs().maxCoeff(), 1e-9);  // residual 1e-12, eigenvalues >= 0.1
  solver.solve(K, q, 4, r.z, r);
  EXPECT_EQ(r.iterations, 0);
  const SparseMat Ks = K.sparseView();
  LcpResult rs;
  solver.solve(Ks, q, 4, rs);
  EXPECT_TRUE(rs.solved());
}

TEST(Mlcp, InvalidInput) {
  MlcpSolver solver;
  LcpResult r;
  solver.solve(Mat::Identity(3, 3), Vec3(1, 1, 1), 4, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  solver.solve(Mat::Identity(3, 3), Vec3(1, NAN, 1), 1, r);
  EXPECT_EQ(r.status, LcpStatus::invalid_input);
  // A non-finite entry of a sparse K, for the Newton (automatic) and the PGS paths.
  Mat K = fixtures::random_spd(4, 3);
  K(1, 2) = NAN;
  const SparseMat Ks = K.sparseView();
  for (auto method : {MlcpMethod::automatic, MlcpMethod::pgs}) {
    MlcpSolver sparse(0, {.method = method});
    sparse.solve(Ks, fixtures::uniform_vector(4, 5), 1, r);
    EXPECT_EQ(r.status, LcpStatus::invalid_input) << to_string(method);
    K(1, 2) = INFINITY;
    sparse.solve(SparseMat(K.sparseView()), fixtures::uniform_vector(4, 5), 1, Vec::Zero(4), r);
    EXPECT_EQ(r.status, LcpStatus::invalid_input) << to_string(method);
    K(1, 2) = NAN;
  }
}

}  // namespace mlcp_test
}  // namespace stickslip::solvers
