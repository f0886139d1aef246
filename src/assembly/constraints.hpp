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

// The row of one coordinate of a joint (a revolute joint's angle, a prismatic joint's slide, ...; the
// coordinate a driver on it would drive, model/driver.hpp): Φ its value (a spatial angle within a
// half turn), G_i, G_j its Jacobian, c its velocity product. Joint actuators act through it
// (Q = Gᵀ u, whose power is u times the coordinate's rate).
void evaluate_joint_coordinate(const Joint& joint, JointCoordinate coordinate, const Workspace& ws,
                               ConstraintBlock& out);

// The name of the model element that owns constraint row `row` ("joint crank_pin", "driver crank_speed").
std::string constraint_row_owner(const Model& model, int row);

}  // namespace stickslip
