#include "assembly/contact_kinematics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "assembly/body_kinematics.hpp"

namespace stickslip {

double compliant_contact_activity(const Contact& c, const ContactKinematics& kin, double impact_speed) {
  if (!kin.in_range) return kin.gap > 0 ? -kin.gap : -1.0;
  const double delta = -kin.gap;
  if (delta <= 0) return delta;
  const double v_impact = std::isnan(impact_speed) ? -kin.vn : impact_speed;
  return c.normal->signed_force(delta, -kin.vn, std::max(v_impact, c.min_impact_speed));
}
namespace {

struct Geometry {
  bool in_range = true;
  double range_margin = std::numeric_limits<double>::infinity();
  double along = 0, along_rate = 0;
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
  g.along = along;
  g.along_rate = (bi.omega * perp(d)).dot(C - A) +
                 d.dot(point_velocity(bj, c.center_j) - point_velocity(bi, c.line_point));
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

// Row blocks of one direction e at P for (planar) bodies i and j, and its velocity-product term.
void direction_terms(const Vec2& e, const Vec2& e_dot, const Geometry& g, const Body& body_i, const BodyKinematics& bi,
                     const Body& body_j, const BodyKinematics& bj, BodyRow& wi, BodyRow& wj, double& velocity,
                     double& bias) {
  const Vec2 si = g.P - bi.r, sj = g.P - bj.r;
  wj.resize(3);
  wi.resize(3);
  wj << e.x(), e.y(), e.dot(perp(sj));
  wi << -e.x(), -e.y(), -e.dot(perp(si));
  const Vec2 dV = (bj.v + bj.omega * perp(sj)) - (bi.v + bi.omega * perp(si));
  velocity = e.dot(dV);
  bias = e_dot.dot(dV) + e.dot(bj.omega * perp(g.P_dot - bj.v) - bi.omega * perp(g.P_dot - bi.v));
  // Prescribed bodies move with known accelerations (fixed bodies do not accelerate).
  if (body_j.motion == BodyMotion::prescribed) bias += wj.dot(generalised_acceleration(body_j, bj));
  if (body_i.motion == BodyMotion::prescribed) bias += wi.dot(generalised_acceleration(body_i, bi));
}

// A planar contact's kinematics written into k's planar fields (its spatial fields and second
// tangent row keep their defaults): compute_contact_kinematics fills the workspace in place, without
// the copy of a whole ContactKinematics per contact and step.
void planar_contact_kinematics(const Model& model, const Contact& c, const Workspace& ws, ContactKinematics& k) {
  const BodyKinematics &bi = ws.bodies[c.body_i], &bj = ws.bodies[c.body_j];
  const Geometry g = c.shape == ContactShape::circle_line ? circle_line(c, bi, bj) : circle_circle(c, bi, bj);
  k.in_range = g.in_range;
  k.range_margin = g.range_margin;
  k.along = g.along;
  k.along_rate = g.along_rate;
  k.gap = g.gap;
  k.normal = g.n;
  k.tangent = g.t;
  k.point = g.P;
  const Body &body_i = model.bodies[c.body_i], &body_j = model.bodies[c.body_j];
  direction_terms(g.n, g.n_dot, g, body_i, bi, body_j, bj, k.wn_i, k.wn_j, k.vn, k.wn_bias);
  const Vec2 t_dot = -perp(g.n_dot);  // t = −perp(n)
  k.tangent_rows = c.tangent_rows();
  direction_terms(g.t, t_dot, g, body_i, bi, body_j, bj, k.wt_i[0], k.wt_j[0], k.vt[0], k.wt_bias[0]);
}

}  // namespace

ContactKinematics contact_kinematics(const Model& model, const Contact& c, const Workspace& ws) {
  if (c.spatial()) return spatial_contact_kinematics(model, c, ws);
  ContactKinematics k;
  if (c.joint_limit()) {
    joint_limit_kinematics(model, c, ws, k);
  } else {
    planar_contact_kinematics(model, c, ws, k);
  }
  return k;
}

void compute_contact_rows(const Model& model, Workspace& ws, double tangent_gap) {
  for (std::size_t k = 0; k < model.contacts.size(); ++k) {
    const Contact& c = model.contacts[k];
    if (c.spatial()) {
      spatial_contact_rows(model, c, ws, tangent_gap, ws.contacts[k]);
    } else if (c.joint_limit()) {
      joint_limit_kinematics(model, c, ws, ws.contacts[k]);
    } else {
      planar_contact_kinematics(model, c, ws, ws.contacts[k]);
    }
  }
}

void compute_contact_kinematics(const Model& model, Workspace& ws) {
  for (std::size_t k = 0; k < model.contacts.size(); ++k) {
    const Contact& c = model.contacts[k];
    if (c.spatial()) {
      ws.contacts[k] = spatial_contact_kinematics(model, c, ws);
    } else if (c.joint_limit()) {
      joint_limit_kinematics(model, c, ws, ws.contacts[k]);
    } else {
      planar_contact_kinematics(model, c, ws, ws.contacts[k]);
    }
  }
}

namespace {

// Linear estimate of the interval [t_in, t_out] (from now, t ≥ 0) during which C lies within the
// line's extent; empty (t_in > t_out) when it never does.
std::pair<double, double> extent_window(const Contact& c, const ContactKinematics& kin) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const double s = kin.along, s_dot = kin.along_rate;
  if (s_dot == 0) return kin.in_range ? std::pair{0.0, inf} : std::pair{inf, 0.0};
  double t_a = (c.extent_min - s) / s_dot, t_b = (c.extent_max - s) / s_dot;
  if (t_a > t_b) std::swap(t_a, t_b);
  return {std::max(t_a, 0.0), t_b};
}

}  // namespace

double closing_step_cap(const Contact& c, const ContactKinematics& kin) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (kin.gap <= 0 || kin.vn >= 0) return inf;
  const double t_close = kin.gap / -kin.vn;
  if (c.shape == ContactShape::circle_circle) return t_close + 0.25 * (c.radius_i + c.radius_j) / std::hypot(kin.vn, kin.vt[0]);
  if (c.shape == ContactShape::sphere_sphere) {
    return t_close + 0.25 * (c.radius_i + c.radius_j) / std::hypot(kin.vn, kin.vt[0], kin.vt[1]);
  }
  const double cap = 2.0 * t_close + 1e-12;
  if (!std::isfinite(c.extent_min) && !std::isfinite(c.extent_max)) return cap;
  const auto [t_in, t_out] = extent_window(c, kin);
  // Never over the extent before the gap has long closed (it passes beside the end), or off it
  // before the gap closes (it passes over the end): no contact to find.
  if (t_in >= cap || t_out <= t_close) return inf;
  // End the step after the crossing but halfway before C would leave the extent again.
  return std::min(cap, 0.5 * (std::max(t_close, t_in) + t_out));
}

void add_contact_force(const Model& model, const Contact& c, const ContactKinematics& k, double normal_force,
                       const TangentVector& tangential_force, Vec& f) {
  const auto add = [&](const Body& b, const BodyRow& wn, const std::array<BodyRow, kMaxTangentRows>& wt) {
    if (!b.is_dynamic()) return;
    BodyRow load = normal_force * wn;
    for (int t = 0; t < k.tangent_rows; ++t) load += tangential_force[t] * wt[t];
    f.segment(b.v_offset, b.nv()) += load.transpose();
  };
  add(model.bodies[c.body_i], k.wn_i, k.wt_i);
  add(model.bodies[c.body_j], k.wn_j, k.wt_j);
}

void contact_direction_column(const Model& model, const Contact& c, const ContactKinematics& k, ContactDirection d,
                              Eigen::Ref<Vec> column) {
  column.setZero();
  const Body &bi = model.bodies[c.body_i], &bj = model.bodies[c.body_j];
  if (bi.is_dynamic()) column.segment(bi.v_offset, bi.nv()) = k.w_i(d).transpose();
  if (bj.is_dynamic()) column.segment(bj.v_offset, bj.nv()) += k.w_j(d).transpose();
}

}  // namespace stickslip
