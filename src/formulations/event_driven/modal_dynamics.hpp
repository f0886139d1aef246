// Dynamics of a planar multibody system with its contacts in given modes (the smooth phases of the
// event-driven scheme; Pfeiffer & Glocker 1996; Zhang & Wang 2017 eq. (17), (26), (31)):
//   M q̈ = f + Gᵀλ_G + Σ_closed,compliant (W_N F_N + W_T F_T) + Σ_closed,rigid W̃_N λ_N + Σ_stick W_T λ_T
// with the constraint rows
//   G q̈ = γ − αΦ̇ − βΦ                     (bilateral joints and drivers),
//   W_Nᵀ q̈ + ŵ_N = −αġ_N − βg_N              (closed rigid contacts: the gap stays shut),
//   W_Tᵀ q̈ + ŵ_T = −αv_T                    (sticking contacts: no relative tangential motion),
// with the model's Baumgarte α, β stabilising the contact rows as they do the joints.
// Compliant contacts take F_N from their normal law; slipping contacts take F_T = −μ_k F_N sgn(v_T),
// which for a rigid contact folds into its normal direction W̃_N = W_N − μ_k sgn(v_T) W_T. A spatial
// contact (two tangent rows) slips along a direction, not a sign (design D8): F_T = −μ_k F_N ŝ with
// ŝ = v_T/|v_T| evaluated at every instant (the exact Coulomb disc while it slides), and, where |v_T|
// is too small to give a direction (the phase's first instants after a slip starts from rest), the
// direction the mode decision chose (slip_direction); W̃_N = W_N − μ_k Σ_t ŝ_t W_T,t.
// The rows are solved together as (C M⁻¹ D) λ = −β − C M⁻¹ f by a complete orthogonal decomposition
// (several sticking corners of a block make the rows dependent; the motion stays unique). When they
// are dependent, the contact forces are indeterminate: every λ + Zα (Z spanning the null space of
// D) gives the same motion. The forces reported are then the admissible distribution of least norm
// (every closed rigid contact pushing, every sticking one inside its cone; solvers/admissible_forces.hpp),
// and the event functions of the contacts involved watch the feasibility margin s* of the whole set:
// the body starts to slip or to tip when no admissible distribution is left, not when one particular
// split leaves a cone.
#pragma once

#include <vector>

#include "assembly/workspace.hpp"
#include "formulations/event_log.hpp"
#include "formulations/simulation_options.hpp"
#include "math/least_squares.hpp"
#include "solvers/admissible_forces.hpp"
#include "state/state.hpp"
#include "math/snapshot.hpp"

namespace stickslip {

// The role of one row of the augmented system.
struct ModalRow {
  enum Kind { bilateral, normal, tangential, joint_stick } kind;
  int index;             // constraint row (bilateral), contact index, or joint index (joint_stick)
  int tangent_row = 0;   // tangential: which tangent row of the contact (spatial contacts have two)
};

// Slip speeds below this give a spatial slip no direction of its own [m/s].
inline constexpr double kSlipDirectionSpeed = 1e-11;

class ModalDynamics {
 public:
  ModalDynamics(const Model& model, const SimulationOptions& options);
  // A stop request, asked inside the redundant contacts' force distribution (StopRequested).
  void on_stop_request(std::function<bool()> should_stop) { admissible_.on_stop_request(std::move(should_stop)); }

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

  // Feasibility margin s* of the indeterminate contact forces [N] (see above) for contact c whose
  // forces are indeterminate, NaN for a contact whose forces are fixed by the motion. `normal`: its
  // normal force is indeterminate (a rigid contact among three or more on one body).
  double redundant_margin(int contact) const { return redundant_margin_[static_cast<std::size_t>(contact)]; }
  bool redundant_normal(int contact) const { return redundant_normal_[static_cast<std::size_t>(contact)] != 0; }

  // How far the motion misses its rows, max |K λ − rhs| / (1 + max |rhs|): rounding, or ~1e-8 where
  // near-dependent directions were left out; large when the modes ask for the impossible (a contact
  // held still that a driver moves).
  double row_residual() const { return row_residual_; }

  // Σ m |g| + 1 N: the size of the contact forces (margins are capped there).
  double force_scale() const { return margin_cap_; }

  // A spatial slipping contact's direction ŝ (unit, in its tangent rows): the one set at the phase's
  // start (the event function of its slip stop watches v_T · ŝ), and the one its friction opposes now
  // (v̂_T, or the start's while |v_T| < kSlipDirectionSpeed). Requires evaluate() for the second.
  void set_slip_direction(int c, const TangentVector& d) { slip_direction_[static_cast<std::size_t>(c)] = d; }
  const TangentVector& slip_direction(int c) const { return slip_direction_[static_cast<std::size_t>(c)]; }
  TangentVector sliding_direction(int c) const;
  int friction_facets() const { return facets_; }

  // Friction coefficients of a contact (0 without friction).
  double mu_static(int contact) const;
  double mu_kinetic(int contact) const;

  // Frictional joints (spatial revolute joints with `friction:`; event_driven/modal_joint_friction.cpp).
  // A sticking joint adds the row "its slip rate stays zero", R θ̈ = 0 (with Baumgarte's α on the slip),
  // whose multiplier is its friction force along the slip row W (the pair of forces at the loaded point
  // of the pin, assembly/spatial_joint_friction.hpp); a slipping joint carries −μ_k F_N sgn(v) along W.
  // F_N and W come from the joint's reaction, so the solve is iterated to a fixed point of λ. Modes:
  // stick, slip+ or slip− per joint (open for joints without friction).
  void set_joint_modes(const std::vector<ContactState>& modes);
  const std::vector<ContactState>& joint_modes() const { return joint_modes_; }
  const std::vector<int>& friction_joints() const { return friction_joints_; }
  double joint_mu_static(int joint) const;
  double joint_mu_kinetic(int joint) const;

  // Checkpoints: modes and approach speeds (event_driven/event_driven_snapshot.cpp).
  void save(Snapshot& snapshot, const std::string& prefix) const;
  void restore(const Snapshot& snapshot, const std::string& prefix);

 private:
  void contact_forces();
  void build_rows();
  void solve(double t);
  void store_multipliers();
  void distribute_redundant();
  void solve_with_joint_friction(double t);  // modal_joint_friction.cpp
  void joint_stick_row(Eigen::Index r, int joint);
  void add_joint_slip_forces();
  void store_joint_friction();

  const Model& model_;
  Stabilization stab_;
  Workspace ws_;
  std::vector<ContactState> modes_;
  std::vector<char> free_tangent_;
  std::vector<ModalRow> rows_;
  std::vector<double> impact_speed_;  // for laws written through e: the approach speed at onset
  std::vector<TangentVector> slip_direction_;  // spatial slips: ŝ at the phase's start
  int facets_ = 8;                             // polygon of indeterminate spatial stick forces
  Mat C_, D_, K_;   // rows × nv, nv × rows, rows × rows
  Vec rhs_, lambda_, col_, minv_f_;
  Eigen::CompleteOrthogonalDecomposition<Mat> cod_;
  Vec g_scratch_, l_scratch_;
  // Indeterminate contact forces (distribute_redundant).
  std::vector<int> normal_row_, tangent_row_;  // per contact: its (first tangent) row in rows_, or −1
  std::vector<double> redundant_margin_;
  std::vector<char> redundant_normal_;
  double margin_cap_ = 1.0;
  double row_residual_ = 0;
  Mat gram_, null_, ineq_, reduced_;
  Vec ineq_b_;
  DependentDirections dependent_;
  solvers::AdmissibleForceSolver admissible_;
  solvers::AdmissibleForces distribution_;
  // Frictional joints: their modes (per joint), which joints, the applied forces before their
  // friction, the multipliers of the last fixed-point round.
  std::vector<ContactState> joint_modes_;
  std::vector<int> friction_joints_;
  Vec f_base_, lambda_previous_;

 public:
  // Approach speed recorded when compliant contact c closed (laws written through e need it).
  void set_impact_speed(int c, double v) { impact_speed_[static_cast<std::size_t>(c)] = v; }
  double impact_speed(int c) const { return impact_speed_[static_cast<std::size_t>(c)]; }
};

}  // namespace stickslip
