// Static equilibrium of a model on its contacts: the positions at which the bodies, started at rest
// (relative to the bodies that carry them), stay at rest. Zhang & Wang (2017) start their free-standing
// body "at rest on the platform"; started with its compliant contacts at zero penetration instead, a
// body sinks into them for seconds (heavily damped contacts) and its later drift is shifted.
//
// Unknowns: the positions q of the dynamic bodies and the multipliers of the rows that hold:
//   joints and drivers                Φ(q, t0) = 0,
//   rigid contacts touching at start  g_N(q) = 0                  (normal force λ_N),
//   contacts touching at start whose friction can stick (set-valued, or with a stick band):
//                                     no tangential displacement while the bodies settle (friction λ_T),
// and the balance of every generalised force at zero acceleration:
//   R(q, λ) = f(t0, q, v0) + Σ_compliant F_e(δ(q)) W_N(q) + Gᵀλ_G + Σ W_N λ_N + Σ W_T λ_T = 0,
// with F_e the elastic part of each compliant law (at rest the rate terms vanish) and the velocities
// v0 as given (bodies moving with a platform keep moving with it; their relative velocities vanish).
// Newton's method on q: the Jacobian of R is the laws' stiffness −k(δ) W_N W_Nᵀ plus, by central
// differences with the forces held, the geometric terms (W(q) turning with the bodies, the joints'
// reactions, springs); the rows enter linearised, a tangential one with the displacement along W_T
// of the material points that touched at the start as its residual (held where the file puts them,
// not only to first order in each step). The rows enter through the directions of their forces that
// move something (two corners of a block give dependent tangential rows; their split is left to the
// friction check), scaled to the size of the stiffness (a stiff compliant contact would otherwise
// hide the rows it holds stiffly below the rank threshold), and the linear systems are solved in
// the minimum-norm sense. A contact at zero penetration has zero Hertz stiffness, so until a
// contact has sunk its stiffness is floored at the secant stiffness of an even share of the load.
#pragma once

#include <string>
#include <vector>

#include "assembly/workspace.hpp"
#include "formulations/simulation_options.hpp"
#include "state/state.hpp"

namespace stickslip {

struct StaticEquilibrium {
  State state;                    // q at equilibrium; t and v as given
  int iterations = 0;
  double force_residual = 0;      // max |R| over the coordinates at the end [N, N m]
  double constraint_residual = 0; // max |Φ|, |g_N| of the rows held [m, rad]
  // Friction that holds the contacts kept from sliding: the feasibility margin s* of their forces
  // (solvers/admissible_forces.hpp; the smallest of μ_s N − |λ_T| and rigid λ_N over the best
  // distribution) [N]: ≥ 0 when friction can hold the equilibrium, NaN when no row needs it.
  double friction_margin = 0;
  std::vector<ContactForce> contact_forces;  // per contact, of that distribution
};

// Newton's method from `start` (assembled: joints hold). Throws NumericalError (t0, element
// "static equilibrium") when it does not converge in 100 iterations.
StaticEquilibrium static_equilibrium(const Model& model, const SimulationOptions& options, const State& start);

}  // namespace stickslip
