// The smooth (compliant) formulation as a first-order ODE for the integrators:
//   y = [q; v; z],  ẏ = [v; q̈(t, q, v, z); ż],
// with q̈ from the Lagrange equations of the first kind at every evaluation and z the internal states
// of friction laws (bristles). The pipeline of one evaluation reads top to bottom in evaluate():
//   kinematics → applied forces → contact kinematics → contact forces → constraints →
//   accelerations (KKT; Newton on λ when joints have friction) [→ Karnopp stick forces, again:
//   karnopp_stage.cpp, which holds several contacts together whenever some admissible distribution
//   of their forces exists].
// Contact onsets and separations are events: the simulation loop locates them on the dense output
// and restarts there, so laws written through a restitution coefficient get the true approach
// speed and no step straddles the kink of the contact force.
// Contacts between shapes (model/shapes.hpp; shape_contact_forces.cpp) are found at every
// evaluation, every point that overlaps pushing with its pair's normal law on its penetration and
// rate, F_N = law(δ = −g, δ̇ = −ġ), and stateless friction on its slip; they act by overlap, so
// their onsets are not events.
#pragma once

#include <vector>

#include "assembly/joint_friction.hpp"
#include "assembly/shape_contacts.hpp"
#include "assembly/workspace.hpp"
#include "formulations/observer.hpp"
#include "formulations/simulation_options.hpp"
#include "integrators/integrator.hpp"
#include "math/least_squares.hpp"
#include "solvers/admissible_forces.hpp"
#include "solvers/proximal_newton.hpp"
#include "state/state.hpp"
#include "math/snapshot.hpp"

namespace stickslip {

class MultibodyOde final : public OdeSystem {
 public:
  // Throws ModelError for contacts this formulation cannot integrate (rigid, set-valued friction).
  MultibodyOde(const Model& model, const SimulationOptions& options);

  int dimension() const override { return model_.nq + model_.nv + model_.nz; }
  void derivative(double t, const Vec& y, Vec& dydt) override;
  // Caps a step at twice the time an open contact needs to close, so no onset is stepped over.
  double max_step(double t, const Vec& y) override;
  // Friction states are scaled by their law's state_scale() (bristle deflections are ~μ/σ0).
  void tolerance_scales(Vec& scales) const override;

  void pack(const State& s, Vec& y) const;
  void unpack(double t, const Vec& y, State& s) const;

  // Runs every stage at (t, y) so the workspace holds λ, forces and Φ for that instant.
  void evaluate(double t, const Vec& y);

  // Contact bookkeeping (no-ops without compliant contacts).
  bool has_contacts() const { return !model_.contacts.empty(); }
  void begin(double t, const Vec& y);  // marks contacts closed at the start
  // Earliest contact event inside the integrator's last step: an open contact closing (onset) or a
  // closed one opening (separation); both are kinks of the contact force that an explicit
  // integrator should not step across.
  bool find_contact_event(const Integrator& integ, double& t_event, int& contact);
  // At an onset: records the approach speed and resets the contact's friction states in y;
  // at a separation: marks the contact open; when a Karnopp contact's slip velocity enters the law's
  // band (|v_T| < dv): sets v_T to zero (the law treats the band as stuck; without the reset the
  // velocity would sit on the band's edge and the force jump at every step).
  void on_contact_event(double t, int contact, Vec& y);
  enum class ContactEvent { onset, separation, stick_band, band_exit };
  ContactEvent last_event() const { return last_event_; }
  void after_step(double t, const Vec& y);  // contacts that separated
  // Frictional prismatic joints (Qi, Luo & Huang 2011) that stick inside their rest band: sets their
  // sliding speed to exactly zero in y (the least M-weighted change that also keeps the joints'
  // velocities), so a stuck joint does not creep at the band's speed. Returns whether y changed.
  bool has_joint_contacts() const { return !ws_.joint_contacts.empty(); }
  bool stop_sticking_joints(double t, Vec& y);
  // Inverse of the mass a contact's normal force drives, 1/m_eff, at (t, y) with the joints holding;
  // with the law's stiffness it gives the contact's frequency ω = √(k/m_eff).
  double contact_inverse_mass(int contact, double t, const Vec& y);

  const Model& model() const { return model_; }
  Workspace& workspace() { return ws_; }
  const Workspace& workspace() const { return ws_; }
  const State& state() const { return state_; }
  const JointFrictionStats& joint_friction_stats() const { return jf_stats_; }
  // The shape contacts' points at the last evaluation.
  const std::vector<ShapePointView>& shape_points() const { return views_; }
  bool contact_closed(int c) const { return closed_[static_cast<std::size_t>(c)] != 0; }

  // Checkpoints (math/snapshot.hpp): the contacts' bookkeeping, the workspace's warm start and the
  // joint-friction counters (compliant/ode_snapshot.cpp).
  void save(Snapshot& snapshot, const std::string& prefix) const;
  void restore(const Snapshot& snapshot, const std::string& prefix);

 private:
  std::string first_non_finite_body(const Vec& y) const;
  void contact_stage(double t);
  void shape_contact_stage();  // shape_contact_forces.cpp
  void solve_stage(double t);
  void karnopp_stage(double t);  // karnopp_stage.cpp
  Vec hold_forces(const Mat& delta, const Vec& accel, const Vec& bound);
  Vec hold_forces_on_discs(const Mat& delta, const Vec& accel, const Vec& bound);  // karnopp_stage.cpp
  double activity(std::size_t k, const ContactKinematics& kin) const;
  double activity_at(double t, const Vec& y, int contact);
  double band_margin(double t, const Vec& y, int contact);  // |v_T| − dv of a Karnopp contact
  void stop_slip(int contact, Vec& y, double t);
  void joint_and_contact_rows(int contact, bool normal, double t, const Vec& y, Mat& C, Vec& r);

  const Model& model_;
  Stabilization stab_;
  Workspace ws_;
  State state_;  // scratch: the state being evaluated
  Vec zdot_;
  std::vector<double> impact_speed_;  // approach speed recorded at onset, NaN while open
  std::vector<char> closed_;
  std::vector<double> stick_force_;   // Karnopp stick forces, two per contact (NaN: not needed)
  bool any_stick_force_law_ = false;
  std::vector<int> band_;  // Karnopp contacts inside their stick band (karnopp_stage)
  Vec w_scratch_, g_scratch_, l_scratch_;
  JointFrictionStats jf_stats_;
  Vec y_probe_;
  DependentDirections dependent_;  // the Karnopp stage's (karnopp_stage.cpp)
  solvers::LemkeSolver lemke_;
  solvers::AdmissibleForceSolver admissible_;
  solvers::AdmissibleForces distribution_;
  solvers::ProximalNewton disc_stage_;  // spatial contacts' stick forces on their discs (karnopp_stage.cpp)
  ContactEvent last_event_ = ContactEvent::onset;
  ShapeContacts shapes_;
  std::vector<ShapePointView> views_;
};

// The laws of shape contacts the compliant scheme takes (shape_contact_forces.cpp): a normal force
// law that does not need the approach speed at onset, friction without a state or a stick force.
void check_compliant_shape_laws(const Model& model);

}  // namespace stickslip
