// Stage: kinematics of every contact (model/contact.hpp): gap g_N, normal n and tangent t, contact
// point P, normal and tangential relative velocities, and the generalised directions
//   ġ_N = W_Nᵀ v,   v_T = W_Tᵀ v      (Zhang & Wang 2017 eq. (13)-(14)),
// with their acceleration-level terms g̈_N = W_Nᵀ v̇ + ŵ_N, v̇_T = W_Tᵀ v̇ + ŵ_T.
// Relative velocities are those of body j with respect to body i at P, so W_N, W_T are, per body,
//   body j: [eᵀ, eᵀ perp(P − r_j)],  body i: −[eᵀ, eᵀ perp(P − r_i)],  e = n or t,
// and ŵ_e = ėᵀ ΔV + eᵀ(ω_j perp(Ṗ − v_j) − ω_i perp(Ṗ − v_i)) (+ known accelerations of bodies
// that are not dynamic), the exact time derivative of W(q)ᵀ v along q̇ = v.
#pragma once

#include <cmath>
#include <vector>

#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {


// Requires compute_body_kinematics. Writes ws.contacts.
void compute_contact_kinematics(const Model& model, Workspace& ws);
ContactKinematics contact_kinematics(const Model& model, const Contact& c, const Workspace& ws);
// The slip a contact's state is judged by: the planar tangent row's signed slip velocity, or a
// spatial contact's slip speed |v_T| (≥ 0: a spatial slip has a direction, not a sign).
inline double state_slip(const Contact& c, const ContactKinematics& k) {
  return c.spatial() ? std::hypot(k.vt[0], k.vt[1]) : k.vt[0];
}

// Joint limits (joint_limit.cpp), written into k in place.
void joint_limit_kinematics(const Model& model, const Contact& c, const Workspace& ws, ContactKinematics& k);

// The spatial shapes (spatial_contact_kinematics.cpp); contact_kinematics dispatches to it.
ContactKinematics spatial_contact_kinematics(const Model& model, const Contact& c, const Workspace& ws);

// The velocity level only, what a velocity-impulse scheme reads (the time-stepping scheme): as
// compute_contact_kinematics, except that a spatial contact's acceleration biases ŵ are left as
// they were, and its tangent rows and slip velocity are written only when its gap is at most
// `tangent_gap` (further away they would not be read). Planar contacts are computed in full. The
// numbers written are those compute_contact_kinematics writes.
void compute_contact_rows(const Model& model, Workspace& ws, double tangent_gap);
void spatial_contact_rows(const Model& model, const Contact& c, const Workspace& ws, double tangent_gap,
                          ContactKinematics& k);

// Largest step that cannot carry an approaching open contact through a whole contact unseen: two
// discs can overlap and separate again within one long free-flight step, so their step ends a
// quarter of their radii's crossing time after the linear estimate of the closing time; a point or a
// circle that crosses a line stays beyond it, so twice the closing time is safe there. On a line
// with an extent the step also ends halfway between the crossing and the time the point would leave
// the extent, so that it cannot cross and leave (or jump the whole extent) unseen; a point that
// (linearly) never reaches the extent before it has passed the line, or leaves it before the gap
// closes, is not capped. Infinite for a contact that does not approach: a point already past the line
// beside its extent has fallen past the end.
double closing_step_cap(const Contact& c, const ContactKinematics& kin);

// The activity of a compliant contact, the event function of its onset and release: the signed
// normal force of its law while the bodies overlap (negative when the law would pull), -overlap
// before they touch; beside a line's extent -gap above the line, -1 below. `impact_speed` is the
// approach speed recorded at onset (NaN: not recorded yet, the current one is used); speeds below
// the contact's min_impact_speed are raised to it.
double compliant_contact_activity(const Contact& c, const ContactKinematics& kin, double impact_speed);

// Adds W_N F_N + W_T F_T of one contact to a generalised force vector (dynamic bodies only; F_T has
// one component per tangent row).
void add_contact_force(const Model& model, const Contact& c, const ContactKinematics& k, double normal_force,
                       const TangentVector& tangential_force, Vec& f);

// The dense column of one direction of a contact (W_N, or one tangent row of W_T) in generalised
// velocity space (size nv).
void contact_direction_column(const Model& model, const Contact& c, const ContactKinematics& k, ContactDirection d,
                              Eigen::Ref<Vec> column);

}  // namespace stickslip
