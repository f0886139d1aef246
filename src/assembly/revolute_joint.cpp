// Revolute joint: the joint points of the two bodies coincide, Φ = P_j - P_i = 0 (2 equations;
// Zhang & Wang 2017 eq. (8)). λ is then the reaction force on body j in the global frame.
#include "assembly/constraint_block.hpp"

namespace stickslip {

void evaluate_revolute(const Joint& joint, const BodyKinematics& bi, const BodyKinematics& bj, ConstraintBlock& out) {
  out.rows = 2;
  point_coincidence(bi, bj, joint.point_i, joint.point_j, out, 0);
}

}  // namespace stickslip
