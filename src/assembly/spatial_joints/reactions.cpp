// Joint reactions of spatial joints from their multipliers. The constraint force on body k is
// Q_k = G_kᵀ λ = [F; n'] (force in the world frame; moment about the centre of mass in the body
// frame, the dual of ω'). A force F at the body-fixed point s' and a moment M (world) have the power
// Fᵀ (ṙ + A (ω' × s')) + Mᵀ A ω' = Fᵀ ṙ + ω'ᵀ (s' × AᵀF + AᵀM), hence
//   n' = s' × AᵀF + AᵀM   ⇔   M = A n' - s × F   (s = A s').
// Every joint's Φ is unchanged by a common translation of both bodies, so the forces balance; the
// dot rows are also unchanged by a common rotation and the point-coincidence rows turn with it, so
// the moments balance where Φ = 0 (header: SpatialJointReaction).
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {

void wrench_about_point(const SpatialPose& body, const Vec3& s_local, const Eigen::Matrix<double, 6, 1>& q,
                        Vec3& force, Vec3& moment) {
  force = q.head<3>();
  moment = body.A * q.tail<3>() - (body.A * s_local).cross(force);
}

SpatialJointReaction spatial_joint_reaction(SpatialJointType type, const SpatialJointFrame& frame,
                                            const SpatialPose& bi, const SpatialPose& bj,
                                            const Eigen::Ref<const Eigen::VectorXd>& lambda) {
  ConstraintBlock blk;
  spatial_joint_kind(type).evaluate(frame, bi, bj, blk);
  const Eigen::Matrix<double, 6, 1> qi = blk.Gi.topRows(blk.rows).transpose() * lambda.head(blk.rows);
  const Eigen::Matrix<double, 6, 1> qj = blk.Gj.topRows(blk.rows).transpose() * lambda.head(blk.rows);
  SpatialJointReaction out;
  wrench_about_point(bi, frame.point_i, qi, out.force_i, out.moment_i);
  wrench_about_point(bj, frame.point_j, qj, out.force_j, out.moment_j);
  return out;
}

}  // namespace stickslip::spatial
