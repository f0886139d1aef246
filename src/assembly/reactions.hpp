// Joint reactions from the multipliers: the constraint force on body k of a joint is G_kᵀ λ_joint
// (M q̈ = f + Gᵀλ), reported on each body as a force in the global frame and a moment about that
// body's joint point (P_i, P_j). Action and reaction: force_i = -force, and the moments balance
// about P_i: moment_i + moment + (P_j - P_i) × force = 0.
#pragma once

#include "assembly/spatial_joints/spatial_joint.hpp"
#include "assembly/workspace.hpp"

namespace stickslip {

struct JointReaction {
  Vec2 force = Vec2::Zero();  // on body j, global frame
  double moment = 0;          // on body j about its joint point (zero for a revolute joint)
  Vec2 force_i = Vec2::Zero();  // on body i, global frame
  double moment_i = 0;          // on body i about its joint point P_i
};

// Requires compute_body_kinematics and solve_accelerations. Planar joints.
JointReaction joint_reaction(const Model& model, const Joint& joint, const Workspace& ws);

// Spatial joints: force and moment on each body, world frame, each moment about that body's own
// joint point (spatial_joint.hpp, SpatialJointReaction; force_i = −force_j).
spatial::SpatialJointReaction spatial_reaction(const Joint& joint, const Workspace& ws);

}  // namespace stickslip
