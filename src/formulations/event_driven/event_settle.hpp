// The decisions at an event of the event-driven scheme (Pfeiffer & Glocker 1996; Zhang & Wang 2017,
// fig. 3): impacts by the impulse LCP, compliant contacts that touch close and those that let go
// open, the contact modes by the acceleration LCP (formulations/event_driven/contact_decisions.hpp), which also
// decides whether a rigid contact resting on its surface (zero gap, |v_N| below the restitution
// threshold) closes; repeated until the contact set is consistent. Every change is written to the
// event log; a settle that does not converge is reported as a warning.
#pragma once

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "formulations/event_driven/contact_decisions.hpp"
#include "formulations/event_driven/event_functions.hpp"
#include "math/snapshot.hpp"

namespace stickslip {

class EventSettler {
 public:
  using Warn = std::function<void(const std::string&)>;
  EventSettler(const Model& model, const SimulationOptions& options, EventSink* events, Warn warn);

  // A stop request, asked inside the settle's long LCP solves (they throw StopRequested).
  void on_stop_request(std::function<bool()> should_stop) { decisions_.on_stop_request(std::move(should_stop)); }
  // Σ m |g| + 1 N: the size of the contact forces, for tolerances.
  void set_force_scale(double f) { force_scale_ = f; }

  // Settles the contact structure at state s, starting from dyn.modes() (the phase that ended);
  // impacts change s.v. triggered[c]: the kind of event function of contact c located at s.t (−1:
  // none); immediate: the event sits at the start of its phase. Leaves the new modes set in dyn.
  void settle(ModalDynamics& dyn, State& s, const std::vector<int>& triggered, bool immediate);

  long contact_events() const { return contact_events_; }
  // Contacts whose slip started from stick in the last settle (no impact): v_T is zero there.
  const std::vector<char>& slip_starts() const { return slip_starts_; }

  // Checkpoints: the decisions held at the last settle's instant and the event count
  // (event_driven/event_driven_snapshot.cpp).
  void save(Snapshot& snapshot, const std::string& prefix) const;
  void restore(const Snapshot& snapshot, const std::string& prefix);

 private:
  bool close_and_open(ModalDynamics& dyn, const State& s, std::vector<ContactState>& modes,
                      const std::vector<int>& triggered, std::vector<char>& resting, bool& impact);
  void apply_impact(ModalDynamics& dyn, State& s, std::vector<ContactState>& modes);
  void decide_modes(ModalDynamics& dyn, const State& s, std::vector<ContactState>& modes,
                    const std::vector<int>& triggered, const std::vector<char>& resting);
  void set_slip_directions(ModalDynamics& dyn, const State& s);
  void not_settled(double t);
  void log(double t, int contact, const char* kind, ContactState from, ContactState to, double vn_before = NAN,
           double vn_after = NAN);

  const Model& model_;
  const SimulationOptions& opt_;
  EventSink* events_;
  Warn warn_;
  ContactDecisions decisions_;
  double force_scale_ = 1.0;
  bool immediate_ = false;
  std::vector<int> forced_;      // modes imposed at a degenerate boundary (decide_modes), at forced_time_
  std::vector<char> released_;  // rigid contacts the mode decision opened at forced_time_
  double forced_time_ = NAN;
  std::vector<int> changes_;    // events per contact in the current settle
  std::vector<char> slip_starts_;
  std::vector<TangentVector> slip_hint_;  // spatial slips decided in this settle: their start direction
  long contact_events_ = 0;
};

}  // namespace stickslip
