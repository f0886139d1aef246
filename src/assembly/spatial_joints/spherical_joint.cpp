// Spherical joint (ball and socket): the joint points of the two bodies coincide (Haug 1989 §9.3.1),
//   Φ = r_j + A_j s_j' - r_i - A_i s_i' = 0   (3 equations),
// leaving the three relative rotations free. λ is the force on body j at the joint point, world frame;
// no moment is transmitted.
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {

void evaluate_spherical(const SpatialJointFrame& frame, const SpatialPose& bi, const SpatialPose& bj,
                        ConstraintBlock& out) {
  out.rows = 3;
  point_coincidence(bi, bj, frame.point_i, frame.point_j, out, 0);
}

}  // namespace stickslip::spatial
