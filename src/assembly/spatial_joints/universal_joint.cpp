// Universal (Cardan, Hooke) joint: the joint points coincide and the two pins of the cross, axis_i
// held by body i and axis_j held by body j, stay perpendicular (Haug 1989 §9.3.5),
//   Φ_{1..3} = P_j - P_i = 0,   Φ_4 = a_iᵀ a_j = 0   (4 equations),
// with a_i = A_i axis_i, a_j = A_j axis_j. Free: the rotations about each pin; the rotation about
// the third direction a_i × a_j is locked (the joint transmits a moment about it).
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {

void evaluate_universal(const SpatialJointFrame& frame, const SpatialPose& bi, const SpatialPose& bj,
                        ConstraintBlock& out) {
  out.rows = 4;
  point_coincidence(bi, bj, frame.point_i, frame.point_j, out, 0);
  dot1(bi, bj, frame.axis_i, frame.axis_j, out, 3);
}

}  // namespace stickslip::spatial
