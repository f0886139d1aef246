// The time-stepping scheme's run: fixed steps of the velocity-impulse scheme (time_stepper.hpp), no
// event location. Output rows land exactly on the output times: the interval between two output
// times is split into equal steps no longer than the step size h (so with an output interval that
// is a multiple of h every step is h). With output_interval = 0 a row follows every step. Contact
// state changes seen between two steps go to the event log, stamped with the end of the step.
// The step strategy of the run loop (formulations/run_loop.hpp).
#include <cmath>
#include <cstdio>

#include "math/number_format.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/run_loop.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "formulations/time_stepping/tunnelling_check.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

class TimeSteppingSteps final : public StepStrategy {
 public:
  TimeSteppingSteps(const Model& model, const SimulationOptions& options, const StepReporter& reporter)
      : model_(model), opt_(options), reporter_(reporter), stepper_(model, options),
        tunnelling_(model, options.time_stepping.tunnelling) {
    if (reporter_.unconverged_problem) stepper_.on_unconverged(reporter_.unconverged_problem);
    if (reporter_.should_stop) stepper_.on_stop_request(reporter_.should_stop);
  }

  void set_up() override;
  void log_start() override { log_contacts_closed_at_start(); }
  double time() const override { return stepper_.state().t; }
  bool lands_on_output_times() const override { return true; }
  double take_step(double t_limit) override;
  // No dense output: rows are taken at the steps' ends, which land on the output times.
  StateSample sample(double /*t*/) override { return current(); }
  StateSample current() override {
    stepper_.evaluate_output();
    return {stepper_.state(), stepper_.workspace(), stepper_.contact_states(), &stepper_.shape_points()};
  }
  void complete_step() override {}
  void finish(SimulationSummary& summary) override;
  void save(Snapshot& snapshot) const override;
  void restore(const Snapshot& snapshot) override;
  // Inputs act from the next step on (forces and drivers are read at each step): nothing to restart.
  void inputs_changed() override {}
  void start_from(const State& s) override { stepper_.restart(assembled_state(model_, stepper_.workspace(), s)); }

 private:
  void warn(const std::string& message) { reporter_.warn(message); }
  void warn_if_rows_shorten_the_step();
  void log_contact_events();
  void log_vanished_points();
  void log_contacts_closed_at_start();

  const Model& model_;
  const SimulationOptions& opt_;
  StepReporter reporter_;
  TimeStepper stepper_;
  TunnellingWatch tunnelling_;
  long contact_events_ = 0;
  ImpulseSolverStats earlier_;  // the contact problems' figures before the checkpoint resumed from
  // The span to the next output time (or t_end) in equal steps no longer than h.
  double span_start_ = 0, span_end_ = NAN;
  long span_steps_ = 0, span_step_ = 0;
};

void TimeSteppingSteps::log_contact_events() {
  for (int c = 0; c < stepper_.contact_count(); ++c) {
    const ContactState from = stepper_.previous_contact_state(c), to = stepper_.contact_state(c);
    if (from == to) continue;
    ++contact_events_;
    if (!reporter_.events) continue;
    EventRecord e;
    e.t = stepper_.state().t;
    e.contact = stepper_.contact_name(c);
    e.from = from;
    e.to = to;
    if (from == ContactState::open) {
      e.kind = stepper_.normal_velocity_before(c) < -stepper_.contact(c).min_impact_speed ? "impact" : "onset";
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
    reporter_.events->write(e);
  }
  log_vanished_points();
}

// Shape points that were closed and that the step's detection did not find again: separations.
void TimeSteppingSteps::log_vanished_points() {
  for (const TimeStepper::VanishedPoint& v : stepper_.vanished_points()) {
    ++contact_events_;
    if (!reporter_.events) continue;
    EventRecord e;
    e.t = stepper_.state().t;
    e.contact = model_.shapes[static_cast<std::size_t>(v.shape_i)].name + "|" +
                model_.shapes[static_cast<std::size_t>(v.shape_j)].name + "#" + std::to_string(v.id);
    e.kind = "separation";
    e.from = v.state;
    e.to = ContactState::open;
    reporter_.events->write(e);
  }
}

// Contacts touching at t_start get an onset, as in the other schemes.
void TimeSteppingSteps::log_contacts_closed_at_start() {
  for (int c = 0; c < stepper_.contact_count(); ++c) {
    if (stepper_.contact_state(c) == ContactState::open) continue;
    ++contact_events_;
    if (!reporter_.events) continue;
    EventRecord e;
    e.t = stepper_.state().t;
    e.contact = stepper_.contact_name(c);
    e.kind = "onset";
    e.from = ContactState::open;
    e.to = stepper_.contact_state(c);
    e.vn_before = stepper_.normal_velocity_before(c);
    reporter_.events->write(e);
  }
}

// Every row ends a step, so an output interval shorter than h shortens every step to it: the run
// is then another discretisation than the one asked for, which the user should hear of.
void TimeSteppingSteps::warn_if_rows_shorten_the_step() {
  const double h = opt_.integrator_options.step, interval = opt_.output_interval;
  if (interval > 0 && interval < h * (1 - 1e-9))
    warn("the output interval (" + number_text(interval) + " s) is shorter than the step (" + number_text(h) +
         " s): the time-stepping scheme ends a step at every output time, so every step is " + number_text(interval) +
         " s; for steps of " + number_text(h) + " s, set an output interval of at least that (--output-interval; 0 "
         "writes a row after every step)");
}

void TimeSteppingSteps::set_up() {
  for (const std::string& w : stepper_.warnings()) warn(w);
  warn_if_rows_shorten_the_step();
  const State s0 = assembled_initial_state(model_, opt_, stepper_.workspace(), reporter_.warn);
  stepper_.reset(s0);
}

// Equal steps no longer than h from the start of the span to its end (the next output time, or
// t_end): with an output interval that is a multiple of h every step is h.
double TimeSteppingSteps::take_step(double t_limit) {
  if (t_limit != span_end_ || span_step_ >= span_steps_) {
    span_start_ = stepper_.state().t;
    span_end_ = t_limit;
    // 1e-9: a span that exceeds a whole number of steps only by rounding takes no extra step.
    const double h = opt_.integrator_options.step;
    span_steps_ = std::max(1L, static_cast<long>(std::ceil((span_end_ - span_start_) / h - 1e-9)));
    span_step_ = 0;
  }
  ++span_step_;
  const double t_next = span_step_ == span_steps_
                            ? span_end_
                            : span_start_ + (span_end_ - span_start_) * static_cast<double>(span_step_) /
                                                static_cast<double>(span_steps_);
  const double t_before = stepper_.state().t;
  stepper_.step(t_next);
  log_contact_events();
  // The workspace holds the step's midpoint kinematics until the next output evaluates its end.
  tunnelling_.check(stepper_.workspace().contacts, stepper_.contact_states(), t_next, t_next - t_before, reporter_.warn);
  tunnelling_.check_shapes(stepper_.shape_contacts(), stepper_.workspace(), t_next, t_next - t_before, reporter_.warn);
  return t_next;
}

// The figures of the contact problems solved so far, those before a resumed checkpoint included.
ImpulseSolverStats combined(const ImpulseSolverStats& a, const ImpulseSolverStats& b) {
  ImpulseSolverStats s;
  s.solves = a.solves + b.solves;
  s.iterations = a.iterations + b.iterations;
  s.max_iterations = std::max(a.max_iterations, b.max_iterations);
  s.unconverged = a.unconverged + b.unconverged;
  s.stalled = a.stalled + b.stalled;
  s.subspace_steps = a.subspace_steps + b.subspace_steps;
  s.direct = a.direct + b.direct;
  s.fallbacks = a.fallbacks + b.fallbacks;
  s.fallback_sweeps = a.fallback_sweeps + b.fallback_sweeps;
  s.rescue_attempts = a.rescue_attempts + b.rescue_attempts;
  s.rescued = a.rescued + b.rescued;
  s.interior_point_attempts = a.interior_point_attempts + b.interior_point_attempts;
  s.interior_point_rescued = a.interior_point_rescued + b.interior_point_rescued;
  s.interior_point_iterations = a.interior_point_iterations + b.interior_point_iterations;
  s.proximal_attempts = a.proximal_attempts + b.proximal_attempts;
  s.proximal_rescued = a.proximal_rescued + b.proximal_rescued;
  s.proximal_newton_steps = a.proximal_newton_steps + b.proximal_newton_steps;
  s.refinements = a.refinements + b.refinements;
  s.refinements_met = a.refinements_met + b.refinements_met;
  s.refine_sweeps = a.refine_sweeps + b.refine_sweeps;
  s.max_residual = std::max(a.max_residual, b.max_residual);
  s.max_unconverged_residual = std::max(a.max_unconverged_residual, b.max_unconverged_residual);
  return s;
}

void TimeSteppingSteps::save(Snapshot& snapshot) const {
  stepper_.save(snapshot, "stepper.");
  snapshot.put_integer("time_stepping.contact_events", contact_events_);
  tunnelling_.save(snapshot, "time_stepping.tunnelling_reported");
  snapshot.put_reals("time_stepping.span", {span_start_, span_end_});
  snapshot.put_integers("time_stepping.span_steps", {span_steps_, span_step_});
  const ImpulseSolverStats s = combined(earlier_, stepper_.problem().stats());
  snapshot.put_integers("time_stepping.solver_counts", {s.solves, s.iterations, s.max_iterations, s.unconverged,
                                                        s.fallbacks, s.fallback_sweeps, s.stalled, s.subspace_steps,
                                                        s.direct});
  snapshot.put_reals("time_stepping.solver_max_residuals", {s.max_residual, s.max_unconverged_residual});
  snapshot.put_integers("time_stepping.solver_rescues", {s.rescue_attempts, s.rescued});
  snapshot.put_integers("time_stepping.solver_interior_point",
                        {s.interior_point_attempts, s.interior_point_rescued, s.interior_point_iterations});
  snapshot.put_integers("time_stepping.solver_proximal",
                        {s.proximal_attempts, s.proximal_rescued, s.proximal_newton_steps});
  snapshot.put_integers("time_stepping.solver_refinements", {s.refinements, s.refinements_met, s.refine_sweeps});
}

void TimeSteppingSteps::restore(const Snapshot& snapshot) {
  for (const std::string& w : stepper_.warnings()) warn(w);
  warn_if_rows_shorten_the_step();
  stepper_.restore(snapshot, "stepper.");
  contact_events_ = snapshot.integer("time_stepping.contact_events");
  tunnelling_.restore(snapshot, "time_stepping.tunnelling_reported");
  const auto& span = snapshot.reals("time_stepping.span", 2);
  span_start_ = span[0];
  span_end_ = span[1];
  const auto& steps = snapshot.integers("time_stepping.span_steps", 2);
  span_steps_ = steps[0];
  span_step_ = steps[1];
  const auto& n = snapshot.integers("time_stepping.solver_counts", 9);
  earlier_.solves = n[0];
  earlier_.iterations = n[1];
  earlier_.max_iterations = static_cast<int>(n[2]);
  earlier_.unconverged = n[3];
  earlier_.fallbacks = n[4];
  earlier_.fallback_sweeps = n[5];
  earlier_.stalled = n[6];
  earlier_.subspace_steps = n[7];
  earlier_.direct = n[8];
  const auto& r = snapshot.reals("time_stepping.solver_max_residuals", 2);
  earlier_.max_residual = r[0];
  earlier_.max_unconverged_residual = r[1];
  if (snapshot.has("time_stepping.solver_rescues")) {  // absent in checkpoints written before the rescue
    const auto& k = snapshot.integers("time_stepping.solver_rescues", 2);
    earlier_.rescue_attempts = k[0];
    earlier_.rescued = k[1];
  }
  if (snapshot.has("time_stepping.solver_interior_point")) {  // absent in checkpoints written before it
    const auto& k = snapshot.integers("time_stepping.solver_interior_point", 3);
    earlier_.interior_point_attempts = k[0];
    earlier_.interior_point_rescued = k[1];
    earlier_.interior_point_iterations = k[2];
  }
  if (snapshot.has("time_stepping.solver_proximal")) {  // absent in checkpoints written before it
    const auto& k = snapshot.integers("time_stepping.solver_proximal", 3);
    earlier_.proximal_attempts = k[0];
    earlier_.proximal_rescued = k[1];
    earlier_.proximal_newton_steps = k[2];
  }
  if (snapshot.has("time_stepping.solver_refinements")) {  // absent in checkpoints written before them
    const auto& k = snapshot.integers("time_stepping.solver_refinements", 3);
    earlier_.refinements = k[0];
    earlier_.refinements_met = k[1];
    earlier_.refine_sweeps = k[2];
  }
}

void TimeSteppingSteps::finish(SimulationSummary& summary) {
  const ImpulseSolverStats s = combined(earlier_, stepper_.problem().stats());
  summary.stats.steps = stepper_.steps();
  summary.contact_events = contact_events_;
  summary.complementarity_solves = s.solves - s.fallbacks;  // those the named solver answered
  summary.complementarity_iterations = s.iterations;
  summary.complementarity_max_iterations = s.max_iterations;
  summary.complementarity_unconverged = s.unconverged;
  summary.complementarity_stalled = s.stalled;
  summary.complementarity_direct = s.direct;
  summary.complementarity_gyroscopic = stepper_.gyroscopic_resolves();
  summary.complementarity_rescued = s.rescued;
  summary.complementarity_rescue_attempts = s.rescue_attempts;
  summary.complementarity_interior_point_rescued = s.interior_point_rescued;
  summary.complementarity_interior_point_attempts = s.interior_point_attempts;
  summary.complementarity_interior_point_iterations = s.interior_point_iterations;
  summary.complementarity_proximal_rescued = s.proximal_rescued;
  summary.complementarity_proximal_attempts = s.proximal_attempts;
  summary.complementarity_proximal_newton_steps = s.proximal_newton_steps;
  summary.complementarity_refinements = s.refinements;
  summary.complementarity_refinements_met = s.refinements_met;
  summary.complementarity_refine_sweeps = s.refine_sweeps;
  summary.complementarity_max_residual = s.max_unconverged_residual;
  summary.complementarity_tolerance = opt_.time_stepping.tolerance;
  summary.complementarity_solver = stepper_.problem().uses_lemke() ? "lemke" : stepper_.problem().iterative_solver();
  if (s.fallbacks > 0) {
    warn(std::to_string(s.fallbacks) + " contact problems failed with Lemke's method and were solved by Gauss-Seidel (" +
         std::to_string(s.fallback_sweeps / s.fallbacks) + " sweeps on average)");
  }
  if (const long n = stepper_.gyroscopic_unconverged(); n > 0) {
    warn(std::to_string(n) + " steps stopped the implicit gyroscopic iteration of a spinning body in a contact or "
         "joint at its cap, with its Euler equations not yet met (h times the spin near 1 or above); take a "
         "smaller step (docs/schemes.md, \"Spinning bodies\")");
  }
  if (s.unconverged > 0) {
    // Named after the iterative solver that ran (Gauss-Seidel or APGD), and its unit of work.
    const bool apgd = summary.complementarity_solver == "apgd";
    char text[360];
    std::snprintf(text, sizeof text,
                  "%ld of %ld contact problems ended above the %s tolerance %g (%ld where the residual had "
                  "stopped falling, %ld at the %s cap; largest residual %s); raise time_stepping.tolerance, or "
                  "set time_stepping.unconverged: error to stop at the first",
                  s.unconverged, s.solves, apgd ? "APGD" : "Gauss-Seidel", opt_.time_stepping.tolerance, s.stalled,
                  s.unconverged - s.stalled, apgd ? "iteration" : "sweep",
                  number_text(s.max_unconverged_residual, 3).c_str());
    warn(text);
  }
}

}  // namespace

std::unique_ptr<StepStrategy> make_time_stepping_steps(const Model& model, const SimulationOptions& options,
                                                       const StepReporter& reporter) {
  return std::make_unique<TimeSteppingSteps>(model, options, reporter);
}

}  // namespace stickslip
