#include "formulations/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "formulations/integrator_choice.hpp"
#include "formulations/run_loop.hpp"
#include "formulations/run_monitors.hpp"
#include "model/shape_compiler.hpp"

namespace stickslip {

const char* scheme_name(Scheme s) {
  switch (s) {
    case Scheme::compliant: return "compliant";
    case Scheme::event_driven: return "event-driven";
    case Scheme::time_stepping: return "time-stepping";
  }
  return "?";
}

const char* contact_formulation_name(ContactFormulation f) {
  return f == ContactFormulation::moreau_jean ? "moreau_jean" : "stewart_trinkle";
}

const char* time_stepping_method_name(TimeSteppingMethod m) {
  return m == TimeSteppingMethod::theta ? "theta" : "generalized_alpha";
}

namespace {

// Options that no scheme can run, whichever way they arrived (model file, command line, C++).
void check_options(const SimulationOptions& o) {
  if (!std::isfinite(o.t_start) || !std::isfinite(o.t_end) || !(o.t_end > o.t_start)) {
    throw ModelError("simulation.t_end", "the time span must be finite with t_end > t_start");
  }
  if (!(o.output_interval >= 0) || !std::isfinite(o.output_interval)) {
    throw ModelError("simulation.output_interval", "must be a finite number >= 0");
  }
  // rk4 and the time-stepping scheme take `step` as their step; dopri5 and bdf read 0 as automatic.
  const bool fixed_step = o.scheme == Scheme::time_stepping || o.integrator == "rk4";
  const double h = o.integrator_options.step;
  if (!(o.checkpoint_interval >= 0) || !std::isfinite(o.checkpoint_interval)) {
    throw ModelError("simulation.checkpoint_interval", "must be a finite number >= 0");
  }
  if (!std::isfinite(h) || h < 0 || (fixed_step && !(h > 0))) {
    throw ModelError("simulation.step", fixed_step ? "must be a finite number > 0" : "must be a finite number >= 0");
  }
  if (o.output_every < 1) throw ModelError("simulation.output_every", "must be an integer >= 1");
  // The time must still move by a step at t_end (a step below the spacing of doubles there would
  // never advance it).
  const double span = o.t_end - o.t_start, scale = std::max(std::abs(o.t_start), std::abs(o.t_end));
  if (fixed_step && !(scale + h > scale && span / h < 1e15)) {
    throw ModelError("simulation.t_end", "the time span [" + short_number(o.t_start) + ", " + short_number(o.t_end) +
                                             "] s cannot be covered in steps of " + short_number(h) +
                                             " s (more than 1e15 steps, or a step below the resolution of the "
                                             "time there)");
  }
  // A run that would write more rows than this is almost certainly a typo (1e-5 for 1e-2...).
  constexpr double kMaxRows = 1e8;
  const double interval = o.output_interval > 0 ? o.output_interval : fixed_step ? h : 0.0;
  const double rows = interval > 0 ? span / interval / static_cast<double>(o.output_every) : 0.0;
  if (rows > kMaxRows) {
    throw ModelError(o.output_interval > 0 ? "simulation.output_interval" : "simulation.step",
                     "would write " + short_number(rows, 3) + " rows (more than 1e8); choose a larger output " +
                         "interval (or --output-every)");
  }
}

}  // namespace

// Spatial models run under every scheme, the static equilibrium start included.
void check_simulation(const Model&, const SimulationOptions& options) { check_options(options); }

namespace {

// `integrator: auto` resolved (integrator_choice.hpp) and the run's summary naming the choice.
SimulationSummary run_with_chosen_integrator(const Model& model, const SimulationOptions& options, OutputSink& sink,
                                             const SimulationCallbacks& callbacks, EventSink* events,
                                             const Snapshot* checkpoint) {
  const IntegratorChoice choice = choose_integrator(model, options);
  SimulationOptions chosen = options;
  chosen.integrator = choice.name;
  // The event-driven scheme runs shape contacts as the explicit point contacts they compile into
  // (model/shape_compiler.hpp); the others find them by detection as they go.
  if (options.scheme == Scheme::event_driven && model.has_shape_contacts()) {
    const Model compiled = compile_shape_contacts(model, scheme_name(options.scheme));
    SimulationSummary summary = run_steps(compiled, chosen, sink, callbacks, events, checkpoint);
    summary.integrator = choice.name;
    summary.integrator_reason = choice.reason;
    return summary;
  }
  SimulationSummary summary = run_steps(model, chosen, sink, callbacks, events, checkpoint);
  summary.integrator = choice.name;
  summary.integrator_reason = choice.reason;
  return summary;
}

}  // namespace

SimulationSummary simulate(const Model& model, const SimulationOptions& options, OutputSink& sink,
                           const SimulationCallbacks& callbacks, EventSink* events) {
  check_simulation(model, options);
  return run_with_chosen_integrator(model, options, sink, callbacks, events, nullptr);
}

// A resumed run resolves `integrator: auto` exactly as the run it continues did (the same model and
// options give the same choice), so it carries on with the same integrator and its history.
SimulationSummary resume(const Model& model, const SimulationOptions& options, const Snapshot& checkpoint,
                         OutputSink& sink, const SimulationCallbacks& callbacks, EventSink* events) {
  check_simulation(model, options);
  if (checkpoint.has("inputs.names")) {
    throw SnapshotError("the checkpoint was taken by a simulation stepped from Python with inputs set between "
                        "steps, which its model file does not hold; restore it with Simulation.restore");
  }
  return run_with_chosen_integrator(model, options, sink, callbacks, events, &checkpoint);
}

}  // namespace stickslip
