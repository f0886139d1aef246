#include "assembly/reactions.hpp"

#include "assembly/constraint_block.hpp"

namespace stickslip {

JointReaction joint_reaction(const Model& model, const Joint& joint, const Workspace& ws) {
  (void)model;
  ConstraintBlock blk;
  const BodyKinematics &bi = ws.bodies[joint.body_i], &bj = ws.bodies[joint.body_j];
  joint_kind(joint.type).evaluate(joint, bi, bj, blk);
  Vec3 q = Vec3::Zero();  // G_jᵀ λ: [F_x, F_y, moment about the centre of mass of j]
  for (int r = 0; r < blk.rows; ++r) q += blk.Gj.row(r).transpose() * ws.lambda[joint.row_offset + r];
  JointReaction out;
  out.force = q.head<2>();
  out.moment = q[2] - cross2(bj.A * joint.point_j, out.force);
  return out;
}

}  // namespace stickslip
