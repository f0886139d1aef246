#include "assembly/workspace.hpp"

namespace stickslip {

Workspace::Workspace(const Model& model)
    : bodies(model.bodies.size()),
      mass(Vec::Zero(model.nv)),
      mass_inv(Vec::Zero(model.nv)),
      f(Vec::Zero(model.nv)),
      rotational_spring_angle(model.rotational_springs.size(), 0.0),
      phi(Vec::Zero(model.n_constraints)),
      phi_dot(Vec::Zero(model.n_constraints)),
      G(Mat::Zero(model.n_constraints, model.nv)),
      gamma(Vec::Zero(model.n_constraints)),
      GMinv(Mat::Zero(model.n_constraints, model.nv)),
      A(Mat::Zero(model.n_constraints, model.n_constraints)),
      llt(model.n_constraints),
      cod(model.n_constraints, model.n_constraints),
      rhs(Vec::Zero(model.n_constraints)),
      lambda(Vec::Zero(model.n_constraints)),
      qdd(Vec::Zero(model.nv)),
      force_total(Vec::Zero(model.nv)),
      position_step(Vec::Zero(model.nv)),
      contacts(model.contacts.size()),
      contact_forces(model.contacts.size()),
      joint_friction(model.joints.size()),
      joint_slip(model.joints.size(), 0.0),
      joint_slip_rows(model.joints.size(), TangentVector::Zero()),
      f_joint_friction(Vec::Zero(model.nv)),
      newton_J(Mat::Zero(model.n_constraints, model.n_constraints)),
      newton_lu(model.n_constraints),
      newton_r(Vec::Zero(model.n_constraints)),
      newton_step(Vec::Zero(model.n_constraints)),
      newton_trial(Vec::Zero(model.n_constraints)),
      lambda_trial(Vec::Zero(model.n_constraints)),
      f_probe(Vec::Zero(model.nv)),
      joint_contacts(make_joint_contact_slots(model)),
      contact_W(Mat::Zero(model.nv, static_cast<Eigen::Index>(joint_contacts.size()))),
      contact_WF(Mat::Zero(model.nv, static_cast<Eigen::Index>(joint_contacts.size()))),
      contact_D(Mat::Zero(model.n_constraints, static_cast<Eigen::Index>(joint_contacts.size()))),
      contact_eta(Vec::Zero(static_cast<Eigen::Index>(joint_contacts.size()))),
      contact_rate(Mat::Zero(static_cast<Eigen::Index>(joint_contacts.size()),
                             static_cast<Eigen::Index>(joint_contacts.size()))),
      contact_rate0(Vec::Zero(static_cast<Eigen::Index>(joint_contacts.size()))),
      contact_w(Vec::Zero(model.nv)),
      contact_b(Vec::Zero(model.nv)),
      contact_rhs(Vec::Zero(model.n_constraints)),
      contact_d(Vec::Zero(model.n_constraints)),
      contact_lambda(Vec::Zero(model.n_constraints)) {
  for (const Body& b : model.bodies) {
    if (!b.is_dynamic()) continue;
    if (b.dimension == Dimension::spatial) {
      // Principal frame: M_b = diag(m, m, m, J₁, J₂, J₃) (design D3).
      mass.segment<6>(b.v_offset) << b.mass, b.mass, b.mass, b.spatial.principal_moments;
      continue;
    }
    mass.segment<3>(b.v_offset) << b.mass, b.mass, b.inertia;
  }
  mass_inv = mass.cwiseInverse();
  // Eigen's LLT leaves its status (an enum) unset until the first factorisation, so copying a
  // Workspace before one reads an indeterminate enum (UBSan: invalid load). Factor the identity once.
  llt.compute(Mat::Identity(model.n_constraints, model.n_constraints));
}

}  // namespace stickslip
