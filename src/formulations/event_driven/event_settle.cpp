#include "formulations/event_driven/event_settle.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "assembly/contact_kinematics.hpp"
#include "math/number_format.hpp"

namespace stickslip {
namespace {

constexpr int kMaxSettleRounds = 20;  // impacts and mode changes at one instant

bool closed(ContactState m) { return m != ContactState::open; }

ContactState slip_direction(double vt) { return vt >= 0 ? ContactState::slip_positive : ContactState::slip_negative; }

// |v_T| (planar: |v_T,0| exactly) and the sliding mode of a contact that slides: planar by the sign of
// v_T, spatial slip_positive (a spatial slip has a direction, set when the settle ends).
double slip_speed(const ContactKinematics& kin) { return tangent_magnitude(kin.vt, kin.tangent_rows); }
ContactState sliding_mode(const ContactKinematics& kin) {
  return kin.tangent_rows == 1 ? slip_direction(kin.vt[0]) : ContactState::slip_positive;
}

}  // namespace

EventSettler::EventSettler(const Model& model, const SimulationOptions& options, EventSink* events, Warn warn)
    : model_(model), opt_(options), events_(events), warn_(std::move(warn)), decisions_(model) {}

void EventSettler::log(double t, int contact, const char* kind, ContactState from, ContactState to, double vn_before,
                       double vn_after) {
  ++contact_events_;
  ++changes_[static_cast<std::size_t>(contact)];
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

// Compliant contacts that touch close and those whose gap opened open; an open rigid contact that
// touches is struck (`impact`) or, resting on its surface, put to the mode LCP (`resting`, closed on
// trial). Returns true if a mode changed or a contact rests.
bool EventSettler::close_and_open(ModalDynamics& dyn, const State& s, std::vector<ContactState>& modes,
                                  const std::vector<int>& triggered, std::vector<char>& resting, bool& impact) {
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
      // At the root of its activity a contact whose surfaces move apart has just let go (the damping
      // of its law would pull): closing it again would give it a new onset, whose impact speed (the
      // damping of laws written through e) makes it pull at once, and the two would alternate for ever.
      const bool letting_go = kin.vn > kZeroSlip && activity <= 1e-9 * force_scale_;
      if (modes[k] == ContactState::open &&
          (triggered[k] == EventFunction::closing || (overlapping && !separating && !pulling && !letting_go))) {
        modes[k] = slip_speed(kin) <= kZeroSlip && c.friction ? ContactState::stick : sliding_mode(kin);
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
      // At rest (|v_N| within the threshold) whether it closes is the LCP's decision (λ_N ≥ 0 ⟂ g̈_N ≥ 0),
      // not its velocity's; once the LCP has opened it at this instant it stays open.
      if (released_[k]) continue;
      modes[k] = slip_speed(kin) <= kZeroSlip && c.friction ? ContactState::stick : sliding_mode(kin);
      resting[k] = 1;
      changed = true;
    }
  }
  return changed;
}

// Newton impact with friction of every rigid contact that touches; struck contacts whose rebound is
// slow stay closed.
void EventSettler::apply_impact(ModalDynamics& dyn, State& s, std::vector<ContactState>& modes) {
  const double t = s.t;
  const std::size_t nc = model_.contacts.size();
  std::vector<char> involved(nc, 0);
  std::vector<double> e(nc, 0.0);
  for (std::size_t k = 0; k < nc; ++k) {
    const Contact& c = model_.contacts[k];
    const ContactKinematics& kin = dyn.workspace().contacts[k];
    // A closed contact takes part whatever its gap: its constraint holds through the impact, and its
    // drift (Baumgarte-stabilised, up to ~1e-6 m with bdf) may exceed the touching tolerance.
    involved[k] = !c.compliant() && kin.in_range && (closed(modes[k]) || kin.gap <= kTouchingGap);
    // Only contacts that approach restitute; resting ones (v_N ≈ 0) get e v_N⁻ ≈ 0 anyway.
    e[k] = c.impact ? c.impact->normal_coefficient() : 0.0;
  }
  const ImpactResult r = decisions_.impact(dyn, s, involved, e);
  s.v = r.v_after;
  dyn.evaluate(s);  // the slip velocities after the impact
  for (std::size_t k = 0; k < nc; ++k) {
    if (!involved[k]) continue;
    const Contact& c = model_.contacts[k];
    const ContactKinematics& kin = dyn.workspace().contacts[k];
    const ContactState before = modes[k];
    const bool stays = r.vn_after[k] <= opt_.event_driven.restitution_threshold;
    const bool struck = r.vn_before[k] < -opt_.event_driven.restitution_threshold;
    // It sticks or slides as the impact left it (a stick mode would have the projection cancel a
    // post-impact slip). One that was open and not struck is left to the mode LCP like any resting
    // contact.
    const ContactState kept = !c.friction ? (closed(before) ? before : ContactState::stick)
                              : slip_speed(kin) <= kZeroSlip ? ContactState::stick
                                                             : sliding_mode(kin);
    modes[k] = stays && (closed(before) || struck) ? kept : ContactState::open;
    if (struck || before != modes[k]) log(t, static_cast<int>(k), "impact", before, modes[k], r.vn_before[k], r.vn_after[k]);
  }
}

void EventSettler::decide_modes(ModalDynamics& dyn, const State& s, std::vector<ContactState>& modes,
                                const std::vector<int>& located, const std::vector<char>& resting) {
  dyn.set_modes(modes);
  dyn.evaluate(s);
  const std::size_t nc = model_.contacts.size();
  // A sticking spatial contact whose normal force and friction are both indeterminate (a corner of a
  // box on four) watches one feasibility margin for its detachment and its saturation; where that
  // margin crosses zero while the contact still presses (its reported normal force clearly positive)
  // it is the friction that reached its limit, not the contact that lets go.
  std::vector<int> triggered = located;
  for (std::size_t k = 0; k < nc; ++k) {
    const Contact& c = model_.contacts[k];
    if (triggered[k] == EventFunction::detachment && c.spatial() && c.friction && modes[k] == ContactState::stick &&
        dyn.redundant_normal(static_cast<int>(k)) &&
        dyn.workspace().contact_forces[k].normal >
            coincidence_band(EventFunction::detachment, opt_.integrator_options.rtol, force_scale_)) {
      triggered[k] = EventFunction::saturation;
    }
  }
  std::vector<char> normal(nc, 0), tangent(nc, 0);
  for (std::size_t k = 0; k < nc; ++k) {
    if (!closed(modes[k])) continue;
    const Contact& c = model_.contacts[k];
    normal[k] = !c.compliant();
    // A sliding contact keeps its slip direction: only a located slip reversal (or a contact that
    // sticks or does not slide) has its friction decided.
    tangent[k] = c.friction && (modes[k] == ContactState::stick || triggered[k] == EventFunction::slip_reversal ||
                                slip_speed(dyn.workspace().contacts[k]) <= kZeroSlip);
    // A compliant contact that carries no normal force yet (at its onset) has no friction to decide:
    // its LCP rows would be degenerate (any tangential acceleration is admissible, and the pivoting
    // would pick one at random). If it does not slide it starts stuck; its saturation function is
    // watched from the moment its normal force exceeds the stick force.
    if (c.compliant() && dyn.workspace().contact_forces[k].normal <= 1e-9 * force_scale_) {
      tangent[k] = 0;
      if (slip_speed(dyn.workspace().contacts[k]) <= kZeroSlip) modes[k] = ContactState::stick;
    }
  }
  // The smooth phase's forces at the event, before the decision (for the degenerate cases below).
  const std::vector<ContactForce> smooth = dyn.workspace().contact_forces;
  std::vector<double> margin(nc);
  for (std::size_t k = 0; k < nc; ++k) margin[k] = dyn.redundant_margin(static_cast<int>(k));
  // A located saturation leaves stick when the friction reached its limit: a contact whose forces the
  // motion fixes by its own μ_s N − |λ_T| (to the band of coincident events, or at once where the
  // event sits at the start of its phase). A contact whose forces are indeterminate (a corner of a
  // box on four) only when, besides, the feasibility margin of the whole set is spent: whether the
  // set can hold is decided over every split of the forces among its contacts, not on the least-norm
  // split, which puts a corner on its own cone long before the set runs out (the uphill corners of a
  // box on an incline, whose set keeps a margin of (μ_s ΣN − |F|)/4 per corner). The set's margin is
  // continuous and located to the event tolerance: at its root it is zero to far below
  // violation_tolerance. Which corners go first is the least-norm split's (those on their cones);
  // the others follow at the next decision if the set that is left cannot hold.
  const double band = coincidence_band(EventFunction::saturation, opt_.integrator_options.rtol, force_scale_);
  const auto own_saturated = [&](double slack) { return slack <= band || immediate_; };
  const auto set_saturated = [&](double m) { return m <= violation_tolerance(EventFunction::saturation, force_scale_); };
  ModeDecision d = decisions_.decide(dyn, s, modes, normal, tangent);
  if (!d.slip_direction.empty()) {
    for (std::size_t k = 0; k < nc; ++k) {
      if (d.modes[k] == ContactState::slip_positive && d.slip_direction[k].squaredNorm() > 0) slip_hint_[k] = d.slip_direction[k];
    }
  }
  // At a located saturation or detachment the state sits on the boundary of the old mode, where the
  // LCP is degenerate: the margin is of the order of the event tolerance, and with several contacts
  // saturating together the LCP has several solutions (one slips and relieves the other, or both
  // slip). A contact whose own forces reached its bound leaves its mode; this also keeps mirror-image
  // contacts of a symmetric system in mirror-image modes.
  for (std::size_t k = 0; k < nc; ++k) {
    // A slip forced at this instant that reverses at once was forced the wrong way (the smooth
    // force's sign on a degenerate boundary): the other direction is the one left.
    const bool spatial = model_.contacts[k].spatial();
    if (forced_[k] >= 0 && triggered[k] == EventFunction::slip_reversal && !spatial) {
      forced_[k] = static_cast<int>(forced_[k] == static_cast<int>(ContactState::slip_positive) ? ContactState::slip_negative
                                                                                                 : ContactState::slip_positive);
    }
    if (forced_[k] >= 0 && d.modes[k] == ContactState::stick) d.modes[k] = static_cast<ContactState>(forced_[k]);
    if (triggered[k] == EventFunction::saturation && d.modes[k] == ContactState::stick) {
      const int rows = model_.contacts[k].tangent_rows();
      const double held = tangent_magnitude(smooth[k].tangential, rows);
      const bool own = own_saturated(dyn.mu_static(static_cast<int>(k)) * smooth[k].normal - held);
      if (own && (std::isnan(margin[k]) || set_saturated(margin[k]))) {
        if (spatial) {  // it slips against the force that held it
          d.modes[k] = ContactState::slip_positive;
          if (held > 0) slip_hint_[k] = -smooth[k].tangential / held;
        } else {
          d.modes[k] = smooth[k].tangential[0] < 0 ? ContactState::slip_positive : ContactState::slip_negative;
        }
        forced_[k] = static_cast<int>(d.modes[k]);
      }
    }
    if (triggered[k] == EventFunction::detachment && closed(d.modes[k]) &&
        ((smooth[k].normal <= 0 && d.normal_force[k] <= 1e-9 * force_scale_) || immediate_)) {
      d.modes[k] = ContactState::open;
    }
  }
  for (std::size_t k = 0; k < nc; ++k) {
    const bool rigid_open = d.modes[k] == ContactState::open && !model_.contacts[k].compliant();
    if (rigid_open && (resting[k] || closed(modes[k]))) released_[k] = 1;
    if (resting[k]) {  // on trial: it closes only if the LCP keeps it
      if (!rigid_open) log(s.t, static_cast<int>(k), "onset", ContactState::open, d.modes[k], dyn.workspace().contacts[k].vn);
      continue;
    }
    if (d.modes[k] == modes[k]) continue;
    slip_starts_[k] = modes[k] == ContactState::stick && d.modes[k] != ContactState::open;
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
  const std::size_t nc = model_.contacts.size();
  if (forced_.size() != nc || forced_time_ != s.t) {
    forced_.assign(nc, -1);
    released_.assign(nc, 0);
    forced_time_ = s.t;
  }
  changes_.assign(nc, 0);
  slip_starts_.assign(nc, 0);
  slip_hint_.assign(nc, TangentVector::Zero());
  std::vector<ContactState> modes = dyn.modes();
  const std::vector<int> none(nc, -1);
  std::vector<char> resting(nc);
  bool decide = true;
  for (int round = 0;; ++round) {
    if (round == kMaxSettleRounds) {
      not_settled(s.t);
      break;
    }
    std::fill(resting.begin(), resting.end(), 0);
    bool impact = false;
    const bool changed = close_and_open(dyn, s, modes, round == 0 ? triggered : none, resting, impact);
    if (impact) {
      for (std::size_t k = 0; k < nc; ++k) {
        if (resting[k]) modes[k] = ContactState::open;  // not on trial: the impact decides first
      }
      apply_impact(dyn, s, modes);
      forced_.assign(nc, -1);  // the velocities jumped: the decisions made before no longer hold
      released_.assign(nc, 0);
      slip_starts_.assign(nc, 0);
      decide = true;
      continue;
    }
    if (!changed && !decide) break;
    decide_modes(dyn, s, modes, triggered, resting);
    decide = false;
  }
  dyn.set_modes(modes);
  if (model_.dimension == Dimension::spatial) set_slip_directions(dyn, s);
}

// Spatial slips start the phase with a direction ŝ (design D8): their slip velocity's where it has
// one, else the decision's (the reverse of the force that held it at a located saturation, or the
// mode LCP's tangential acceleration of a slip starting from rest). The phase applies the disc,
// −μ_k N ŝ, and is consistent only if the slip then accelerates along ŝ itself (v̇_T ∥ ŝ): the LCP's
// pyramid may point elsewhere, so fixed-point rounds ŝ ← normalise((1 − β) ŝ + β v̇̂_T) make the two
// agree, with β halved whenever a round moves ŝ more than the last (undamped, the map diverges when
// the kinetic friction is large next to what drives the slip: its angle error grows by μ_k N / |ma_T|).
// The integrator's first stage then sees the same friction as the ones after it, where v̂_T takes over.
void EventSettler::set_slip_directions(ModalDynamics& dyn, const State& s) {
  constexpr int kRounds = 60;
  constexpr double kConverged = 1e-13;
  dyn.evaluate(s);
  const std::size_t nc = model_.contacts.size();
  std::vector<char> from_rest(nc, 0);
  bool any = false;
  for (std::size_t k = 0; k < nc; ++k) {
    if (dyn.modes()[k] != ContactState::slip_positive) continue;
    const TangentVector& vt = dyn.workspace().contacts[k].vt;
    const int c = static_cast<int>(k);
    if (vt.norm() > kZeroSlip) {
      dyn.set_slip_direction(c, vt / vt.norm());
      continue;
    }
    if (slip_hint_[k].squaredNorm() > 0) dyn.set_slip_direction(c, slip_hint_[k]);
    from_rest[k] = 1;
    any = true;
  }
  Vec col(model_.nv);
  std::vector<TangentVector> next(nc);
  double beta = 0.5, last_move = INFINITY;
  for (int round = 0; any && round < kRounds; ++round) {
    dyn.evaluate(s);
    const Workspace& ws = dyn.workspace();
    double move = 0;
    for (std::size_t k = 0; k < nc; ++k) {
      if (!from_rest[k]) continue;
      const TangentVector current = dyn.slip_direction(static_cast<int>(k));
      next[k] = current;
      TangentVector a = TangentVector::Zero();
      for (int t = 0; t < 2; ++t) {
        contact_direction_column(model_, model_.contacts[k], ws.contacts[k], ContactDirection::tangent(t), col);
        a[t] = col.dot(ws.qdd) + ws.contacts[k].wt_bias[t];
      }
      if (!(a.norm() > 0)) continue;
      TangentVector blended = (1 - beta) * current + beta * a.normalized();
      if (!(blended.norm() > 0)) blended = a;
      next[k] = blended.normalized();
      move = std::max(move, (next[k] - current).norm());
    }
    if (move > last_move) beta *= 0.5;
    last_move = move;
    for (std::size_t k = 0; k < nc; ++k) {
      if (from_rest[k]) dyn.set_slip_direction(static_cast<int>(k), next[k]);
    }
    if (move < kConverged) break;
  }
}

// Should never happen: the run goes on with the last decision, but says where it did.
void EventSettler::not_settled(double t) {
  std::string names;
  for (std::size_t k = 0; k < changes_.size(); ++k) {
    if (changes_[k] < 2) continue;
    names += (names.empty() ? "" : ", ") + model_.contacts[k].name + " (" + std::to_string(changes_[k]) + " changes)";
  }
  if (warn_) {
    warn_("t = " + number_text(t) + " s: the contact modes did not settle in " + std::to_string(kMaxSettleRounds) +
          " rounds of impacts and mode decisions" + (names.empty() ? "" : "; still changing: " + names) +
          "; the run goes on with the last decision");
  }
}

}  // namespace stickslip
