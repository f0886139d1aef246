// Coordinate projection onto the constraint manifold (used after integration steps and to assemble
// the initial state): the M-weighted least-change corrections
//   positions:  q ← q - M⁻¹Gᵀ (G M⁻¹ Gᵀ)⁻¹ Φ(q, t)   (Gauss-Newton, iterated),
//   velocities: v ← v - M⁻¹Gᵀ (G M⁻¹ Gᵀ)⁻¹ (G v + Φ_t).
#pragma once

#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {

struct ProjectionResult {
  int iterations = 0;
  double residual = 0;  // ‖Φ‖₂ (positions) or ‖Φ̇‖₂ (velocities) after the projection
  bool converged = true;
};

// Both leave ws.bodies/ws.G/ws.phi consistent with the projected state.
ProjectionResult project_positions(const Model& model, State& s, Workspace& ws, double tolerance = 1e-12,
                                   int max_iterations = 10);
ProjectionResult project_velocities(const Model& model, State& s, Workspace& ws);

}  // namespace stickslip
