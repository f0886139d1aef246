// Conversions between the project's types and Bullet's (internal to the collision adapter).
#pragma once

#include <LinearMath/btTransform.h>

#include "geometry/shape.hpp"

namespace stickslip::geometry::detail {

inline btVector3 to_bt(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
inline Vec3 from_bt(const btVector3& v) { return {v.x(), v.y(), v.z()}; }
inline btTransform to_bt(const Pose& p) {
  const Quat& q = p.orientation;
  return btTransform(btQuaternion(q.x(), q.y(), q.z(), q.w()), to_bt(p.position));
}

}  // namespace stickslip::geometry::detail
