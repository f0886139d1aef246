#include "formulations/event_settle.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "assembly/contact_kinematics.hpp"

namespace stickslip {
namespace {

constexpr int kMaxSettleRounds = 20;  // impacts and mode changes at one instant

bool closed(ContactState m) { return m != ContactState::open; }

ContactState slip_direction(double vt) { return vt >= 0 ? ContactState::slip_positive : ContactState::slip_negative; }

}  // namespace

EventSettler::EventSettler(const Model& model, const SimulationOptions& options, EventSink* events, Warn warn)
    : model_(model), opt_(options), events_(events), warn_(std::move(warn)), decisions_(model) {}

void EventSettler::log(double t, int contact, const char* kind, ContactState from, ContactState to, double vn_before,
                       double vn_after) {
  ++contact_events_;
  if (!events_) return;
  EventRecord e;
  e.t = t;
  e.contact = model_.contacts[static_cast<std::size_t>(contact)].name;
  e.kind = kind;
  e.from = from;
  e.to = to;
  e.vn_before = vn_before;
  e.vn_after = vn_after;
  events_->write(e);
}

// Contacts that touch close, compliant ones whose gap opened open. Returns true if a mode changed;
// `impact` is set when a rigid contact closes with an approach speed.
bool EventSettler::close_and_open(ModalDynamics& dyn, const State& s, std::vector<ContactState>& modes,
                                  const std::vector<int>& triggered, bool& impact) {
  const double t = s.t;
  dyn.set_modes(modes);
  dyn.evaluate(s);
  bool changed = false;
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const Contact& c = model_.contacts[k];
    const ContactKinematics& kin = dyn.workspace().contacts[k];
    const int ci = static_cast<int>(k);
    // The contact whose event was located changes at once; the others within tolerances, so that a
    // gap of 1e-15 m left by the root finder neither closes nor opens anything. A compliant contact
    // acts while its activity (event_functions.hpp) is positive.
    const bool separating = kin.vn > opt_.event_driven.restitution_threshold;
    const bool overlapping = kin.in_range && kin.gap <= kTouchingGap;
    if (c.compliant()) {
      const double activity = compliant_activity(dyn, ci);
      const bool pulling = kin.gap < 0 && activity < -1e-9 * force_scale_;
      if (modes[k] == ContactState::open &&
          (triggered[k] == EventFunction::closing || (overlapping && !separating && !pulling))) {
        modes[k] = std::abs(kin.vt) <= kZeroSlip && c.friction ? ContactState::stick : slip_direction(kin.vt);
        dyn.set_impact_speed(ci, std::max(-kin.vn, c.min_impact_speed));
        log(t, ci, "onset", ContactState::open, modes[k], kin.vn);
        changed = true;
      } else if (closed(modes[k]) &&
                 (triggered[k] == EventFunction::separation || !kin.in_range || kin.gap > kTouchingGap || pulling)) {
        log(t, ci, "separation", modes[k], ContactState::open);
        modes[k] = ContactState::open;
        changed = true;
      }
      continue;
    }
    if (closed(modes[k]) && (triggered[k] == EventFunction::leaving || !kin.in_range)) {
      log(t, ci, "separation", modes[k], ContactState::open);  // slid off the end of its line
      modes[k] = ContactState::open;
      changed = true;
      continue;
    }
    const bool touching = triggered[k] == EventFunction::closing || overlapping;
    if (modes[k] == ContactState::open && touching && !separating) {
      if (kin.vn < -opt_.event_driven.restitution_threshold) {
        impact = true;
        continue;
      }
      modes[k] = std::abs(kin.vt) <= kZeroSlip && c.friction ? ContactState::stick : slip_direction(kin.vt);
      log(t, ci, "onset", ContactState::open, modes[k], kin.vn);
      changed = true;
    }
  }
  return changed;
}

// Newton impact with friction of every rigid contact that touches; slow rebounds stay closed.
void EventSettler::apply_impact(ModalDynamics& dyn, State& s, std::vector<ContactState>& modes) {
  const double t = s.t;
  const std::size_t nc = model_.contacts.size();
  std::vector<char> involved(nc, 0);
  std::vector<double> e(nc, 0.0);
  for (std::size_t k = 0; k < nc; ++k) {
    const Contact& c = model_.contacts[k];
    const ContactKinematics& kin = dyn.workspace().contacts[k];
    involved[k] = !c.compliant() && kin.in_range && kin.gap <= kTouchingGap;
    // Only contacts that approach restitute; resting ones (v_N ≈ 0) get e v_N⁻ ≈ 0 anyway.
    e[k] = c.impact ? c.impact->normal_coefficient() : 0.0;
  }
  const ImpactResult r = decisions_.impact(dyn, s, involved, e);
  s.v = r.v_after;
  for (std::size_t k = 0; k < nc; ++k) {
    if (!involved[k]) continue;
    const ContactState before = modes[k];
    const bool stays = r.vn_after[k] <= opt_.event_driven.restitution_threshold;
    const bool struck = r.vn_before[k] < -opt_.event_driven.restitution_threshold;
    modes[k] = stays ? (closed(before) ? before : ContactState::stick) : ContactState::open;
    if (struck || before != modes[k]) log(t, static_cast<int>(k), "impact", before, modes[k], r.vn_before[k], r.vn_after[k]);
  }
}

void EventSettler::decide_modes(ModalDynamics& dyn, const State& s, std::vector<ContactState>& modes,
                                const std::vector<int>& triggered) {
  dyn.set_modes(modes);
  dyn.evaluate(s);
  const std::size_t nc = model_.contacts.size();
  std::vector<char> normal(nc, 0), tangent(nc, 0);
  for (std::size_t k = 0; k < nc; ++k) {
    if (!closed(modes[k])) continue;
    const Contact& c = model_.contacts[k];
    normal[k] = !c.compliant();
    tangent[k] = c.friction && (triggered[k] >= 0 || std::abs(dyn.workspace().contacts[k].vt) <= kZeroSlip);
    // A compliant contact that carries no normal force yet (at its onset) has no friction to decide:
    // its LCP rows would be degenerate (any tangential acceleration is admissible, and the pivoting
    // would pick one at random). If it does not slide it starts stuck; its saturation function is
    // watched from the moment its normal force exceeds the stick force.
    if (c.compliant() && dyn.workspace().contact_forces[k].normal <= 1e-9 * force_scale_) {
      tangent[k] = 0;
      if (std::abs(dyn.workspace().contacts[k].vt) <= kZeroSlip) modes[k] = ContactState::stick;
    }
  }
  // The smooth phase's forces at the event, before the decision (for the degenerate cases below).
  const std::vector<ContactForce> smooth = dyn.workspace().contact_forces;
  ModeDecision d = decisions_.decide(dyn, s, modes, normal, tangent);
  // At a located saturation or detachment the state sits on the boundary of the old mode, where the
  // LCP is degenerate: the margin is of the order of the event tolerance, and with several contacts
  // saturating together the LCP has several solutions (one slips and relieves the other, or both
  // slip). A contact whose own forces reached its bound leaves its mode; this also keeps mirror-image
  // contacts of a symmetric system in mirror-image modes.
  if (forced_.size() != nc || forced_time_ != s.t) {
    forced_.assign(nc, -1);
    forced_time_ = s.t;
  }
  for (std::size_t k = 0; k < nc; ++k) {
    if (forced_[k] >= 0 && d.modes[k] == ContactState::stick) d.modes[k] = static_cast<ContactState>(forced_[k]);
    if (triggered[k] == EventFunction::saturation && d.modes[k] == ContactState::stick) {
      const bool violated = dyn.mu_static(static_cast<int>(k)) * smooth[k].normal - std::abs(smooth[k].tangential) <=
                            coincidence_band(EventFunction::saturation, opt_.integrator_options.rtol, force_scale_);
      if (violated || immediate_) {
        d.modes[k] = smooth[k].tangential < 0 ? ContactState::slip_positive : ContactState::slip_negative;
        forced_[k] = static_cast<int>(d.modes[k]);
      }
    }
    if (triggered[k] == EventFunction::detachment && closed(d.modes[k]) &&
        ((smooth[k].normal <= 0 && d.normal_force[k] <= 1e-9 * force_scale_) || immediate_)) {
      d.modes[k] = ContactState::open;
    }
  }
  for (std::size_t k = 0; k < nc; ++k) {
    if (d.modes[k] == modes[k]) continue;
    const char* kind = d.modes[k] == ContactState::open ? "detachment"
                       : d.modes[k] == ContactState::stick ? "stick"
                       : modes[k] == ContactState::stick ? "slip"
                                                         : "reversal";
    log(s.t, static_cast<int>(k), kind, modes[k], d.modes[k]);
  }
  modes = d.modes;
}

// Impacts, closings and openings, then the mode LCP, repeated until the contact set is consistent. A
// contact that leaves a degenerate boundary (decide_modes) keeps that decision when the LCP runs again
// at the same instant.
void EventSettler::settle(ModalDynamics& dyn, State& s, const std::vector<int>& triggered, bool immediate) {
  immediate_ = immediate;
  std::vector<ContactState> modes = dyn.modes();
  bool decide = true;
  for (int round = 0; round < kMaxSettleRounds; ++round) {
    bool impact = false;
    const bool changed = close_and_open(dyn, s, modes, round == 0 ? triggered : std::vector<int>(modes.size(), -1), impact);
    if (impact) {
      apply_impact(dyn, s, modes);
      decide = true;
      continue;
    }
    if (!changed && !decide) break;
    decide_modes(dyn, s, modes, triggered);
    decide = false;
  }
  dyn.set_modes(modes);
}

}  // namespace stickslip
