#include "assembly/projection.hpp"

#include "assembly/accelerations.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"

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
    s.q -= ws.mass_inv.cwiseProduct(ws.force_total);  // planar: q and v share their layout
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
