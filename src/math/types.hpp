// Common linear-algebra types and small planar helpers.
#pragma once

#include <Eigen/Dense>

namespace stickslip {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;
using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Mat2 = Eigen::Matrix2d;
using Mat3 = Eigen::Matrix3d;

// Planar rotation matrix A(θ), columns are the body axes in the global frame.
inline Mat2 rotation2(double theta) {
  const double c = std::cos(theta), s = std::sin(theta);
  Mat2 a;
  a << c, -s, s, c;
  return a;
}

// Rotates a planar vector by +90°: perp(a) = [-a_y, a_x] (so d(A s)/dθ = perp(A s)).
inline Vec2 perp(const Vec2& a) { return {-a.y(), a.x()}; }

// Scalar planar cross product a × b = a_x b_y - a_y b_x.
inline double cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

}  // namespace stickslip
