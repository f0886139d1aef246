// Checkpoints of the compliant formulation's ODE (multibody_ode.hpp): which contacts are closed and
// the approach speeds recorded at their onsets, the workspace's warm start, the Newton counters.
// Stick forces and the Karnopp band are recomputed at every evaluation and are not saved.
#include "formulations/compliant/multibody_ode.hpp"
#include "formulations/scheme_snapshot.hpp"

namespace stickslip {

void MultibodyOde::save(Snapshot& snapshot, const std::string& prefix) const {
  snapshot.put_reals(prefix + "impact_speed", impact_speed_);
  save_flags(snapshot, prefix + "closed", closed_);
  save_workspace(snapshot, prefix + "workspace.", ws_);
  snapshot.put_integers(prefix + "newton_stats", {jf_stats_.solves, jf_stats_.iterations, jf_stats_.max_iterations});
}

void MultibodyOde::restore(const Snapshot& snapshot, const std::string& prefix) {
  const std::size_t nc = model_.contacts.size();
  impact_speed_ = restore_reals(snapshot, prefix + "impact_speed", nc);
  closed_ = restore_flags(snapshot, prefix + "closed", nc);
  restore_workspace(snapshot, prefix + "workspace.", ws_);
  const auto& n = snapshot.integers(prefix + "newton_stats", 3);
  jf_stats_.solves = n[0];
  jf_stats_.iterations = n[1];
  jf_stats_.max_iterations = static_cast<int>(n[2]);
}

}  // namespace stickslip
