#include "assembly/applied_forces.hpp"

#include "assembly/body_kinematics.hpp"

namespace stickslip {

void add_point_load(const Model& model, const Workspace& ws, int body, const Vec2& p, const Vec2& F, Vec& f) {
  const Body& b = model.bodies[body];
  if (!b.is_dynamic()) return;
  f.segment<2>(b.v_offset) += F;
  f[b.v_offset + 2] += cross2(p - ws.bodies[body].r, F);
}

SpringGeometry spring_geometry(const SpringDamper& s, const Workspace& ws) {
  const BodyKinematics &bi = ws.bodies[s.body_i], &bj = ws.bodies[s.body_j];
  SpringGeometry g;
  g.pi = point_position(bi, s.point_i);
  g.pj = point_position(bj, s.point_j);
  const Vec2 d = g.pj - g.pi;
  g.length = d.norm();
  // A spring whose ends coincide has no direction; it then exerts no force (documented).
  g.direction = g.length > 1e-12 ? Vec2(d / g.length) : Vec2::Zero();
  g.rate = g.direction.dot(point_velocity(bj, s.point_j) - point_velocity(bi, s.point_i));
  return g;
}

void assemble_applied_forces(const Model& model, const State& s, Workspace& ws) {
  ws.f.setZero();
  for (const Body& b : model.bodies) {
    if (b.is_dynamic()) ws.f.segment<2>(b.v_offset) += b.mass * model.gravity;
  }
  for (const PointForce& pf : model.point_forces) {
    const BodyKinematics& b = ws.bodies[pf.body];
    Vec2 F(pf.fx.value(s.t), pf.fy.value(s.t));
    if (pf.body_frame) F = b.A * F;
    add_point_load(model, ws, pf.body, point_position(b, pf.point), F, ws.f);
  }
  for (const AppliedTorque& at : model.torques) {
    const Body& b = model.bodies[at.body];
    if (b.is_dynamic()) ws.f[b.v_offset + 2] += at.torque.value(s.t);
  }
  for (const SpringDamper& sd : model.springs) {
    const SpringGeometry g = spring_geometry(sd, ws);
    const double tension = sd.stiffness * (g.length - sd.rest_length) + sd.damping * g.rate;
    add_point_load(model, ws, sd.body_i, g.pi, tension * g.direction, ws.f);
    add_point_load(model, ws, sd.body_j, g.pj, -tension * g.direction, ws.f);
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
