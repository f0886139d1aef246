// Cylindrical joint: the axes stay parallel and P_j stays on the line through P_i along body i's
// axis (Haug 1989 §9.3.3),
//   Φ_1 = f_iᵀ a_j = 0,   Φ_2 = h_iᵀ a_j = 0,       (axes parallel)
//   Φ_3 = f_iᵀ d = 0,     Φ_4 = h_iᵀ d = 0          (4 equations),
// with d = P_j - P_i, a_j = A_j axis_j, f_i = A_i ref_i, h_i = A_i (axis_i × ref_i). Free: the slide
// along the axis and the rotation about it.
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {

void evaluate_cylindrical(const SpatialJointFrame& frame, const SpatialPose& bi, const SpatialPose& bj,
                          ConstraintBlock& out) {
  const Vec3 h_i = frame.axis_i.cross(frame.ref_i);
  out.rows = 4;
  dot1(bi, bj, frame.ref_i, frame.axis_j, out, 0);
  dot1(bi, bj, h_i, frame.axis_j, out, 1);
  dot2(bi, bj, frame.ref_i, frame.point_i, frame.point_j, out, 2);
  dot2(bi, bj, h_i, frame.point_i, frame.point_j, out, 3);
}

}  // namespace stickslip::spatial
