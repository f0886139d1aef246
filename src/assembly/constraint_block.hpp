// The contribution of one joint or driver to the constraint equations, before it is scattered into
// the global Φ, G, γ. For rows r of the block:
//   Φ_r(q, t),   Φ̇_r = G_i,r v_i + G_j,r v_j + (Φ_t)_r,
//   Φ̈_r = G_i,r a_i + G_j,r a_j + c_r + (Φ_tt)_r,
// with v, a the generalised velocities/accelerations of bodies i and j (planar [ẋ, ẏ, ω]) and c the
// velocity-product terms. Body b's block is the first nv_b columns of G_i or G_j (Body::nv(); the
// storage is as wide as the widest body, a spatial one, and as tall as a spatial weld). Hence γ_r = -(c_r + (Φ_tt)_r) - (known accelerations of bodies that are
// not dynamic) (Zhang & Wang 2017 eq. (28) without the Baumgarte terms).
#pragma once

#include "assembly/workspace.hpp"

namespace stickslip {

struct ConstraintBlock {
  static constexpr int kMaxRows = 6;  // a spatial weld
  using Jacobian = Eigen::Matrix<double, kMaxRows, kMaxBodyDofs>;
  using Column = Eigen::Matrix<double, kMaxRows, 1>;
  int rows = 0;
  Jacobian Gi = Jacobian::Zero();  // ∂Φ̇/∂v_i (planar: ∂Φ/∂q_i)
  Jacobian Gj = Jacobian::Zero();  // ∂Φ̇/∂v_j
  Column phi = Column::Zero();
  Column phi_t = Column::Zero();   // ∂Φ/∂t
  Column phi_tt = Column::Zero();  // ∂²Φ/∂t²
  Column c = Column::Zero();       // velocity products of Φ̈
};

// Building blocks of the planar joints (constraint_primitives.cpp). Each fills `rows` rows of `out`
// starting at `row`, in the first 3 columns of G_i and G_j (planar bodies).

// Point P_j of body j coincides with point P_i of body i: Φ = P_j - P_i (2 rows).
void point_coincidence(const BodyKinematics& bi, const BodyKinematics& bj, const Vec2& si_local,
                       const Vec2& sj_local, ConstraintBlock& out, int row);

// Distance of P_j from P_i measured along a unit vector a fixed in body i: Φ = aᵀ (P_j - P_i) (1 row).
void projected_distance(const BodyKinematics& bi, const BodyKinematics& bj, const Vec2& a_local,
                        const Vec2& si_local, const Vec2& sj_local, ConstraintBlock& out, int row);

// Relative rotation: Φ = θ_j - θ_i - θ0 (1 row).
void relative_angle(const BodyKinematics& bi, const BodyKinematics& bj, double theta0, ConstraintBlock& out,
                    int row);

// One entry per joint type: the function that evaluates it (its equation count is
// joint_equation_count in model/). New joint types
// register here (joint_table.cpp), not in a switch of the assembly.
using JointEvaluator = void (*)(const Joint&, const BodyKinematics& bi, const BodyKinematics& bj,
                               ConstraintBlock& out);
struct JointKind {
  JointType type;
  bool carries_torque;  // reports a reaction moment about its point (prismatic, weld)
  JointEvaluator evaluate;
};
const JointKind& joint_kind(JointType type);

// The block of one joint of either dimension (planar: its JointKind; spatial: the spatial registry,
// assembly/spatial_joints/) at the bodies' current kinematics.
void evaluate_joint(const Joint& joint, const Workspace& ws, ConstraintBlock& out);
// Whether the joint reports a moment (a planar JointKind's or a spatial kind's carries_torque).
bool joint_carries_torque(const Joint& joint);

// Joint evaluators (one file per joint).
void evaluate_revolute(const Joint&, const BodyKinematics&, const BodyKinematics&, ConstraintBlock&);
void evaluate_prismatic(const Joint&, const BodyKinematics&, const BodyKinematics&, ConstraintBlock&);
void evaluate_weld(const Joint&, const BodyKinematics&, const BodyKinematics&, ConstraintBlock&);

}  // namespace stickslip
