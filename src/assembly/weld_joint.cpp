// Weld (fixed) joint: points coincide and the relative rotation is locked (3 equations):
//   Φ_{1,2} = P_j - P_i = 0,   Φ_3 = θ_j - θ_i - θ0 = 0.
#include "assembly/constraint_block.hpp"

namespace stickslip {

void evaluate_weld(const Joint& joint, const BodyKinematics& bi, const BodyKinematics& bj, ConstraintBlock& out) {
  out.rows = 3;
  point_coincidence(bi, bj, joint.point_i, joint.point_j, out, 0);
  relative_angle(bi, bj, joint.angle_offset, out, 2);
}

}  // namespace stickslip
