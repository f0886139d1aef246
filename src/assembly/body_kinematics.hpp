// Stage 1 of every assembly: pose, velocity (and, for bodies that are not dynamic, acceleration) of
// every body in the global frame.
#pragma once

#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {

// Writes ws.bodies from the state (dynamic bodies) or the model (fixed, prescribed bodies at s.t).
void compute_body_kinematics(const Model& model, const State& s, Workspace& ws);

// The body's generalised velocities v_b and accelerations (nv values; planar [ẋ, ẏ, ω], [ẍ, ÿ, α]),
// which its blocks in velocity-space rows multiply. Accelerations are known only for bodies that are
// not dynamic.
inline BodyVector generalised_velocity(const Body& body, const BodyKinematics& b) {
  BodyVector out(body.nv());
  if (body.dimension == Dimension::spatial) {
    out << b.spatial.v, b.spatial.omega;
  } else {
    out << b.v.x(), b.v.y(), b.omega;
  }
  return out;
}
inline BodyVector generalised_acceleration(const Body& body, const BodyKinematics& b) {
  BodyVector out(body.nv());
  if (body.dimension == Dimension::spatial) {
    out << b.spatial.a, b.spatial.alpha;
  } else {
    out << b.a.x(), b.a.y(), b.alpha;
  }
  return out;
}

// The generalised velocity v_b of a prescribed body at time t, from its time functions (what
// compute_body_kinematics and generalised_velocity give at that instant, without a workspace).
BodyVector prescribed_velocity(const Body& body, double t);

// Global position and velocity of a point given in a body's frame.
inline Vec2 point_position(const BodyKinematics& b, const Vec2& local) { return b.r + b.A * local; }
inline Vec2 point_velocity(const BodyKinematics& b, const Vec2& local) { return b.v + b.omega * perp(b.A * local); }
// Spatial bodies: `local` in the user's body frame; ω in the world frame is R ω.
inline Vec3 point_position(const SpatialKinematics& b, const Vec3& local) { return b.r + b.A * local; }
inline Vec3 point_velocity(const SpatialKinematics& b, const Vec3& local) {
  return b.v + (b.R * b.omega).cross(b.A * local);
}

}  // namespace stickslip
