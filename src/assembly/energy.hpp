// Mechanical energy of the dynamic bodies: kinetic, gravitational potential (zero at the origin)
// and the potential of springs. Work done by drivers, prescribed motion and applied loads is not
// included, so the total is conserved only for conservative, autonomous models.
#pragma once

#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {

struct Energy {
  double kinetic = 0;
  double potential = 0;
  double total() const { return kinetic + potential; }
};

// Requires compute_body_kinematics.
Energy mechanical_energy(const Model& model, const State& s, const Workspace& ws);

}  // namespace stickslip
