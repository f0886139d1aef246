// Relative rotation about a revolute joint's axis, for drivers and rotational spring-dampers.
// With f_i = A_i ref_i, h_i = A_i (axis_i × ref_i), f_j = A_j ref_j, the two dot products
//   x = f_iᵀ f_j,   y = h_iᵀ f_j        (each a dot-1 quantity, primitives.cpp)
// give θ = atan2(y, x): the angle from ref_i to ref_j about axis_i, right-handed. With ρ² = x² + y²
// (1 on an assembled joint; only ρ > 0 is needed, i.e. f_j not along the axis):
//   θ̇ = (x ẏ - y ẋ)/ρ²                      → G_θ = (x G_y - y G_x)/ρ²,
//   θ̈ = (x ÿ - y ẍ)/ρ² - 2 (x ẏ - y ẋ)(x ẋ + y ẏ)/ρ⁴
//                                           → c_θ = (x c_y - y c_x)/ρ² - 2 (x ẏ - y ẋ)(x ẋ + y ẏ)/ρ⁴,
// exact everywhere (not only on the assembled joint), so the finite-difference tests apply as they
// do to the joints.
#include <cmath>

#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

using Velocity = Eigen::Matrix<double, 6, 1>;
Velocity velocity_of(const SpatialPose& b) {
  Velocity v;
  v << b.v_world, b.omega_body;
  return v;
}

struct AngleTerms {
  double theta = 0, rate = 0, c = 0;
  Eigen::Matrix<double, 1, 6> Gi, Gj;
};

AngleTerms angle_terms(const SpatialPose& bi, const SpatialPose& bj, const SpatialJointFrame& frame) {
  ConstraintBlock xy;  // row 0: x = f_iᵀ f_j, row 1: y = h_iᵀ f_j
  dot1(bi, bj, frame.ref_i, frame.ref_j, xy, 0);
  dot1(bi, bj, frame.axis_i.cross(frame.ref_i), frame.ref_j, xy, 1);
  const Velocity vi = velocity_of(bi), vj = velocity_of(bj);
  const double x = xy.phi[0], y = xy.phi[1], rho2 = x * x + y * y;
  const double x_dot = xy.Gi.row(0).dot(vi) + xy.Gj.row(0).dot(vj);
  const double y_dot = xy.Gi.row(1).dot(vi) + xy.Gj.row(1).dot(vj);
  AngleTerms t;
  t.theta = std::atan2(y, x);
  t.Gi = (x * xy.Gi.row(1) - y * xy.Gi.row(0)) / rho2;
  t.Gj = (x * xy.Gj.row(1) - y * xy.Gj.row(0)) / rho2;
  t.rate = (x * y_dot - y * x_dot) / rho2;
  t.c = (x * xy.c[1] - y * xy.c[0]) / rho2 - 2.0 * (x * y_dot - y * x_dot) * (x * x_dot + y * y_dot) / (rho2 * rho2);
  return t;
}

}  // namespace

void relative_rotation(const SpatialPose& bi, const SpatialPose& bj, const SpatialJointFrame& frame, double theta0,
                       ConstraintBlock& out, int row) {
  const AngleTerms t = angle_terms(bi, bj, frame);
  out.phi[row] = std::remainder(t.theta - theta0, kTwoPi);
  out.Gi.row(row) = t.Gi;
  out.Gj.row(row) = t.Gj;
  out.c[row] = t.c;
  out.phi_t[row] = 0;
  out.phi_tt[row] = 0;
}

double continuous_angle(double theta_wrapped, double previous) {
  return previous + std::remainder(theta_wrapped - previous, kTwoPi);
}

RelativeRotation relative_rotation_state(const SpatialPose& bi, const SpatialPose& bj, const SpatialJointFrame& frame,
                                         double previous_angle) {
  const AngleTerms t = angle_terms(bi, bj, frame);
  RelativeRotation r;
  r.angle = continuous_angle(t.theta, previous_angle);
  r.rate = t.rate;
  r.Gi = t.Gi;
  r.Gj = t.Gj;
  return r;
}

RotationalSpringForces rotational_spring_damper(const RotationalSpringDamper& element, const RelativeRotation& rotation) {
  RotationalSpringForces f;
  f.torque = -element.stiffness * (rotation.angle - element.rest_angle) - element.damping * rotation.rate;
  f.Qi = rotation.Gi.transpose() * f.torque;
  f.Qj = rotation.Gj.transpose() * f.torque;
  return f;
}

}  // namespace stickslip::spatial
