#include "formulations/event_driven/modal_projection.hpp"

#include "assembly/contact_kinematics.hpp"
#include "assembly/kinematic_map.hpp"
#include "math/least_squares.hpp"

namespace stickslip {

// Rows C and residuals r of the active constraints (positions or velocities) at the evaluated state.
void ModalProjection::build(ModalDynamics& dyn, bool velocity, const std::vector<char>& zero_slip) {
  const Workspace& ws = dyn.workspace();
  std::vector<std::pair<int, ContactDirection>> contact_rows;
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const ContactState m = dyn.modes()[k];
    if (m == ContactState::open) continue;
    if (!model_.contacts[k].compliant()) contact_rows.emplace_back(static_cast<int>(k), ContactDirection::normal());
    const bool no_slip = m == ContactState::stick || (!zero_slip.empty() && zero_slip[k]);
    if (!velocity || !no_slip || !model_.contacts[k].friction) continue;
    for (int t = 0; t < model_.contacts[k].tangent_rows(); ++t) contact_rows.emplace_back(static_cast<int>(k), ContactDirection::tangent(t));
  }
  const int nb = model_.n_constraints;
  const int m = nb + static_cast<int>(contact_rows.size());
  C_.setZero(m, model_.nv);
  r_.setZero(m);
  if (nb > 0) {
    C_.topRows(nb) = ws.G;
    r_.head(nb) = velocity ? ws.phi_dot : ws.phi;
  }
  Vec col(model_.nv);
  for (int i = 0; i < static_cast<int>(contact_rows.size()); ++i) {
    const auto [k, direction] = contact_rows[static_cast<std::size_t>(i)];
    const ContactKinematics& kin = ws.contacts[static_cast<std::size_t>(k)];
    contact_direction_column(model_, model_.contacts[static_cast<std::size_t>(k)], kin, direction, col);
    C_.row(nb + i) = col.transpose();
    r_[nb + i] = direction.is_normal() ? (velocity ? kin.vn : kin.gap) : kin.vt[direction.tangent_row];
  }
}

void ModalProjection::project(ModalDynamics& dyn, State& s, const std::vector<char>& zero_slip, double tolerance) {
  // The least change M⁻¹Cᵀμ (velocity space) that takes the rows' residuals r to zero.
  const auto correction = [&]() -> Vec {
    const Vec& minv = dyn.workspace().mass_inv;
    const Mat A = C_ * minv.asDiagonal() * C_.transpose();
    const Vec mu = min_norm_solve(A, r_);
    return minv.cwiseProduct(C_.transpose() * mu);
  };
  for (int it = 0; it < 10; ++it) {
    dyn.evaluate(s);
    build(dyn, false, zero_slip);
    if (r_.size() == 0 || r_.cwiseAbs().maxCoeff() < tolerance) break;
    integrate(model_, s.q, correction(), -1.0, s.q);  // q ← q ⊕ (−M⁻¹Cᵀμ)
  }
  dyn.evaluate(s);
  build(dyn, true, zero_slip);
  if (r_.size() > 0) s.v -= correction();
}

}  // namespace stickslip
