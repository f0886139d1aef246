// Closing the gaps of persistent contacts under Moreau-Jean (formulations/time_stepping/gap_closure.cpp):
// the closing velocity is the minimum-norm least-squares fit of the rows' targets, exact where they
// are consistent, the average where two identical rows ask for different closings; and the
// redundant corner contacts of a shaken wall no longer stall Gauss-Seidel.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <array>
#include <random>

#include "../simulation_support.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/time_stepping/impulse_problem.hpp"
#include "formulations/time_stepping/time_stepper.hpp"

namespace stickslip::test {
namespace gap_closure_test {

// Three planar bodies, one bilateral row and three contacts (a normal and a tangent row each), random
// rows and inverse masses: rows 0-2 on bodies 0 and 1, contact 1 on body 2, contact 2 on bodies 1
// and 2 (7 independent rows, 9 velocities), or with `twin` in contact 1's directions on body 2.
struct ClosingCase {
  Vec minv;
  std::unique_ptr<ImpulseProblem> problem;
  Mat H;  // the rows, dense
};

ClosingCase make_setup(bool sparse, bool twin, unsigned seed, double bilateral_regularisation = 0.0) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const int nv = 9, n = 7;
  ClosingCase s;
  s.minv.resize(nv);
  for (int k = 0; k < nv; ++k) s.minv[k] = 0.5 + 0.5 * (1 + u(rng));
  const RowBodies pair{{0, 3}, {3, 3}}, single{{6, -1}, {3, 0}}, second_pair{{3, 6}, {3, 3}};
  std::vector<RowBodies> bodies{pair, pair, pair, single, single, twin ? single : second_pair, twin ? single : second_pair};
  ImpulseSolverOptions o;
  o.kind = ImpulseSolverKind::pgs;
  o.dense_rows = sparse ? 0 : 64;
  s.problem = std::make_unique<ImpulseProblem>(nv, 1, std::vector<int>{1, 1, 1}, bodies, o, false);
  ImpulseProblem& p = *s.problem;
  for (int r = 0; r < n; ++r)
    for (int a = 0; a < 2; ++a)
      if (bodies[static_cast<std::size_t>(r)].offset[a] >= 0) p.row(r).w[a] << u(rng), u(rng), 0.3 * u(rng);
  if (twin) {  // contact 2 (rows 5, 6) on the same body and in the same directions as contact 1 (rows 3, 4)
    p.row(5).w[0] = p.row(3).w[0];
    p.row(6).w[0] = p.row(4).w[0];
  }
  for (int c = 0; c < 3; ++c) p.contact(c).active = true;
  p.regularise_bilateral(bilateral_regularisation);
  p.assemble(s.minv);
  s.H = Mat::Zero(n, nv);
  for (int r = 0; r < n; ++r)
    for (int a = 0; a < 2; ++a) {
      const int off = p.row(r).offset[a];
      if (off >= 0) s.H.block(r, off, 1, 3) = p.row(r).w[a];
    }
  return s;
}

// The reference: ŷ = J⁺ t with J = H M^{-1/2} (complete orthogonal decomposition), y = M^{-1/2} ŷ.
Vec least_norm_fit(const ClosingCase& s, const Vec& target) {
  const Vec root = s.minv.cwiseSqrt();
  const Mat J = s.H * root.asDiagonal();
  return root.asDiagonal() * Eigen::CompleteOrthogonalDecomposition<Mat>(J).solve(target);
}

// What the regularisation εI of the fit (ε = 1e-10 of W_SS's largest diagonal entry) may change: a
// direction of W_SS with eigenvalue σ² is solved to ε/σ² relative, so 10 ε λ_max/λ_min over the
// nonzero eigenvalues of the fitted rows' W_SS bounds the error of y and of H y.
double regularisation_bound(const ClosingCase& s, const std::vector<char>& fit) {
  Mat Hs = s.H;
  for (int r = 0; r < Hs.rows(); ++r)
    if (!fit[static_cast<std::size_t>(r)]) Hs.row(r).setZero();
  const Vec eig = Eigen::SelfAdjointEigenSolver<Mat>(Hs * s.minv.asDiagonal() * Hs.transpose()).eigenvalues();
  const double largest = eig.maxCoeff();
  double smallest = largest;
  for (const double e : eig)
    if (e > 1e-9 * largest) smallest = std::min(smallest, e);
  return 10 * 1e-10 * largest / smallest;
}

// Consistent targets (7 independent rows, 9 velocities): the rows are met and y is the least-norm
// solution, to the regularisation's bound.
TEST(GapClosure, ClosingVelocityMeetsConsistentTargetsWithTheLeastNorm) {
  for (const bool sparse : {false, true}) {
    SCOPED_TRACE(sparse ? "sparse W" : "dense W");
    ClosingCase s = make_setup(sparse, false, 3);
    const Vec target = (Vec(7) << 0, -0.5, 0, -0.2, 0, -0.8, 0).finished();
    const std::vector<char> fit(7, 1);
    Vec y = Vec::Zero(9);
    ASSERT_TRUE(s.problem->closing_velocity(fit, target, s.minv, y));
    const double bound = regularisation_bound(s, fit);
    EXPECT_LT((s.H * y - target).cwiseAbs().maxCoeff(), bound * target.cwiseAbs().maxCoeff());
    EXPECT_LT((y - least_norm_fit(s, target)).norm(), bound * y.norm());
  }
}

// Two identical contacts asking for different closings (−0.2 and −0.6 m/s) cannot both be met: the
// fit gives both the mean, −0.4, and meets the other rows; the rows outside the fit are free.
TEST(GapClosure, ConflictingTargetsGetTheLeastSquaresFit) {
  for (const bool sparse : {false, true}) {
    SCOPED_TRACE(sparse ? "sparse W" : "dense W");
    ClosingCase s = make_setup(sparse, true, 5);
    const Vec target = (Vec(7) << 0, -0.3, 0.7, -0.2, 0, -0.6, 0).finished();
    std::vector<char> fit(7, 1);
    fit[2] = 0;  // contact 0's tangent row is not fitted: its target must not count
    Vec y = Vec::Zero(9);
    ASSERT_TRUE(s.problem->closing_velocity(fit, target, s.minv, y));
    const Vec u = s.H * y;
    // Besides the regularisation's bias, the conflict (0.4 m/s) puts a share ~0.4/ε along W_SS's
    // null space into λ, which Jᵀ cancels in y only to rounding: ~1e-16/1e-10 of the conflict.
    const double bound = (regularisation_bound(s, fit) + 10 * 1e-16 / 1e-10) * 0.6;
    EXPECT_NEAR(u[3], -0.4, bound);
    EXPECT_NEAR(u[5], -0.4, bound);
    for (const int r : {0, 1, 4, 6}) EXPECT_NEAR(u[r], target[r], bound) << r;
    Vec reference_target = target;
    Mat H = s.H;
    H.row(2).setZero();  // outside the fit
    reference_target[2] = 0;
    s.H = H;
    EXPECT_LT((y - least_norm_fit(s, reference_target)).norm(), bound / 0.6 * y.norm());
  }
}

// The velocity-space fit (sparse W) against the row-space one (dense W) on the same rows: the same
// regularised least-norm fit by the push-through identity (gap_closure.cpp), so they differ by
// rounding only. Compared on H_S y, all the fit is used for. The row space solves W_SS + εI, whose
// condition is λ_max/λ_min over W_SS's nonzero eigenvalues when W_SS is regular, and up to 1/1e-10
// along the null space of redundant rows, where conflicting targets put a share of λ of order
// (conflict)/ε that Jᵀ cancels in y only to rounding (1e-16): 10 × 1e-16 × (λ_max/λ_min + 1e10 if
// redundant) × ‖t‖∞ bounds the difference (10: rounding accumulated over a few operations).
void expect_same_fit(bool twin, const Vec& target, const std::vector<char>& fit, double bilateral_regularisation) {
  ClosingCase dense = make_setup(false, twin, 7, bilateral_regularisation);
  ClosingCase sparse = make_setup(true, twin, 7, bilateral_regularisation);
  ASSERT_FALSE(dense.problem->sparse());
  ASSERT_TRUE(sparse.problem->sparse());
  Vec y_row = Vec::Zero(9), y_velocity = Vec::Zero(9);
  ASSERT_TRUE(dense.problem->closing_velocity(fit, target, dense.minv, y_row));
  ASSERT_TRUE(sparse.problem->closing_velocity(fit, target, sparse.minv, y_velocity));
  Mat Hs = dense.H;
  for (int r = 0; r < Hs.rows(); ++r)
    if (!fit[static_cast<std::size_t>(r)]) Hs.row(r).setZero();
  const Vec eig = Eigen::SelfAdjointEigenSolver<Mat>(Hs * dense.minv.asDiagonal() * Hs.transpose()).eigenvalues();
  double smallest = eig.maxCoeff();
  for (const double e : eig)
    if (e > 1e-9 * eig.maxCoeff()) smallest = std::min(smallest, e);
  const double condition = eig.maxCoeff() / smallest + (twin ? 1e10 : 0.0);
  const double bound = 10 * 1e-16 * condition * target.cwiseAbs().maxCoeff();
  const Vec difference = Hs * (y_velocity - y_row);
  EXPECT_LT(difference.cwiseAbs().maxCoeff(), bound) << "H_S y, row space: " << (Hs * y_row).transpose();
}

TEST(GapClosure, VelocitySpaceFitEqualsRowSpaceFit) {
  const Vec consistent = (Vec(7) << 0, -0.5, 0, -0.2, 0, -0.8, 0).finished();
  const std::vector<char> all(7, 1);
  {
    SCOPED_TRACE("independent rows");
    expect_same_fit(false, consistent, all, 0.0);
  }
  {
    SCOPED_TRACE("independent rows, a regularised bilateral row (its weight ε/(ε + R))");
    expect_same_fit(false, consistent, all, 1e-10);
  }
  {
    SCOPED_TRACE("redundant rows, consistent targets");
    expect_same_fit(true, (Vec(7) << 0, -0.3, 0.7, -0.2, 0, -0.2, 0).finished(), all, 0.0);
  }
  {
    SCOPED_TRACE("redundant rows, conflicting targets, a row outside the fit");
    std::vector<char> fit(7, 1);
    fit[2] = 0;
    expect_same_fit(true, (Vec(7) << 0, -0.3, 0.7, -0.2, 0, -0.6, 0).finished(), fit, 1e-10);
  }
}

// The same on a chain of 40 planar bodies (120 velocities: the normal matrix's sparse path, above
// 96), one bilateral row and a contact between each pair of neighbours, every fifth one doubled by
// a twin in the same directions asking a different closing (redundant rows, conflicting targets),
// as a wall's corners; W dense (row space) or sparse (velocity space). Bound as above.
TEST(GapClosure, VelocitySpaceFitEqualsRowSpaceFitOnALargeRedundantChain) {
  const int bodies = 40, nv = 3 * bodies;
  std::vector<RowBodies> row_bodies{RowBodies{{0, 3}, {3, 3}}};
  std::vector<int> tangent_rows, twin_of;  // twin_of: the contact a twin copies, or -1
  for (int k = 0; k + 1 < bodies; ++k)
    for (int copy = 0; copy < (k % 5 == 0 ? 2 : 1); ++copy) {
      row_bodies.insert(row_bodies.end(), 2, RowBodies{{3 * k, 3 * k + 3}, {3, 3}});
      tangent_rows.push_back(1);
      twin_of.push_back(copy == 1 ? static_cast<int>(twin_of.size()) - 1 : -1);
    }
  const int n = static_cast<int>(row_bodies.size());
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  Vec minv(nv), target(n);
  for (int k = 0; k < nv; ++k) minv[k] = 1.0 + 0.5 * u(rng);
  std::vector<std::array<BodyRow, 2>> blocks(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) {
    for (auto& b : blocks[static_cast<std::size_t>(r)]) b = BodyRow::Zero(3), b << u(rng), u(rng), 0.3 * u(rng);
    target[r] = r == 0 || (r - 1) % 2 == 1 ? 0.0 : 0.5 * (u(rng) - 1);  // normals close, tangents 0
  }
  for (std::size_t c = 0; c < twin_of.size(); ++c)
    if (twin_of[c] >= 0)
      for (int j = 0; j < 2; ++j) blocks[1 + 2 * c + j] = blocks[1 + 2 * static_cast<std::size_t>(twin_of[c]) + j];
  Vec y[2];
  Mat H = Mat::Zero(n, nv);
  for (const bool sparse : {false, true}) {
    ImpulseSolverOptions o;
    o.kind = ImpulseSolverKind::pgs;
    o.dense_rows = sparse ? 0 : n;
    ImpulseProblem p(nv, 1, tangent_rows, row_bodies, o, false);
    ASSERT_EQ(p.sparse(), sparse);
    for (int r = 0; r < n; ++r)
      for (int a = 0; a < 2; ++a) {
        p.row(r).w[a] = blocks[static_cast<std::size_t>(r)][static_cast<std::size_t>(a)];
        H.block(r, p.row(r).offset[a], 1, 3) = p.row(r).w[a];
      }
    for (int c = 0; c < p.contact_count(); ++c) p.contact(c).active = true;
    p.assemble(minv);
    y[sparse].setZero(nv);
    ASSERT_TRUE(p.closing_velocity(std::vector<char>(static_cast<std::size_t>(n), 1), target, minv, y[sparse]));
  }
  const Vec eig = Eigen::SelfAdjointEigenSolver<Mat>(H * minv.asDiagonal() * H.transpose()).eigenvalues();
  double smallest = eig.maxCoeff();
  for (const double e : eig)
    if (e > 1e-9 * eig.maxCoeff()) smallest = std::min(smallest, e);
  const double bound = 10 * 1e-16 * (eig.maxCoeff() / smallest + 1e10) * target.cwiseAbs().maxCoeff();
  EXPECT_LT((H * (y[1] - y[0])).cwiseAbs().maxCoeff(), bound);
  EXPECT_GT((H * y[0] - target).cwiseAbs().maxCoeff(), 1e-3);  // the twins' targets do conflict
}

// examples/block_wall (8 rows, 294 corner contacts, running bond) over its first 2 s, while the
// table's motion is still gentle: the persistent corners' gaps (nanometres, from the blocks'
// rocking) used to be separate targets of the impulse problem that no rigid motion met, and Gauss-
// Seidel stalled on 62 of these 2000 problems above the default tolerance (1e-6), with up to 261
// sweeps. With the closing velocity fitted to them every problem converges, each within the 3
// sweeps of the floor plus a few: at most 30 (the target for the average). The sanitizer
// pass runs the first second only (the same code paths, at half of its 27 s there).
TEST(GapClosure, ShakenWallConvergesAtTheDefaultTolerance) {
  ModelFile mf = read_model_file(source_path("examples/block_wall/block_wall.yaml"));
  TimeStepper stepper(mf.model, mf.options);
  stepper.reset(assembled_initial_state(mf.model, mf.options, stepper.workspace()));
  const double h = mf.options.integrator_options.step;  // 1 ms
  const int steps = static_cast<int>(release_or_sanitized(2000, 1000));
  for (int k = 1; k <= steps; ++k) stepper.step(k * h);
  const ImpulseSolverStats& stats = stepper.problem().stats();
  EXPECT_EQ(stats.solves, steps);
  EXPECT_EQ(stats.unconverged, 0) << "largest residual " << stats.max_unconverged_residual;
  EXPECT_LE(stats.max_iterations, 30);
  EXPECT_LE(static_cast<double>(stats.iterations) / static_cast<double>(stats.solves), 4.0);
}

}  // namespace gap_closure_test
}  // namespace stickslip::test
