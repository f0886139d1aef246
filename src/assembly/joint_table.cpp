// The registry of joint types: adding a joint type means adding its evaluator file and one row here.
#include <array>
#include <stdexcept>

#include "assembly/constraint_block.hpp"

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

}  // namespace stickslip
