// Projection of a state onto the constraints active in the current contact modes (at events, and
// after every step when the run asks for projection): positions onto Φ = 0 and g_N = 0 of closed
// rigid contacts, velocities onto Φ̇ = 0, ġ_N = 0 of closed rigid contacts and v_T = 0 of sticking
// contacts, each by the M-weighted least change Δ = −M⁻¹Cᵀ(C M⁻¹ Cᵀ)⁺ r (minimum norm when rows are
// dependent, as with several sticking corners). At an event, contacts flagged in `zero_slip` (a slip
// that starts from stick, where v_T is continuous and zero) also get v_T = 0. The position
// iteration stops when every residual is below `tolerance` [m, rad] (at events 1e-13; after a step
// the run's projection_tolerance).
#pragma once

#include <vector>

#include "formulations/event_driven/modal_dynamics.hpp"

namespace stickslip {

class ModalProjection {
 public:
  explicit ModalProjection(const Model& model) : model_(model) {}
  void project(ModalDynamics& dyn, State& s, const std::vector<char>& zero_slip = {}, double tolerance = 1e-13);

 private:
  void build(ModalDynamics& dyn, bool velocity, const std::vector<char>& zero_slip);
  const Model& model_;
  Mat C_;
  Vec r_;
};

}  // namespace stickslip
