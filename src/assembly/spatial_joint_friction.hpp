// Friction in spatial revolute, spherical and cylindrical joints, its normal force from the joint's
// reaction as Xing, Zheng & Wang (2019) take it for the planar revolute joint (model/joint.hpp,
// JointFriction). With the reaction on body j, force F and moment M about its joint point O = P_j
// (world frame, spatial_joint_reaction) and a = the joint axis:
//   revolute (pin radius R):    F_N = |F_r|, F_r = F − (aᵀF) a, n = F_r / F_N; one slip row along
//                               t = a × n at the loaded point P = O + R n;
//   spherical (ball radius R):  F_N = |F|, n = F / F_N; two slip rows along t₁, t₂ ⊥ n at P = O + R n
//                               (t₁ = the unit of e × n, e body i's joint axis, or its reference where
//                               e is within 6° of n; t₂ = n × t₁);
//   cylindrical (pin radius R, bushing length L): the two-point idealisation of the planar
//                               prismatic joint across the axis, N₁,₂ = F⊥/2 ± (a × M⊥)/L,
//                               F_N = |N₁| + |N₂|, n the unit of F⊥ (of a × M⊥ when F⊥ = 0); rows along
//                               a at O and along t = a × n at P = O + R n.
// Each row is a pair of unit forces along its direction at P, on body j and opposite on body i: its
// generalised force W = (Q_i, Q_j) and its slip velocity s = Wᵀ v, the relative velocity of the two
// bodies' material points at P along the row (R aᵀ(ω_j − ω_i) for the revolute row on the assembled
// joint). A friction force F_f along the rows then dissipates exactly F_fᵀ s. Unloaded joints
// (F_N = 0) take n from body i's joint reference, so the rows stay defined. A constant bound
// (JointFriction::constant_bound, revolute and prismatic) takes F_N = the bound and one row: a pure
// torque pair about a (slip aᵀ(ω_j − ω_i)), or a force pair along a at O (slip the slide's rate).
#pragma once

#include <array>

#include "assembly/workspace.hpp"
#include "state/state.hpp"

namespace stickslip {

using GeneralisedRow = Eigen::Matrix<double, 6, 1>;

struct SpatialJointFrictionFrame {
  double normal_force = 0;  // F_N [N]
  int rows = 1;             // slip rows (1 revolute, 2 spherical and cylindrical)
  std::array<GeneralisedRow, 2> Qi{GeneralisedRow::Zero(), GeneralisedRow::Zero()};  // per row, body i
  std::array<GeneralisedRow, 2> Qj{GeneralisedRow::Zero(), GeneralisedRow::Zero()};  // per row, body j
  TangentVector slip = TangentVector::Zero();  // s = Wᵀ v per row [m/s]
};

// The frame of joint j under its multipliers λ (joint_equation_count(j) of them) at the workspace's
// kinematics.
SpatialJointFrictionFrame spatial_joint_friction_frame(const Joint& j, const Workspace& ws, const double* lambda);

// Adds the generalised forces of friction F_f (one value per row) to f (dynamic bodies only).
void add_spatial_joint_friction(const Model& model, const Joint& j, const SpatialJointFrictionFrame& frame,
                                const TangentVector& friction, Vec& f);

}  // namespace stickslip
