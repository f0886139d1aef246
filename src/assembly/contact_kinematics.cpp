#include "assembly/contact_kinematics.hpp"

#include <cmath>
#include <limits>

#include "assembly/body_kinematics.hpp"

namespace stickslip {
namespace {

struct Geometry {
  bool in_range = true;
  double range_margin = std::numeric_limits<double>::infinity();
  double gap = 0;
  Vec2 n, t, P;
  Vec2 P_dot;  // rate of the contact point P(q) along q̇ = v
  Vec2 n_dot;  // rate of the normal
};

// Circle (radius ρ ≥ 0, centre C) on body j against the line (A, d) of body i.
Geometry circle_line(const Contact& c, const BodyKinematics& bi, const BodyKinematics& bj) {
  Geometry g;
  const Vec2 d = bi.A * c.line_direction;
  const Vec2 A = point_position(bi, c.line_point);
  const Vec2 C = point_position(bj, c.center_j);
  g.n = perp(d);
  g.t = d;
  const double along = d.dot(C - A);
  g.in_range = along >= c.extent_min && along <= c.extent_max;
  g.range_margin = std::min(along - c.extent_min, c.extent_max - along);
  g.gap = g.n.dot(C - A) - c.radius_j;
  g.P = C - c.radius_j * g.n;
  g.n_dot = bi.omega * perp(g.n);
  g.P_dot = point_velocity(bj, c.center_j) - c.radius_j * g.n_dot;
  return g;
}

// Circle i (C_i, ρ_i) against circle j (C_j, ρ_j); P sits in the middle of the overlap.
Geometry circle_circle(const Contact& c, const BodyKinematics& bi, const BodyKinematics& bj) {
  Geometry g;
  const Vec2 Ci = point_position(bi, c.center_i), Cj = point_position(bj, c.center_j);
  const Vec2 Vi = point_velocity(bi, c.center_i), Vj = point_velocity(bj, c.center_j);
  const Vec2 d = Cj - Ci;
  const double L = d.norm();
  g.n = L > 1e-15 ? Vec2(d / L) : Vec2::UnitY();  // coincident centres: any direction
  g.t = -perp(g.n);
  g.gap = L - c.radius_i - c.radius_j;
  const double s = c.radius_i + 0.5 * g.gap;  // distance of P from C_i
  g.P = Ci + s * g.n;
  const double L_dot = g.n.dot(Vj - Vi);
  g.n_dot = L > 1e-15 ? Vec2((Vj - Vi - L_dot * g.n) / L) : Vec2::Zero();
  g.P_dot = Vi + 0.5 * L_dot * g.n + s * g.n_dot;
  return g;
}

// Row blocks of one direction e at P for bodies i and j, and its velocity-product term.
void direction_terms(const Vec2& e, const Vec2& e_dot, const Geometry& g, const BodyKinematics& bi,
                     const BodyKinematics& bj, bool i_dynamic, bool j_dynamic, Eigen::RowVector3d& wi,
                     Eigen::RowVector3d& wj, double& velocity, double& bias) {
  const Vec2 si = g.P - bi.r, sj = g.P - bj.r;
  wj << e.x(), e.y(), e.dot(perp(sj));
  wi << -e.x(), -e.y(), -e.dot(perp(si));
  const Vec2 dV = (bj.v + bj.omega * perp(sj)) - (bi.v + bi.omega * perp(si));
  velocity = e.dot(dV);
  bias = e_dot.dot(dV) + e.dot(bj.omega * perp(g.P_dot - bj.v) - bi.omega * perp(g.P_dot - bi.v));
  // Bodies that are not dynamic move with known accelerations.
  if (!j_dynamic) bias += wj.dot(Vec3(bj.a.x(), bj.a.y(), bj.alpha));
  if (!i_dynamic) bias += wi.dot(Vec3(bi.a.x(), bi.a.y(), bi.alpha));
}

}  // namespace

ContactKinematics contact_kinematics(const Model& model, const Contact& c, const Workspace& ws) {
  const BodyKinematics &bi = ws.bodies[c.body_i], &bj = ws.bodies[c.body_j];
  const Geometry g = c.shape == ContactShape::circle_line ? circle_line(c, bi, bj) : circle_circle(c, bi, bj);
  ContactKinematics k;
  k.in_range = g.in_range;
  k.range_margin = g.range_margin;
  k.gap = g.gap;
  k.normal = g.n;
  k.tangent = g.t;
  k.point = g.P;
  const bool di = model.bodies[c.body_i].is_dynamic(), dj = model.bodies[c.body_j].is_dynamic();
  direction_terms(g.n, g.n_dot, g, bi, bj, di, dj, k.wn_i, k.wn_j, k.vn, k.wn_bias);
  const Vec2 t_dot = -perp(g.n_dot);  // t = −perp(n)
  direction_terms(g.t, t_dot, g, bi, bj, di, dj, k.wt_i, k.wt_j, k.vt, k.wt_bias);
  return k;
}

void compute_contact_kinematics(const Model& model, Workspace& ws) {
  for (std::size_t k = 0; k < model.contacts.size(); ++k) ws.contacts[k] = contact_kinematics(model, model.contacts[k], ws);
}

double closing_step_cap(const Contact& c, const ContactKinematics& kin) {
  if (!kin.in_range || kin.gap <= 0 || kin.vn >= 0) return std::numeric_limits<double>::infinity();
  const double t_close = kin.gap / -kin.vn;
  if (c.shape != ContactShape::circle_circle) return 2.0 * t_close + 1e-12;
  return t_close + 0.25 * (c.radius_i + c.radius_j) / std::hypot(kin.vn, kin.vt);
}

void add_contact_force(const Model& model, const Contact& c, const ContactKinematics& k, double normal_force,
                       double tangential_force, Vec& f) {
  const Body &bi = model.bodies[c.body_i], &bj = model.bodies[c.body_j];
  if (bi.is_dynamic()) f.segment<3>(bi.v_offset) += (normal_force * k.wn_i + tangential_force * k.wt_i).transpose();
  if (bj.is_dynamic()) f.segment<3>(bj.v_offset) += (normal_force * k.wn_j + tangential_force * k.wt_j).transpose();
}

void contact_direction_column(const Model& model, const Contact& c, const ContactKinematics& k, bool normal,
                              Eigen::Ref<Vec> column) {
  column.setZero();
  const Body &bi = model.bodies[c.body_i], &bj = model.bodies[c.body_j];
  if (bi.is_dynamic()) column.segment<3>(bi.v_offset) = (normal ? k.wn_i : k.wt_i).transpose();
  if (bj.is_dynamic()) column.segment<3>(bj.v_offset) += (normal ? k.wn_j : k.wt_j).transpose();
}

}  // namespace stickslip
