// Frictional joints in the smooth phases of the event-driven scheme (modal_dynamics.hpp): a sticking
// joint's row and multiplier, a slipping joint's Coulomb force, and the fixed point on the joints'
// reactions that fixes their normal forces (Xing, Zheng & Wang 2019 take F_N from the reaction too).
#include <algorithm>
#include <cmath>

#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/spatial_joint_friction.hpp"
#include "formulations/event_driven/modal_dynamics.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

constexpr int kMaxRounds = 60;
constexpr double kSettled = 1e-12;  // change of the joints' multipliers, relative to max(1, |λ|)

}  // namespace

double ModalDynamics::joint_mu_static(int joint) const {
  return model_.joints[static_cast<std::size_t>(joint)].friction->law->static_coefficient();
}

double ModalDynamics::joint_mu_kinetic(int joint) const {
  return model_.joints[static_cast<std::size_t>(joint)].friction->law->kinetic_coefficient();
}

void ModalDynamics::set_joint_modes(const std::vector<ContactState>& modes) {
  joint_modes_ = modes;
  build_rows();
}

// R θ̈ + α (slip) = 0: the revolute joint's relative rotation row (constraints.hpp) scaled by the pin's
// radius (1 for a constant friction torque; a prismatic joint's constant friction force: s̈ + α ṡ, the
// slide's row), its velocity product and the known accelerations of bodies that are not dynamic on the
// right; the multiplier acts along the friction's own row W at the loaded point.
void ModalDynamics::joint_stick_row(Eigen::Index r, int joint) {
  const Joint& j = model_.joints[static_cast<std::size_t>(joint)];
  const double radius = j.friction->constant_bound > 0 ? 1.0 : j.friction->pin_radius;  // a pure torque's slip is θ̇
  ConstraintBlock blk;
  evaluate_joint_coordinate(j, j.type == JointType::prismatic ? JointCoordinate::slide : JointCoordinate::angle, ws_, blk);
  const SpatialJointFrictionFrame frame = spatial_joint_friction_frame(j, ws_, ws_.lambda.data() + j.row_offset);
  C_.row(r).setZero();
  D_.col(r).setZero();
  double known = blk.c[0];
  const auto place = [&](int b, const ConstraintBlock::Jacobian& G, const GeneralisedRow& Q) {
    const Body& body = model_.bodies[static_cast<std::size_t>(b)];
    if (body.is_dynamic()) {
      C_.row(r).segment<6>(body.v_offset) += radius * G.row(0).head<6>();
      D_.col(r).segment<6>(body.v_offset) += Q;
    } else {
      known += G.row(0).head<6>().dot(generalised_acceleration(body, ws_.bodies[static_cast<std::size_t>(b)]));
    }
  };
  place(j.body_i, blk.Gi, frame.Qi[0]);
  place(j.body_j, blk.Gj, frame.Qj[0]);
  rhs_[r] = -radius * known - stab_.alpha * frame.slip[0];
}

// −μ_k F_N sgn(v) along W of every slipping joint, F_N and W at the current multipliers.
void ModalDynamics::add_joint_slip_forces() {
  for (int k : friction_joints_) {
    const ContactState mode = joint_modes_[static_cast<std::size_t>(k)];
    if (mode == ContactState::stick || mode == ContactState::open) continue;
    const Joint& j = model_.joints[static_cast<std::size_t>(k)];
    const SpatialJointFrictionFrame frame = spatial_joint_friction_frame(j, ws_, ws_.lambda.data() + j.row_offset);
    const double sign = mode == ContactState::slip_positive ? 1.0 : -1.0;
    add_spatial_joint_friction(model_, j, frame, TangentVector(-sign * joint_mu_kinetic(k) * frame.normal_force, 0.0),
                               ws_.f);
  }
}

// The joints' normal forces and slip rows depend on the reactions the solve gives: repeated from the
// last evaluation's multipliers until they settle (a contraction by about μ R / arm per round).
void ModalDynamics::solve_with_joint_friction(double t) {
  f_base_ = ws_.f;
  for (int round = 0;; ++round) {
    lambda_previous_ = ws_.lambda;
    ws_.f = f_base_;
    add_joint_slip_forces();
    solve(t);
    double change = 0, size = 1;
    for (int k : friction_joints_) {
      const Joint& j = model_.joints[static_cast<std::size_t>(k)];
      const int n = joint_equation_count(j);
      change = std::max(change, (ws_.lambda - lambda_previous_).segment(j.row_offset, n).cwiseAbs().maxCoeff());
      size = std::max(size, ws_.lambda.segment(j.row_offset, n).cwiseAbs().maxCoeff());
    }
    if (change <= kSettled * size) break;
    if (round == kMaxRounds) {
      throw NumericalError(t, "joint " + model_.joints[static_cast<std::size_t>(friction_joints_[0])].name,
                           "the friction of the joints and their reactions do not settle (the fixed point diverges: "
                           "μ R large next to the joints' lever arms)");
    }
  }
  store_joint_friction();
}

void ModalDynamics::store_joint_friction() {
  for (int k : friction_joints_) {
    const std::size_t jk = static_cast<std::size_t>(k);
    const Joint& j = model_.joints[jk];
    const SpatialJointFrictionFrame frame = spatial_joint_friction_frame(j, ws_, ws_.lambda.data() + j.row_offset);
    ContactForce& f = ws_.joint_friction[jk];
    f.normal = frame.normal_force;
    if (joint_modes_[jk] == ContactState::open) {
      f.tangential.setZero();
    } else if (joint_modes_[jk] != ContactState::stick) {
      const double sign = joint_modes_[jk] == ContactState::slip_positive ? 1.0 : -1.0;
      f.tangential = TangentVector(-sign * joint_mu_kinetic(k) * frame.normal_force, 0.0);
    }  // a sticking joint's friction is its row's multiplier (store_multipliers)
    ws_.joint_slip[jk] = frame.slip[0];
    ws_.joint_slip_rows[jk] = frame.slip;
  }
}

}  // namespace stickslip
