// Event functions of the event-driven scheme: each is positive while the contact structure holds and
// crosses zero where it changes (Pfeiffer & Glocker 1996, ch. 7; Zhang & Wang 2017 fig. 3):
//   open rigid contact     g_N                  → closing (impact)
//   open compliant         −a                   → onset
//   closed compliant       a                    → separation
// where a, the activity of a compliant contact, is −g_N while the gap is open and the force law
// before its no-pull clamp once it overlaps (a damped contact lets go when its damping would pull,
// before the gap reopens; both are kinks of the force that a smooth phase must not straddle);
//   closed rigid           λ_N                  → the contact wants to detach
//   slipping (slip±)       ±v_T                 → the slip velocity reaches zero
//   slipping, spatial      v_T · ŝ              → the slip stops (ŝ: its direction at the phase's start)
//   sticking               μ_s N − |λ_T|        → the friction saturates (|λ_T| the disc's radius in 3-D)
//   closed rigid on a line with an extent: the distance to the extent's end → it slides off
//   frictional joint, sticking   μ_s F_N − |F_f|     → its friction saturates
//   frictional joint, slipping   ±v                  → its slip velocity reaches zero
// A contact whose forces the motion does not fix (several sticking contacts on one body) watches,
// instead of its own μ_s N − |λ_T| (and λ_N where that is indeterminate too), the feasibility margin of
// the set (modal_dynamics.hpp): it crosses zero when no distribution inside every cone is left.
// An event function is armed for a phase only when it is positive at the phase's start, so a
// degenerate state (a corner of a block with a zero normal force) does not fire at once again.
#pragma once

#include <vector>

#include "formulations/event_driven/modal_dynamics.hpp"

namespace stickslip {

inline constexpr double kTouchingGap = 1e-9;  // a contact whose gap is below this touches [m]
inline constexpr double kZeroSlip = 1e-8;     // slip velocities below this are zero at an event [m/s]

struct EventFunction {
  enum Kind { closing, separation, detachment, slip_reversal, saturation, leaving, joint_saturation, joint_slip_reversal };
  int contact;  // the contact, or for the joint kinds the joint
  Kind kind;
  bool on_joint() const { return kind == joint_saturation || kind == joint_slip_reversal; }
};

// Where an event function's trigger is kept in the event-driven scheme's list: contacts first, then
// the joints (index n_contacts + joint).
inline int trigger_index(const EventFunction& e, const Model& model) {
  return e.on_joint() ? static_cast<int>(model.contacts.size()) + e.contact : e.contact;
}

// The event functions of the current modes (from dyn.modes()).
std::vector<EventFunction> event_functions(const ModalDynamics& dyn);

// Value of one event function; requires dyn evaluated at the state of interest.
double event_value(const EventFunction& e, const ModalDynamics& dyn);

const char* event_kind_name(EventFunction::Kind k);

// Event functions closer to zero than this at an event cross together (mirror-image contacts stay
// equal to the integration error, rtol); force_scale is the size of the contact forces [N].
double coincidence_band(EventFunction::Kind k, double rtol, double force_scale);
// A function left unwatched at a degenerate start still fires below minus this.
double violation_tolerance(EventFunction::Kind k, double force_scale);

// Activity a of compliant contact c (see above): > 0 while it pushes. Requires dyn evaluated.
double compliant_activity(const ModalDynamics& dyn, int contact);

}  // namespace stickslip
