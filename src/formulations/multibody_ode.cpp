#include "formulations/multibody_ode.hpp"

#include "assembly/accelerations.hpp"
#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "math/errors.hpp"

namespace stickslip {

MultibodyOde::MultibodyOde(const Model& model, const SimulationOptions& options)
    : model_(model), stab_(options.baumgarte), ws_(model), state_(initial_state(model, options.t_start)) {}

std::string MultibodyOde::first_non_finite_body(const Vec& y) const {
  for (const Body& b : model_.bodies) {
    if (!b.is_dynamic()) continue;
    const bool bad = !y.segment<3>(b.q_offset).allFinite() || !y.segment<3>(model_.nq + b.v_offset).allFinite();
    if (bad) return "body " + b.name;
  }
  return "state";
}

void MultibodyOde::pack(const State& s, Vec& y) const {
  y.resize(dimension());
  y.head(model_.nq) = s.q;
  y.segment(model_.nq, model_.nv) = s.v;
}

void MultibodyOde::unpack(double t, const Vec& y, State& s) const {
  s.t = t;
  s.q = y.head(model_.nq);
  s.v = y.segment(model_.nq, model_.nv);
}

void MultibodyOde::evaluate(double t, const Vec& y) {
  unpack(t, y, state_);
  compute_body_kinematics(model_, state_, ws_);
  assemble_applied_forces(model_, state_, ws_);
  assemble_constraints(model_, state_, ws_);
  solve_accelerations(model_, t, stab_, ws_);
}

void MultibodyOde::derivative(double t, const Vec& y, Vec& dydt) {
  if (!y.allFinite()) throw NumericalError(t, first_non_finite_body(y), "the state is NaN or infinite");
  evaluate(t, y);
  dydt.head(model_.nq) = state_.v;  // planar: q̇ = v
  dydt.segment(model_.nq, model_.nv) = ws_.qdd;
}

}  // namespace stickslip
