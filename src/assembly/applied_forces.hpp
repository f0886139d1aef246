// Stage: applied generalised forces Q (gravity, point forces, torques, spring-dampers), the
// right-hand side of M q̈ = Q + Gᵀλ before constraint and contact forces.
#pragma once

#include "assembly/spatial_joints/spatial_joint.hpp"
#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {

// The terms of Q, all by default. The time-stepping scheme takes the gyroscopic term implicitly in
// its step (time_stepping/euler_step.hpp), and its generalized-α method linearises the spring
// elements about another state than the loads (time_stepping/generalized_alpha.cpp).
struct ForceTerms {
  bool loads = true;       // gravity, point forces, torques
  bool springs = true;     // spring-dampers, rotational spring-dampers
  bool gyroscopic = true;  // −ω × Jω of spatial bodies (Euler's equations in the principal frame)
};

// Requires compute_body_kinematics. Writes ws.f.
void assemble_applied_forces(const Model& model, const State& s, Workspace& ws, ForceTerms terms = {});

// Adds a force F (global frame) acting at global point p of body `body` to a generalised force
// vector: the force on [x, y] and its moment about the centre of mass on θ. No-op for bodies that
// are not dynamic.
void add_point_load(const Model& model, const Workspace& ws, int body, const Vec2& p, const Vec2& F, Vec& f);
// Spatial bodies: F on ṙ, and its moment about the centre of mass, in the principal frame, on ω.
void add_point_load(const Model& model, const Workspace& ws, int body, const Vec3& p, const Vec3& F, Vec& f);

// Current length L and its rate L̇ of a spring-damper (planar models: z = 0).
struct SpringGeometry {
  Vec3 pi, pj;        // attachment points, global
  Vec3 direction;     // unit vector from P_i to P_j (zero when the points coincide)
  double length = 0;  // L
  double rate = 0;    // L̇
};
SpringGeometry spring_geometry(const Model& model, const SpringDamper& s, const Workspace& ws);
// Tension k (L − L0) + c L̇ (> 0 pulls the points together).
inline double spring_tension(const SpringDamper& s, const SpringGeometry& g) {
  return s.stiffness * (g.length - s.rest_length) + s.damping * g.rate;
}

// Spatial models: rotational spring-damper k (Model::rotational_springs[k]) on its revolute joint,
// its angle continued from ws.rotational_spring_angle[k] (the last evaluation's), and its torque
// τ = −k (θ − θ0) − d θ̇ about the joint's axis with the generalised forces on both bodies.
struct SpatialSpringState {
  spatial::RelativeRotation rotation;
  spatial::RotationalSpringForces forces;
};
SpatialSpringState spatial_rotational_spring(const Model& model, std::size_t k, const Workspace& ws);

}  // namespace stickslip
