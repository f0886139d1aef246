#include "formulations/event_driven/event_functions.hpp"

#include <algorithm>
#include <cmath>

#include "assembly/contact_kinematics.hpp"

namespace stickslip {

std::vector<EventFunction> event_functions(const ModalDynamics& dyn) {
  std::vector<EventFunction> out;
  const Model& model = dyn.model();
  for (std::size_t k = 0; k < model.contacts.size(); ++k) {
    const int c = static_cast<int>(k);
    const ContactState mode = dyn.modes()[k];
    if (mode == ContactState::open) {
      out.push_back({c, EventFunction::closing});
      continue;
    }
    out.push_back({c, model.contacts[k].compliant() ? EventFunction::separation : EventFunction::detachment});
    const Contact& ct = model.contacts[k];
    const bool bounded = std::isfinite(ct.extent_min) || std::isfinite(ct.extent_max);
    if (!ct.compliant() && ct.shape == ContactShape::circle_line && bounded) out.push_back({c, EventFunction::leaving});
    if (!model.contacts[k].friction) continue;
    out.push_back({c, mode == ContactState::stick ? EventFunction::saturation : EventFunction::slip_reversal});
  }
  for (int j : dyn.friction_joints()) {
    const bool stick = dyn.joint_modes()[static_cast<std::size_t>(j)] == ContactState::stick;
    out.push_back({j, stick ? EventFunction::joint_saturation : EventFunction::joint_slip_reversal});
  }
  return out;
}

double compliant_activity(const ModalDynamics& dyn, int contact) {
  const std::size_t k = static_cast<std::size_t>(contact);
  return compliant_contact_activity(dyn.model().contacts[k], dyn.workspace().contacts[k], dyn.impact_speed(contact));
}

double event_value(const EventFunction& e, const ModalDynamics& dyn) {
  const std::size_t k = static_cast<std::size_t>(e.contact);
  if (e.on_joint()) {
    const ContactForce& f = dyn.workspace().joint_friction[k];
    if (e.kind == EventFunction::joint_saturation) return dyn.joint_mu_static(e.contact) * f.normal - std::abs(f.tangential[0]);
    const double slip = dyn.workspace().joint_slip[k];
    return dyn.joint_modes()[k] == ContactState::slip_positive ? slip : -slip;
  }
  const ContactKinematics& kin = dyn.workspace().contacts[k];
  const ContactForce& f = dyn.workspace().contact_forces[k];
  switch (e.kind) {
    case EventFunction::closing:
      if (dyn.model().contacts[k].compliant()) return -compliant_activity(dyn, e.contact);
      return kin.in_range || kin.gap > 0 ? kin.gap : 1.0;  // continuous where the point enters the extent
    case EventFunction::separation: return compliant_activity(dyn, e.contact);
    case EventFunction::detachment:
      // A normal force that the motion does not fix: the contact lets go when no admissible
      // distribution of the forces is left (modal_dynamics.hpp).
      return dyn.redundant_normal(e.contact) ? dyn.redundant_margin(e.contact) : f.normal;
    case EventFunction::slip_reversal:
      // A spatial slip stops where v_T · ŝ (ŝ its direction at the phase's start) reaches zero (design
      // D8): it never misses a stop, and fires early only if the slip turns by more than a right
      // angle within one phase, which costs one settle.
      if (kin.tangent_rows == 2) return kin.vt.dot(dyn.slip_direction(e.contact));
      return dyn.modes()[k] == ContactState::slip_positive ? kin.vt[0] : -kin.vt[0];
    case EventFunction::saturation:
      if (!std::isnan(dyn.redundant_margin(e.contact))) return dyn.redundant_margin(e.contact);
      return dyn.mu_static(e.contact) * f.normal - tangent_magnitude(f.tangential, kin.tangent_rows);
    case EventFunction::leaving: return kin.range_margin;
    case EventFunction::joint_saturation:
    case EventFunction::joint_slip_reversal: break;  // a joint's events: on_joint() above
  }
  return 1.0;
}

const char* event_kind_name(EventFunction::Kind k) {
  switch (k) {
    case EventFunction::closing: return "closing";
    case EventFunction::separation: return "separation";
    case EventFunction::detachment: return "detachment";
    case EventFunction::slip_reversal: return "slip reversal";
    case EventFunction::saturation: return "saturation";
    case EventFunction::leaving: return "leaving";
    case EventFunction::joint_saturation: return "joint friction saturation";
    case EventFunction::joint_slip_reversal: return "joint slip reversal";
  }
  return "?";
}

double coincidence_band(EventFunction::Kind k, double rtol, double force_scale) {
  switch (k) {
    case EventFunction::closing:
    case EventFunction::separation: return 1e-3 * kTouchingGap;
    case EventFunction::slip_reversal:
    case EventFunction::joint_slip_reversal: return 1e-3 * kZeroSlip;
    case EventFunction::leaving: return 1e-3 * kTouchingGap;
    case EventFunction::detachment:
    case EventFunction::saturation:
    case EventFunction::joint_saturation: return std::max(1e-6, 100 * rtol) * force_scale;
  }
  return 0;
}

double violation_tolerance(EventFunction::Kind k, double force_scale) {
  switch (k) {
    case EventFunction::closing:
    case EventFunction::separation: return kTouchingGap;
    case EventFunction::slip_reversal:
    case EventFunction::joint_slip_reversal: return kZeroSlip;
    case EventFunction::leaving: return kTouchingGap;
    case EventFunction::detachment:
    case EventFunction::saturation:
    case EventFunction::joint_saturation: return 1e-6 * force_scale;
  }
  return 0;
}

}  // namespace stickslip
