// Weld (fixed) joint: the joint points coincide and the joint frames stay aligned,
//   Φ_{1..3} = P_j - P_i = 0,
//   Φ_4 = f_iᵀ a_j = 0,   Φ_5 = h_iᵀ a_j = 0,       (axes parallel)
//   Φ_6 = h_iᵀ f_j = 0                              (6 equations: ref_j stays parallel to ref_i),
// with a_j = A_j axis_j, f_j = A_j ref_j, f_i = A_i ref_i, h_i = A_i (axis_i × ref_i): a revolute joint
// whose rotation is locked as in the prismatic joint. No relative motion is left.
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {

void evaluate_weld(const SpatialJointFrame& frame, const SpatialPose& bi, const SpatialPose& bj, ConstraintBlock& out) {
  evaluate_revolute(frame, bi, bj, out);
  out.rows = 6;
  dot1(bi, bj, frame.axis_i.cross(frame.ref_i), frame.ref_j, out, 5);
}

}  // namespace stickslip::spatial
