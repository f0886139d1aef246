// The smooth (compliant) formulation as a first-order ODE for the integrators:
//   y = [q; v],  ẏ = [v; q̈(t, q, v)],
// with q̈ from the Lagrange equations of the first kind at every evaluation. The pipeline of one
// evaluation reads top to bottom in derivative():
//   kinematics → applied forces → constraints → accelerations (KKT).
#pragma once

#include "assembly/workspace.hpp"
#include "formulations/simulation_options.hpp"
#include "integrators/integrator.hpp"
#include "state/state.hpp"

namespace stickslip {

class MultibodyOde final : public OdeSystem {
 public:
  MultibodyOde(const Model& model, const SimulationOptions& options);

  int dimension() const override { return model_.nq + model_.nv; }
  void derivative(double t, const Vec& y, Vec& dydt) override;

  void pack(const State& s, Vec& y) const;
  void unpack(double t, const Vec& y, State& s) const;

  // Runs every stage at (t, y) so the workspace holds λ, forces and Φ for that instant.
  void evaluate(double t, const Vec& y);

  const Model& model() const { return model_; }
  Workspace& workspace() { return ws_; }
  const Workspace& workspace() const { return ws_; }
  const State& state() const { return state_; }

 private:
  std::string first_non_finite_body(const Vec& y) const;

  const Model& model_;
  Stabilization stab_;
  Workspace ws_;
  State state_;  // scratch: the state being evaluated
};

}  // namespace stickslip
