// Friction in spatial revolute, spherical and cylindrical joints in a step of the time-stepping
// scheme: Coulomb's law on each joint's slip rows (assembly/spatial_joint_friction.hpp) at the step's
// end, its normal force from the joint's mean reaction over the step (Xing, Zheng & Wang 2019, with
// the friction decided at impulse level as Moreau 1988 decides a contact's).
//
// As for the frictional prismatic joints (joint_contact_step.cpp), the joints stay ideal and their
// friction enters after the step's ideal solve (bilateral impulses P₀, velocity v⁺₀) as impulses η
// along the slip rows W; a step whose rows are all bilateral is linear, so
//   P = P₀ + D η,   v⁺ = v⁺₀ + B η,   D = −(G M⁻¹ Gᵀ)⁻¹ G M⁻¹ W,   B = M⁻¹ (W + Gᵀ D),
// with G at the step's midpoint. Joint k sticks when the impulse that stops its slip rows,
// η_k − (W_kᵀ B_k)⁻¹ W_kᵀ v⁺, lies in the disc of radius h μ F_N(P/h) (μ_s when the joint was at rest
// at the step's start, μ_k otherwise, as the scheme's contacts take them); otherwise it slides with
// |η_k| = h μ_k F_N along that impulse (the slip's direction for one row; for two rows, exact when
// W_kᵀ B_k is isotropic). F_N and the rows' directions depend on P, so the joints are visited by
// block Gauss-Seidel, the rows taken again from the reactions before each sweep, until η settles.
// A sticking joint ends its step with W_kᵀ v⁺ = 0 to rounding: nothing creeps.
#include <algorithm>
#include <cmath>
#include <string>

#include "assembly/accelerations.hpp"
#include "assembly/spatial_joint_friction.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

constexpr int kMaxSweeps = 200;
constexpr double kSettled = 1e-13;  // change of η in a sweep, relative to max(1, max |η|) [N s]
constexpr int kMaxContactRounds = 200;

}  // namespace

void TimeStepper::set_up_joint_friction() {
  int columns = 0;
  for (std::size_t k = 0; k < model_.joints.size(); ++k) {
    const Joint& j = model_.joints[k];
    if (!j.friction || j.dimension != Dimension::spatial) continue;
    friction_joints_.push_back(static_cast<int>(k));
    friction_column_.push_back(columns);
    columns += joint_friction_rows(j);
  }
  friction_column_.push_back(columns);
  const int nv = model_.nv, nc = model_.n_constraints;
  friction_W_.setZero(nv, columns);
  friction_D_.setZero(nc, columns);
  friction_B_.setZero(nv, columns);
  friction_eta_.setZero(columns);
  friction_p0_.setZero(nc);
  friction_p_.setZero(nc);
  friction_v_.setZero(nv);
  friction_rhs_.setZero(nc);
  friction_x_.setZero(nc);
  friction_applied_.setZero(nv);
  friction_change_.setZero(nv);
}

// W from the joints' frames at the reactions P/h, then D and B.
void TimeStepper::joint_friction_columns(double h) {
  friction_W_.setZero();
  for (std::size_t k = 0; k < friction_joints_.size(); ++k) {
    const Joint& j = model_.joints[static_cast<std::size_t>(friction_joints_[k])];
    friction_x_ = friction_p_ / h;
    const SpatialJointFrictionFrame frame = spatial_joint_friction_frame(j, ws_, friction_x_.data() + j.row_offset);
    const Body &bi = model_.bodies[j.body_i], &bj = model_.bodies[j.body_j];
    for (int r = 0; r < frame.rows; ++r) {
      const int col = friction_column_[k] + r;
      if (bi.is_dynamic()) friction_W_.col(col).segment<6>(bi.v_offset) = frame.Qi[r];
      if (bj.is_dynamic()) friction_W_.col(col).segment<6>(bj.v_offset) += frame.Qj[r];
    }
  }
  for (Eigen::Index c = 0; c < friction_W_.cols(); ++c) {
    friction_rhs_.noalias() = ws_.GMinv * friction_W_.col(c);
    solve_constraint_matrix(ws_, friction_rhs_, friction_x_);
    friction_D_.col(c) = -friction_x_;
  }
  friction_B_ = friction_W_;
  friction_B_.noalias() += ws_.G.transpose() * friction_D_;
  friction_B_ = ws_.mass_inv.asDiagonal() * friction_B_;
}

// One joint's update of a Gauss-Seidel sweep; returns the change of its impulse.
double TimeStepper::settle_joint_friction(std::size_t k, double h) {
  const Joint& j = model_.joints[static_cast<std::size_t>(friction_joints_[k])];
  const int col = friction_column_[k], rows = friction_column_[k + 1] - col;
  const auto W = friction_W_.middleCols(col, rows);
  const auto B = friction_B_.middleCols(col, rows);
  Eigen::Vector2d u = Eigen::Vector2d::Zero(), start = Eigen::Vector2d::Zero(), eta = Eigen::Vector2d::Zero();
  u.head(rows) = W.transpose() * friction_v_;
  start.head(rows) = W.transpose() * s_.v;  // the slip at the step's start
  eta.head(rows) = friction_eta_.segment(col, rows);
  Eigen::Matrix2d delta = Eigen::Matrix2d::Identity();  // W_kᵀ B_k (the second row a unit one for one row)
  delta.topLeftCorner(rows, rows) = W.transpose() * B;
  const laws::FrictionLaw& law = *j.friction->law;
  const double mu = start.norm() <= kTimeSteppingStickSpeed ? law.static_coefficient() : law.kinetic_coefficient();
  // F_N with this joint's impulse at η_k (the others as they are): decided at the candidate itself, so
  // that the decision does not flip between sweeps where the friction moves the reaction (the
  // friction circle).
  const auto normal_at = [&](const Eigen::Vector2d& candidate) {
    friction_x_ = friction_p_;
    friction_x_.noalias() += friction_D_.middleCols(col, rows) * (candidate - eta).head(rows);
    friction_x_ /= h;
    return spatial_joint_friction_frame(j, ws_, friction_x_.data() + j.row_offset).normal_force;
  };
  Eigen::Vector2d target = eta - delta.inverse() * u;
  if (target.norm() > h * mu * normal_at(target)) {
    const Eigen::Vector2d direction = target / target.norm();
    double normal = normal_at(eta);
    for (int round = 0; round < 50; ++round) {  // |η_k| = h μ_k F_N(η_k): its own fixed point
      const double next = normal_at(h * law.kinetic_coefficient() * normal * direction);
      const bool settled = std::abs(next - normal) <= 1e-14 * std::max(1.0, normal);
      normal = next;
      if (settled) break;
    }
    target = h * law.kinetic_coefficient() * normal * direction;
  }
  const Eigen::Vector2d change = target - eta;
  friction_eta_.segment(col, rows) = target.head(rows);
  friction_p_.noalias() += friction_D_.middleCols(col, rows) * change.head(rows);
  friction_v_.noalias() += B * change.head(rows);
  return change.cwiseAbs().maxCoeff();
}

// `warm`: η starts from the last call's (the rounds with contacts), otherwise from zero.
void TimeStepper::add_joint_friction(double h, bool warm) {
  const int nc = model_.n_constraints;
  Vec& p = problem_.impulses();
  friction_p0_ = p.head(nc);
  friction_p_ = friction_p0_;
  if (!warm) friction_eta_.setZero();
  factor_constraint_matrix(model_, mid_.t, ws_);
  bool settled = false;
  for (int sweep = 0; sweep < kMaxSweeps && !settled; ++sweep) {
    joint_friction_columns(h);
    friction_p_ = friction_p0_;
    friction_p_.noalias() += friction_D_ * friction_eta_;
    friction_v_ = v_new_;
    friction_v_.noalias() += friction_B_ * friction_eta_;
    double change = 0;
    for (std::size_t k = 0; k < friction_joints_.size(); ++k) change = std::max(change, settle_joint_friction(k, h));
    settled = change <= kSettled * std::max(1.0, friction_eta_.cwiseAbs().maxCoeff());
  }
  if (!settled) {
    throw NumericalError(mid_.t, "joint " + model_.joints[static_cast<std::size_t>(friction_joints_[0])].name,
                         "the friction of the frictional joints did not settle in " + std::to_string(kMaxSweeps) +
                             " sweeps");
  }
  p.head(nc) = friction_p_;
  v_new_ = friction_v_;
  friction_x_ = friction_p_ / h;
  for (std::size_t k = 0; k < friction_joints_.size(); ++k) {
    const std::size_t joint = static_cast<std::size_t>(friction_joints_[k]);
    const int col = friction_column_[k], rows = friction_column_[k + 1] - col;
    const Joint& j = model_.joints[joint];
    ContactForce& f = ws_.joint_friction[joint];
    f.normal = spatial_joint_friction_frame(j, ws_, friction_x_.data() + j.row_offset).normal_force;
    f.tangential.setZero();
    f.tangential.head(rows) = friction_eta_.segment(col, rows) / h;
    ws_.joint_slip_rows[joint].setZero();
    ws_.joint_slip_rows[joint].head(rows) = friction_W_.middleCols(col, rows).transpose() * v_new_;
    ws_.joint_slip[joint] = rows == 1 ? ws_.joint_slip_rows[joint][0] : ws_.joint_slip_rows[joint].norm();
  }
}

bool TimeStepper::any_contact_active() const {
  for (int c = 0; c < problem_.contact_count(); ++c)
    if (problem_.contact(c).active) return true;
  return false;
}

// Joint friction beside contacts and joint stops: the step's complementarity problem and the joints'
// friction are decided together by block Gauss-Seidel over the two. Each round takes the contacts'
// impulses of the last solve as known and decides the joints' η as add_joint_friction does on the
// bilateral rows (its own fixed point on F_N); the friction's generalised impulse W η then enters the
// free velocity (v_free += M⁻¹ Δ(W η), b += H M⁻¹ Δ(W η) on the rows that take part, as the
// gyroscopic term's rounds do) and the problem is solved again, its bilateral rows carrying the
// friction's share of the reactions. The rounds end when W η stops changing: the contacts'
// impulses then answer the joints' friction and the friction answers them, so a stop, a contact and
// a frictional pin each hold or slip by their own law in one step. Before each round after the first
// the friction applied so far is taken out of P and v⁺ with the contacts frozen (its response through
// the bilateral rows, D and B of the file comment, computed from W η itself).
void TimeStepper::settle_joint_friction_with_contacts(double h) {
  const int nc = model_.n_constraints;
  Vec& p = problem_.impulses();
  friction_applied_.setZero();
  for (int round = 0; round < kMaxContactRounds; ++round) {
    if (round > 0) {
      // x = (G M⁻¹ Gᵀ)⁻¹ G M⁻¹ (W η): P₀ = P + x, v⁺₀ = v⁺ − M⁻¹ (W η − Gᵀ x).
      friction_change_ = friction_applied_;
      if (nc > 0) {
        friction_rhs_.noalias() = ws_.GMinv * friction_applied_;
        solve_constraint_matrix(ws_, friction_rhs_, friction_x_);
        p.head(nc) += friction_x_;
        friction_change_.noalias() -= ws_.G.transpose() * friction_x_;
      }
      v_new_ -= ws_.mass_inv.cwiseProduct(friction_change_);
    }
    add_joint_friction(h, round > 0);
    friction_change_.noalias() = friction_W_ * friction_eta_;
    const double size = std::max(1.0, friction_change_.cwiseAbs().maxCoeff());
    friction_change_ -= friction_applied_;
    if (round > 0 && friction_change_.cwiseAbs().maxCoeff() <= kSettled * size) return;
    friction_applied_ += friction_change_;
    friction_change_ = ws_.mass_inv.cwiseProduct(friction_change_);
    v_free_ += friction_change_;
    free_velocity_change_moves_rows(friction_change_);
    problem_.solve();
    v_new_ = v_free_;
    problem_.add_velocity_change(ws_.mass_inv, v_new_);
  }
  throw NumericalError(mid_.t, "joint " + model_.joints[static_cast<std::size_t>(friction_joints_[0])].name,
                       "the friction of the frictional joints and the contacts did not settle together in " +
                           std::to_string(kMaxContactRounds) + " rounds");
}

}  // namespace stickslip
