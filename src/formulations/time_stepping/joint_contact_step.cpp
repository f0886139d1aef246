// Frictional spatial prismatic joints in a step of the time-stepping scheme: the contact analysis of
// Qi, Luo & Huang (2011) at impulse level (docs/schemes.md, "Frictional prismatic joints").
//
// The joint stays an ideal constraint and its friction is one axial force η per joint, now the mean
// force over the step: the impulse h η acts along e1 on the slider and opposite on the guide, W h η
// in generalised impulses. A step whose rows are all bilateral is linear, so after the ideal solve
// (bilateral impulses P0, velocity v⁺0) every joint's friction enters affinely, as in the compliant
// scheme's eq. (7) with accelerations replaced by velocity changes over h:
//   P = P0 + h D η,   v⁺ = v⁺0 + h B η,   D = −(G M⁻¹ Gᵀ)⁻¹ G M⁻¹ W,   B = M⁻¹ (W + Gᵀ D),
// with G and W at the step's midpoint (the rows of the step's problem). The reaction the contact
// analysis turns into corner forces is the mean reaction P/h, affine in η. The friction law is
// Coulomb's at the step's end, as for the scheme's contacts (Moreau 1988): the joint sticks, ṡ⁺ = 0,
// when the η that holds it lies inside the cone the analysis gives for the reaction it causes, and
// otherwise slides with the friction on the cone's edge opposing ṡ⁺. That is exactly the joint-local
// solver's decision for a joint at rest (prismatic_contact/joint_contact.hpp, exact stick) with the
// axial relative acceleration read as ṡ⁺/h = ṡ⁺0/h + (W_kᵀ B) η: so every step asks the solver as
// for a joint at rest. Nothing creeps: a sticking joint ends its step with ṡ⁺ = 0 to rounding.
// Rule regularised_sign (the paper's sgn(ṡ) → ṡ/v_t) is explicit instead: k from ṡ at the step's start.
#include "assembly/accelerations.hpp"
#include "assembly/prismatic_joint_contact.hpp"
#include "formulations/time_stepping/time_stepper.hpp"

namespace stickslip {

void TimeStepper::add_joint_contact_friction(double h) {
  namespace pc = prismatic_contact;
  const int nc = model_.n_constraints;
  Vec& p = problem_.impulses();
  ws_.lambda = p.head(nc) / h;  // λ0: the ideal step's mean reactions
  factor_constraint_matrix(model_, mid_.t, ws_);
  joint_contact_columns(model_, ws_);  // W, D, W + Gᵀ D, W_kᵀ B_l and ṡ at the step's start
  for (std::size_t k = 0; k < ws_.joint_contacts.size(); ++k) {
    JointContactSlot& slot = ws_.joint_contacts[k];
    slip_start_[k] = slot.slip;
    ws_.contact_rate0[static_cast<Eigen::Index>(k)] = joint_slip_rate(model_, slot, ws_, &v_new_) / h;
    // Exact stick decides on ṡ⁺ (the solver's at-rest branch); the regularised sign takes ṡ_k.
    if (model_.joints[static_cast<std::size_t>(slot.joint)].contact->rule == JointFrictionRule::exact_stick) {
      slot.slip = 0.0;
    }
  }
  solve_joint_contact_friction(model_, mid_.t, ws_);
  p.head(nc).noalias() += h * ws_.contact_D * ws_.contact_eta;
  ws_.lambda.noalias() += ws_.contact_D * ws_.contact_eta;
  ws_.contact_w.noalias() = ws_.contact_WF * ws_.contact_eta;
  v_new_ += h * ws_.mass_inv.cwiseProduct(ws_.contact_w);
  ws_.f_joint_friction.noalias() = ws_.contact_W * ws_.contact_eta;
  for (std::size_t k = 0; k < ws_.joint_contacts.size(); ++k) {
    JointContactSlot& slot = ws_.joint_contacts[k];
    slot.slip = joint_slip_rate(model_, slot, ws_, &v_new_);  // ṡ⁺, the row's sliding speed
    // A joint that kept sliding the way it went is sliding, not starting to.
    if (slot.result.motion == pc::JointMotion::starting_to_slide && slip_start_[k] * slot.slip > 0) {
      slot.result.motion = pc::JointMotion::sliding;
    }
  }
  record_joint_contact_friction(ws_);
}

}  // namespace stickslip
