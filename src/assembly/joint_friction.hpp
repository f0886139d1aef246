// Friction in revolute and prismatic joints whose normal force comes from the joint reaction
// (Xing, Zheng & Wang 2019). With friction the equations for the multipliers are nonlinear,
//   (G M⁻¹ Gᵀ) λ + G M⁻¹ Q_f(λ) = γ − αΦ̇ − βΦ − G M⁻¹ f          (their eq. (9)),
// and are solved by Newton's method with a backtracking line search, warm-started from the previous
// λ. The friction generalised force Q_f of one joint:
//   revolute (pin radius R; body j holds the hole): λ_k is the normal force on j, F_N = ‖λ_k‖,
//     n = λ_k/F_N, contact point P = O + R n, tangent t = perp(n), slip velocity v = R (ω_j − ω_i),
//     friction F_f = law(v, F_N, z) acting on j along t at P and on i opposite (their eq. (6)-(7));
//   prismatic (slider of contact length L on the guide of body i): λ_k = (force F_⊥ along perp(u)
//     at P_j, moment M) on the slider. The standard two-point idealisation of a translational guide
//     (no clearance): the slider rests on the guide at P_j ± (L/2) u, whose normal forces equivalent
//     to (F_⊥, M) are N_1,2 = F_⊥/2 ± M/L, so F_N = |N_1| + |N_2| = max(|F_⊥|, 2|M|/L); friction
//     F_f = law(v, F_N, z) along u through P_j (docs/model-format.md, "Joint friction").
// Frictional spatial prismatic joints (`contact:`, Qi, Luo & Huang 2011) take the same entry point:
// their friction is one axial multiplier η per joint, λ and q̈ are affine in it, and
// prismatic_joint_contact.hpp finds it without Newton on λ (stats count its Gauss-Seidel sweeps).
#pragma once

#include "assembly/accelerations.hpp"
#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {

// Adds Q_f(λ) of every frictional joint to `f`; writes ws.joint_friction and ws.joint_slip when
// `record` is true, and the friction state rates into zdot (if not null).
void add_joint_friction_forces(const Model& model, const State& s, Workspace& ws, const Vec& lambda, Vec& f,
                               bool record, Vec* zdot);

struct JointFrictionStats {
  long solves = 0;
  long iterations = 0;    // Newton iterations over all solves
  int max_iterations = 0;  // in one solve
};

// Like solve_accelerations, with the joint friction of the model (requires the same stages). Throws
// NumericalError naming a frictional joint when Newton does not converge.
void solve_accelerations_with_joint_friction(const Model& model, const State& s, const Stabilization& stab,
                                             Workspace& ws, JointFrictionStats& stats, Vec* zdot);

}  // namespace stickslip
