// Friction frames of spatial joints (spatial_joint_friction.hpp states the equations).
#include "assembly/spatial_joint_friction.hpp"

#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip {
namespace {

// A pair of unit forces along e at the world point P: on body j, and the reverse on body i.
void force_pair(const SpatialKinematics& bi, const SpatialKinematics& bj, const Vec3& P, const Vec3& e,
                GeneralisedRow& qi, GeneralisedRow& qj) {
  qj << e, bj.R.transpose() * (P - bj.r).cross(e);
  qi << -e, -(bi.R.transpose() * (P - bi.r).cross(e));
}

double row_velocity(const SpatialKinematics& bi, const SpatialKinematics& bj, const GeneralisedRow& qi,
                    const GeneralisedRow& qj) {
  return qi.head<3>().dot(bi.v) + qi.tail<3>().dot(bi.omega) + qj.head<3>().dot(bj.v) + qj.tail<3>().dot(bj.omega);
}

// A unit vector ⊥ n: of e × n, or of e2 × n when e lies within 6° of n.
Vec3 perpendicular(const Vec3& n, const Vec3& e, const Vec3& e2) {
  const Vec3 c = e.cross(n);
  return c.norm() > 0.1 ? Vec3(c.normalized()) : Vec3(e2.cross(n).normalized());
}

// A constant bound (JointFriction::constant_bound): F_N is the bound, the row a pure torque pair about
// a (revolute: slip aᵀ(ω_j − ω_i)) or a force pair along a at O (prismatic: slip the slide's rate).
SpatialJointFrictionFrame constant_bound_frame(const Joint& j, const SpatialKinematics& bi, const SpatialKinematics& bj,
                                               const Vec3& O, const Vec3& a) {
  SpatialJointFrictionFrame out;
  out.normal_force = j.friction->constant_bound;
  if (j.type == JointType::prismatic) {
    force_pair(bi, bj, O, a, out.Qi[0], out.Qj[0]);
  } else {
    out.Qj[0] << Vec3::Zero(), bj.R.transpose() * a;
    out.Qi[0] << Vec3::Zero(), -(bi.R.transpose() * a);
  }
  out.slip[0] = row_velocity(bi, bj, out.Qi[0], out.Qj[0]);
  return out;
}

}  // namespace

SpatialJointFrictionFrame spatial_joint_friction_frame(const Joint& j, const Workspace& ws, const double* lambda) {
  const SpatialKinematics &bi = ws.bodies[j.body_i].spatial, &bj = ws.bodies[j.body_j].spatial;
  if (j.friction->constant_bound > 0) {
    return constant_bound_frame(j, bi, bj, bj.r + bj.R * j.spatial.point_j, bi.R * j.spatial.axis_i);
  }
  const spatial::SpatialJointType type = spatial::spatial_joint_type(j.type);
  const int n_rows = spatial::spatial_joint_kind(type).rows;
  const spatial::SpatialJointReaction reaction =
      spatial::spatial_joint_reaction(type, j.spatial, spatial::spatial_pose(bi), spatial::spatial_pose(bj),
                                      Eigen::Map<const Eigen::VectorXd>(lambda, n_rows));
  const JointFriction& jf = *j.friction;
  const Vec3 O = bj.r + bj.R * j.spatial.point_j;
  const Vec3 a = bi.R * j.spatial.axis_i, ref = bi.R * j.spatial.ref_i;
  SpatialJointFrictionFrame out;
  Vec3 n = ref;  // the loaded direction, from body i's reference while the joint carries nothing
  double radius = jf.pin_radius;
  if (j.type == JointType::spherical) {
    radius = jf.ball_radius;
    out.normal_force = reaction.force_j.norm();
    if (out.normal_force > 0) n = reaction.force_j / out.normal_force;
    const Vec3 t1 = perpendicular(n, a, ref), t2 = n.cross(t1);
    out.rows = 2;
    force_pair(bi, bj, O + radius * n, t1, out.Qi[0], out.Qj[0]);
    force_pair(bi, bj, O + radius * n, t2, out.Qi[1], out.Qj[1]);
  } else {
    const Vec3 F = reaction.force_j - a.dot(reaction.force_j) * a;
    if (j.type == JointType::cylindrical) {
      const Vec3 M = reaction.moment_j - a.dot(reaction.moment_j) * a, couple = a.cross(M) / jf.contact_length;
      out.normal_force = (0.5 * F + couple).norm() + (0.5 * F - couple).norm();
      if (F.norm() > 0) {
        n = F.normalized();
      } else if (couple.norm() > 0) {
        n = couple.normalized();
      }
      out.rows = 2;
      force_pair(bi, bj, O, a, out.Qi[0], out.Qj[0]);
    } else {
      out.normal_force = F.norm();
      if (out.normal_force > 0) n = F / out.normal_force;
    }
    const int row = out.rows - 1;  // the circumferential row
    force_pair(bi, bj, O + radius * n, a.cross(n), out.Qi[row], out.Qj[row]);
  }
  for (int r = 0; r < out.rows; ++r) out.slip[r] = row_velocity(bi, bj, out.Qi[r], out.Qj[r]);
  return out;
}

void add_spatial_joint_friction(const Model& model, const Joint& j, const SpatialJointFrictionFrame& frame,
                                const TangentVector& friction, Vec& f) {
  const Body &body_i = model.bodies[j.body_i], &body_j = model.bodies[j.body_j];
  for (int r = 0; r < frame.rows; ++r) {
    if (body_i.is_dynamic()) f.segment<6>(body_i.v_offset) += friction[r] * frame.Qi[r];
    if (body_j.is_dynamic()) f.segment<6>(body_j.v_offset) += friction[r] * frame.Qj[r];
  }
}

}  // namespace stickslip
