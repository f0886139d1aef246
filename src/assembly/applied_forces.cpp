#include "assembly/applied_forces.hpp"

#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"

namespace stickslip {

void add_point_load(const Model& model, const Workspace& ws, int body, const Vec2& p, const Vec2& F, Vec& f) {
  const Body& b = model.bodies[body];
  if (!b.is_dynamic()) return;
  f.segment<2>(b.v_offset) += F;
  f[b.v_offset + 2] += cross2(p - ws.bodies[body].r, F);
}

void add_point_load(const Model& model, const Workspace& ws, int body, const Vec3& p, const Vec3& F, Vec& f) {
  const Body& b = model.bodies[body];
  if (!b.is_dynamic()) return;
  const SpatialKinematics& k = ws.bodies[body].spatial;
  f.segment<3>(b.v_offset) += F;
  f.segment<3>(b.v_offset + 3) += k.R.transpose() * (p - k.r).cross(F);
}

namespace {

// The same unit vector along P_j − P_i for both kinds; a spring whose ends coincide has no
// direction and exerts no force (documented).
template <class V>
void spring_line(const V& pi, const V& pj, const V& vi, const V& vj, SpringGeometry& g, V& direction) {
  const V d = pj - pi;
  g.length = d.norm();
  direction = g.length > 1e-12 ? V(d / g.length) : V::Zero();
  g.rate = direction.dot(vj - vi);
}

}  // namespace

SpringGeometry spring_geometry(const Model& model, const SpringDamper& s, const Workspace& ws) {
  SpringGeometry g;
  if (model.dimension == Dimension::spatial) {
    const SpatialKinematics &bi = ws.bodies[s.body_i].spatial, &bj = ws.bodies[s.body_j].spatial;
    g.pi = point_position(bi, s.point_i);
    g.pj = point_position(bj, s.point_j);
    spring_line(g.pi, g.pj, point_velocity(bi, s.point_i), point_velocity(bj, s.point_j), g, g.direction);
    return g;
  }
  const BodyKinematics &bi = ws.bodies[s.body_i], &bj = ws.bodies[s.body_j];
  const Vec2 local_i = s.point_i.head<2>(), local_j = s.point_j.head<2>();
  const Vec2 pi = point_position(bi, local_i), pj = point_position(bj, local_j);
  Vec2 direction;
  spring_line(pi, pj, point_velocity(bi, local_i), point_velocity(bj, local_j), g, direction);
  g.pi << pi, 0.0;
  g.pj << pj, 0.0;
  g.direction << direction, 0.0;
  return g;
}

namespace {

// Spatial bodies: gravity, point forces, torques, the gyroscopic term (spring-dampers: one geometry
// and tension for both kinds, below).
void add_spatial_loads(const Model& model, const State& s, Workspace& ws, const ForceTerms& terms) {
  for (std::size_t k = 0; k < model.bodies.size(); ++k) {
    const Body& b = model.bodies[k];
    if (!b.is_dynamic()) continue;
    if (terms.loads) ws.f.segment<3>(b.v_offset) += b.mass * model.gravity;
    if (!terms.gyroscopic) continue;
    // Euler's equations in the principal frame: J ω̇ = τ − ω × J ω.
    const Vec3& w = ws.bodies[k].spatial.omega;
    ws.f.segment<3>(b.v_offset + 3) -= w.cross(b.spatial.principal_moments.cwiseProduct(w));
  }
  if (!terms.loads) return;
  for (const PointForce& pf : model.point_forces) {
    const SpatialKinematics& b = ws.bodies[pf.body].spatial;
    Vec3 F(pf.fx.value(s.t), pf.fy.value(s.t), pf.fz.value(s.t));
    if (pf.body_frame) F = b.A * F;
    add_point_load(model, ws, pf.body, point_position(b, pf.point), F, ws.f);
  }
  for (const AppliedTorque& at : model.torques) {
    const Body& body = model.bodies[at.body];
    if (!body.is_dynamic()) continue;
    const SpatialKinematics& b = ws.bodies[at.body].spatial;
    Vec3 torque(at.tx.value(s.t), at.ty.value(s.t), at.torque.value(s.t));
    if (at.body_frame) torque = b.A * torque;
    ws.f.segment<3>(body.v_offset + 3) += b.R.transpose() * torque;
  }
}

// Joint actuators: Q = Gᵀ u on the bodies of the joint, G the row of the coordinate it acts on.
void add_joint_actuators(const Model& model, const State& s, Workspace& ws) {
  ConstraintBlock row;
  for (const JointActuator& a : model.actuators) {
    const Joint& j = model.joints[static_cast<std::size_t>(a.joint)];
    evaluate_joint_coordinate(j, a.coordinate, ws, row);
    const double u = a.effort.value(s.t);
    for (const auto& [body, G] : {std::pair{j.body_i, &row.Gi}, std::pair{j.body_j, &row.Gj}}) {
      const Body& b = model.bodies[static_cast<std::size_t>(body)];
      if (b.is_dynamic()) ws.f.segment(b.v_offset, b.nv()) += u * G->row(0).head(b.nv()).transpose();
    }
  }
}

// Planar bodies: gravity, point forces, torques.
void add_planar_loads(const Model& model, const State& s, Workspace& ws) {
  for (const Body& b : model.bodies) {
    if (b.is_dynamic()) ws.f.segment<2>(b.v_offset) += b.mass * model.gravity.head<2>();
  }
  for (const PointForce& pf : model.point_forces) {
    const BodyKinematics& b = ws.bodies[pf.body];
    Vec2 F(pf.fx.value(s.t), pf.fy.value(s.t));
    if (pf.body_frame) F = b.A * F;
    add_point_load(model, ws, pf.body, point_position(b, Vec2(pf.point.head<2>())), F, ws.f);
  }
  for (const AppliedTorque& at : model.torques) {
    const Body& b = model.bodies[at.body];
    if (b.is_dynamic()) ws.f[b.v_offset + 2] += at.torque.value(s.t);
  }
}

}  // namespace

SpatialSpringState spatial_rotational_spring(const Model& model, std::size_t k, const Workspace& ws) {
  const RotationalSpringDamper& rs = model.rotational_springs[k];
  const Joint& j = model.joints[static_cast<std::size_t>(rs.joint)];
  SpatialSpringState out;
  out.rotation = spatial::relative_rotation_state(spatial::spatial_pose(ws.bodies[j.body_i].spatial),
                                                  spatial::spatial_pose(ws.bodies[j.body_j].spatial), j.spatial,
                                                  ws.rotational_spring_angle[k]);
  out.forces = spatial::rotational_spring_damper({rs.stiffness, rs.damping, rs.rest_angle}, out.rotation);
  return out;
}

void assemble_applied_forces(const Model& model, const State& s, Workspace& ws, ForceTerms terms) {
  ws.f.setZero();
  if (model.dimension == Dimension::spatial) {
    add_spatial_loads(model, s, ws, terms);
    if (terms.loads && !model.actuators.empty()) add_joint_actuators(model, s, ws);
    if (!terms.springs) return;
    for (const SpringDamper& sd : model.springs) {
      const SpringGeometry g = spring_geometry(model, sd, ws);
      const double tension = spring_tension(sd, g);
      add_point_load(model, ws, sd.body_i, g.pi, Vec3(tension * g.direction), ws.f);
      add_point_load(model, ws, sd.body_j, g.pj, Vec3(-tension * g.direction), ws.f);
    }
    for (std::size_t k = 0; k < model.rotational_springs.size(); ++k) {
      const RotationalSpringDamper& rs = model.rotational_springs[k];
      const SpatialSpringState spring = spatial_rotational_spring(model, k, ws);
      ws.rotational_spring_angle[k] = spring.rotation.angle;  // the next evaluation continues from here
      const Body &body_i = model.bodies[rs.body_i], &body_j = model.bodies[rs.body_j];
      if (body_i.is_dynamic()) ws.f.segment<6>(body_i.v_offset) += spring.forces.Qi;
      if (body_j.is_dynamic()) ws.f.segment<6>(body_j.v_offset) += spring.forces.Qj;
    }
    return;
  }
  if (terms.loads) add_planar_loads(model, s, ws);
  if (terms.loads && !model.actuators.empty()) add_joint_actuators(model, s, ws);
  if (!terms.springs) return;
  for (const SpringDamper& sd : model.springs) {
    const SpringGeometry g = spring_geometry(model, sd, ws);
    const double tension = spring_tension(sd, g);
    const Vec2 direction = g.direction.head<2>();
    add_point_load(model, ws, sd.body_i, Vec2(g.pi.head<2>()), Vec2(tension * direction), ws.f);
    add_point_load(model, ws, sd.body_j, Vec2(g.pj.head<2>()), Vec2(-tension * direction), ws.f);
  }
  for (const RotationalSpringDamper& rs : model.rotational_springs) {
    const BodyKinematics &bi = ws.bodies[rs.body_i], &bj = ws.bodies[rs.body_j];
    // Zhang & Wang 2017 eq. (12): M = -k (θ_j - θ_i - θ0) - c (θ̇_j - θ̇_i) on body j, -M on body i.
    const double m = -rs.stiffness * (bj.theta - bi.theta - rs.rest_angle) - rs.damping * (bj.omega - bi.omega);
    const Body &body_i = model.bodies[rs.body_i], &body_j = model.bodies[rs.body_j];
    if (body_j.is_dynamic()) ws.f[body_j.v_offset + 2] += m;
    if (body_i.is_dynamic()) ws.f[body_i.v_offset + 2] -= m;
  }
}

}  // namespace stickslip
