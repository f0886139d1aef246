#include "assembly/reactions.hpp"

#include "assembly/constraint_block.hpp"

namespace stickslip {

JointReaction joint_reaction(const Model& model, const Joint& joint, const Workspace& ws) {
  (void)model;
  ConstraintBlock blk;
  const BodyKinematics &bi = ws.bodies[joint.body_i], &bj = ws.bodies[joint.body_j];
  joint_kind(joint.type).evaluate(joint, bi, bj, blk);
  Vec3 q = Vec3::Zero(), qi = Vec3::Zero();  // G_kᵀ λ: [F_x, F_y, moment about k's centre of mass]
  for (int r = 0; r < blk.rows; ++r) {
    q += blk.Gj.row(r).head<3>().transpose() * ws.lambda[joint.row_offset + r];  // planar joints
    qi += blk.Gi.row(r).head<3>().transpose() * ws.lambda[joint.row_offset + r];
  }
  JointReaction out;
  out.force = q.head<2>();
  out.moment = q[2] - cross2(bj.A * joint.point_j, out.force);
  out.force_i = qi.head<2>();
  out.moment_i = qi[2] - cross2(bi.A * joint.point_i, out.force_i);
  return out;
}

spatial::SpatialJointReaction spatial_reaction(const Joint& joint, const Workspace& ws) {
  const int rows = joint_equation_count(joint);
  return spatial::spatial_joint_reaction(spatial::spatial_joint_type(joint.type), joint.spatial,
                                         spatial::spatial_pose(ws.bodies[joint.body_i].spatial),
                                         spatial::spatial_pose(ws.bodies[joint.body_j].spatial),
                                         ws.lambda.segment(joint.row_offset, rows));
}

}  // namespace stickslip
