// The admissible force distributions of a redundant set (solvers/admissible_forces.hpp) against their
// closed forms, on the set that the event-driven scheme meets under a box on four compliant corners
// of an incline (issue 31): four contacts whose normal forces are fixed by their laws (two loaded
// corners, two light ones), their tangential forces λ_k (two rows each) indeterminate but for their
// sum F, which holds the box; each disc |λ_k| <= μ N_k is the polygon of eight facets circumscribing
// it, a facet facing F (as ModalDynamics turns it).
//   The feasibility margin s* = max min_{k,j} (μ N_k − n_j·λ_k) over every split: each corner's
//     facing facet takes its share of F, Σ_k (μ N_k − s) = |F|, so s* = (μ ΣN − |F|) / 4; the other
//     facets, at 45° and more from F, bind less.
//   The least-norm admissible split: the equal share |F|/4 where it fits, the light corners held at
//     their cones μ N_k and the loaded ones sharing the rest where it does not.
// Run at 0.9, 0.99 and 0.999 of μ ΣN. (The set of the box itself, with its yaw row, once ended
// Lemke's method on a ray in the margin's program and is covered where it arises:
// SpatialStiction.BoxOnAnInclineBelowTheStaticCoefficientHolds/EventDrivenCompliantCorners.)
#include "solvers/admissible_forces.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include <Eigen/Geometry>
#include <Eigen/QR>

#include "solvers/pyramid_contact_lcp.hpp"

namespace stickslip::solvers {
namespace {

constexpr double kMu = 0.5, kCap = 10.81;
const double kNormal[4] = {2.742045, 1.645998, 2.742045, 1.645998};  // N, the corners' normal forces

struct RedundantSet {
  Vec lambda_hat;  // the equal split
  Mat Z;           // orthonormal basis of the splits that leave the sum unchanged
  Mat A;           // the facets: A λ + b >= 0
  Vec b;
};

// The set holding a total tangential force F, pointing along t₂ (down a slope).
RedundantSet redundant_set(double load) {
  const Vec2 F(0.0, -load);
  RedundantSet s;
  Mat D = Mat::Zero(2, 8);  // D λ = Σ_k λ_k
  for (int k = 0; k < 4; ++k) D.block(0, 2 * k, 2, 2).setIdentity();
  s.lambda_hat = D.transpose() * (F / 4.0);
  const Eigen::HouseholderQR<Mat> qr(D.transpose());
  const Mat Q = qr.householderQ() * Mat::Identity(8, 8);
  s.Z = Q.rightCols(6);
  constexpr int kFacets = 8;
  s.A = Mat::Zero(4 * kFacets, 8);
  s.b.resize(4 * kFacets);
  const Eigen::Rotation2Dd turn(std::atan2(F.y(), F.x()));
  for (int k = 0; k < 4; ++k) {
    for (int j = 0; j < kFacets; ++j) {
      const Vec2 n = turn * pyramid_generator(j, kFacets);
      s.A.block(k * kFacets + j, 2 * k, 1, 2) = -n.transpose();
      s.b[k * kFacets + j] = kMu * kNormal[k];
    }
  }
  return s;
}

double total_normal() { return kNormal[0] + kNormal[1] + kNormal[2] + kNormal[3]; }

class AdmissibleForcesOnAnIncline : public ::testing::TestWithParam<double> {};

// The margin and the least-norm split to rounding of the forces (1e-12 N: the program is solved
// exactly by pivoting, on forces of a few newtons).
TEST_P(AdmissibleForcesOnAnIncline, MarginAndLeastNormSplitAreTheClosedForms) {
  const double load = GetParam() * kMu * total_normal();
  const RedundantSet s = redundant_set(load);
  AdmissibleForceSolver solver;
  AdmissibleForces out;
  solver.solve(s.lambda_hat, s.Z, s.A, s.b, kCap, out);
  ASSERT_TRUE(out.feasible);
  EXPECT_NEAR(out.margin, (kMu * total_normal() - load) / 4, 1e-12);
  ASSERT_EQ(out.lambda.size(), 8);
  // The split holds F and every corner is inside its polygon.
  Vec2 sum = Vec2::Zero();
  for (int k = 0; k < 4; ++k) sum += out.lambda.segment<2>(2 * k);
  EXPECT_NEAR(sum.x(), 0.0, 1e-12);
  EXPECT_NEAR(sum.y(), -load, 1e-12);
  EXPECT_GE((s.A * out.lambda + s.b).minCoeff(), -1e-12);
  // The least-norm split: the equal share where it fits, else the light corners at their cones.
  const double share = load / 4, light = kMu * kNormal[1];
  const double light_force = std::min(share, light), loaded_force = (load - 2 * light_force) / 2;
  for (int k = 0; k < 4; ++k) {
    SCOPED_TRACE(k);
    EXPECT_NEAR(out.lambda[2 * k], 0.0, 1e-12);
    EXPECT_NEAR(out.lambda[2 * k + 1], -(k % 2 == 1 ? light_force : loaded_force), 1e-12);
  }
}

INSTANTIATE_TEST_SUITE_P(NearTheStaticCoefficient, AdmissibleForcesOnAnIncline, ::testing::Values(0.9, 0.99, 0.999));

// Above μ ΣN no split holds: a negative margin, the closed form's, and not feasible.
TEST(AdmissibleForces, AboveTheConesTheMarginIsNegativeByTheExcess) {
  const double load = 1.01 * kMu * total_normal();
  const RedundantSet s = redundant_set(load);
  AdmissibleForceSolver solver;
  AdmissibleForces out;
  solver.solve(s.lambda_hat, s.Z, s.A, s.b, kCap, out);
  EXPECT_FALSE(out.feasible);
  EXPECT_NEAR(out.margin, (kMu * total_normal() - load) / 4, 1e-12);
}

}  // namespace
}  // namespace stickslip::solvers
