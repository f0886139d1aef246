// The registry of spatial joint types: adding one means adding its evaluator file and one row here.
#include <array>
#include <cmath>
#include <stdexcept>

#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {
namespace {

constexpr std::array<SpatialJointKind, 6> kSpatialJointKinds{{
    {SpatialJointType::spherical, "spherical", 3, false, &evaluate_spherical},
    {SpatialJointType::revolute, "revolute", 5, true, &evaluate_revolute},
    {SpatialJointType::prismatic, "prismatic", 5, true, &evaluate_prismatic},
    {SpatialJointType::cylindrical, "cylindrical", 4, true, &evaluate_cylindrical},
    {SpatialJointType::universal, "universal", 4, true, &evaluate_universal},
    {SpatialJointType::weld, "weld", 6, true, &evaluate_weld},
}};

}  // namespace

const SpatialJointKind& spatial_joint_kind(SpatialJointType type) {
  for (const SpatialJointKind& k : kSpatialJointKinds) {
    if (k.type == type) return k;
  }
  throw std::logic_error("spatial joint type without an entry in the spatial joint table");
}

SpatialJointType spatial_joint_type(JointType type) {
  switch (type) {
    case JointType::spherical: return SpatialJointType::spherical;
    case JointType::revolute: return SpatialJointType::revolute;
    case JointType::prismatic: return SpatialJointType::prismatic;
    case JointType::cylindrical: return SpatialJointType::cylindrical;
    case JointType::universal: return SpatialJointType::universal;
    case JointType::weld: return SpatialJointType::weld;
  }
  throw std::logic_error("joint type without a spatial joint type");
}

const char* spatial_joint_frame_problem(const SpatialJointFrame& frame, double tolerance) {
  if (std::abs(frame.axis_i.norm() - 1) > tolerance) return "axis_i is not a unit vector";
  if (std::abs(frame.axis_j.norm() - 1) > tolerance) return "axis_j is not a unit vector";
  if (std::abs(frame.ref_i.norm() - 1) > tolerance) return "ref_i is not a unit vector";
  if (std::abs(frame.ref_j.norm() - 1) > tolerance) return "ref_j is not a unit vector";
  if (std::abs(frame.axis_i.dot(frame.ref_i)) > tolerance) return "ref_i is not perpendicular to axis_i";
  if (std::abs(frame.axis_j.dot(frame.ref_j)) > tolerance) return "ref_j is not perpendicular to axis_j";
  return "";
}

}  // namespace stickslip::spatial
