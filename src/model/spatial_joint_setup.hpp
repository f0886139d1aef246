// ModelBuilder's part for spatial joints (internal to model/): equation counts, checks, and the
// completion of each joint's frame from its input (model/joint.hpp, SpatialJointInput).
#pragma once

#include <string>

#include "model/model.hpp"

namespace stickslip {

// Equation count of a spatial joint type (spherical 3, revolute 5, prismatic 5, cylindrical 4,
// universal 4, weld 6; the assembly's registry, assembly/spatial_joints/joint_table.cpp, agrees:
// tests/spatial_joints).
int spatial_joint_equation_count(JointType type);

// Throws ModelError (path "joints[k]...") for a spatial joint that cannot be built.
void validate_spatial_joint(const Joint& joint, const std::string& path);
// A spatial rotational spring-damper names a revolute joint of the model.
void check_spatial_rotational_spring(const Model& m, const RotationalSpringDamper& s, const std::string& path);

// Before the bodies turn to their principal frames: each joint's SpatialJointFrame in the user's
// body frames, completed from the initial poses (t = 0); the rotational springs take their joint's bodies.
void complete_spatial_joint_frames(Model& m);
// After: the frames of dynamic bodies expressed in their principal frames (x' = Qᵀ x; points are
// from the centre of mass in both frames, so no offset).
void express_spatial_joints_in_principal_frames(Model& m);

}  // namespace stickslip
