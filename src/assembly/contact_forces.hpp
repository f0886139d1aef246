// Stage (compliant formulation): contact forces from the laws. For a closed contact (g_N < 0, within
// the line's extent): penetration δ = −g_N, rate δ̇ = −ġ_N,
//   F_N = normal law (δ, δ̇, v⁻) ≥ 0,    F_T = friction law (v_T, F_N, z[, stick force]),
// added to the generalised forces as W_N F_N + W_T F_T (Zhang & Wang 2017 eq. (13)-(14)).
// Open contacts exert nothing and their friction states are frozen.
#pragma once

#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {

// Requires compute_contact_kinematics. `closed[c]` (may be null: every contact may act) says whether
// contact c is in its closed mode: an open contact exerts nothing even where a trial state overlaps,
// so integrator steps run smoothly up to its onset, which the formulation locates as an event.
// `impact_speeds[c]` is the approach speed recorded when contact c closed (NaN: not recorded yet, the
// current closing speed is used). `stick_forces` (may be null, else two values per contact: its
// tangent rows', the second unused by a planar contact) gives the force that would hold each contact
// (Karnopp); NaN entries mean unknown. Adds the forces
// to ws.f, stores them in ws.contact_forces, and writes friction state rates into zdot (if not null).
void assemble_contact_forces(const Model& model, const State& s, const char* closed, const double* impact_speeds,
                             const double* stick_forces, Workspace& ws, Vec* zdot);

// Elastic energy stored in the compliant contacts (for energy reporting).
double contact_potential_energy(const Model& model, const Workspace& ws);

// True for a contact whose friction law needs the force that would make it stick, and whose slip
// velocity is inside the law's stick band (Karnopp).
bool needs_stick_force(const Contact& c, const ContactKinematics& k);

}  // namespace stickslip
