// One time step of Euler's equations of a spatial body with the gyroscopic term taken implicitly,
// in the body's principal frame (J = diag(J₁, J₂, J₃), ω in the body frame):
//   J (ω⁺ − ω_b) + h (ω_θ × J ω_θ) = 0,     ω_θ = (1 − θ) ω_k + θ ω⁺,
// where ω_k is the angular velocity at the step's start and ω_b the one the step gives without the
// gyroscopic term (applied torques and impulses included). θ = ½ is the midpoint rule: with no torque
// it keeps the kinetic energy ½ ωᵀJω and |Jω| exactly, since ω̄ᵀJ(ω⁺ − ω_k) = ½(ω⁺ᵀJω⁺ − ω_kᵀJω_k)
// and (Jω⁺ + Jω_k)ᵀJ(ω⁺ − ω_k) = 2 (Jω̄)ᵀ J(ω⁺ − ω_k) both equal h times a triple product with two equal
// vectors; θ > ½ dissipates both by (θ − ½) |ω⁺ − ω_k|²_J and (θ − ½) h² |ω_θ × Jω_θ|², at any h.
// Solved by Newton's method on the residual, Jacobian J + hθ ([ω_θ]ₓ J − [Jω_θ]ₓ); when a full
// step's Newton iteration does not converge (hθ|ω| of several radians, far from its start), by
// continuation from the solution without the gyroscopic term (h → s h, s from 0 to 1).
#pragma once

#include "math/types.hpp"

namespace stickslip {

// The gyroscopic torque ω × Jω (J the principal moments).
inline Vec3 gyroscopic_torque(const Vec3& J, const Vec3& omega) { return omega.cross(J.cwiseProduct(omega)); }

struct EulerStepResult {
  Vec3 omega = Vec3::Zero();  // ω⁺
  int iterations = 0;         // Newton iterations, continuation stages included
  bool converged = false;     // false: ω⁺ is the last iterate and is not to be trusted
};

// ω⁺ of the equation above, Newton's iteration started at `start` (the last solution, when the same
// equation is solved again with another ω_b). Allocates nothing.
EulerStepResult solve_euler_step(const Vec3& J, const Vec3& omega_k, const Vec3& omega_base, double h, double theta,
                                 const Vec3& start);

}  // namespace stickslip
