// Dynamics of a planar multibody system with its contacts in given modes (the smooth phases of the
// event-driven scheme; Pfeiffer & Glocker 1996; Zhang & Wang 2017 eq. (17), (26), (31)):
//   M q̈ = f + Gᵀλ_G + Σ_closed,compliant (W_N F_N + W_T F_T) + Σ_closed,rigid W̃_N λ_N + Σ_stick W_T λ_T
// with the constraint rows
//   G q̈ = γ − αΦ̇ − βΦ                     (bilateral joints and drivers),
//   W_Nᵀ q̈ + ŵ_N = −αġ_N − βg_N              (closed rigid contacts: the gap stays shut),
//   W_Tᵀ q̈ + ŵ_T = −αv_T                    (sticking contacts: no relative tangential motion),
// with the model's Baumgarte α, β stabilising the contact rows as they do the joints.
// Compliant contacts take F_N from their normal law; slipping contacts take F_T = −μ_k F_N sgn(v_T),
// which for a rigid contact folds into its normal direction W̃_N = W_N − μ_k sgn(v_T) W_T.
// The rows are solved together as (C M⁻¹ D) λ = −β − C M⁻¹ f by a complete orthogonal decomposition
// (several sticking corners of a block make the rows dependent; the motion stays unique).
#pragma once

#include <vector>

#include "assembly/workspace.hpp"
#include "formulations/event_log.hpp"
#include "formulations/simulation_options.hpp"
#include "state/state.hpp"
#include "math/snapshot.hpp"

namespace stickslip {

// The role of one row of the augmented system.
struct ModalRow {
  enum Kind { bilateral, normal, tangential } kind;
  int index;  // constraint row (bilateral) or contact index
};

class ModalDynamics {
 public:
  ModalDynamics(const Model& model, const SimulationOptions& options);

  // Contact modes (open, stick, slip±); rebuilds the row layout. `free_tangent[c]` (may be empty)
  // removes the friction of closed contact c altogether (no slip force, no stick row): the
  // complementarity problems that decide modes treat that friction as their unknown.
  void set_modes(const std::vector<ContactState>& modes, const std::vector<char>& free_tangent = {});
  const std::vector<ContactState>& modes() const { return modes_; }

  // All stages at state s: kinematics, forces, contact kinematics and forces, the augmented solve.
  // Writes ws.qdd, ws.contact_forces (F_N, F_T of every contact: law, slip force or multiplier).
  void evaluate(const State& s);

  const Model& model() const { return model_; }
  Workspace& workspace() { return ws_; }
  const Workspace& workspace() const { return ws_; }
  const std::vector<ModalRow>& rows() const { return rows_; }
  const Vec& multipliers() const { return lambda_; }

  // x = M_c⁻¹ d: the response of the accelerations to a generalised force d when every bilateral
  // constraint holds (M_c⁻¹ = M⁻¹ − M⁻¹Gᵀ(G M⁻¹ Gᵀ)⁻¹G M⁻¹). Requires evaluate() at the state.
  void constrained_response(const Vec& d, Vec& x);

  // Friction coefficients of a contact (0 without friction).
  double mu_static(int contact) const;
  double mu_kinetic(int contact) const;

  // Checkpoints: modes and approach speeds (event_driven/event_driven_snapshot.cpp).
  void save(Snapshot& snapshot, const std::string& prefix) const;
  void restore(const Snapshot& snapshot, const std::string& prefix);

 private:
  void contact_forces();
  void build_rows();
  void solve(double t);

  const Model& model_;
  Stabilization stab_;
  Workspace ws_;
  std::vector<ContactState> modes_;
  std::vector<char> free_tangent_;
  std::vector<ModalRow> rows_;
  std::vector<double> impact_speed_;  // for laws written through e: the approach speed at onset
  Mat C_, D_, K_;   // rows × nv, nv × rows, rows × rows
  Vec rhs_, lambda_, col_, minv_f_;
  Eigen::CompleteOrthogonalDecomposition<Mat> cod_;
  Vec g_scratch_, l_scratch_;

 public:
  // Approach speed recorded when compliant contact c closed (laws written through e need it).
  void set_impact_speed(int c, double v) { impact_speed_[static_cast<std::size_t>(c)] = v; }
  double impact_speed(int c) const { return impact_speed_[static_cast<std::size_t>(c)]; }
};

}  // namespace stickslip
