// A unit vector perpendicular to a direction, chosen the same way wherever contacts need a tangent.
#pragma once

#include "math/types.hpp"

namespace stickslip {

// A unit vector ⊥ n (|n| = 1): the axis least aligned with n (the first of x, y, z on a tie), made
// orthogonal to it. Smooth in n wherever the choice of axis does not switch: contacts take their
// tangent bases from it on fixed or carried normals only, so their rows never jump.
inline Vec3 perpendicular_unit(const Vec3& n) {
  Eigen::Index axis = 0;
  n.cwiseAbs().minCoeff(&axis);
  const Vec3 e = Vec3::Unit(axis);
  return (e - e.dot(n) * n).normalized();
}

}  // namespace stickslip
