#include "formulations/observer.hpp"

#include <cmath>

#include "assembly/applied_forces.hpp"
#include "assembly/constraint_block.hpp"
#include "assembly/contact_forces.hpp"
#include "assembly/contact_kinematics.hpp"
#include "assembly/energy.hpp"
#include "assembly/reactions.hpp"

namespace stickslip {

Observer::Observer(const Model& model) : model_(model) {
  columns_.push_back("t");
  for (std::size_t k = 0; k < model.bodies.size(); ++k) {
    const Body& b = model.bodies[k];
    if (b.motion == BodyMotion::fixed) continue;
    bodies_.push_back(static_cast<int>(k));
    if (b.dimension == Dimension::spatial) {
      // ω in the body frame (.wx ...), then in the world frame (.wx_world ...): the same vector.
      for (const char* c : {".x", ".y", ".z", ".qw", ".qx", ".qy", ".qz", ".vx", ".vy", ".vz", ".wx", ".wy", ".wz",
                            ".wx_world", ".wy_world", ".wz_world"}) {
        columns_.push_back(b.name + c);
      }
      continue;
    }
    for (const char* c : {".x", ".y", ".theta", ".vx", ".vy", ".omega"}) columns_.push_back(b.name + c);
  }
  for (const Joint& j : model.joints) {
    if (j.dimension == Dimension::spatial) {
      // On body j about P_j, then on body i about P_i; world frame (moments only where transmitted).
      for (const char* c : {".fx", ".fy", ".fz", ".mx", ".my", ".mz", ".fx_i", ".fy_i", ".fz_i", ".mx_i", ".my_i", ".mz_i"}) {
        const bool moment = c[1] == 'm';
        if (!moment || joint_carries_torque(j)) columns_.push_back(j.name + c);
      }
      continue;
    }
    columns_.push_back(j.name + ".fx");
    columns_.push_back(j.name + ".fy");
    if (joint_kind(j.type).carries_torque) columns_.push_back(j.name + ".torque");
  }
  for (const Driver& d : model.drivers) columns_.push_back(d.name + ".effort");
  for (const SpringDamper& s : model.springs) columns_.push_back(s.name + ".force");
  for (const RotationalSpringDamper& s : model.rotational_springs) columns_.push_back(s.name + ".torque");
  for (const JointActuator& a : model.actuators) columns_.push_back(a.name + ".effort");
  for (const Contact& c : model.contacts) {
    if (c.from_shapes()) continue;  // compiled shape contacts: reports and the points file
    if (c.spatial()) {  // both tangent rows, and the slip speed |v_T|
      for (const char* col : {".gap", ".vn", ".vt1", ".vt2", ".slip", ".fn", ".ft1", ".ft2", ".state"}) {
        columns_.push_back(c.name + col);
      }
      if (c.friction_states() > 0) for (const char* col : {".z1", ".z2"}) columns_.push_back(c.name + col);
      continue;
    }
    for (const char* col : {".gap", ".vn", ".vt", ".fn", ".ft", ".state"}) columns_.push_back(c.name + col);
    if (c.friction_states() > 0) columns_.push_back(c.name + ".z");
  }
  for (const Joint& j : model.joints) {
    if (!j.friction) continue;
    if (joint_friction_rows(j) == 2) {  // spatial spherical and cylindrical joints: two slip rows
      for (const char* col : {".fn", ".ff1", ".ff2", ".vt1", ".vt2"}) columns_.push_back(j.name + col);
      if (j.friction->law->state_size() > 0) for (const char* col : {".z1", ".z2"}) columns_.push_back(j.name + col);
      continue;
    }
    for (const char* col : {".fn", ".ff", ".vt"}) columns_.push_back(j.name + col);
    if (j.friction->law->state_size() > 0) columns_.push_back(j.name + ".z");
  }
  // Frictional spatial prismatic joints (docs/model-format.md, "Contact analysis in a prismatic joint").
  for (const Joint& j : model.joints) {
    if (!j.contact) continue;
    for (const char* col : {".eta", ".c", ".fn", ".ff", ".vt", ".mode", ".motion", ".adams"}) columns_.push_back(j.name + col);
    for (const char* face : {".f", ".g"}) {
      for (int i = 1; i <= 8; ++i) columns_.push_back(j.name + face + std::to_string(i));
    }
  }
  for (const ContactReport& r : model.contact_reports) {
    for (const char* c : {".fx", ".fy", ".fz", ".mx", ".my", ".mz", ".points"}) columns_.push_back(r.name + c);
  }
  for (const char* c : {"energy.kinetic", "energy.potential", "energy.total", "constraint.drift",
                        "constraint.velocity_drift"}) {
    columns_.push_back(c);
  }
}

// A spatial body's columns in the user's body frame (the one its model gave, not the principal frame
// the builder chose): orientation p ⊗ p_Q* and ω_user = Q ω (model/body.hpp, SpatialBody); then ω
// in the world frame, R(p) ω (which does not depend on the body frame).
void Observer::record_spatial_body(const Body& body, const SpatialKinematics& b, std::vector<double>& row) const {
  const Quat& frame = body.spatial.principal_frame;
  const Quat p = b.p * frame.conjugate();  // continuous in time (no choice between ±p)
  const Vec3 w = frame * b.omega, w_world = b.p * b.omega;
  row.insert(row.end(), {b.r.x(), b.r.y(), b.r.z(), p.w(), p.x(), p.y(), p.z(), b.v.x(), b.v.y(), b.v.z(), w.x(),
                         w.y(), w.z(), w_world.x(), w_world.y(), w_world.z()});
}

void Observer::record_spatial_reaction(const Joint& joint, const Workspace& ws, std::vector<double>& row) const {
  const spatial::SpatialJointReaction r = spatial_reaction(joint, ws);
  const bool moments = joint_carries_torque(joint);
  row.insert(row.end(), {r.force_j.x(), r.force_j.y(), r.force_j.z()});
  if (moments) row.insert(row.end(), {r.moment_j.x(), r.moment_j.y(), r.moment_j.z()});
  row.insert(row.end(), {r.force_i.x(), r.force_i.y(), r.force_i.z()});
  if (moments) row.insert(row.end(), {r.moment_i.x(), r.moment_i.y(), r.moment_i.z()});
}

void Observer::record(const State& s, const Workspace& ws, std::vector<double>& row,
                      const ContactState* states, const std::vector<ShapePointView>* shape_points) const {
  row.clear();
  row.push_back(s.t);
  for (int k : bodies_) {
    const BodyKinematics& b = ws.bodies[k];
    if (model_.dimension == Dimension::spatial) {
      record_spatial_body(model_.bodies[static_cast<std::size_t>(k)], b.spatial, row);
      continue;
    }
    row.insert(row.end(), {b.r.x(), b.r.y(), b.theta, b.v.x(), b.v.y(), b.omega});
  }
  for (std::size_t k = 0; k < model_.joints.size(); ++k) {
    const Joint& j = model_.joints[k];
    if (j.dimension == Dimension::spatial) {
      record_spatial_reaction(j, ws, row);
      continue;
    }
    const JointReaction r = joint_reaction(model_, j, ws);
    row.push_back(r.force.x());
    row.push_back(r.force.y());
    if (joint_kind(j.type).carries_torque) row.push_back(r.moment);
  }
  for (const Driver& d : model_.drivers) row.push_back(ws.lambda[d.row_offset]);
  for (const SpringDamper& sd : model_.springs) {
    row.push_back(spring_tension(sd, spring_geometry(model_, sd, ws)));
  }
  for (std::size_t k = 0; k < model_.rotational_springs.size(); ++k) {
    const RotationalSpringDamper& rs = model_.rotational_springs[k];
    if (model_.dimension == Dimension::spatial) {
      row.push_back(spatial_rotational_spring(model_, k, ws).forces.torque);
      continue;
    }
    const BodyKinematics &bi = ws.bodies[rs.body_i], &bj = ws.bodies[rs.body_j];
    row.push_back(-rs.stiffness * (bj.theta - bi.theta - rs.rest_angle) - rs.damping * (bj.omega - bi.omega));
  }
  for (const JointActuator& a : model_.actuators) row.push_back(a.effort.value(s.t));
  record_contacts(s, ws, row, states);
  record_reports(ws, shape_points, row);
  Energy e = mechanical_energy(model_, s, ws);
  e.potential += contact_potential_energy(model_, ws) + ws.shape_contact_potential;
  row.insert(row.end(), {e.kinetic, e.potential, e.total(), ws.phi.norm(), ws.phi_dot.norm()});
}

// Display threshold for "stick" in the compliant formulation, where friction laws are smooth and a
// contact never sticks exactly [m/s].
constexpr double kStickDisplaySpeed = 1e-6;

ContactState contact_state(double normal_force, double slip) {
  if (normal_force <= 0) return ContactState::open;
  if (std::abs(slip) <= kStickDisplaySpeed) return ContactState::stick;
  return slip > 0 ? ContactState::slip_positive : ContactState::slip_negative;
}

void Observer::record_contacts(const State& s, const Workspace& ws, std::vector<double>& row,
                               const ContactState* states) const {
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const Contact& c = model_.contacts[k];
    if (c.from_shapes()) continue;
    const ContactKinematics& kin = ws.contacts[k];
    const ContactForce& f = ws.contact_forces[k];
    if (c.spatial()) {  // slip speed ≥ 0: a sliding spatial contact shows slip_positive
      const double slip = state_slip(c, kin);
      const ContactState st = states ? states[k] : contact_state(f.normal, slip);
      row.insert(row.end(), {kin.gap, kin.vn, kin.vt[0], kin.vt[1], slip, f.normal, f.tangential[0], f.tangential[1],
                             static_cast<double>(st)});
      if (c.friction_states() > 0) row.insert(row.end(), {s.z[c.z_offset], s.z[c.z_offset + 1]});
      continue;
    }
    // Planar columns: the one tangent row.
    const ContactState st = states ? states[k] : contact_state(f.normal, kin.vt[0]);
    row.insert(row.end(), {kin.gap, kin.vn, kin.vt[0], f.normal, f.tangential[0], static_cast<double>(st)});
    if (c.friction_states() > 0) row.push_back(s.z[c.z_offset]);
  }
  for (std::size_t k = 0; k < model_.joints.size(); ++k) {
    const Joint& j = model_.joints[k];
    if (!j.friction) continue;
    const ContactForce& f = ws.joint_friction[k];
    if (joint_friction_rows(j) == 2) {
      const TangentVector& v = ws.joint_slip_rows[k];
      row.insert(row.end(), {f.normal, f.tangential[0], f.tangential[1], v[0], v[1]});
      if (j.friction->law->state_size() > 0) row.insert(row.end(), {s.z[j.z_offset], s.z[j.z_offset + 1]});
      continue;
    }
    row.insert(row.end(), {f.normal, f.tangential[0], ws.joint_slip[k]});
    if (j.friction->law->state_size() > 0) row.push_back(s.z[j.z_offset]);
  }
  for (const JointContactSlot& slot : ws.joint_contacts) {
    const prismatic_contact::PrismaticContactResult& r = slot.result;
    row.insert(row.end(), {r.eta, slot.half_length, r.normal_force, r.friction_force, slot.slip,
                           static_cast<double>(r.mode.loaded), static_cast<double>(r.motion), slot.adams_friction});
    row.insert(row.end(), r.forces.f.begin(), r.forces.f.end());
    row.insert(row.end(), r.forces.g.begin(), r.forces.g.end());
  }
}

namespace {

// The sign with which a point's force (on its shape j) counts for a report: +1 when the point's pair
// is the report's, −1 when it is the report's reversed (the force then acts on the report's first),
// 0 when it is another pair. A one-body report takes every point on that body.
double report_sign(const ContactReport& r, const ShapePointView& p) {
  const bool shapes = r.kind == ContactReport::Kind::shapes;
  const int i = shapes ? p.shape_i : p.body_i, j = shapes ? p.shape_j : p.body_j;
  if (r.kind == ContactReport::Kind::body) return j == r.second ? 1.0 : i == r.second ? -1.0 : 0.0;
  return (i == r.first && j == r.second) ? 1.0 : (i == r.second && j == r.first) ? -1.0 : 0.0;
}

}  // namespace

void Observer::record_reports(const Workspace& ws, const std::vector<ShapePointView>* points,
                              std::vector<double>& row) const {
  for (const ContactReport& r : model_.contact_reports) {
    Vec3 force = Vec3::Zero(), moment = Vec3::Zero();
    int closed = 0;
    const int body = r.kind == ContactReport::Kind::shapes ? model_.shapes[static_cast<std::size_t>(r.second)].body : r.second;
    const Vec3 centre = ws.bodies[static_cast<std::size_t>(body)].spatial.r;
    for (std::size_t k = 0; points && k < points->size(); ++k) {
      const ShapePointView& p = (*points)[k];
      const double sign = report_sign(r, p);
      if (sign == 0.0) continue;
      const Vec3 f = sign * (p.normal_force * p.normal + p.friction);
      force += f;
      moment += (p.position - centre).cross(f);
      closed += p.state != ContactState::open ? 1 : 0;
    }
    row.insert(row.end(), {force.x(), force.y(), force.z(), moment.x(), moment.y(), moment.z(), static_cast<double>(closed)});
  }
}

const std::vector<std::string>& shape_point_columns() {
  static const std::vector<std::string> columns = {"t",  "shape_i", "shape_j", "point", "x",   "y",   "z",   "nx",
                                                   "ny", "nz",      "gap",     "vn",    "slip", "fn", "ftx", "fty",
                                                   "ftz", "state"};
  return columns;
}

void shape_point_row(double t, const ShapePointView& p, std::vector<double>& row) {
  row.assign({t, static_cast<double>(p.shape_i), static_cast<double>(p.shape_j), static_cast<double>(p.id),
              p.position.x(), p.position.y(), p.position.z(), p.normal.x(), p.normal.y(), p.normal.z(), p.gap, p.vn,
              p.slip, p.normal_force, p.friction.x(), p.friction.y(), p.friction.z(), static_cast<double>(p.state)});
}

ShapePointView shape_point_view(const Contact& c, const ContactKinematics& kin, double normal,
                                const TangentVector& friction, double scale) {
  ShapePointView v;
  v.shape_i = c.shape_i;
  v.shape_j = c.shape_j;
  v.id = c.point_id;
  v.body_i = c.body_i;
  v.body_j = c.body_j;
  v.position = kin.point3;
  v.normal = kin.normal3;
  v.gap = kin.gap;
  v.vn = kin.vn;
  v.slip = kin.vt.norm();
  v.normal_force = normal * scale;
  v.friction = (friction[0] * kin.tangents3[0] + friction[1] * kin.tangents3[1]) * scale;
  return v;
}

void compiled_shape_points(const Model& model, const Workspace& ws, const ContactState* states,
                           std::vector<ShapePointView>& out) {
  out.clear();
  for (std::size_t k = 0; k < model.contacts.size(); ++k) {
    const Contact& c = model.contacts[k];
    if (!c.from_shapes()) continue;
    const ContactKinematics& kin = ws.contacts[k];
    const ContactForce& f = ws.contact_forces[k];
    ShapePointView v = shape_point_view(c, kin, f.normal, f.tangential);
    v.state = states ? states[k] : contact_state(f.normal, v.slip);
    out.push_back(v);
  }
}

}  // namespace stickslip
