// The relative rotation about a revolute joint's axis (angle, rate, full turns) and the rotational
// spring-damper built on it. The sign convention: θ turns ref_i into ref_j about axis_i by the
// right-hand rule. The Jacobian and velocity product of the driver row are checked against finite
// differences in jacobian_test.cpp.
#include <cmath>

#include "spatial_support.hpp"

namespace stickslip::spatial::test {
namespace relative_rotation_test {

// θ and θ̇ are computed from O(1) dot products (unit vectors, rates <= 1): rounding, 1e-12.
constexpr double kRounding = 1e-12;

// Body j on an assembled revolute joint with body i, at the angle θ turning at θ̇.
SpatialPose hinged_at(const SpatialJointFrame& frame, const SpatialPose& bi, double theta, double theta_dot) {
  return assembled_j(SpatialJointType::revolute, frame, bi, Eigen::VectorXd::Constant(1, theta),
                     Eigen::VectorXd::Constant(1, theta_dot));
}

SpatialJointFrame hinge_about_z() {
  SpatialJointFrame f;  // axis z, reference x on both bodies, joint point at both origins
  return f;
}

TEST(SpatialRelativeRotation, SignConventionIsRightHandedAboutAxisI) {
  const SpatialJointFrame f = hinge_about_z();
  SpatialPose bi, bj;
  bj.A = Eigen::AngleAxisd(M_PI / 2, Vec3::UnitZ()).toRotationMatrix();  // ref_j = y: +90° about z
  bj.omega_body = Vec3(0, 0, 0.7);                                      // turning on, about +z
  const RelativeRotation r = relative_rotation_state(bi, bj, f, 0.0);
  EXPECT_NEAR(r.angle, M_PI / 2, kRounding);
  EXPECT_NEAR(r.rate, 0.7, kRounding);
  // Body i turning the same way at the same rate: no relative motion.
  bi.omega_body = Vec3(0, 0, 0.7);
  EXPECT_NEAR(relative_rotation_state(bi, bj, f, 0.0).rate, 0.0, kRounding);
}

// On assembled revolute joints with random frames and poses, θ is the joint coordinate (any value
// in (-π, π)) and θ̇ its rate, which is also axis_iᵀ (ω_j - ω_i) in the world frame.
TEST(SpatialRelativeRotation, IsTheRevoluteJointCoordinate) {
  Random rng(800);
  for (int trial = 0; trial < 20; ++trial) {
    const SpatialJointFrame frame = rng.frame();
    const SpatialPose bi = rng.pose();
    const double theta = rng.uniform(-3.1, 3.1), theta_dot = rng.uniform(-1, 1);
    const SpatialPose bj = hinged_at(frame, bi, theta, theta_dot);
    const RelativeRotation r = relative_rotation_state(bi, bj, frame, 0.0);
    EXPECT_NEAR(r.angle, theta, kRounding);
    EXPECT_NEAR(r.rate, theta_dot, kRounding);
    EXPECT_NEAR(r.rate, (bi.A * frame.axis_i).dot(bj.A * bj.omega_body - bi.A * bi.omega_body), kRounding);
    // The driver row measures θ - θ0 modulo a full turn: a θ0 three turns on gives the same Φ.
    ConstraintBlock blk;
    relative_rotation(bi, bj, frame, theta + 0.25 + 6 * M_PI, blk, 0);
    EXPECT_NEAR(blk.phi[0], -0.25, 1e-12);
  }
}

// Followed along a motion in steps of less than half a turn, the continuous angle counts full
// turns: 1.3 turns forward, then back to -2.2 turns, passing ±π many times.
TEST(SpatialRelativeRotation, CountsFullTurns) {
  Random rng(801);
  const SpatialJointFrame frame = rng.frame();
  const SpatialPose bi = rng.pose();
  double angle = 0.0;
  auto go_to = [&](double target) {
    const int steps = 40;
    const double start = angle;
    for (int k = 1; k <= steps; ++k) {
      const double theta = start + (target - start) * k / steps;  // steps of |Δθ| < π
      const SpatialPose bj = hinged_at(frame, bi, theta, 0.0);
      angle = relative_rotation_state(bi, bj, frame, angle).angle;
      // rounding of θ, which grows with the number of turns only through the argument of cos/sin
      ASSERT_NEAR(angle, theta, 1e-11) << "step " << k;
    }
  };
  go_to(1.3 * 2 * M_PI);
  go_to(-2.2 * 2 * M_PI);
  EXPECT_NEAR(continuous_angle(0.1, 4 * M_PI - 0.05), 4 * M_PI + 0.1, kRounding);
  EXPECT_NEAR(continuous_angle(-3.0, 3.0), 2 * M_PI - 3.0, kRounding);  // across +π: forward
}

// τ = -k (θ - θ0) - d θ̇ on body j about the axis; its generalised forces have the power τ θ̇, and on an assembled joint they are the moments τ a (on j) and -τ a (on
// i) with no force.
TEST(SpatialRotationalSpringDamper, TorqueAndItsPower) {
  Random rng(802);
  const RotationalSpringDamper element{3.0, 0.4, 0.2};
  for (int trial = 0; trial < 10; ++trial) {
    const SpatialJointFrame frame = rng.frame();
    const SpatialPose bi = rng.pose();
    const double theta = rng.uniform(-3, 3), theta_dot = rng.uniform(-1, 1);
    const SpatialPose bj = hinged_at(frame, bi, theta, theta_dot);
    const RelativeRotation r = relative_rotation_state(bi, bj, frame, 0.0);
    const RotationalSpringForces f = rotational_spring_damper(element, r);
    EXPECT_NEAR(f.torque, -3.0 * (theta - 0.2) - 0.4 * theta_dot, kRounding);
    EXPECT_NEAR(f.Qi.dot(velocity_of(bi)) + f.Qj.dot(velocity_of(bj)), f.torque * theta_dot, kRounding);
    const Vec3 axis = bi.A * frame.axis_i;
    Vec3 force, moment;
    wrench_about_point(bj, frame.point_j, f.Qj, force, moment);
    EXPECT_LE(force.norm(), kRounding);
    EXPECT_LE((moment - f.torque * axis).norm(), kRounding);
    wrench_about_point(bi, frame.point_i, f.Qi, force, moment);
    EXPECT_LE(force.norm(), kRounding);
    EXPECT_LE((moment + f.torque * axis).norm(), kRounding);

  }
}

}  // namespace relative_rotation_test
}  // namespace stickslip::spatial::test
