// Preallocated scratch for the assembly stages. Each field says which stage writes it and its size;
// every stage has the form f(const Model&, const State&, Workspace&) and allocates nothing.
#pragma once

#include <vector>

#include "math/types.hpp"
#include "model/model.hpp"

namespace stickslip {

// Kinematics of one body at the current instant, global frame.
struct BodyKinematics {
  Vec2 r = Vec2::Zero();  // centre of mass
  double theta = 0;
  Mat2 A = Mat2::Identity();  // rotation matrix A(θ)
  Vec2 v = Vec2::Zero();
  double omega = 0;
  Vec2 a = Vec2::Zero();  // acceleration: known only for fixed and prescribed bodies
  double alpha = 0;
};

struct Workspace {
  explicit Workspace(const Model& model);

  // compute_body_kinematics                            size
  std::vector<BodyKinematics> bodies;                  // n_bodies

  // assemble_mass                                       
  Vec mass;      // diagonal of M (planar M = diag(m, m, J))     nv
  Vec mass_inv;  // diagonal of M⁻¹                              nv

  // assemble_applied_forces
  Vec f;  // applied generalised forces Q (gravity, springs, loads)  nv

  // assemble_constraints
  Vec phi;      // Φ(q, t)                                   nc
  Vec phi_dot;  // Φ̇ = G v + Φ_t                             nc
  Mat G;        // Φ_q                                       nc × nv
  Vec gamma;    // γ: G q̈ = γ (velocity products, Φ_tt, known accelerations)   nc

  // solve_accelerations (Schur complement of the KKT system)
  Mat GMinv;     // G M⁻¹                                   nc × nv
  Mat A;         // G M⁻¹ Gᵀ                                nc × nc
  Eigen::LLT<Mat> llt;                                   // factor of A
  Eigen::CompleteOrthogonalDecomposition<Mat> cod;       // used when constraints are redundant
  Vec rhs;       // γ - αΦ̇ - βΦ - G M⁻¹ f                  nc
  Vec lambda;    // Lagrange multipliers λ                  nc
  Vec qdd;       // accelerations q̈ (v̇)                     nv
  Vec force_total;  // f + Gᵀλ                              nv

  bool redundant_constraints = false;  // set by analyse_constraints
};

}  // namespace stickslip
