#include "assembly/projection.hpp"

#include "assembly/accelerations.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/kinematic_map.hpp"

namespace stickslip {

ProjectionResult project_positions(const Model& model, State& s, Workspace& ws, double tolerance,
                                   int max_iterations) {
  ProjectionResult r;
  compute_body_kinematics(model, s, ws);
  assemble_constraints(model, s, ws);
  r.residual = ws.phi.norm();
  if (model.n_constraints == 0) return r;
  while (r.residual > tolerance && r.iterations < max_iterations) {
    factor_constraint_matrix(model, s.t, ws);
    solve_constraint_matrix(ws, ws.phi, ws.lambda);
    ws.force_total.noalias() = ws.G.transpose() * ws.lambda;
    ws.position_step = ws.mass_inv.cwiseProduct(ws.force_total);  // M⁻¹Gᵀλ, in velocity space
    integrate(model, s.q, ws.position_step, -1.0, s.q);            // q ← q ⊕ (−M⁻¹Gᵀλ)
    ++r.iterations;
    compute_body_kinematics(model, s, ws);
    assemble_constraints(model, s, ws);
    r.residual = ws.phi.norm();
  }
  r.converged = r.residual <= tolerance;
  return r;
}

ProjectionResult project_velocities(const Model& model, State& s, Workspace& ws) {
  ProjectionResult r;
  compute_body_kinematics(model, s, ws);
  assemble_constraints(model, s, ws);
  if (model.n_constraints == 0) return r;
  factor_constraint_matrix(model, s.t, ws);
  solve_constraint_matrix(ws, ws.phi_dot, ws.lambda);
  ws.force_total.noalias() = ws.G.transpose() * ws.lambda;
  s.v -= ws.mass_inv.cwiseProduct(ws.force_total);
  r.iterations = 1;
  compute_body_kinematics(model, s, ws);
  assemble_constraints(model, s, ws);
  r.residual = ws.phi_dot.norm();
  return r;
}

}  // namespace stickslip
