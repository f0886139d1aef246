#include "formulations/event_driven/joint_friction_modes.hpp"

#include <cmath>

#include "formulations/event_driven/event_functions.hpp"

namespace stickslip {
namespace {

void log_change(EventSink* events, double t, const std::string& joint, ContactState from, ContactState to) {
  if (!events) return;
  EventRecord e;
  e.t = t;
  e.contact = joint;
  e.from = from;
  e.to = to;
  e.kind = to == ContactState::stick ? "stick" : from == ContactState::stick ? "slip" : "reversal";
  events->write(e);
}

}  // namespace

long decide_joint_friction(ModalDynamics& dyn, const State& s, const std::vector<char>& due, EventSink* events) {
  long changes = 0;
  const Workspace& ws = dyn.workspace();
  for (int k : dyn.friction_joints()) {
    const std::size_t jk = static_cast<std::size_t>(k);
    if (!due[jk]) continue;
    std::vector<ContactState> modes = dyn.joint_modes();
    const ContactState before = modes[jk];
    dyn.evaluate(s);
    const double slip = ws.joint_slip[jk];
    if (std::abs(slip) > kZeroSlip) {
      modes[jk] = slip > 0 ? ContactState::slip_positive : ContactState::slip_negative;
    } else {
      modes[jk] = ContactState::stick;
      dyn.set_joint_modes(modes);
      dyn.evaluate(s);
      const ContactForce& f = ws.joint_friction[jk];
      // Held within the cone (to the rounding of the solve, relative to the model's forces), or not:
      // released, the joint moves against the friction that held it.
      if (std::abs(f.tangential[0]) > dyn.joint_mu_static(k) * f.normal + 1e-12 * dyn.force_scale()) {
        modes[jk] = f.tangential[0] > 0 ? ContactState::slip_negative : ContactState::slip_positive;
      }
    }
    dyn.set_joint_modes(modes);
    if (modes[jk] == before || before == ContactState::open) continue;  // open: undecided before the start
    ++changes;
    log_change(events, s.t, dyn.model().joints[jk].name, before, modes[jk]);
  }
  return changes;
}

}  // namespace stickslip
