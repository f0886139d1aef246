// Joint reactions from the multipliers: the constraint force on body j of a joint is G_jᵀ λ_joint
// (M q̈ = f + Gᵀλ), reported as a force in the global frame and a moment about the joint point P_j.
#pragma once

#include "assembly/workspace.hpp"

namespace stickslip {

struct JointReaction {
  Vec2 force = Vec2::Zero();  // on body j, global frame
  double moment = 0;          // on body j about its joint point (zero for a revolute joint)
};

// Requires compute_body_kinematics and solve_accelerations.
JointReaction joint_reaction(const Model& model, const Joint& joint, const Workspace& ws);

}  // namespace stickslip
