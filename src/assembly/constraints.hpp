// Stage: the bilateral constraint equations Φ(q, t) = 0 of joints and drivers, their Jacobian
// G = Φ_q, the velocity residual Φ̇ and the acceleration right-hand side γ (G q̈ = γ).
#pragma once

#include "assembly/constraint_block.hpp"
#include "state/state.hpp"

namespace stickslip {

// Requires compute_body_kinematics. Writes ws.phi, ws.phi_dot, ws.G, ws.gamma.
void assemble_constraints(const Model& model, const State& s, Workspace& ws);

// The block of one driver (rows = 1) on its body (as body i) or its joint's bodies.
void evaluate_driver(const Model& model, const Driver& driver, double t, const Workspace& ws, ConstraintBlock& out);

// The name of the model element that owns constraint row `row` ("joint crank_pin", "driver crank_speed").
std::string constraint_row_owner(const Model& model, int row);

}  // namespace stickslip
