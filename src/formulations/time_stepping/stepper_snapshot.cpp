// Checkpoints of the time-stepping scheme's stepper (time_stepper.hpp): the state, the contact
// states (μ_s for a contact that stuck), the velocities of the last step's events, the impulses that
// warm-start the next solve, the step count and the last step's length (the forces of a row), and the
// implicit gyroscopic iteration's counts (its warning at the end); with the generalized-α method its
// pseudo-acceleration and smooth acceleration.
#include "formulations/scheme_snapshot.hpp"
#include "formulations/time_stepping/time_stepper.hpp"

namespace stickslip {

void TimeStepper::save(Snapshot& snapshot, const std::string& prefix) const {
  save_state(snapshot, prefix + "state.", s_);
  save_contact_states(snapshot, prefix + "contact_states", state_);
  save_contact_states(snapshot, prefix + "previous_contact_states", previous_);
  snapshot.put_reals(prefix + "vn_before", vn_before_);
  snapshot.put_reals(prefix + "vn_after", vn_after_);
  snapshot.put(prefix + "impulses", problem_.impulses());
  snapshot.put(prefix + "last_step", last_h_);
  snapshot.put_integer(prefix + "steps", steps_);
  snapshot.put_integers(prefix + "gyroscopic", {gyroscopic_resolves_, gyroscopic_unconverged_});
  if (alpha_) {  // the generalized-α method's history
    snapshot.put(prefix + "alpha.accel", accel_);
    snapshot.put(prefix + "alpha.smooth_accel", smooth_accel_);
  }
  save_workspace(snapshot, prefix + "workspace.", ws_);
  shapes_.save(snapshot, prefix + "shapes.");  // the last step's points: the next detection matches them
  if (shapes_.active()) snapshot.put(prefix + "support_impulses", support_split_.impulses());  // as reported
}

void TimeStepper::restore(const Snapshot& snapshot, const std::string& prefix) {
  State s;
  restore_state(snapshot, prefix + "state.", model_, s);
  restore_workspace(snapshot, prefix + "workspace.", ws_);
  reset(s);  // sizes and the bilateral regularisation, as at the start; then the saved values
  if (shapes_.active()) {  // the saved step's points, their layout and their laws
    shapes_.restore(model_, ws_, snapshot, prefix + "shapes.");
    carried_state_.clear();
    size_contact_arrays();
    for (int c = explicit_; c < contact_count(); ++c) set_shape_laws(c);
    lay_out_shape_rows();
  }
  const std::size_t nc = static_cast<std::size_t>(contact_count());
  state_ = restore_contact_states(snapshot, prefix + "contact_states", nc);
  previous_ = restore_contact_states(snapshot, prefix + "previous_contact_states", nc);
  vn_before_ = restore_reals(snapshot, prefix + "vn_before", nc);
  vn_after_ = restore_reals(snapshot, prefix + "vn_after", nc);
  const std::vector<double>& p =
      snapshot.reals(prefix + "impulses", static_cast<std::size_t>(problem_.impulses().size()));
  problem_.impulses() = Eigen::Map<const Vec>(p.data(), static_cast<Eigen::Index>(p.size()));
  support_split_.impulses() = problem_.impulses();  // checkpoints written before the split: the solver's
  if (shapes_.active() && snapshot.has(prefix + "support_impulses")) {
    const std::vector<double>& r = snapshot.reals(prefix + "support_impulses", p.size());
    support_split_.impulses() = Eigen::Map<const Vec>(r.data(), static_cast<Eigen::Index>(r.size()));
  }
  last_h_ = snapshot.real(prefix + "last_step");
  steps_ = snapshot.integer(prefix + "steps");
  if (snapshot.has(prefix + "gyroscopic")) {  // absent in checkpoints written before the implicit term
    const auto& g = snapshot.integers(prefix + "gyroscopic", 2);
    gyroscopic_resolves_ = g[0];
    gyroscopic_unconverged_ = g[1];
  }
  if (alpha_) {
    const auto nv = static_cast<std::size_t>(model_.nv);
    accel_ = Eigen::Map<const Vec>(snapshot.reals(prefix + "alpha.accel", nv).data(), model_.nv);
    smooth_accel_ = Eigen::Map<const Vec>(snapshot.reals(prefix + "alpha.smooth_accel", nv).data(), model_.nv);
  }
}

}  // namespace stickslip
