// The time-stepping scheme's run: fixed steps of the velocity-impulse scheme (time_stepper.hpp), no
// event location. Output rows land exactly on the output times: the interval between two output
// times is split into equal steps no longer than the step size h (so with an output interval that
// is a multiple of h every step is h). With output_interval = 0 a row follows every step. Contact
// state changes seen between two steps go to the event log, stamped with the end of the step.
#include <chrono>
#include <cmath>
#include <cstdio>

#include "formulations/initial_state.hpp"
#include "formulations/observer.hpp"
#include "formulations/simulation.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

class TimeSteppingRun {
 public:
  TimeSteppingRun(const Model& model, const SimulationOptions& options, OutputSink& sink,
                  const SimulationCallbacks& callbacks, EventSink* events)
      : model_(model), opt_(options), sink_(sink), cb_(callbacks), events_(events), stepper_(model, options),
        observer_(model) {}

  SimulationSummary run();

 private:
  void warn(const std::string& message) {
    summary_.warnings.push_back(message);
    if (cb_.warning) cb_.warning(message);
  }
  void write_row();
  void advance_to(double target, bool row_per_step);
  void log_contact_events();
  void log_contacts_closed_at_start();
  void finish_summary();

  const Model& model_;
  const SimulationOptions& opt_;
  OutputSink& sink_;
  const SimulationCallbacks& cb_;
  EventSink* events_;
  TimeStepper stepper_;
  Observer observer_;
  std::vector<double> row_;
  SimulationSummary summary_;
};

void TimeSteppingRun::write_row() {
  stepper_.evaluate_output();
  const Workspace& ws = stepper_.workspace();
  observer_.record(stepper_.state(), ws, row_, stepper_.contact_states());
  sink_.write(row_);
  ++summary_.output_rows;
  summary_.max_drift = std::max(summary_.max_drift, ws.phi.norm());
  summary_.max_velocity_drift = std::max(summary_.max_velocity_drift, ws.phi_dot.norm());
}

void TimeSteppingRun::log_contact_events() {
  for (int c = 0; c < static_cast<int>(model_.contacts.size()); ++c) {
    const ContactState from = stepper_.previous_contact_state(c), to = stepper_.contact_state(c);
    if (from == to) continue;
    ++summary_.contact_events;
    if (!events_) continue;
    const Contact& contact = model_.contacts[static_cast<std::size_t>(c)];
    EventRecord e;
    e.t = stepper_.state().t;
    e.contact = contact.name;
    e.from = from;
    e.to = to;
    if (from == ContactState::open) {
      e.kind = stepper_.normal_velocity_before(c) < -contact.min_impact_speed ? "impact" : "onset";
      e.vn_before = stepper_.normal_velocity_before(c);
      e.vn_after = stepper_.normal_velocity_after(c);
    } else if (to == ContactState::open) {
      e.kind = "separation";
    } else if (to == ContactState::stick) {
      e.kind = "stick";
    } else if (from == ContactState::stick) {
      e.kind = "slip";
    } else {
      e.kind = "reversal";
    }
    events_->write(e);
  }
}

// Contacts touching at t_start get an onset, as in the other schemes.
void TimeSteppingRun::log_contacts_closed_at_start() {
  for (int c = 0; c < static_cast<int>(model_.contacts.size()); ++c) {
    if (stepper_.contact_state(c) == ContactState::open) continue;
    ++summary_.contact_events;
    if (!events_) continue;
    EventRecord e;
    e.t = stepper_.state().t;
    e.contact = model_.contacts[static_cast<std::size_t>(c)].name;
    e.kind = "onset";
    e.from = ContactState::open;
    e.to = stepper_.contact_state(c);
    e.vn_before = stepper_.workspace().contacts[static_cast<std::size_t>(c)].vn;
    events_->write(e);
  }
}

// Equal steps no longer than h from the current time to `target`.
void TimeSteppingRun::advance_to(double target, bool row_per_step) {
  const double t0 = stepper_.state().t, h = opt_.integrator_options.step;
  // 1e-9: a span that exceeds a whole number of steps only by rounding takes no extra step.
  const long n = std::max(1L, static_cast<long>(std::ceil((target - t0) / h - 1e-9)));
  for (long i = 1; i <= n; ++i) {
    const double t_next = i == n ? target : t0 + (target - t0) * static_cast<double>(i) / static_cast<double>(n);
    stepper_.step(t_next);
    log_contact_events();
    if (row_per_step) write_row();
    if (cb_.progress) cb_.progress(t_next);
  }
}

SimulationSummary TimeSteppingRun::run() {
  const auto start = std::chrono::steady_clock::now();
  for (const std::string& w : stepper_.warnings()) warn(w);
  const State s0 = assembled_initial_state(model_, opt_, stepper_.workspace(), [this](const std::string& m) { warn(m); });
  stepper_.reset(s0);
  sink_.begin(observer_.columns());
  write_row();
  log_contacts_closed_at_start();
  const double dt = opt_.output_interval, t_end = opt_.t_end;
  try {
    if (dt <= 0) {
      advance_to(t_end, true);
    } else {
      for (long k = 1; stepper_.state().t < t_end; ++k) {
        double target = opt_.t_start + static_cast<double>(k) * dt;
        if (target > t_end - 1e-9 * dt) target = t_end;  // the last row lands on t_end
        advance_to(target, false);
        write_row();
      }
    }
  } catch (NumericalError& e) {
    e.set_step(stepper_.steps() + 1);
    sink_.end();
    throw;
  }
  sink_.end();
  finish_summary();
  summary_.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary_;
}

void TimeSteppingRun::finish_summary() {
  const ImpulseSolverStats& s = stepper_.problem().stats();
  summary_.stats.steps = stepper_.steps();
  summary_.t_final = stepper_.state().t;
  summary_.complementarity_solves = s.solves - s.fallbacks;  // those the named solver answered
  summary_.complementarity_iterations = s.iterations;
  summary_.complementarity_max_iterations = s.max_iterations;
  summary_.complementarity_unconverged = s.unconverged;
  summary_.complementarity_stalled = s.stalled;
  summary_.complementarity_max_residual = s.max_unconverged_residual;
  summary_.complementarity_tolerance = opt_.time_stepping.tolerance;
  summary_.complementarity_solver = stepper_.problem().uses_lemke() ? "lemke" : "pgs";
  if (s.fallbacks > 0) {
    warn(std::to_string(s.fallbacks) + " contact problems failed with Lemke's method and were solved by Gauss-Seidel (" +
         std::to_string(s.fallback_sweeps / s.fallbacks) + " sweeps on average)");
  }
  if (s.unconverged > 0) {
    char text[320];
    std::snprintf(text, sizeof text,
                  "%ld of %ld contact problems ended above the Gauss-Seidel tolerance %g (%ld where the residual had "
                  "stopped falling, %ld at the sweep cap; largest residual %.3g); raise time_stepping.tolerance, or "
                  "set time_stepping.unconverged: error to stop at the first",
                  s.unconverged, s.solves, opt_.time_stepping.tolerance, s.stalled, s.unconverged - s.stalled,
                  s.max_unconverged_residual);
    warn(text);
  }
}

}  // namespace

SimulationSummary simulate_time_stepping(const Model& model, const SimulationOptions& options, OutputSink& sink,
                                         const SimulationCallbacks& callbacks, EventSink* events) {
  TimeSteppingRun run(model, options, sink, callbacks, events);
  return run.run();
}

}  // namespace stickslip
