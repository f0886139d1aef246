// The compliant (smooth) scheme: contact forces from the laws enter an ODE integrated by RK4,
// DOPRI5 or BDF; contact onsets and separations are located on the dense output and the integrator
// restarts there; optional coordinate projection after each step.
#include "formulations/simulation.hpp"

#include "assembly/constraints.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>

#include "assembly/projection.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/compliant/multibody_ode.hpp"
#include "formulations/observer.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

class SimulationRun {
 public:
  SimulationRun(const Model& model, const SimulationOptions& options, OutputSink& sink,
                const SimulationCallbacks& callbacks, EventSink* events)
      : model_(model), opt_(options), sink_(sink), cb_(callbacks), events_(events), ode_(model, options), observer_(model),
        scratch_(initial_state(model, options.t_start)) {}

  SimulationSummary run();

 private:
  void warn(const std::string& message) {
    summary_.warnings.push_back(message);
    if (cb_.warning) cb_.warning(message);
  }
  void project(double t, Vec& y);
  void write_row(double t, const Vec& y);
  void write_outputs_of_last_step(const Integrator& integ, double t_until);
  bool handle_contact_event(Integrator& integ);
  void check_drift(const Integrator& integ);
  void check_step_stability(double t);
  void note_contact_mass(double t, int contact, const Vec& y);
  NumericalError diagnose(const NumericalError& e, const Integrator& integ);
  void log_contact_event(double t, int contact, const Vec& y);
  void log_contacts_closed_at_start(double t, const Vec& y);

  const Model& model_;
  const SimulationOptions& opt_;
  OutputSink& sink_;
  const SimulationCallbacks& cb_;
  EventSink* events_;
  MultibodyOde ode_;
  Observer observer_;
  State scratch_;
  Vec y_out_;
  std::vector<double> row_;
  long next_output_ = 1;  // index k of the next output time t_start + k Δt
  double last_event_t_ = -1e300;
  double drift_limit_ = 1e-2;  // ‖Φ‖∞ beyond which the run stops (set from the model's size in run())
  int events_at_instant_ = 0;
  bool fixed_step_ = false;
  std::vector<double> contact_inverse_mass_;  // 1/m_eff at each contact's last onset (fixed step only)
  std::vector<char> stiffness_warned_;
  static constexpr int kMaxEventsAtOneInstant = 200;
  SimulationSummary summary_;
};

void SimulationRun::project(double t, Vec& y) {
  ode_.unpack(t, y, scratch_);
  project_positions(model_, scratch_, ode_.workspace(), opt_.projection_tolerance, 10);
  project_velocities(model_, scratch_, ode_.workspace());
  ode_.pack(scratch_, y);
}

void SimulationRun::write_row(double t, const Vec& y) {
  ode_.evaluate(t, y);
  observer_.record(ode_.state(), ode_.workspace(), row_);
  sink_.write(row_);
  ++summary_.output_rows;
  summary_.max_drift = std::max(summary_.max_drift, ode_.workspace().phi.norm());
  summary_.max_velocity_drift = std::max(summary_.max_velocity_drift, ode_.workspace().phi_dot.norm());
}

// Output rows at the output times of the last step up to t_until, from the dense output.
void SimulationRun::write_outputs_of_last_step(const Integrator& integ, double t_until) {
  const double dt = opt_.output_interval;
  if (dt <= 0) {
    integ.interpolate(t_until, y_out_);
    if (opt_.projection) project(t_until, y_out_);
    write_row(t_until, y_out_);
    return;
  }
  const double slack = 1e-9 * dt;  // absorbs rounding of t_start + k Δt against the step end
  for (;;) {
    const double t_out = opt_.t_start + static_cast<double>(next_output_) * dt;
    if (t_out > t_until + slack || t_out > opt_.t_end + slack) break;
    integ.interpolate(std::min(t_out, t_until), y_out_);
    if (opt_.projection) project(t_out, y_out_);
    write_row(t_out, y_out_);
    ++next_output_;
  }
}

// A contact that closed or opened inside the last step: keep the step up to the event, update the
// contact there and restart the integrator from it.
bool SimulationRun::handle_contact_event(Integrator& integ) {
  double t_event = 0;
  int contact = -1;
  if (!ode_.has_contacts() || !ode_.find_contact_event(integ, t_event, contact)) return false;
  write_outputs_of_last_step(integ, t_event);
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
  integ.interpolate(t_event, y);
  log_contact_event(t_event, contact, y);
  ode_.on_contact_event(t_event, contact, y);
  if (ode_.last_event() == MultibodyOde::ContactEvent::onset && ode_.contact_closed(contact)) {
    note_contact_mass(t_event, contact, y);
  }
  integ.restart(ode_, t_event, y);
  ++summary_.contact_events;
  return true;
}

void SimulationRun::log_contact_event(double t, int contact, const Vec& y) {
  if (!events_) return;
  ode_.evaluate(t, y);
  const ContactKinematics& k = ode_.workspace().contacts[static_cast<std::size_t>(contact)];
  EventRecord e;
  e.t = t;
  e.contact = model_.contacts[static_cast<std::size_t>(contact)].name;
  const ContactState moving = contact_state(1.0, k.vt);  // stick or slip± from the slip velocity
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
  events_->write(e);
}

// Contacts that act from the first instant get an onset at t_start, as in the other schemes, so that
// every separation in the log has its onset.
void SimulationRun::log_contacts_closed_at_start(double t, const Vec& y) {
  ode_.evaluate(t, y);
  for (std::size_t c = 0; c < model_.contacts.size(); ++c) {
    if (!ode_.contact_closed(static_cast<int>(c))) continue;
    ++summary_.contact_events;
    if (!events_) continue;
    const ContactKinematics& k = ode_.workspace().contacts[c];
    EventRecord e;
    e.t = t;
    e.contact = model_.contacts[c].name;
    e.kind = "onset";
    e.from = ContactState::open;
    e.to = contact_state(1.0, k.vt);
    e.vn_before = k.vn;
    events_->write(e);
  }
}

void SimulationRun::note_contact_mass(double t, int contact, const Vec& y) {
  if (fixed_step_) contact_inverse_mass_[static_cast<std::size_t>(contact)] = ode_.contact_inverse_mass(contact, t, y);
}

// A fixed-step RK4 diverges on a contact whose frequency ω = √(k/m_eff) exceeds about 2.8/h (the
// stability boundary of RK4 on the imaginary axis is 2√2, on the real axis 2.785): say so once per
// contact instead of writing an exploding contact as results. k is the law's tangent stiffness at
// the current penetration (after the step's last evaluation); m_eff is taken at the onset.
void SimulationRun::check_step_stability(double t) {
  constexpr double kRk4Limit = 2.78;
  const double h = opt_.integrator_options.step;
  for (std::size_t c = 0; c < model_.contacts.size(); ++c) {
    const Contact& contact = model_.contacts[c];
    const double inverse_mass = contact_inverse_mass_[c];
    if (stiffness_warned_[c] || !contact.compliant() || !ode_.contact_closed(static_cast<int>(c)) ||
        !(inverse_mass > 0)) {
      continue;
    }
    const double penetration = std::max(-ode_.workspace().contacts[c].gap, 0.0);
    const double omega = std::sqrt(contact.normal->stiffness(penetration) * inverse_mass);
    if (h * omega <= kRk4Limit) continue;
    stiffness_warned_[c] = 1;
    char text[400];
    std::snprintf(text, sizeof text,
                  "t = %.6g s, contact %s: the step %.3g s is beyond rk4's stability limit for the contact's "
                  "stiffness (h·ω = %.3g > 2.78, ω = √(k/m_eff) = %.4g rad/s): its results are unreliable; use a "
                  "step well below %.3g s, or --integrator dopri5 or bdf",
                  t, contact.name.c_str(), h, h * omega, omega, kRk4Limit / omega);
    warn(text);
  }
}

// After a step the last evaluation was at its end (FSAL, or the step's final stage): a constraint
// violation far beyond any integration error means the mechanism locked up or the step is too large
// for it; stop before such a state is written as results.
void SimulationRun::check_drift(const Integrator& integ) {
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
                         "the constraint of " + owner + " is violated by " + std::to_string(worst) +
                             " while the largest constraint force (" + std::to_string(largest) + ") acts in " +
                             constraint_row_owner(model_, static_cast<int>(pushing)) +
                             ": a lock-up, or a step too large for the motion");
  }
}

// An integrator that gives up (step size underflow) at a lock-up: name the constraint that carries
// the largest force there.
NumericalError SimulationRun::diagnose(const NumericalError& e, const Integrator& integ) {
  if (model_.n_constraints == 0) return e;
  try {
    ode_.evaluate(integ.t(), integ.y());
  } catch (const NumericalError& inner) {
    return NumericalError(e.t(), inner.element(), std::string(e.what()) + "; " + inner.what());
  }
  Eigen::Index row = 0;
  const double largest = ode_.workspace().lambda.cwiseAbs().maxCoeff(&row);
  const std::string owner = constraint_row_owner(model_, static_cast<int>(row));
  return NumericalError(e.t(), e.element(),
                        std::string(e.what()) + "; the largest constraint force there (" + std::to_string(largest) +
                            ") acts in " + owner + ": a lock-up or singular configuration of it is the likely cause");
}

SimulationSummary SimulationRun::run() {
  const auto start = std::chrono::steady_clock::now();
  auto integ = make_integrator(opt_.integrator, opt_.integrator_options);
  const bool fixed_step = opt_.integrator == "rk4";
  if (opt_.projection && opt_.integrator == "bdf") {
    warn("projection restarts bdf at order 1 after every step, which makes it very slow; prefer baumgarte with bdf");
  }
  State s0 = assembled_initial_state(model_, opt_, ode_.workspace(), [this](const std::string& m) { warn(m); });
  // 1 % of the model's size (its largest initial coordinate, at least 1 m or 1 rad).
  drift_limit_ = 1e-2 * std::max(1.0, s0.q.cwiseAbs().maxCoeff());
  Vec y;
  ode_.pack(s0, y);
  sink_.begin(observer_.columns());
  ode_.begin(opt_.t_start, y);
  fixed_step_ = fixed_step;
  contact_inverse_mass_.assign(model_.contacts.size(), NAN);
  stiffness_warned_.assign(model_.contacts.size(), 0);
  for (std::size_t c = 0; c < model_.contacts.size(); ++c) {
    if (ode_.contact_closed(static_cast<int>(c))) note_contact_mass(opt_.t_start, static_cast<int>(c), y);
  }
  integ->reset(ode_, opt_.t_start, y);
  write_row(opt_.t_start, y);
  log_contacts_closed_at_start(opt_.t_start, y);

  long step = 0;
  try {
    while (integ->t() < opt_.t_end) {
      if (step > 0 && cb_.should_stop && cb_.should_stop()) {
        summary_.stopped = true;
        summary_.stopped_at_step = step;
        break;
      }
      double t_limit = opt_.t_end;
      // A fixed-step method lands on the output times instead of interpolating, unless its step is
      // longer than the output interval: then it keeps its step and rows come from its dense output.
      if (fixed_step && opt_.output_interval > 0 && opt_.output_interval >= opt_.integrator_options.step) {
        t_limit = std::min(t_limit, opt_.t_start + static_cast<double>(next_output_) * opt_.output_interval);
      }
      integ->step(ode_, t_limit);
      ++step;
      check_drift(*integ);
      if (fixed_step_) check_step_stability(integ->t());
      if (handle_contact_event(*integ)) continue;
      write_outputs_of_last_step(*integ, integ->t());
      if (opt_.projection) {
        y = integ->y();
        project(integ->t(), y);
        integ->set_state(ode_, y);
      }
      if (ode_.has_contacts()) ode_.after_step(integ->t(), integ->y());
      if (cb_.progress) cb_.progress(integ->t());
    }
  } catch (NumericalError& e) {
    NumericalError located = e.element() == "integrator" ? diagnose(e, *integ) : e;
    located.set_step(step + 1);
    sink_.end();
    throw located;
  }
  // A last row at t_end when the output interval does not divide the time span.
  const double last_written = opt_.t_start + static_cast<double>(next_output_ - 1) * opt_.output_interval;
  if (!summary_.stopped && opt_.output_interval > 0 && opt_.t_end - last_written > 1e-9 * opt_.output_interval) {
    write_row(integ->t(), integ->y());
  }
  sink_.end();
  summary_.stats = integ->stats();
  summary_.newton_solves = ode_.joint_friction_stats().solves;
  summary_.newton_iterations = ode_.joint_friction_stats().iterations;
  summary_.newton_max_iterations = ode_.joint_friction_stats().max_iterations;
  summary_.t_final = integ->t();
  summary_.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary_;
}

}  // namespace

SimulationSummary simulate_compliant(const Model& model, const SimulationOptions& options, OutputSink& sink,
                                     const SimulationCallbacks& callbacks, EventSink* events) {
  SimulationRun run(model, options, sink, callbacks, events);
  return run.run();
}

}  // namespace stickslip
