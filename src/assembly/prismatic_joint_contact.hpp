// Frictional spatial prismatic joints in the multibody evaluation (Qi, Luo & Huang 2011 eq. (1)-(9)
// and (36); docs/prismatic-contact.md). The joint stays an ideal constraint; its friction is one
// axial force η, acting on the slider (body j) along e1 at its joint point P_j and on the guide
// (body i) opposite at the same point, so its power is η ṡ. With W the generalised force of a unit
// η, everything the multibody solve gives is affine in η (their eq. (7)):
//   λ = λ0 + D η,   D = −(G M⁻¹ Gᵀ)⁻¹ G M⁻¹ W,
//   q̈ = q̈0 + B η,   B = M⁻¹ (W + Gᵀ D),
// where λ0, q̈0 are the ideal (frictionless) solution. The joint's reaction on the slider is then
// affine in η too; moved to the centre of the current overlap of slider and guide (eq. (10)-(16))
// it is the input of the joint-local analysis (prismatic_contact/joint_contact.hpp), which returns
// η from the 16 corner forces (eq. (36)), or from the Adams approximation for method adams.
// This is the machinery of joint friction (joint_friction.hpp, Xing, Zheng & Wang 2019) for a
// friction that is one multiplier per joint: no Newton on λ, since λ is affine in η.
//
// Several frictional joints couple through D and B; their η are found by Gauss-Seidel sweeps over
// the joints (each joint's η given the others'), exact in one sweep for one joint.
#pragma once

#include <string>
#include <vector>

#include "assembly/prismatic_contact/adams_friction.hpp"
#include "assembly/prismatic_contact/joint_contact.hpp"
#include "model/model.hpp"
#include "state/state.hpp"

namespace stickslip {

struct Workspace;

// One frictional prismatic joint: its joint-local solver and what the last evaluation found.
struct JointContactSlot {
  JointContactSlot(int joint_index, const PrismaticJointContact& contact);

  int joint = -1;  // index into Model::joints
  prismatic_contact::PrismaticContactSolver solver;
  prismatic_contact::AdamsFrictionParameters adams;
  // The last evaluation.
  prismatic_contact::PrismaticContactResult result;  // η, corner forces, mode, condition (contact_analysis)
  prismatic_contact::AffineWrench reaction;          // on the slider at p0, joint-frame components
  double half_length = 0;     // c
  double centre = 0;          // p0, along e1 from P_i
  double slip = 0;            // ṡ: the slider's velocity relative to the guide along e1
  double acceleration = 0, acceleration_per_eta = 0;  // s̈ = acceleration + acceleration_per_eta η
  double adams_friction = 0;  // μ N_eq of the Adams approximation for the reaction at the reported η
};

// Builds the slots of a model's frictional prismatic joints (in joint order). Allocates.
std::vector<JointContactSlot> make_joint_contact_slots(const Model& model);

// Requires solve_accelerations (λ0, q̈0 in ws.lambda, ws.qdd and the factorised G M⁻¹ Gᵀ). Finds
// every frictional prismatic joint's η and updates ws.lambda, ws.qdd, ws.force_total,
// ws.f_joint_friction, ws.joint_friction and ws.joint_slip. Returns the Gauss-Seidel sweeps used.
// Throws NumericalError naming time and joint for a condition other than solved or unloaded (the
// slider has left its guide, no set of contacts can carry the load, ...). No heap allocation.
int apply_joint_contact_friction(const Model& model, const State& s, Workspace& ws);

// The parts apply_joint_contact_friction is made of, which the time-stepping scheme uses at impulse
// level (docs/schemes.md, "Frictional prismatic joints"). No heap allocation.
//
// Requires body kinematics, constraints and factor_constraint_matrix. Writes the columns W, D and
// W + Gᵀ D of every joint (ws.contact_W, contact_D, contact_WF), ws.contact_rate (m × m: joint k's
// axial relative acceleration per unit η of joint l) and each slot's sliding speed ṡ.
void joint_contact_columns(const Model& model, Workspace& ws);
// ṡ = e1·(v_Pj − v_Pj∈i) of a slot's joint: the dynamic bodies' velocities from `v` (ws's body
// kinematics when null), the others' from ws's body kinematics.
double joint_slip_rate(const Model& model, const JointContactSlot& slot, const Workspace& ws, const Vec* v);
// Requires joint_contact_columns, the ideal multipliers in ws.lambda and joint k's axial relative
// acceleration at η = 0 in ws.contact_rate0[k]. Finds every joint's η (ws.contact_eta, the slots'
// results; Gauss-Seidel over the joints). Returns the sweeps; throws as apply_joint_contact_friction.
int solve_joint_contact_friction(const Model& model, double t, Workspace& ws);
// Copies each slot's normal force, friction and ṡ into ws.joint_friction and ws.joint_slip.
void record_joint_contact_friction(Workspace& ws);

// The text of a condition for an error message.
std::string joint_contact_failure(prismatic_contact::ContactCondition condition);

}  // namespace stickslip
