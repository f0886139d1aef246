// Rotations in 3-D for spatial bodies: unit quaternions p = (w, x, y, z) (Hamilton convention,
// p ⊗ (0, a) ⊗ p* = R(p) a turns body-frame vectors into world-frame ones), the exponential map,
// the cross-product matrix and the readers' conventions (axis-angle, z-y'-x'' Euler angles).
// docs/notation.md, "Spatial bodies", states the conventions in full.
#pragma once

#include <Eigen/Geometry>

#include "math/types.hpp"

namespace stickslip {

using Quat = Eigen::Quaterniond;

// [a]ₓ with [a]ₓ b = a × b.
inline Mat3 skew(const Vec3& a) {
  Mat3 s;
  s << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return s;
}

// exp(½ θ): the unit quaternion of a rotation by the vector θ (angle |θ| about θ/|θ|). Near zero the
// series keeps full precision (sin(x)/x = 1 − x²/6 + ..., cos(x) = 1 − x²/2 + ...).
inline Quat rotation_exp(const Vec3& theta) {
  const double angle = theta.norm();
  const double half = 0.5 * angle;
  double w, s;  // cos(½|θ|), sin(½|θ|)/|θ|
  if (angle < 1e-4) {
    const double h2 = half * half;
    w = 1.0 - h2 / 2.0 + h2 * h2 / 24.0;
    s = 0.5 * (1.0 - h2 / 6.0 + h2 * h2 / 120.0);
  } else {
    w = std::cos(half);
    s = std::sin(half) / angle;
  }
  return Quat(w, s * theta.x(), s * theta.y(), s * theta.z());
}

// The rotation by `angle` [rad] about `axis` (any non-zero length).
inline Quat axis_angle(const Vec3& axis, double angle) { return rotation_exp(angle * axis.normalized()); }

// Intrinsic z-y'-x'' Euler angles (yaw ψ about z, then pitch ϑ about the new y, then roll φ about the
// newest x) [rad]: R = R_z(ψ) R_y(ϑ) R_x(φ).
inline Quat euler_zyx(double yaw, double pitch, double roll) {
  return axis_angle(Vec3::UnitZ(), yaw) * axis_angle(Vec3::UnitY(), pitch) * axis_angle(Vec3::UnitX(), roll);
}

// Body-frame angular velocity and acceleration of R_z(ψ) R_y(ϑ) R_x(φ) from the angles and their
// first and second time derivatives (differentiate ω_body = [φ̇ − ψ̇ sϑ, ϑ̇ cφ + ψ̇ cϑ sφ, −ϑ̇ sφ + ψ̇ cϑ cφ]).
struct EulerRates {
  Vec3 omega, alpha;  // body frame
};
inline EulerRates euler_zyx_rates(const Vec3& angle, const Vec3& rate, const Vec3& accel) {
  const double st = std::sin(angle[1]), ct = std::cos(angle[1]), sf = std::sin(angle[2]), cf = std::cos(angle[2]);
  const double dpsi = rate[0], dth = rate[1], dphi = rate[2];
  EulerRates out;
  out.omega << dphi - dpsi * st, dth * cf + dpsi * ct * sf, -dth * sf + dpsi * ct * cf;
  out.alpha << accel[2] - accel[0] * st - dpsi * dth * ct,
      accel[1] * cf - dth * dphi * sf + accel[0] * ct * sf - dpsi * dth * st * sf + dpsi * dphi * ct * cf,
      -accel[1] * sf - dth * dphi * cf + accel[0] * ct * cf - dpsi * dth * st * cf - dpsi * dphi * ct * sf;
  return out;
}

}  // namespace stickslip
