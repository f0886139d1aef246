// Prismatic (translational) joint: a cylindrical joint whose rotation about the axis is locked
// (Haug 1989 §9.3.4),
//   Φ_1 = f_iᵀ a_j = 0,   Φ_2 = h_iᵀ a_j = 0,       (axes parallel)
//   Φ_3 = f_iᵀ d = 0,     Φ_4 = h_iᵀ d = 0,         (P_j on the axis through P_i)
//   Φ_5 = h_iᵀ f_j = 0                              (5 equations: ref_j stays parallel to ref_i),
// with d = P_j - P_i, a_j = A_j axis_j, f_j = A_j ref_j, f_i = A_i ref_i, h_i = A_i (axis_i × ref_i).
// Free: the slide along the axis.
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {

void evaluate_prismatic(const SpatialJointFrame& frame, const SpatialPose& bi, const SpatialPose& bj,
                        ConstraintBlock& out) {
  evaluate_cylindrical(frame, bi, bj, out);
  out.rows = 5;
  dot1(bi, bj, frame.axis_i.cross(frame.ref_i), frame.ref_j, out, 4);
}

}  // namespace stickslip::spatial
