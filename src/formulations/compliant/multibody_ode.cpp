#include "formulations/compliant/multibody_ode.hpp"

#include <cmath>
#include <limits>

#include "assembly/accelerations.hpp"
#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/contact_forces.hpp"
#include "assembly/contact_kinematics.hpp"
#include "assembly/kinematic_map.hpp"
#include "math/errors.hpp"
#include "math/least_squares.hpp"
#include "math/root_finding.hpp"

namespace stickslip {
namespace {

void check_contacts(const Model& model) {
  for (std::size_t k = 0; k < model.contacts.size(); ++k) {
    const Contact& c = model.contacts[k];
    const std::string path = "contacts[" + std::to_string(k) + "]";
    if (!c.compliant()) {
      throw ModelError(path + ".normal", "contact '" + c.name +
                                             "' is rigid (no normal force law): use --scheme event-driven or "
                                             "time-stepping, or give it a compliant normal law");
    }
    if (c.friction && c.friction->set_valued()) {
      throw ModelError(path + ".friction", "set-valued Coulomb friction on '" + c.name +
                                               "' needs --scheme event-driven or time-stepping; the compliant "
                                               "scheme takes a regularised law (coulomb_tanh, lugre, ...)");
    }
  }
  for (std::size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    if (j.friction && j.friction->law->set_valued()) {
      throw ModelError("joints[" + std::to_string(k) + "].friction",
                       "set-valued Coulomb friction in joint '" + j.name +
                           "' needs --scheme event-driven or time-stepping; the compliant scheme takes a regularised "
                           "law (coulomb_tanh, lugre, ...)");
    }
  }
}

}  // namespace

MultibodyOde::MultibodyOde(const Model& model, const SimulationOptions& options)
    : model_(model),
      stab_(options.baumgarte),
      ws_(model),
      state_(initial_state(model, options.t_start)),
      zdot_(Vec::Zero(model.nz)),
      impact_speed_(model.contacts.size(), std::numeric_limits<double>::quiet_NaN()),
      closed_(model.contacts.size(), 0),
      stick_force_(2 * model.contacts.size(), std::numeric_limits<double>::quiet_NaN()),
      w_scratch_(Vec::Zero(model.nv)),
      g_scratch_(Vec::Zero(model.n_constraints)),
      l_scratch_(Vec::Zero(model.n_constraints)),
      shapes_(model, false) {
  check_contacts(model);
  check_compliant_shape_laws(model);
  for (const Contact& c : model.contacts) any_stick_force_law_ |= c.friction && c.friction->uses_stick_force();
}

std::string MultibodyOde::first_non_finite_body(const Vec& y) const {
  for (const Body& b : model_.bodies) {
    if (!b.is_dynamic()) continue;
    const bool bad = !y.segment(b.q_offset, b.nq()).allFinite() || !y.segment(model_.nq + b.v_offset, b.nv()).allFinite();
    if (bad) return "body " + b.name;
  }
  return "state";
}

void MultibodyOde::pack(const State& s, Vec& y) const {
  y.resize(dimension());
  y.head(model_.nq) = s.q;
  y.segment(model_.nq, model_.nv) = s.v;
  y.tail(model_.nz) = s.z;
}

void MultibodyOde::unpack(double t, const Vec& y, State& s) const {
  s.t = t;
  s.q = y.head(model_.nq);
  normalise(model_, s.q);  // the integrator moves the coordinates freely
  s.v = y.segment(model_.nq, model_.nv);
  s.z = y.tail(model_.nz);
}

void MultibodyOde::contact_stage(double) {
  assemble_applied_forces(model_, state_, ws_);
  if (shapes_.active()) shape_contact_stage();
  if (model_.contacts.empty()) return;
  assemble_contact_forces(model_, state_, closed_.data(), impact_speed_.data(),
                          any_stick_force_law_ ? stick_force_.data() : nullptr, ws_, &zdot_);
}

void MultibodyOde::solve_stage(double t) {
  if (model_.has_joint_friction()) {
    solve_accelerations_with_joint_friction(model_, state_, stab_, ws_, jf_stats_, &zdot_);
  } else {
    solve_accelerations(model_, t, stab_, ws_);
  }
}

void MultibodyOde::evaluate(double t, const Vec& y) {
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  if (!model_.contacts.empty()) compute_contact_kinematics(model_, ws_);
  if (any_stick_force_law_) {
    for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
      stick_force_[2 * k] = stick_force_[2 * k + 1] = needs_stick_force(model_.contacts[k], ws_.contacts[k]) ? 0.0 : std::nan("");
    }
  }
  contact_stage(t);
  assemble_constraints(model_, state_, ws_);
  solve_stage(t);
  if (any_stick_force_law_) karnopp_stage(t);
}

void MultibodyOde::derivative(double t, const Vec& y, Vec& dydt) {
  if (!y.allFinite()) throw NumericalError(t, first_non_finite_body(y), "the state is NaN or infinite");
  evaluate(t, y);
  // The integrator's own coordinates (not the normalised state_.q): q̇ = B(q) v is linear in a spatial
  // body's quaternion, so the rotation followed does not depend on the drift of its norm (planar B = I).
  position_rate(model_, y.head(model_.nq), state_.v, dydt.head(model_.nq));
  dydt.segment(model_.nq, model_.nv) = ws_.qdd;
  dydt.tail(model_.nz) = zdot_;
}

void MultibodyOde::tolerance_scales(Vec& scales) const {
  scales.setOnes(dimension());
  const int z0 = model_.nq + model_.nv;
  for (const Contact& c : model_.contacts) {
    for (int i = 0; i < c.friction_states(); ++i) scales[z0 + c.z_offset + i] = c.friction->state_scale();
  }
  for (const Joint& j : model_.joints) {
    if (!j.friction) continue;
    for (int i = 0; i < joint_friction_states(j); ++i) scales[z0 + j.z_offset + i] = j.friction->law->state_scale();
  }
}

double MultibodyOde::max_step(double t, const Vec& y) {
  if (model_.contacts.empty()) return std::numeric_limits<double>::infinity();
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  double h = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    if (closed_[k]) continue;
    h = std::min(h, closing_step_cap(model_.contacts[k], contact_kinematics(model_, model_.contacts[k], ws_)));
  }
  return h;
}

// Activity of a contact: −g_N while its gap is open, the force law before its no-pull clamp once it
// overlaps, so that a damped contact that lets go before its gap reopens (the force's kink) is an
// event too. Positive while the contact pushes. Beside a line's extent it is −g_N while the point is
// above the line (continuous where it enters the extent) and −1 once it is below (fallen past the end).
double MultibodyOde::activity(std::size_t k, const ContactKinematics& kin) const {
  return compliant_contact_activity(model_.contacts[k], kin, impact_speed_[k]);
}

double MultibodyOde::activity_at(double t, const Vec& y, int contact) {
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  const std::size_t k = static_cast<std::size_t>(contact);
  return activity(k, contact_kinematics(model_, model_.contacts[k], ws_));
}

void MultibodyOde::begin(double t, const Vec& y) {
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const ContactKinematics kin = contact_kinematics(model_, model_.contacts[k], ws_);
    closed_[k] = kin.in_range && kin.gap <= 0 && activity(k, kin) >= 0;
    impact_speed_[k] = closed_[k] ? std::max(-kin.vn, model_.contacts[k].min_impact_speed) : std::nan("");
  }
}

double MultibodyOde::band_margin(double t, const Vec& y, int contact) {
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  const Contact& c = model_.contacts[static_cast<std::size_t>(contact)];
  const ContactKinematics kin = contact_kinematics(model_, c, ws_);
  return tangent_magnitude(kin.vt, c.tangent_rows()) - c.friction->stick_band();
}

bool MultibodyOde::find_contact_event(const Integrator& integ, double& t_event, int& contact) {
  bool found = false;
  const double t0 = integ.t_previous(), t1 = integ.t();
  if (!(t1 > t0)) return false;
  const auto locate = [&](int c, ContactEvent kind, const auto& value) {
    const double v1 = value(t1, integ.y());
    if (v1 >= 0) return;
    integ.interpolate(t0, y_probe_);
    const double v0 = value(t0, y_probe_);
    if (kind == ContactEvent::stick_band && v0 <= 0) return;  // already inside the band
    if (kind == ContactEvent::band_exit && v0 <= 0) return;   // already outside
    const auto event_function = [&](double t) {
      integ.interpolate(t, y_probe_);
      return value(t, y_probe_);
    };
    const RootResult r = find_root(event_function, t0, t1, std::max(v0, 0.0), v1, 1e-13 * std::max(1.0, std::abs(t1)));
    // The bracket's upper end is past the crossing: the contact's new status holds there.
    const double tc = r.bracketed ? r.upper : t0;
    if (!found || tc < t_event) {
      t_event = tc;
      contact = c;
      last_event_ = kind;
      found = true;
    }
  };
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const int c = static_cast<int>(k);
    // Open contacts close when their activity becomes positive; closed ones open when it falls to 0.
    const double sign = closed_[k] ? 1.0 : -1.0;
    locate(c, closed_[k] ? ContactEvent::separation : ContactEvent::onset,
           [&](double t, const Vec& y) { return sign * activity_at(t, y, c); });
    const Contact& ck = model_.contacts[k];
    if (closed_[k] && ck.friction && ck.friction->uses_stick_force() && ck.friction->stick_band() > 0) {
      locate(c, ContactEvent::stick_band, [&](double t, const Vec& y) { return band_margin(t, y, c); });
      // Leaving the band switches the force from the (saturated) stick force to μ_k F_N: a jump the
      // integrator should not straddle.
      locate(c, ContactEvent::band_exit, [&](double t, const Vec& y) { return -band_margin(t, y, c); });
    }
  }
  return found;
}

// C = [G; w_Nᵀ or the w_Tᵀ] at (t, y): the joints' velocity rows and a contact's normal direction or
// its tangent directions (one planar, two spatial), with their current velocities C v in r.
void MultibodyOde::joint_and_contact_rows(int contact, bool normal, double t, const Vec& y, Mat& C, Vec& r) {
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  assemble_constraints(model_, state_, ws_);
  const Contact& c = model_.contacts[static_cast<std::size_t>(contact)];
  const ContactKinematics kin = contact_kinematics(model_, c, ws_);
  const int rows = normal ? 1 : c.tangent_rows();
  C.resize(model_.n_constraints + rows, model_.nv);
  r.resize(model_.n_constraints + rows);
  if (model_.n_constraints > 0) {
    C.topRows(model_.n_constraints) = ws_.G;
    r.head(model_.n_constraints) = ws_.phi_dot;
  }
  for (int k = 0; k < rows; ++k) {
    const ContactDirection d = normal ? ContactDirection::normal() : ContactDirection::tangent(k);
    contact_direction_column(model_, c, kin, d, w_scratch_);
    C.row(model_.n_constraints + k) = w_scratch_.transpose();
    r[model_.n_constraints + k] = kin.velocity(d);
  }
}

// v ← v − M⁻¹Cᵀ(C M⁻¹ Cᵀ)⁺ C v over the joints' velocity rows and the contact's tangents: the least
// M-weighted change that stops the slip and keeps the joints' velocities.
void MultibodyOde::stop_slip(int contact, Vec& y, double t) {
  Mat C;
  Vec r;
  joint_and_contact_rows(contact, false, t, y, C, r);
  const Mat A = C * ws_.mass_inv.asDiagonal() * C.transpose();
  const Vec mu = min_norm_solve(A, r);
  state_.v -= ws_.mass_inv.cwiseProduct(C.transpose() * mu);
  y.segment(model_.nq, model_.nv) = state_.v;
}

// 1/m_eff = w_Nᵀ P w_N with P the inverse mass restricted to motions the joints allow: the Schur
// complement A_NN − A_NG A_GG⁺ A_GN of A = C M⁻¹ Cᵀ.
double MultibodyOde::contact_inverse_mass(int contact, double t, const Vec& y) {
  Mat C;
  Vec r;
  joint_and_contact_rows(contact, true, t, y, C, r);
  const Mat A = C * ws_.mass_inv.asDiagonal() * C.transpose();
  const Eigen::Index n = model_.n_constraints;
  if (n == 0) return A(0, 0);
  const Vec coupling = A.block(0, n, n, 1);
  return A(n, n) - coupling.dot(min_norm_solve(A.topLeftCorner(n, n), coupling));
}

void MultibodyOde::on_contact_event(double t, int contact, Vec& y) {
  const std::size_t k = static_cast<std::size_t>(contact);
  const Contact& c = model_.contacts[k];
  if (last_event_ == ContactEvent::stick_band) {
    stop_slip(contact, y, t);
    return;
  }
  if (last_event_ == ContactEvent::band_exit) return;  // a restart is all it takes
  if (closed_[k]) {  // separation (the gap reopened, or a damped law let go while still overlapping)
    closed_[k] = 0;
    return;
  }
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  const ContactKinematics kin = contact_kinematics(model_, c, ws_);
  closed_[k] = 1;
  // A contact that closes again within the same overlap (after its damping let go) keeps the approach
  // speed of its impact and its bristles; a new impact starts both afresh.
  if (!std::isnan(impact_speed_[k])) return;
  impact_speed_[k] = std::max(-kin.vn, c.min_impact_speed);
  if (!c.friction || c.friction->state_size() == 0) return;
  for (int r = 0; r < c.tangent_rows(); ++r) {  // a spatial contact has one bristle per tangent row
    c.friction->initial_state(y.data() + model_.nq + model_.nv + c.z_offset + r * c.friction->state_size());
  }
}

bool MultibodyOde::stop_sticking_joints(double t, Vec& y) {
  if (ws_.joint_contacts.empty()) return false;
  evaluate(t, y);
  // Joints that stick with a speed worth removing (a stuck joint's speed stays where the band caught
  // it; below a thousandth of the band it is rounding and left alone).
  int rows = 0;
  for (const JointContactSlot& slot : ws_.joint_contacts) {
    const PrismaticJointContact& c = *model_.joints[static_cast<std::size_t>(slot.joint)].contact;
    rows += slot.result.motion == prismatic_contact::JointMotion::sticking && std::abs(slot.slip) > 1e-3 * c.rest_speed;
  }
  if (rows == 0) return false;
  // C = [G; wᵀ of each such joint], with w the generalised force of a unit η: wᵀ v = ṡ.
  const Eigen::Index nc = model_.n_constraints;
  Mat C(nc + rows, model_.nv);
  Vec r(nc + rows);
  C.topRows(nc) = ws_.G;
  r.head(nc) = ws_.phi_dot;
  int row = 0;
  for (std::size_t k = 0; k < ws_.joint_contacts.size(); ++k) {
    const JointContactSlot& slot = ws_.joint_contacts[k];
    const PrismaticJointContact& c = *model_.joints[static_cast<std::size_t>(slot.joint)].contact;
    if (!(slot.result.motion == prismatic_contact::JointMotion::sticking && std::abs(slot.slip) > 1e-3 * c.rest_speed)) {
      continue;
    }
    C.row(nc + row) = ws_.contact_W.col(static_cast<Eigen::Index>(k)).transpose();
    r[nc + row] = slot.slip;
    ++row;
  }
  const Mat A = C * ws_.mass_inv.asDiagonal() * C.transpose();
  const Vec mu = min_norm_solve(A, r);
  state_.v -= ws_.mass_inv.cwiseProduct(C.transpose() * mu);
  y.segment(model_.nq, model_.nv) = state_.v;
  return true;
}

void MultibodyOde::after_step(double t, const Vec& y) {
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const ContactKinematics kin = contact_kinematics(model_, model_.contacts[k], ws_);
    const bool pushing = kin.in_range && kin.gap <= 0 && activity(k, kin) > 0;
    if (!(kin.in_range && kin.gap <= 0)) impact_speed_[k] = std::nan("");  // the overlap has ended
    if (closed_[k] && !pushing) {
      closed_[k] = 0;
    } else if (!closed_[k] && pushing) {  // closed without a located onset (started in contact)
      closed_[k] = 1;
      if (std::isnan(impact_speed_[k])) impact_speed_[k] = std::max(-kin.vn, model_.contacts[k].min_impact_speed);
    }
  }
}

}  // namespace stickslip
