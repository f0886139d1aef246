// The kinematic map between velocities and positions, q̇ = B(q) v. Every site that moves positions
// with velocities goes through it (the ODE wrappers' position rates, the time-stepping midpoint and
// end-of-step updates, the coordinate projections, the static equilibrium's Newton steps and finite
// differences), so that everything else works in velocity space: G = ∂Φ̇/∂v, W_N, W_T, the steps of
// the projections and of Newton's method are all vectors of size nv.
//   Planar body:  q_b = [x, y, θ], v_b = [ẋ, ẏ, ω], B_b = I₃; q ⊕ v dt = q + v dt.
//   Spatial body: q_b = [r, p] with a unit quaternion p = (w, x, y, z), v_b = [ṙ, ω in the body's
//   principal frame], ṙ = v_r, ṗ = ½ p ⊗ (0, ω); q ⊕ v dt moves r by v_r dt and turns p by the
//   exponential map, p ⊗ exp(½ ω dt), normalised.
// How |p| stays 1: the integrators move p freely along ṗ = ½ p ⊗ (0, ω), whose exact flow keeps |p|
// (pᵀṗ = 0), so |p| of the integrator's vector drifts only by its truncation error; `normalise` is
// applied wherever that vector becomes a State (the ODE wrappers' unpacking), so kinematics, forces,
// outputs and events always see |p| = 1 to rounding. position_rate is linear in p, so the drift of the
// integrator's |p| never changes the rotation it follows.
// No allocation: Eigen::Ref binds to whole vectors and to contiguous segments of them (do not pass
// an expression such as `h * v`, which would be evaluated into a temporary).
#pragma once

#include "model/model.hpp"

namespace stickslip {

// q̇ = B(q) v for every dynamic body (sizes nq, nv, nq).
void position_rate(const Model& model, const Eigen::Ref<const Vec>& q, const Eigen::Ref<const Vec>& v,
                   Eigen::Ref<Vec> q_dot);

// out = q ⊕ v dt: the positions reached from q moving with the constant velocities v for a time dt
// (planar: q + dt v, exactly that expression). `out` may be `q` itself.
void integrate(const Model& model, const Eigen::Ref<const Vec>& q, const Eigen::Ref<const Vec>& v, double dt,
               Eigen::Ref<Vec> out);

// One body's block of integrate: q_b (nq), v_b (nv), out_b (nq); out_b may be q_b.
void integrate_body(const Body& body, const Eigen::Ref<const Vec>& q_b, const Eigen::Ref<const Vec>& v_b, double dt,
                    Eigen::Ref<Vec> out_b);

// Restores what the coordinates must satisfy after an integrator moved them freely (spatial: unit
// quaternions). Planar coordinates have no such condition: nothing changes.
void normalise(const Model& model, Eigen::Ref<Vec> q);

}  // namespace stickslip
