// Jacobians and velocity products of the spatial primitives, the six joints and the relative
// rotation, against finite differences along the kinematic map (spatial_support.hpp), on random
// poses that do not satisfy the constraints (the formulas must be exact everywhere, not only on the
// assembled joint).
//
// G: column k of G_b is dΦ/dε of Φ(q_b ⊕ ε e_k) at ε = 0 (translation of r along e_k, or rotation
// of A by exp(ε ê_k) on the body side), by central differences with step ε:
//   error <= ε²/6 max|Φ'''| (truncation) + 2 ε_mach max|Φ| / (2ε) (rounding of the two values).
// Bounds for the random data (|r|, |s'| <= 1 per component, so |P_j - P_i| <= 4√3 < 7, unit
// vectors, unit-rate rotations): every Φ and its ε-derivatives are bounded by M = 10. With ε = 1e-5
// this gives 1.7e-10 + 2.2e-10; the tolerance is 4 times the sum, 1.6e-9 — far below the size of a
// wrong term (a sign or a missing s' changes G by O(1)).
//
// c: along the motion with constant accelerations a (spatial_support.hpp `moved`), Φ̈ at t = 0 is
// G_i a_i + G_j a_j + c; Φ̈ is taken as the central difference of Φ̇(t) = G(q(t)) v(t) with step h:
//   error <= h²/6 max|Φ⁗| + 2 ε_mach max|Φ̇| / (2h) + O(h³) (the Magnus expansion of the motion).
// With speeds and accelerations <= 1 per component (|ω'|, |α'| <= √3) the fourth derivative is
// bounded by M4 = 200 and |Φ̇| by M1 = 20; with h = 1e-5: 3.3e-9 + 4.4e-10; tolerance 4 times, 1.5e-8.
//
// The relative rotation θ = atan2(y, x) amplifies the derivatives of x and y by up to 1/ρ^k
// (ρ² = x² + y²); the random poses are kept at ρ >= 0.5, so its bounds are 8 times the above.
#include <cmath>

#include "spatial_support.hpp"

namespace stickslip::spatial::test {
namespace jacobian_test {

constexpr double kEpsG = 1e-5;
constexpr double kToleranceG = 4 * (kEpsG * kEpsG / 6 * 10 + kEpsMachine * 10 / kEpsG);
constexpr double kStepC = 1e-5;
constexpr double kToleranceC = 4 * (kStepC * kStepC / 6 * 200 + kEpsMachine * 20 / kStepC);

// Central differences of Φ along each velocity direction of body i (which = 0) or j (which = 1).
Eigen::MatrixXd numeric_jacobian(const BlockFunction& f, const SpatialPose& bi, const SpatialPose& bj, int which) {
  const int rows = evaluate(f, bi, bj).rows;
  Eigen::MatrixXd g(rows, 6);
  for (int k = 0; k < 6; ++k) {
    const Vec6 step = kEpsG * Vec6::Unit(k);
    const SpatialPose bi_plus = which == 0 ? displaced(bi, step) : bi, bi_minus = which == 0 ? displaced(bi, -step) : bi;
    const SpatialPose bj_plus = which == 1 ? displaced(bj, step) : bj, bj_minus = which == 1 ? displaced(bj, -step) : bj;
    g.col(k) = (evaluate(f, bi_plus, bj_plus).phi.head(rows) - evaluate(f, bi_minus, bj_minus).phi.head(rows)) /
               (2 * kEpsG);
  }
  return g;
}

// Φ̈ at t = 0 along the motion with accelerations ai, aj, by central differences of Φ̇ = G v.
Eigen::VectorXd numeric_phi_ddot(const BlockFunction& f, const SpatialPose& bi, const SpatialPose& bj, const Vec6& ai,
                                 const Vec6& aj) {
  const SpatialPose bi_plus = moved(bi, ai, kStepC), bi_minus = moved(bi, ai, -kStepC);
  const SpatialPose bj_plus = moved(bj, aj, kStepC), bj_minus = moved(bj, aj, -kStepC);
  return (phi_dot(evaluate(f, bi_plus, bj_plus), bi_plus, bj_plus) -
          phi_dot(evaluate(f, bi_minus, bj_minus), bi_minus, bj_minus)) /
         (2 * kStepC);
}

void expect_exact_derivatives(const BlockFunction& f, const SpatialPose& bi, const SpatialPose& bj, Random& rng,
                              double scale = 1.0) {
  const ConstraintBlock blk = evaluate(f, bi, bj);
  ASSERT_GT(blk.rows, 0);
  const Eigen::MatrixXd gi = blk.Gi.topRows(blk.rows), gj = blk.Gj.topRows(blk.rows);
  EXPECT_LE((numeric_jacobian(f, bi, bj, 0) - gi).cwiseAbs().maxCoeff(), scale * kToleranceG);
  EXPECT_LE((numeric_jacobian(f, bi, bj, 1) - gj).cwiseAbs().maxCoeff(), scale * kToleranceG);
  const Vec6 ai = rng.vec6(1.0), aj = rng.vec6(1.0);
  const Eigen::VectorXd analytic = gi * ai + gj * aj + blk.c.head(blk.rows);
  EXPECT_LE((numeric_phi_ddot(f, bi, bj, ai, aj) - analytic).cwiseAbs().maxCoeff(), scale * kToleranceC);
  EXPECT_TRUE(blk.phi_t.head(blk.rows).isZero(0.0));
  EXPECT_TRUE(blk.phi_tt.head(blk.rows).isZero(0.0));
}

// The test's own motion: its body-frame angular velocity vee(AᵀȦ) (Ȧ by central differences)
// is ω0' + t α' up to the truncation of the Magnus expansion, O(t³): halving t divides the error by
// about 8 (without the t³ term the error would be O(t²), a ratio of 4). Otherwise the c tests below
// would compare against a wrong Φ̈.
double angular_velocity_error(const SpatialPose& b, const Vec6& a, double t) {
  const double h = 1e-6;
  const Mat3 w_hat = moved(b, a, t).A.transpose() * (moved(b, a, t + h).A - moved(b, a, t - h).A) / (2 * h);
  return (Vec3(w_hat(2, 1), w_hat(0, 2), w_hat(1, 0)) - (b.omega_body + t * a.tail<3>())).norm();
}

TEST(SpatialMotion, MagnusMotionHasTheStatedAngularVelocity) {
  Random rng(7);
  for (int trial = 0; trial < 5; ++trial) {
    const SpatialPose b = rng.pose();
    const Vec6 a = rng.vec6(1.0);
    const double coarse = angular_velocity_error(b, a, 0.2), fine = angular_velocity_error(b, a, 0.1);
    EXPECT_GT(coarse / fine, 6.0) << coarse << " " << fine;
    EXPECT_LT(fine, 1e-2);
  }
}

TEST(SpatialPrimitives, PointCoincidenceMatchesFiniteDifferences) {
  Random rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    const Vec3 si = rng.vec(1.0), sj = rng.vec(1.0);
    expect_exact_derivatives(
        [&](const SpatialPose& bi, const SpatialPose& bj, ConstraintBlock& out) {
          out.rows = 3;
          point_coincidence(bi, bj, si, sj, out, 0);
        },
        rng.pose(), rng.pose(), rng);
  }
}

TEST(SpatialPrimitives, Dot1MatchesFiniteDifferences) {
  Random rng(12);
  for (int trial = 0; trial < 20; ++trial) {
    const Vec3 u = rng.unit(), w = rng.unit();
    expect_exact_derivatives(
        [&](const SpatialPose& bi, const SpatialPose& bj, ConstraintBlock& out) {
          out.rows = 1;
          dot1(bi, bj, u, w, out, 0);
        },
        rng.pose(), rng.pose(), rng);
  }
}

TEST(SpatialPrimitives, Dot2MatchesFiniteDifferences) {
  Random rng(13);
  for (int trial = 0; trial < 20; ++trial) {
    const Vec3 u = rng.unit(), si = rng.vec(1.0), sj = rng.vec(1.0);
    expect_exact_derivatives(
        [&](const SpatialPose& bi, const SpatialPose& bj, ConstraintBlock& out) {
          out.rows = 1;
          dot2(bi, bj, u, si, sj, out, 0);
        },
        rng.pose(), rng.pose(), rng);
  }
}

// A primitive placed at a later row fills only its rows, at that offset.
TEST(SpatialPrimitives, FillTheirOwnRowsOnly) {
  Random rng(14);
  const SpatialPose bi = rng.pose(), bj = rng.pose();
  const Vec3 u = rng.unit(), si = rng.vec(1.0), sj = rng.vec(1.0);
  ConstraintBlock first, offset;
  dot2(bi, bj, u, si, sj, first, 0);
  offset.Gi.setConstant(7.0);
  dot2(bi, bj, u, si, sj, offset, 4);
  EXPECT_EQ(offset.phi[4], first.phi[0]);
  EXPECT_EQ(offset.c[4], first.c[0]);
  EXPECT_TRUE(offset.Gi.row(4) == first.Gi.row(0));
  EXPECT_TRUE(offset.Gi.row(3).isConstant(7.0));
  EXPECT_TRUE(offset.Gi.row(5).isConstant(7.0));
}

class SpatialJointDerivatives : public ::testing::TestWithParam<SpatialJointType> {};

TEST_P(SpatialJointDerivatives, MatchFiniteDifferencesAlongTheKinematicMap) {
  Random rng(100 + static_cast<int>(GetParam()));
  for (int trial = 0; trial < 10; ++trial) {
    expect_exact_derivatives(joint_function(GetParam(), rng.frame()), rng.pose(), rng.pose(), rng);
  }
}

INSTANTIATE_TEST_SUITE_P(AllJoints, SpatialJointDerivatives, ::testing::ValuesIn(all_joint_types()),
                         joint_test_name);

// The relative-rotation row (a driver's Φ = wrap(θ - θ0)), off the assembled joint with ρ >= 0.5.
TEST(SpatialRelativeRotation, MatchesFiniteDifferences) {
  Random rng(21);
  int tested = 0;
  while (tested < 20) {
    const SpatialJointFrame frame = rng.frame();
    const SpatialPose bi = rng.pose(), bj = rng.pose();
    const Vec3 fj = bj.A * frame.ref_j;
    const double x = (bi.A * frame.ref_i).dot(fj), y = (bi.A * frame.axis_i.cross(frame.ref_i)).dot(fj);
    if (x * x + y * y < 0.25) continue;
    // θ0 keeps Φ away from the wrap at ±π, where the central difference would straddle the jump.
    const double theta0 = std::atan2(y, x) - 0.5;
    expect_exact_derivatives(
        [&](const SpatialPose& pi, const SpatialPose& pj, ConstraintBlock& out) {
          out.rows = 1;
          relative_rotation(pi, pj, frame, theta0, out, 0);
        },
        bi, bj, rng, 8.0);
    ++tested;
  }
}

}  // namespace jacobian_test
}  // namespace stickslip::spatial::test
