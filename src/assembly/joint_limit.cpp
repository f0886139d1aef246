// Kinematics of a joint limit (model/contact.hpp, joint_limit): a stop on the coordinate x of a joint
// (evaluate_joint_coordinate: Φ = x, its row G_i, G_j and velocity product c), seen as a contact:
//   g_N = s (x − x_limit),  W_N = s (G_i, G_j),  ġ_N = W_Nᵀ v,  ŵ_N = s (c + G_k a_k of the bodies that
//   are not dynamic),  s = +1 for a lower limit, −1 for an upper one,
// so every scheme's contact machinery (compliant laws, impacts, rigid rows) keeps x within its limit.
// A stop has no friction; its one tangent row repeats the normal row (μ = 0 holds its impulse at 0),
// so vt reads vn. Its point is the joint point on body j, its normal the joint axis (spatial) or z
// (planar), for the output and the animation.
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/contact_kinematics.hpp"

namespace stickslip {

void joint_limit_kinematics(const Model& model, const Contact& c, const Workspace& ws, ContactKinematics& k) {
  const Joint& joint = model.joints[static_cast<std::size_t>(c.joint)];
  ConstraintBlock row;
  evaluate_joint_coordinate(joint, c.coordinate, ws, row);
  const double side = c.limit_side;
  const Body &body_i = model.bodies[c.body_i], &body_j = model.bodies[c.body_j];
  const BodyKinematics &bi = ws.bodies[c.body_i], &bj = ws.bodies[c.body_j];
  k.in_range = true;
  k.gap = side * (row.phi[0] - c.limit);
  k.wn_i = side * row.Gi.row(0).head(body_i.nv());
  k.wn_j = side * row.Gj.row(0).head(body_j.nv());
  k.vn = k.wn_i.dot(generalised_velocity(body_i, bi)) + k.wn_j.dot(generalised_velocity(body_j, bj));
  k.wn_bias = side * row.c[0];
  if (!body_i.is_dynamic()) k.wn_bias += k.wn_i.dot(generalised_acceleration(body_i, bi));
  if (!body_j.is_dynamic()) k.wn_bias += k.wn_j.dot(generalised_acceleration(body_j, bj));
  k.tangent_rows = 1;
  // Every tangent block is filled (the normal row, μ = 0): the event-driven scheme's friction
  // pyramid of a spatial model reads both tangent rows of a contact.
  for (std::size_t t = 0; t < k.wt_i.size(); ++t) {
    k.wt_i[t] = k.wn_i;
    k.wt_j[t] = k.wn_j;
  }
  k.vt = TangentVector(k.vn, 0.0);
  k.wt_bias = TangentVector(k.wn_bias, 0.0);
  if (joint.dimension == Dimension::spatial) {
    k.point3 = bj.spatial.r + bj.spatial.R * joint.spatial.point_j;
    k.normal3 = bi.spatial.R * joint.spatial.axis_i;
  } else {
    k.point = point_position(bj, joint.point_j);
    k.normal = Vec2::UnitY();
  }
}

}  // namespace stickslip
