// The compliant (smooth) scheme: contact forces from the laws enter an ODE integrated by RK4,
// DOPRI5 or BDF; contact onsets and separations are located on the dense output and the integrator
// restarts there; optional coordinate projection after each step. The step strategy of the run loop
// (formulations/run_loop.hpp): output rows come from the integrator's dense output.
#include <cmath>
#include <cstdio>

#include "math/number_format.hpp"
#include "assembly/constraints.hpp"
#include "assembly/contact_kinematics.hpp"
#include "assembly/projection.hpp"
#include "formulations/compliant/contact_stability.hpp"
#include "formulations/compliant/multibody_ode.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/observer.hpp"
#include "formulations/run_loop.hpp"
#include "formulations/run_monitors.hpp"
#include "formulations/scheme_snapshot.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

class CompliantSteps final : public StepStrategy {
 public:
  CompliantSteps(const Model& model, const SimulationOptions& options, const StepReporter& reporter)
      : model_(model), opt_(options), reporter_(reporter), ode_(model, options),
        scratch_(initial_state(model, options.t_start)) {}

  void set_up() override;
  void log_start() override { log_contacts_closed_at_start(integ_->t(), integ_->y()); }
  double time() const override { return integ_->t(); }
  bool lands_on_output_times() const override {
    // A fixed-step method lands on the output times instead of interpolating, unless its step is
    // longer than the output interval: then it keeps its step and rows come from its dense output.
    return fixed_step_ && opt_.output_interval >= opt_.integrator_options.step;
  }
  double take_step(double t_limit) override;
  StateSample sample(double t) override;
  StateSample current() override { return evaluated(integ_->t(), integ_->y()); }
  void complete_step() override;
  NumericalError diagnose(const NumericalError& e) override;
  void finish(SimulationSummary& summary) override;
  bool resumable() const override { return integ_->saves_history(); }
  void restart_here() override {
    const Vec y = integ_->y();
    integ_->restart(ode_, integ_->t(), y);
  }
  void save(Snapshot& snapshot) const override;
  void restore(const Snapshot& snapshot) override;
  void start_from(const State& s) override { begin_at(assembled_state(model_, ode_.workspace(), s), false); }
  std::string step_limiter() const override {
    std::vector<char> closed(model_.contacts.size());
    for (std::size_t c = 0; c < closed.size(); ++c) closed[c] = ode_.contact_closed(static_cast<int>(c));
    return state_component_owner(model_, integ_->limiting_component(), &closed);
  }

 private:
  void warn(const std::string& message) { reporter_.warn(message); }
  StateSample evaluated(double t, const Vec& y) {
    ode_.evaluate(t, y);
    return {ode_.state(), ode_.workspace(), nullptr, &ode_.shape_points()};
  }
  void begin_at(const State& s, bool first);
  void project(double t, Vec& y);
  void apply_contact_event();
  void check_drift(const Integrator& integ);
  void check_step_stability(double t);
  void warn_if_unstable(double t, int contact, double rate, double penetration, const char* which);
  void note_contact_mass(double t, int contact, const Vec& y);
  void log_contact_event(double t, int contact, const Vec& y);
  void log_contacts_closed_at_start(double t, const Vec& y);

  const Model& model_;
  const SimulationOptions& opt_;
  StepReporter reporter_;
  MultibodyOde ode_;
  std::unique_ptr<Integrator> integ_;
  State scratch_;
  Vec y_out_;
  long contact_events_ = 0;
  double last_event_t_ = -1e300;
  double drift_limit_ = 1e-2;  // ‖Φ‖∞ beyond which the run stops (set from the model's size in set_up())
  int events_at_instant_ = 0;
  bool fixed_step_ = false;
  // The event found in the last step (applied by complete_step()).
  bool event_pending_ = false;
  double event_t_ = 0;
  int event_contact_ = -1;
  std::vector<double> contact_inverse_mass_;  // 1/m_eff at each contact's last onset (fixed step only)
  std::vector<char> stiffness_warned_;
  static constexpr int kMaxEventsAtOneInstant = 200;
};

void CompliantSteps::project(double t, Vec& y) {
  ode_.unpack(t, y, scratch_);
  project_positions(model_, scratch_, ode_.workspace(), opt_.projection_tolerance, 10);
  project_velocities(model_, scratch_, ode_.workspace());
  ode_.pack(scratch_, y);
}

// A row inside the last step, from the dense output (projected when the run projects).
StateSample CompliantSteps::sample(double t) {
  integ_->interpolate(t, y_out_);
  if (opt_.projection) project(t, y_out_);
  return evaluated(t, y_out_);
}

double CompliantSteps::take_step(double t_limit) {
  integ_->step(ode_, t_limit);
  check_drift(*integ_);
  if (fixed_step_) check_step_stability(integ_->t());
  // A contact that closed or opened inside the step: the step is kept up to the event.
  event_pending_ = ode_.has_contacts() && ode_.find_contact_event(*integ_, event_t_, event_contact_);
  return event_pending_ ? event_t_ : integ_->t();
}

void CompliantSteps::complete_step() {
  if (event_pending_) {
    apply_contact_event();
    return;
  }
  if (opt_.projection) {
    Vec y = integ_->y();
    project(integ_->t(), y);
    integ_->set_state(ode_, y);
  }
  if (ode_.has_joint_contacts()) {
    Vec y = integ_->y();
    if (ode_.stop_sticking_joints(integ_->t(), y)) integ_->set_state(ode_, y);
  }
  if (ode_.has_contacts()) ode_.after_step(integ_->t(), integ_->y());
}

// A contact that closed or opened inside the last step: update the contact at the event and restart
// the integrator from it.
void CompliantSteps::apply_contact_event() {
  event_pending_ = false;
  const double t_event = event_t_;
  const int contact = event_contact_;
  // Events that keep coming at one instant (a contact closing and opening again within rounding, as
  // with an extreme stiffness) would never let time advance: stop with a clear message.
  if (t_event == last_event_t_) {
    if (++events_at_instant_ > kMaxEventsAtOneInstant) {
      throw NumericalError(t_event, "contact " + model_.contacts[static_cast<std::size_t>(contact)].name,
                           std::string("the contact opens and closes over and over at one instant (chattering): its law "
                                       "is too stiff for the integrator's resolution; ") +
                               (fixed_step_ ? "with rk4, take a step that resolves the contact (several steps per "
                                              "contact period) or use --integrator dopri5 or bdf"
                                            : "soften it or use --integrator bdf"));
    }
  } else {
    events_at_instant_ = 0;
    last_event_t_ = t_event;
  }
  Vec y;
  integ_->interpolate(t_event, y);
  log_contact_event(t_event, contact, y);
  ode_.on_contact_event(t_event, contact, y);
  if (ode_.last_event() == MultibodyOde::ContactEvent::onset && ode_.contact_closed(contact)) {
    note_contact_mass(t_event, contact, y);
  }
  integ_->restart(ode_, t_event, y);
  ++contact_events_;
}

void CompliantSteps::log_contact_event(double t, int contact, const Vec& y) {
  if (!reporter_.events) return;
  ode_.evaluate(t, y);
  const ContactKinematics& k = ode_.workspace().contacts[static_cast<std::size_t>(contact)];
  EventRecord e;
  e.t = t;
  e.contact = model_.contacts[static_cast<std::size_t>(contact)].name;
  // stick or slip± from the slip velocity (a spatial contact: its slip speed)
  const ContactState moving = contact_state(1.0, state_slip(model_.contacts[static_cast<std::size_t>(contact)], k));
  if (ode_.last_event() == MultibodyOde::ContactEvent::stick_band) {
    e.kind = "stick";
    e.from = moving;
    e.to = ContactState::stick;
  } else if (ode_.last_event() == MultibodyOde::ContactEvent::band_exit) {
    e.kind = "slip";
    e.from = ContactState::stick;
    e.to = moving;
  } else if (ode_.contact_closed(contact)) {
    e.kind = "separation";
    e.from = moving;
    e.to = ContactState::open;
  } else {
    e.kind = "onset";
    e.from = ContactState::open;
    e.to = moving;
    e.vn_before = k.vn;
  }
  reporter_.events->write(e);
}

// Contacts that act from the first instant get an onset at t_start, as in the other schemes, so that
// every separation in the log has its onset.
void CompliantSteps::log_contacts_closed_at_start(double t, const Vec& y) {
  ode_.evaluate(t, y);
  for (std::size_t c = 0; c < model_.contacts.size(); ++c) {
    if (!ode_.contact_closed(static_cast<int>(c))) continue;
    ++contact_events_;
    if (!reporter_.events) continue;
    const ContactKinematics& k = ode_.workspace().contacts[c];
    EventRecord e;
    e.t = t;
    e.contact = model_.contacts[c].name;
    e.kind = "onset";
    e.from = ContactState::open;
    e.to = contact_state(1.0, state_slip(model_.contacts[c], k));
    e.vn_before = k.vn;
    reporter_.events->write(e);
  }
}

void CompliantSteps::note_contact_mass(double t, int contact, const Vec& y) {
  if (!fixed_step_) return;
  const double inverse_mass = ode_.contact_inverse_mass(contact, t, y);
  contact_inverse_mass_[static_cast<std::size_t>(contact)] = inverse_mass;
  // Before the contact is integrated: the rate at the penetration it is expected to reach.
  const Contact& c = model_.contacts[static_cast<std::size_t>(contact)];
  if (!c.compliant() || !(inverse_mass > 0)) return;
  ode_.evaluate(t, y);
  const double approach = std::max(-ode_.workspace().contacts[static_cast<std::size_t>(contact)].vn, 0.0);
  const double mass = 1 / inverse_mass;
  const double depth = expected_penetration(*c.normal, approach, mass, model_.gravity.norm());
  warn_if_unstable(t, contact, contact_rate(*c.normal, depth, mass, approach), depth, "expected");
}

// A fixed-step RK4 diverges on a contact whose rate ρ (contact_stability.hpp: √(k/m_eff), or the
// damping's c/m_eff when it dominates) exceeds about 2.8/h: say so once per contact, at its onset
// (from the penetration it is expected to reach) or after a step (at the penetration it has),
// instead of writing an exploding contact as results. m_eff is taken at the onset.
void CompliantSteps::check_step_stability(double t) {
  for (std::size_t c = 0; c < model_.contacts.size(); ++c) {
    const Contact& contact = model_.contacts[c];
    const double inverse_mass = contact_inverse_mass_[c];
    if (stiffness_warned_[c] || !contact.compliant() || !ode_.contact_closed(static_cast<int>(c)) ||
        !(inverse_mass > 0)) {
      continue;
    }
    const ContactKinematics& kin = ode_.workspace().contacts[c];
    const double penetration = std::max(-kin.gap, 0.0);
    warn_if_unstable(t, static_cast<int>(c), contact_rate(*contact.normal, penetration, 1 / inverse_mass, -kin.vn),
                     penetration, "current");
  }
}

void CompliantSteps::warn_if_unstable(double t, int contact, double rate, double penetration, const char* which) {
  const double h = opt_.integrator_options.step;
  const std::size_t c = static_cast<std::size_t>(contact);
  if (stiffness_warned_[c] || !(h * rate > kRk4StabilityLimit)) return;
  stiffness_warned_[c] = 1;
  char text[500];
  std::snprintf(text, sizeof text,
                "t = %.6g s, contact %s: the step %.3g s is beyond rk4's stability limit for the contact "
                "(h·ρ = %.3g > 2.78, with ρ = %.4g /s from its law at the %s penetration %.3g m and the mass %.4g kg "
                "it drives): its results are unreliable; use a step well below %.3g s, or --integrator dopri5 or bdf",
                t, model_.contacts[c].name.c_str(), h, h * rate, rate, which, penetration,
                1 / contact_inverse_mass_[c], kRk4StabilityLimit / rate);
  warn(text);
}

// After a step the last evaluation was at its end (FSAL, or the step's final stage): a constraint
// violation far beyond any integration error means the mechanism locked up or the step is too large
// for it; stop before such a state is written as results.
void CompliantSteps::check_drift(const Integrator& integ) {
  if (model_.n_constraints == 0) return;
  if (ode_.workspace().phi.cwiseAbs().maxCoeff() <= drift_limit_) return;
  // The workspace holds the last stage evaluated (the step's end for rk4 and dopri5, a Newton iterate
  // for bdf): confirm at the accepted state before stopping the run.
  const double t = integ.t();
  ode_.evaluate(t, integ.y());
  const Vec& phi = ode_.workspace().phi;
  Eigen::Index row = 0;
  const double worst = phi.cwiseAbs().maxCoeff(&row);
  if (worst > drift_limit_) {
    const std::string owner = constraint_row_owner(model_, static_cast<int>(row));
    Eigen::Index pushing = 0;
    const double largest = ode_.workspace().lambda.cwiseAbs().maxCoeff(&pushing);
    throw NumericalError(t, owner,
                         "the constraint of " + owner + " is violated by " + number_text(worst, 3) +
                             " while the largest constraint force (" + number_text(largest, 3) + ") acts in " +
                             constraint_row_owner(model_, static_cast<int>(pushing)) +
                             ": a lock-up, or a step too large for the motion");
  }
}

// An integrator that gives up (step size underflow) at a lock-up: name the constraint that carries
// the largest force there.
NumericalError CompliantSteps::diagnose(const NumericalError& e) {
  if (e.element() != "integrator" || model_.n_constraints == 0 || !integ_) return e;
  const Integrator& integ = *integ_;
  try {
    ode_.evaluate(integ.t(), integ.y());
  } catch (const NumericalError& inner) {
    return NumericalError(e.t(), inner.element(), std::string(e.what()) + "; " + inner.what());
  }
  Eigen::Index row = 0;
  const double largest = ode_.workspace().lambda.cwiseAbs().maxCoeff(&row);
  const std::string owner = constraint_row_owner(model_, static_cast<int>(row));
  return NumericalError(e.t(), e.element(),
                        std::string(e.what()) + "; the largest constraint force there (" + number_text(largest, 3) +
                            ") acts in " + owner + ": a lock-up or singular configuration of it is the likely cause");
}

void CompliantSteps::set_up() {
  integ_ = make_integrator(opt_.integrator, opt_.integrator_options);
  fixed_step_ = opt_.integrator == "rk4";
  if (opt_.projection && opt_.integrator == "bdf") {
    warn("projection restarts bdf at order 1 after every step, which makes it very slow; prefer baumgarte with bdf");
  }
  State s0 = assembled_initial_state(model_, opt_, ode_.workspace(), reporter_.warn);
  // 1 % of the model's size (its largest initial coordinate, at least 1 m or 1 rad).
  drift_limit_ = 1e-2 * std::max(1.0, s0.q.cwiseAbs().maxCoeff());
  contact_inverse_mass_.assign(model_.contacts.size(), NAN);
  stiffness_warned_.assign(model_.contacts.size(), 0);
  begin_at(s0, true);
}

// The contacts closed at s (their onsets at s.t), the integrator started there.
void CompliantSteps::begin_at(const State& s, bool first) {
  Vec y;
  ode_.pack(s, y);
  ode_.begin(s.t, y);
  for (std::size_t c = 0; c < model_.contacts.size(); ++c) {
    if (ode_.contact_closed(static_cast<int>(c))) note_contact_mass(s.t, static_cast<int>(c), y);
  }
  if (first) {
    integ_->reset(ode_, s.t, y);
  } else {
    integ_->restart(ode_, s.t, y);  // the method picks a first step suited to the new state
  }
}

void CompliantSteps::save(Snapshot& snapshot) const {
  integ_->save(snapshot, "integrator.");
  ode_.save(snapshot, "ode.");
  snapshot.put_integer("compliant.contact_events", contact_events_);
  snapshot.put("compliant.last_event_t", last_event_t_);
  snapshot.put_integer("compliant.events_at_instant", events_at_instant_);
  snapshot.put("compliant.drift_limit", drift_limit_);
  snapshot.put_reals("compliant.contact_inverse_mass", contact_inverse_mass_);
  save_flags(snapshot, "compliant.stiffness_warned", stiffness_warned_);
}

void CompliantSteps::restore(const Snapshot& snapshot) {
  integ_ = make_integrator(opt_.integrator, opt_.integrator_options);
  fixed_step_ = opt_.integrator == "rk4";
  const std::size_t nc = model_.contacts.size();
  ode_.restore(snapshot, "ode.");
  contact_events_ = snapshot.integer("compliant.contact_events");
  last_event_t_ = snapshot.real("compliant.last_event_t");
  events_at_instant_ = static_cast<int>(snapshot.integer("compliant.events_at_instant"));
  drift_limit_ = snapshot.real("compliant.drift_limit");
  contact_inverse_mass_ = restore_reals(snapshot, "compliant.contact_inverse_mass", nc);
  stiffness_warned_ = restore_flags(snapshot, "compliant.stiffness_warned", nc);
  integ_->restore(ode_, snapshot, "integrator.");
}

void CompliantSteps::finish(SimulationSummary& summary) {
  summary.stats = integ_->stats();
  summary.contact_events = contact_events_;
  summary.newton_solves = ode_.joint_friction_stats().solves;
  summary.newton_iterations = ode_.joint_friction_stats().iterations;
  summary.newton_max_iterations = ode_.joint_friction_stats().max_iterations;
  summary.joint_contact_analysis = ode_.has_joint_contacts();
}

}  // namespace

std::unique_ptr<StepStrategy> make_compliant_steps(const Model& model, const SimulationOptions& options,
                                                   const StepReporter& reporter) {
  return std::make_unique<CompliantSteps>(model, options, reporter);
}

}  // namespace stickslip
