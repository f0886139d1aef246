// Revolute joint (hinge): the joint points coincide and the axes stay parallel (Haug 1989 §9.3.2),
//   Φ_{1..3} = P_j - P_i = 0,
//   Φ_4 = f_iᵀ a_j = 0,   Φ_5 = h_iᵀ a_j = 0      (5 equations),
// with a_j = A_j axis_j, f_i = A_i ref_i, h_i = A_i (axis_i × ref_i): a_j has no component across
// body i's axis, so a_j = ±a_i. One relative rotation about the axis stays free; its angle and rate
// are relative_rotation_state (ref_j marks its zero).
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {

void evaluate_revolute(const SpatialJointFrame& frame, const SpatialPose& bi, const SpatialPose& bj,
                       ConstraintBlock& out) {
  out.rows = 5;
  point_coincidence(bi, bj, frame.point_i, frame.point_j, out, 0);
  dot1(bi, bj, frame.ref_i, frame.axis_j, out, 3);
  dot1(bi, bj, frame.axis_i.cross(frame.ref_i), frame.axis_j, out, 4);
}

}  // namespace stickslip::spatial
