#include "formulations/event_driven/modal_dynamics.hpp"

#include <algorithm>
#include <cmath>

#include "assembly/accelerations.hpp"
#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/contact_kinematics.hpp"
#include "math/errors.hpp"
#include "math/least_squares.hpp"
#include "solvers/pyramid_contact_lcp.hpp"

namespace stickslip {

ModalDynamics::ModalDynamics(const Model& model, const SimulationOptions& options)
    : model_(model),
      stab_(options.baumgarte),
      ws_(model),
      modes_(model.contacts.size(), ContactState::open),
      free_tangent_(model.contacts.size(), 0),
      impact_speed_(model.contacts.size(), 0.0),
      slip_direction_(model.contacts.size(), TangentVector::UnitX()),
      facets_(options.event_driven.friction_facets),
      minv_f_(Vec::Zero(model.nv)),
      g_scratch_(Vec::Zero(model.n_constraints)),
      l_scratch_(Vec::Zero(model.n_constraints)),
      normal_row_(model.contacts.size(), -1),
      tangent_row_(model.contacts.size(), -1),
      redundant_margin_(model.contacts.size(), NAN),
      redundant_normal_(model.contacts.size(), 0) {
  col_.setZero(model.nv);
  for (const Body& b : model.bodies) {
    if (b.is_dynamic()) margin_cap_ += b.mass * model.gravity.norm();
  }
  joint_modes_.assign(model.joints.size(), ContactState::open);
  for (std::size_t k = 0; k < model.joints.size(); ++k) {
    if (!model.joints[k].friction) continue;
    friction_joints_.push_back(static_cast<int>(k));  // undecided (open: no friction) until the first settle
  }
  build_rows();
}

double ModalDynamics::mu_static(int contact) const {
  const Contact& c = model_.contacts[static_cast<std::size_t>(contact)];
  return c.friction ? c.friction->static_coefficient() : 0.0;
}

double ModalDynamics::mu_kinetic(int contact) const {
  const Contact& c = model_.contacts[static_cast<std::size_t>(contact)];
  return c.friction ? c.friction->kinetic_coefficient() : 0.0;
}

TangentVector ModalDynamics::sliding_direction(int contact) const {
  const TangentVector& vt = ws_.contacts[static_cast<std::size_t>(contact)].vt;
  const double speed = vt.norm();
  return speed >= kSlipDirectionSpeed ? TangentVector(vt / speed) : slip_direction(contact);
}

void ModalDynamics::set_modes(const std::vector<ContactState>& modes, const std::vector<char>& free_tangent) {
  modes_ = modes;
  free_tangent_ = free_tangent.empty() ? std::vector<char>(modes.size(), 0) : free_tangent;
  build_rows();
}

void ModalDynamics::build_rows() {
  rows_.clear();
  for (int r = 0; r < model_.n_constraints; ++r) rows_.push_back({ModalRow::bilateral, r});
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    normal_row_[k] = tangent_row_[k] = -1;
    if (modes_[k] == ContactState::open) continue;
    if (!model_.contacts[k].compliant()) {
      normal_row_[k] = static_cast<int>(rows_.size());
      rows_.push_back({ModalRow::normal, static_cast<int>(k)});
    }
    if (modes_[k] == ContactState::stick && !free_tangent_[k]) {
      tangent_row_[k] = static_cast<int>(rows_.size());
      for (int t = 0; t < model_.contacts[k].tangent_rows(); ++t) rows_.push_back({ModalRow::tangential, static_cast<int>(k), t});
    }
  }
  for (int j : friction_joints_) {
    if (joint_modes_[static_cast<std::size_t>(j)] == ContactState::stick) rows_.push_back({ModalRow::joint_stick, j});
  }
  const Eigen::Index m = static_cast<Eigen::Index>(rows_.size());
  C_.setZero(m, model_.nv);
  D_.setZero(model_.nv, m);
  K_.setZero(m, m);
  rhs_.setZero(m);
  lambda_.setZero(m);
}

// Compliant normal forces of closed contacts, and the slip friction of slipping ones that is known
// before the solve (compliant: −μ_k F_N sgn v_T). Both enter f.
void ModalDynamics::contact_forces() {
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const Contact& c = model_.contacts[k];
    const ContactKinematics& kin = ws_.contacts[k];
    ContactForce& out = ws_.contact_forces[k];
    out = {};
    if (modes_[k] == ContactState::open || !c.compliant()) continue;
    if (kin.gap < 0) out.normal = c.normal->force(-kin.gap, -kin.vn, std::max(impact_speed_[k], c.min_impact_speed));
    if (c.spatial()) {
      if (!free_tangent_[k] && modes_[k] != ContactState::stick) {
        out.tangential = -mu_kinetic(static_cast<int>(k)) * out.normal * sliding_direction(static_cast<int>(k));
      }
      add_contact_force(model_, c, kin, out.normal, out.tangential, ws_.f);
      continue;
    }
    if (!free_tangent_[k] && modes_[k] == ContactState::slip_positive) out.tangential[0] = -mu_kinetic(static_cast<int>(k)) * out.normal;
    if (!free_tangent_[k] && modes_[k] == ContactState::slip_negative) out.tangential[0] = mu_kinetic(static_cast<int>(k)) * out.normal;
    add_contact_force(model_, c, kin, out.normal, out.tangential, ws_.f);
  }
}

void ModalDynamics::solve(double t) {
  const Eigen::Index m = static_cast<Eigen::Index>(rows_.size());
  for (Eigen::Index r = 0; r < m; ++r) {
    const ModalRow& row = rows_[static_cast<std::size_t>(r)];
    if (row.kind == ModalRow::bilateral) {
      C_.row(r) = ws_.G.row(row.index);
      D_.col(r) = ws_.G.row(row.index).transpose();
      rhs_[r] = ws_.gamma[row.index] - stab_.alpha * ws_.phi_dot[row.index] - stab_.beta * ws_.phi[row.index];
      continue;
    }
    if (row.kind == ModalRow::joint_stick) {
      joint_stick_row(r, row.index);
      continue;
    }
    const Contact& c = model_.contacts[static_cast<std::size_t>(row.index)];
    const ContactKinematics& kin = ws_.contacts[static_cast<std::size_t>(row.index)];
    const bool normal = row.kind == ModalRow::normal;
    const int tr = row.tangent_row;
    contact_direction_column(model_, c, kin, normal ? ContactDirection::normal() : ContactDirection::tangent(tr), col_);
    C_.row(r) = col_.transpose();
    D_.col(r) = col_;
    // Baumgarte terms keep closed gaps shut and stuck contacts still: g̈ + αġ + βg = 0, v̇_T + αv_T = 0.
    rhs_[r] = normal ? -(kin.wn_bias + stab_.alpha * kin.vn + stab_.beta * kin.gap) : -(kin.wt_bias[tr] + stab_.alpha * kin.vt[tr]);
    const ContactState mode = modes_[static_cast<std::size_t>(row.index)];
    const bool slipping = !free_tangent_[static_cast<std::size_t>(row.index)] &&
                          (mode == ContactState::slip_positive || mode == ContactState::slip_negative);
    if (normal && slipping && c.spatial()) {
      // Slip friction −μ_k ŝ λ_N along the slip direction, folded into the normal force direction.
      const TangentVector d = sliding_direction(row.index);
      for (int row_t = 0; row_t < 2; ++row_t) {
        contact_direction_column(model_, c, kin, ContactDirection::tangent(row_t), col_);
        D_.col(r) -= mu_kinetic(row.index) * d[row_t] * col_;
      }
    } else if (normal && slipping) {
      // Slip friction −μ_k sgn(v_T) λ_N acts along W_T: fold it into the normal force direction.
      contact_direction_column(model_, c, kin, ContactDirection::tangent(0), col_);
      const double s = mode == ContactState::slip_positive ? 1.0 : -1.0;
      D_.col(r) -= mu_kinetic(row.index) * s * col_;
    }
  }
  if (m == 0) {
    row_residual_ = 0;
    ws_.qdd = ws_.mass_inv.cwiseProduct(ws_.f);
    return;
  }
  minv_f_ = ws_.mass_inv.cwiseProduct(ws_.f);
  rhs_.noalias() -= C_ * minv_f_;
  K_.noalias() = C_ * ws_.mass_inv.asDiagonal() * D_;
  cod_.setThreshold(kRankThreshold);
  cod_.compute(K_);
  lambda_ = cod_.solve(rhs_);
  if (!lambda_.allFinite()) throw NumericalError(t, "contacts", "the equations of the contact modes are singular");
  ws_.force_total = ws_.f;
  ws_.force_total.noalias() += D_ * lambda_;
  ws_.qdd = ws_.mass_inv.cwiseProduct(ws_.force_total);
  row_residual_ = (K_ * lambda_ - rhs_).cwiseAbs().maxCoeff() / (1.0 + rhs_.cwiseAbs().maxCoeff());
  std::fill(redundant_margin_.begin(), redundant_margin_.end(), NAN);
  std::fill(redundant_normal_.begin(), redundant_normal_.end(), 0);
  store_multipliers();
  distribute_redundant();
}

// Bilateral multipliers for the reaction outputs; contact multipliers into the contact forces.
void ModalDynamics::store_multipliers() {
  const Eigen::Index m = static_cast<Eigen::Index>(rows_.size());
  for (Eigen::Index r = 0; r < m; ++r) {
    const ModalRow& row = rows_[static_cast<std::size_t>(r)];
    if (row.kind == ModalRow::bilateral) {
      ws_.lambda[row.index] = lambda_[r];
      continue;
    }
    if (row.kind == ModalRow::joint_stick) {  // the sticking joint's friction force
      ws_.joint_friction[static_cast<std::size_t>(row.index)].tangential[0] = lambda_[r];
      continue;
    }
    ContactForce& f = ws_.contact_forces[static_cast<std::size_t>(row.index)];
    if (row.kind == ModalRow::tangential) {
      f.tangential[row.tangent_row] = lambda_[r];
      continue;
    }
    f.normal = lambda_[r];
    if (free_tangent_[static_cast<std::size_t>(row.index)]) continue;
    const ContactState mode = modes_[static_cast<std::size_t>(row.index)];
    if (model_.contacts[static_cast<std::size_t>(row.index)].spatial()) {
      if (mode != ContactState::stick) f.tangential = -mu_kinetic(row.index) * lambda_[r] * sliding_direction(row.index);
      continue;
    }
    if (mode == ContactState::slip_positive) f.tangential[0] = -mu_kinetic(row.index) * lambda_[r];
    if (mode == ContactState::slip_negative) f.tangential[0] = mu_kinetic(row.index) * lambda_[r];
  }
}

// The rows are dependent: λ + Zα moves nothing for Z spanning the null space of D (the eigenvectors of
// Dᵀ M⁻¹ D with vanishing eigenvalues; λ, the minimum-norm solution, is orthogonal to them). The
// contacts whose multipliers Z moves have indeterminate forces; their conditions
//   λ_N ≥ 0 (closed rigid),   μ_s N − λ_T ≥ 0,  μ_s N + λ_T ≥ 0 (sticking; N = λ_N or the law's F_N)
// give the admissible set, of which the least-norm member is reported (solvers/admissible_forces.hpp).
void ModalDynamics::distribute_redundant() {
  const Eigen::Index m = static_cast<Eigen::Index>(rows_.size());
  int contact_rows = 0;
  for (const ModalRow& row : rows_) contact_rows += row.kind == ModalRow::normal || row.kind == ModalRow::tangential;
  if (contact_rows < 2) return;
  gram_.noalias() = D_.transpose() * ws_.mass_inv.asDiagonal() * D_;
  const Eigen::Index r = dependent_.compute(gram_);
  if (r == 0) return;
  null_ = dependent_.null_basis();
  const auto moved = [&](int row) { return row >= 0 && null_.row(row).norm() > 1e-9; };
  std::vector<int> involved;
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const int rt = tangent_row_[k];
    const bool tangent_moved = moved(rt) || (rt >= 0 && model_.contacts[k].spatial() && moved(rt + 1));
    if (moved(normal_row_[k]) || tangent_moved) involved.push_back(static_cast<int>(k));
  }
  if (involved.empty()) return;  // only redundant joints: their reactions stay the minimum-norm ones
  // The motion from the rows with the dependent directions left out: λ̂ = W β, W spanning the
  // complement of Z, β the least-squares solution of (K W) β = rhs. For an exact dependence this is
  // the minimum-norm λ again; for a near one it drops the stiff internal couple that the exact rows
  // would demand (see kDependentDirections).
  reduced_.noalias() = K_ * dependent_.complement();
  cod_.compute(reduced_);
  lambda_.noalias() = dependent_.complement() * cod_.solve(rhs_);
  row_residual_ = (K_ * lambda_ - rhs_).cwiseAbs().maxCoeff() / (1.0 + rhs_.cwiseAbs().maxCoeff());
  ws_.force_total = ws_.f;
  ws_.force_total.noalias() += D_ * lambda_;
  ws_.qdd = ws_.mass_inv.cwiseProduct(ws_.force_total);
  // Inequalities A λ + b ≥ 0 of the contacts involved. A spatial contact's disc |λ_T| ≤ μ_s N is
  // replaced by the polygon of k facets circumscribing it, n_jᵀλ_T ≤ μ_s N with n_j the directions of
  // the mode LCP's generators (solvers/pyramid_contact_lcp.hpp) turned as below: a linear program, as
  // in the plane. Circumscribed, so that a set the polygons cannot hold cannot be held by the discs
  // either and the mode LCP that then decides (on the inscribed pyramid) lets it slip.
  const Eigen::Index per_contact = model_.dimension == Dimension::spatial ? 1 + facets_ : 3;
  ineq_.setZero(per_contact * static_cast<Eigen::Index>(involved.size()), m);
  ineq_b_.setZero(ineq_.rows());
  Eigen::Index k_rows = 0;
  for (const int c : involved) {
    const std::size_t k = static_cast<std::size_t>(c);
    const int rn = normal_row_[k], rt = tangent_row_[k];
    if (rn >= 0) ineq_(k_rows++, rn) = 1.0;
    if (rt < 0) continue;
    const double mu = mu_static(c);
    if (model_.contacts[k].spatial()) {
      // The polygon is turned so that a facet faces the least-norm holding force λ̂_T: a load that
      // keeps its direction (a block on a slope) is then judged on the disc exactly.
      const double phi = std::atan2(lambda_[rt + 1], lambda_[rt]);
      const Eigen::Rotation2Dd turn(phi);
      for (int j = 0; j < facets_; ++j) {
        const Vec2 n = turn * solvers::pyramid_generator(j, facets_);
        if (rn >= 0) ineq_(k_rows, rn) = mu;
        else ineq_b_[k_rows] = mu * ws_.contact_forces[k].normal;
        ineq_(k_rows, rt) = -n.x();
        ineq_(k_rows++, rt + 1) = -n.y();
      }
      continue;
    }
    for (const double sign : {1.0, -1.0}) {
      if (rn >= 0) ineq_(k_rows, rn) = mu;
      else ineq_b_[k_rows] = mu * ws_.contact_forces[k].normal;
      ineq_(k_rows++, rt) = -sign;
    }
  }
  admissible_.solve(lambda_, null_, ineq_.topRows(k_rows), ineq_b_.head(k_rows), margin_cap_, distribution_);
  // The forces reported: the admissible distribution; the motion keeps λ̂ (the two differ only along
  // Z, which moves nothing, or for a near dependence next to nothing).
  lambda_ = distribution_.lambda;
  store_multipliers();
  for (const int c : involved) {
    redundant_margin_[static_cast<std::size_t>(c)] = distribution_.margin;
    redundant_normal_[static_cast<std::size_t>(c)] = moved(normal_row_[static_cast<std::size_t>(c)]);
  }
}

void ModalDynamics::evaluate(const State& s) {
  compute_body_kinematics(model_, s, ws_);
  assemble_applied_forces(model_, s, ws_);
  compute_contact_kinematics(model_, ws_);
  contact_forces();
  assemble_constraints(model_, s, ws_);
  if (friction_joints_.empty()) {
    solve(s.t);
  } else {
    solve_with_joint_friction(s.t);
  }
}

void ModalDynamics::constrained_response(const Vec& d, Vec& x) {
  x = ws_.mass_inv.cwiseProduct(d);
  if (model_.n_constraints == 0) return;
  factor_constraint_matrix(model_, 0.0, ws_);
  g_scratch_.noalias() = ws_.G * x;
  solve_constraint_matrix(ws_, g_scratch_, l_scratch_);
  x.noalias() -= ws_.mass_inv.asDiagonal() * (ws_.G.transpose() * l_scratch_);
}

}  // namespace stickslip
