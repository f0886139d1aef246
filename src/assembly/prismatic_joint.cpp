// Planar prismatic (translational) joint: P_j stays on the line through P_i along the axis u_i of
// body i, and the relative rotation is locked:
//   Φ_1 = n_iᵀ (P_j - P_i) = 0,  n_i = perp(u_i);   Φ_2 = θ_j - θ_i - θ0 = 0.
#include "assembly/constraint_block.hpp"

namespace stickslip {

void evaluate_prismatic(const Joint& joint, const BodyKinematics& bi, const BodyKinematics& bj, ConstraintBlock& out) {
  out.rows = 2;
  projected_distance(bi, bj, perp(joint.axis_i), joint.point_i, joint.point_j, out, 0);
  relative_angle(bi, bj, joint.angle_offset, out, 1);
}

}  // namespace stickslip
