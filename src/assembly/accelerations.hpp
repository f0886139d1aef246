// Stage: Lagrange equations of the first kind (Zhang & Wang 2017 eq. (11)),
//   [ M  Gᵀ ] [  q̈ ]   [ f ]
//   [ G  0  ] [ -λ ] = [ γ - αΦ̇ - βΦ ],
// solved through the Schur complement (G M⁻¹ Gᵀ) λ = γ - αΦ̇ - βΦ - G M⁻¹ f, q̈ = M⁻¹ (f + Gᵀλ).
// M is diagonal for planar bodies, so this costs one small dense Cholesky per evaluation.
// α, β are the Baumgarte coefficients of Φ̈ + αΦ̇ + βΦ = 0 (Zhang & Wang 2017 eq. (27)-(28)).
#pragma once

#include <vector>

#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {

struct Stabilization {
  double alpha = 0;  // α [1/s]
  double beta = 0;   // β [1/s²]
};

// Requires compute_body_kinematics, assemble_constraints and ws.f (applied plus any contact forces).
// Writes ws.A, ws.rhs, ws.lambda, ws.qdd, ws.force_total. Throws NumericalError naming the joint or
// driver whose equation became dependent when G M⁻¹ Gᵀ is singular (and redundancy was not
// detected up front by analyse_constraints).
void solve_accelerations(const Model& model, double t, const Stabilization& stab, Workspace& ws);

// Factorises A = G M⁻¹ Gᵀ from the current ws.G and solves A x = b (minimum-norm least squares when
// constraints are redundant). Used by solve_accelerations and by the projections.
void factor_constraint_matrix(const Model& model, double t, Workspace& ws);
void solve_constraint_matrix(const Workspace& ws, const Vec& b, Vec& x);

// Rank analysis of G (rank-revealing QR). Sets ws.redundant_constraints; when constraints are
// redundant, later solves use a minimum-norm least-squares solution for λ (q̈ stays unique).
struct ConstraintAnalysis {
  int rows = 0;
  int rank = 0;
  std::vector<int> dependent_rows;  // rows that depend on the others
};
// Requires compute_body_kinematics and assemble_constraints.
ConstraintAnalysis analyse_constraints(const Model& model, Workspace& ws);

}  // namespace stickslip
