// One step of the velocity-impulse time-stepping scheme (Moreau 1988; Jean 1999; Acary & Brogliato
// 2008, ch. 10; Stewart & Trinkle 1996 and Anitescu & Potra 1997 for the position-level variant),
// for a model whose contacts are rigid. From (t_k, q_k, v_k) and the step h:
//   1. midpoint  t_m = t_k + θh, q_m = q_k ⊕ θh v_k; there: body kinematics, applied forces f,
//      constraints (Φ, G), contact kinematics (gaps, W_N, W_T);
//   2. free velocity  v_free = v_k + h W̃⁻¹ f  (W̃ = M, or M − hθC − h²θ²K with spring elements),
//      the gyroscopic term of spatial bodies at ω_θ = (1 − θ) ω_k + θ ω⁺ (implicit_gyroscopic.cpp);
//   3. one complementarity problem in impulses (impulse_problem.hpp):
//        bilateral rows  G v⁺ + Φ_t = −β ê / h,  ê = Φ_m + (1 − 2θ) h Φ̇_m (the position error the
//                        step would leave with Φ̇⁺ = 0);
//        contacts active when g_N(q_m) <= activation_gap (Moreau-Jean), or when their gap can
//        close within the step (Stewart-Trinkle), with
//          Moreau-Jean:      0 <= P_N ⟂ v_N⁺ + e_N min(v_N⁻, 0) + [persistent] max(ĝ, 0)/h >= 0
//                            (Newton's impact law; a contact closed in the previous step may also
//                            close the gap the velocity-level scheme lets drift open),
//          Stewart-Trinkle:  0 <= P_N ⟂ v_N⁺ + ĝ / h >= 0, ĝ = g_m + (1 − 2θ) h v_N (β ĝ if ĝ < 0),
//        and Coulomb's law |P_T| <= μ P_N on v_T⁺ (μ_s for a contact that stuck in the previous
//        step, μ_k otherwise);
//   4. v⁺ = v_free + W̃⁻¹ Hᵀ P (with spinning bodies in rows, 3-4 repeat until their Euler equations
//      hold at ω⁺: implicit_gyroscopic.cpp),  q_{k+1} = q_k ⊕ h((1 − θ) v_k + θ v⁺)  [optional projection of q]
//      (⊕: the kinematic map, assembly/kinematic_map.hpp; planar q_k + h(...)).
// Contacts between shapes (model/shapes.hpp): at the midpoint the collision detection finds every point
// closer than simulation.time_stepping.contact_margin; each becomes a contact block of this step after
// the model's contacts (time_stepping/shape_points_step.cpp), its impulses, stick state and tangent
// carried over from the previous step when the point persists (the same identity), and the problem is
// laid out again when the points' bodies change.
// Frictional spatial prismatic joints (Qi, Luo & Huang 2011) add their axial friction impulses
// h η after step 3 (joint_contact_step.cpp), frictional revolute, spherical and cylindrical joints
// their Coulomb friction impulses (joint_friction_step.cpp). v_N⁻ and v⁺-relative velocities include the known velocities of prescribed bodies at t_k and
// t_{k+1}. Nothing is allocated inside step() once the stepper exists.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "assembly/shape_contacts.hpp"
#include "assembly/workspace.hpp"
#include "formulations/event_log.hpp"
#include "formulations/observer.hpp"
#include "formulations/time_stepping/impulse_problem.hpp"
#include "formulations/time_stepping/stick_slip_decision.hpp"
#include "formulations/time_stepping/support_split.hpp"
#include "formulations/simulation_options.hpp"
#include "state/state.hpp"
#include "math/snapshot.hpp"

namespace stickslip {

class TimeStepper {
 public:
  // Throws ModelError for what the scheme cannot take: compliant contacts, friction laws with an
  // internal state, joint friction. Laws it approximates are listed in warnings().
  TimeStepper(const Model& model, const SimulationOptions& options);

  const std::vector<std::string>& warnings() const { return warnings_; }
  // Starts from s (assembled): contacts touching with |v_T| small start as sticking.
  void reset(const State& s);
  // The same between two steps of a run (a state set from outside): the step count goes on.
  void restart(const State& s) {
    const long steps = steps_;
    reset(s);
    steps_ = steps;
  }
  // One step from state().t to t_next. Throws NumericalError (time, element) on failure.
  void step(double t_next);

  const State& state() const { return s_; }
  long steps() const { return steps_; }
  const ContactState* contact_states() const { return state_.data(); }
  // The contacts of the last step: the model's, then the shape points (contact(c) for c >= the
  // model's count is a shape point, valid until the next step).
  int contact_count() const { return explicit_ + shapes_.size(); }
  const Contact& contact(int c) const {
    return c < explicit_ ? model_.contacts[static_cast<std::size_t>(c)] : shapes_.contact(c - explicit_);
  }
  // An explicit contact's name, or a shape point's "<shape_i>|<shape_j>#<id>" (the event log's).
  std::string contact_name(int c) const;
  // The shape points of the last step as an output row shows them (evaluate_output fills them).
  const std::vector<ShapePointView>& shape_points() const { return views_; }
  const ShapeContacts& shape_contacts() const { return shapes_; }
  // The last step's impulses as reported: the solver's, each redundant support's share chosen
  // (support_split.hpp). problem().impulses() are the solver's.
  const SupportSplit& support_split() const { return support_split_; }
  // Shape points of the step before the last that the last one did not find again, with their state then.
  struct VanishedPoint {
    int shape_i, shape_j, id;
    ContactState state;
  };
  const std::vector<VanishedPoint>& vanished_points() const { return vanished_; }
  ContactState contact_state(int c) const { return state_[static_cast<std::size_t>(c)]; }
  ContactState previous_contact_state(int c) const { return previous_[static_cast<std::size_t>(c)]; }
  // Normal relative velocity of a contact before the last step (at t_k) and after it.
  double normal_velocity_before(int c) const { return vn_before_[static_cast<std::size_t>(c)]; }
  double normal_velocity_after(int c) const { return vn_after_[static_cast<std::size_t>(c)]; }

  // Evaluates the workspace at state() for an output row: kinematics, constraints and contacts at
  // the current state; λ and the contact forces are the last step's impulses divided by its length.
  void evaluate_output();
  Workspace& workspace() { return ws_; }
  const ImpulseProblem& problem() const { return problem_; }
  // The implicit gyroscopic term (implicit_gyroscopic.cpp): complementarity problems solved again
  // because a spinning body's Euler equations moved its velocity, and steps whose iteration stopped
  // at its cap.
  long gyroscopic_resolves() const { return gyroscopic_resolves_; }
  long gyroscopic_unconverged() const { return gyroscopic_unconverged_; }
  // Called with each contact problem left above the tolerance, before `unconverged: error` throws.
  void on_unconverged(std::function<void(const ContactProblemRecord&)> receiver);
  // A stop request, asked inside long contact solves (ImpulseProblem::on_stop_request).
  void on_stop_request(std::function<bool()> should_stop) { problem_.on_stop_request(std::move(should_stop)); }

  // Checkpoints: the state, the contact states, the impulses that warm-start the next step and the
  // step count (time_stepping/stepper_snapshot.cpp).
  void save(Snapshot& snapshot, const std::string& prefix) const;
  void restore(const Snapshot& snapshot, const std::string& prefix);

 private:
  void check_model();
  void check_joint_contact(std::size_t joint) const;
  void check_joint_friction(std::size_t joint);
  void predict(double h);
  void free_velocity(const Vec& v_base, double weight, double c_damping, double c_stiffness, double h);
  // generalized_alpha.cpp
  void set_up_alpha();
  void start_alpha();
  void alpha_free_velocity(double h);
  void advance_alpha(double h);
  void fill_bilateral_rows(double h);
  void fill_contact_rows(double h);
  // The part of a contact's relative velocity due to bodies that are not dynamic (prescribed
  // motion; fixed bodies do not move).
  double known_velocity(int c, ContactDirection d, const std::vector<BodyVector>& body_velocity) const {
    return prescribed_contact_[static_cast<std::size_t>(c)] ? prescribed_velocity_term(c, d, body_velocity) : 0.0;
  }
  double prescribed_velocity_term(int c, ContactDirection d, const std::vector<BodyVector>& body_velocity) const;
  void prescribed_velocities(double t, std::vector<BodyVector>& out) const;
  // Stick/slip (stick_slip_decision.hpp): what contact c's step left, whether it closed, and the
  // tighter solve of a step whose decisions hang on an iterative solve's leftover.
  ContactOutcome contact_outcome(int c) const;
  bool contact_closed(int c, double h) const;
  void refine_hanging_decisions(double h);
  void update_contact_states(double h);
  const ContactKinematics& kinematics(int c) const {
    return c < explicit_ ? ws_.contacts[static_cast<std::size_t>(c)] : shapes_.kinematics(c - explicit_);
  }
  // shape_points_step.cpp
  void check_shape_laws();
  void carry_shape_points();
  void adopt_shape_points();
  void size_contact_arrays();
  void set_shape_laws(int c);
  void lay_out_shape_rows();
  void warm_start_shape_points();
  void record_shape_points(double inv_h);
  bool closing_targets(double h);             // gap_closure.cpp
  void shift_by_closing_velocity(double t, double h);  // gap_closure.cpp
  int lone_active_contact() const;                     // gap_closure.cpp
  void add_joint_contact_friction(double h);  // joint_contact_step.cpp
  void set_up_joint_friction();                // joint_friction_step.cpp
  void add_joint_friction(double h, bool warm = false);
  void settle_joint_friction_with_contacts(double h);
  bool any_contact_active() const;
  void joint_friction_columns(double h);
  double settle_joint_friction(std::size_t k, double h);
  // implicit_gyroscopic.cpp
  void list_spinning_bodies();
  void begin_gyroscopic_step();
  double correct_spins(const Vec& v, double h, double t);
  bool free_velocity_change_moves_rows(const Vec& change);
  void settle_gyroscopic_term(double t, double h);
  void throw_if_not_finite(double t) const;
  [[noreturn]] void throw_unconverged(double t) const;
  void report_unconverged(double t);

  const Model& model_;
  TimeSteppingOptions opt_;
  bool projection_ = false;
  double projection_tolerance_ = 1e-12;
  std::vector<std::string> warnings_;
  Workspace ws_;
  ImpulseProblem problem_;
  std::function<void(const ContactProblemRecord&)> unconverged_receiver_;
  ContactProblemRecord unconverged_record_;
  bool implicit_ = false;
  bool alpha_ = false;   // method: generalized_alpha (generalized_alpha.cpp)
  double theta_ = 0.5;   // the weight of v⁺ in the positions: θ, or β/γ of the generalized-α method
  // The gyroscopic term's weight relative to h and its θ in the Euler step: 1 and θ for the θ-method,
  // γ(1 − α_f)/(1 − α_m) and 1 (the step's end) for the generalized-α method.
  double gyroscopic_weight_ = 1.0, gyroscopic_theta_ = 0.5;

  State s_, mid_;
  Vec v_free_, v_new_, scratch_;
  Vec v_position_;  // the velocity that moves the positions over a step: (1 − θ) v_k + θ v⁺
  Mat K_, C_, iteration_matrix_;
  Eigen::LDLT<Mat> ldlt_;
  std::vector<BodyVector> velocity_pre_, velocity_post_;  // prescribed bodies at t_k and t_{k+1}
  std::vector<int> prescribed_bodies_;
  std::vector<unsigned char> prescribed_contact_;  // per contact: touches a prescribed body (known velocity)
  std::vector<double> restitution_, mu_static_, mu_kinetic_;
  std::vector<ContactState> state_, previous_;
  // A new shape point that touches with no slip (a part resting where the detection first finds it):
  // it starts its first step held by μ_s, as a contact that stuck does (shape_points_step.cpp).
  std::vector<char> new_at_rest_;
  bool starts_stuck(std::size_t k) const { return state_[k] == ContactState::stick || new_at_rest_[k]; }
  std::vector<double> vn_before_, vn_after_;
  std::vector<double> gap_predicted_;  // ĝ of each contact in the last step
  std::vector<char> closing_fit_;      // rows the closing velocity is fitted to (gap_closure.cpp)
  Vec closing_target_, closing_velocity_;  // their targets H_r y, and y
  std::vector<double> slip_start_;     // ṡ of each frictional prismatic joint at the step's start
  // Frictional spatial joints (joint_friction_step.cpp): which, their first column in W, and W, D,
  // B, η, the bilateral impulses before and with the friction, v⁺, and scratch.
  std::vector<int> friction_joints_, friction_column_;
  Mat friction_W_, friction_D_, friction_B_;
  Vec friction_eta_, friction_p0_, friction_p_, friction_v_, friction_rhs_, friction_x_;
  // With contacts (settle_joint_friction_with_contacts): the friction's generalised impulse W η that
  // v_free_ carries, and scratch (nv).
  Vec friction_applied_, friction_change_;
  // Spatial dynamic bodies whose principal moments differ (the gyroscopic term of an isotropic body
  // is zero): where their velocities sit, J, ω_k, and the gyroscopic impulse −h ω_θ × Jω_θ of the step.
  struct SpinningBody {
    int body = -1, offset = -1;  // index in Model::bodies, v_offset of ω
    Vec3 inertia, omega_start, impulse;
  };
  std::vector<SpinningBody> spinning_;
  // The generalized-α method (generalized_alpha.cpp): its coefficients, the pseudo-acceleration a_n
  // and smooth acceleration ẍ_n carried from step to step, the step's a_{n+1} without forces A0 and
  // velocity without forces V0, the shift of the positions over h, and the state the forces are
  // linearised about (q_n ⊕ h v_n, v_n, t_{n+1}).
  double alpha_m_ = 0, alpha_f_ = 0, gamma_ = 0.5, beta_ = 0.25;
  Vec accel_, smooth_accel_, alpha_base_, alpha_shift_, alpha_start_;  // nv
  State end_;
  Vec spin_change_;  // the change of the gyroscopic impulses (rotational rows) or of v it makes   nv
  long gyroscopic_resolves_ = 0, gyroscopic_unconverged_ = 0;
  double last_h_ = 0;
  long steps_ = 0;

  // Shape contacts (shape_points_step.cpp): the points of the last step follow the model's contacts.
  ShapeContacts shapes_;
  int explicit_ = 0;                  // model.contacts.size()
  double margin_ = 0;                 // detection margin [m]
  std::vector<int> base_tangent_rows_;          // the model's contacts' blocks
  std::vector<RowBodies> base_row_bodies_;      // the bilateral rows' and the model's contacts' bodies
  std::vector<int> layout_tangent_rows_;        // the problem's current layout
  std::vector<RowBodies> layout_row_bodies_;
  std::vector<std::array<int, 2>> layout_bodies_;  // the shape points' bodies in that layout
  std::vector<ContactState> carried_state_;  // per point of the last step, into the next
  std::vector<double> carried_normal_;
  std::vector<Vec3> carried_friction_;       // the friction impulse, world
  std::vector<char> persisted_;
  Vec kept_impulses_;                        // the bilateral and model rows' impulses across a relayout
  std::vector<ShapePointView> views_;
  std::vector<VanishedPoint> vanished_;
  SupportSplit support_split_;  // the shape points' reported impulses (support_split.hpp)
};

}  // namespace stickslip
