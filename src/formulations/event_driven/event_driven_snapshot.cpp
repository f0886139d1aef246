// Checkpoints of the event-driven scheme's parts: the contact modes of the current phase and the
// approach speeds of compliant contacts (ModalDynamics), the decisions held at the instant of the
// last settle and the event count (EventSettler).
#include "formulations/event_driven/event_settle.hpp"
#include "formulations/event_driven/modal_dynamics.hpp"
#include "formulations/scheme_snapshot.hpp"

namespace stickslip {

void ModalDynamics::save(Snapshot& snapshot, const std::string& prefix) const {
  save_contact_states(snapshot, prefix + "modes", modes_);
  save_flags(snapshot, prefix + "free_tangent", free_tangent_);
  snapshot.put_reals(prefix + "impact_speed", impact_speed_);
  if (model_.dimension == Dimension::spatial) {  // spatial slips' directions ŝ (t₁, t₂ per contact)
    std::vector<double> d;
    for (const TangentVector& x : slip_direction_) d.insert(d.end(), {x[0], x[1]});
    snapshot.put_reals(prefix + "slip_direction", d);
  }
  if (!friction_joints_.empty()) save_contact_states(snapshot, prefix + "joint_modes", joint_modes_);
  save_workspace(snapshot, prefix + "workspace.", ws_);
}

void ModalDynamics::restore(const Snapshot& snapshot, const std::string& prefix) {
  const std::size_t nc = model_.contacts.size();
  set_modes(restore_contact_states(snapshot, prefix + "modes", nc), restore_flags(snapshot, prefix + "free_tangent", nc));
  impact_speed_ = restore_reals(snapshot, prefix + "impact_speed", nc);
  if (model_.dimension == Dimension::spatial) {
    const std::vector<double> d = restore_reals(snapshot, prefix + "slip_direction", 2 * nc);
    for (std::size_t k = 0; k < nc; ++k) slip_direction_[k] = TangentVector(d[2 * k], d[2 * k + 1]);
  }
  if (!friction_joints_.empty()) {
    set_joint_modes(restore_contact_states(snapshot, prefix + "joint_modes", model_.joints.size()));
  }
  restore_workspace(snapshot, prefix + "workspace.", ws_);
}

void EventSettler::save(Snapshot& snapshot, const std::string& prefix) const {
  std::vector<std::int64_t> forced(forced_.begin(), forced_.end());
  snapshot.put_integers(prefix + "forced", forced);
  save_flags(snapshot, prefix + "released", released_);
  snapshot.put(prefix + "forced_time", forced_time_);
  save_flags(snapshot, prefix + "slip_starts", slip_starts_);
  snapshot.put_integer(prefix + "contact_events", contact_events_);
}

void EventSettler::restore(const Snapshot& snapshot, const std::string& prefix) {
  const auto& forced = snapshot.integers(prefix + "forced");
  forced_.assign(forced.begin(), forced.end());
  released_ = restore_flags(snapshot, prefix + "released", forced_.size());
  forced_time_ = snapshot.real(prefix + "forced_time");
  slip_starts_ = snapshot.enums<char>(prefix + "slip_starts", snapshot.integers(prefix + "slip_starts").size(), 0, 1);
  contact_events_ = snapshot.integer(prefix + "contact_events");
}

}  // namespace stickslip
