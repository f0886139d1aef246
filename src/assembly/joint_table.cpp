// The registry of joint types: adding a joint type means adding its evaluator file and one row here.
#include <array>
#include <stdexcept>

#include "assembly/constraint_block.hpp"
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip {
namespace {

constexpr std::array<JointKind, 3> kJointKinds{{
    {JointType::revolute, false, &evaluate_revolute},
    {JointType::prismatic, true, &evaluate_prismatic},
    {JointType::weld, true, &evaluate_weld},
}};

}  // namespace

const JointKind& joint_kind(JointType type) {
  for (const JointKind& k : kJointKinds) {
    if (k.type == type) return k;
  }
  throw std::logic_error("joint type without an entry in the joint table");
}

void evaluate_joint(const Joint& joint, const Workspace& ws, ConstraintBlock& out) {
  const BodyKinematics &bi = ws.bodies[static_cast<std::size_t>(joint.body_i)];
  const BodyKinematics &bj = ws.bodies[static_cast<std::size_t>(joint.body_j)];
  if (joint.dimension == Dimension::spatial) {
    spatial::spatial_joint_kind(spatial::spatial_joint_type(joint.type))
        .evaluate(joint.spatial, spatial::spatial_pose(bi.spatial), spatial::spatial_pose(bj.spatial), out);
    return;
  }
  joint_kind(joint.type).evaluate(joint, bi, bj, out);
}

bool joint_carries_torque(const Joint& joint) {
  return joint.dimension == Dimension::spatial
             ? spatial::spatial_joint_kind(spatial::spatial_joint_type(joint.type)).carries_torque
             : joint_kind(joint.type).carries_torque;
}

}  // namespace stickslip
