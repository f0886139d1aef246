#include "formulations/simulation.hpp"

#include <cmath>
#include <string>

#include "formulations/integrator_choice.hpp"
#include "formulations/run_loop.hpp"

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
  if (!std::isfinite(h) || h < 0 || (fixed_step && !(h > 0))) {
    throw ModelError("simulation.step", fixed_step ? "must be a finite number > 0" : "must be a finite number >= 0");
  }
  // A run that would write more rows than this is almost certainly a typo (1e-5 for 1e-2...).
  constexpr double kMaxRows = 1e8;
  if (o.output_interval > 0 && (o.t_end - o.t_start) / o.output_interval > kMaxRows) {
    throw ModelError("simulation.output_interval",
                     "would write " + std::to_string(static_cast<long long>((o.t_end - o.t_start) / o.output_interval)) +
                         " rows (more than 1e8); choose a larger output interval");
  }
}

// Spatial models run under the compliant scheme (issue 11, stage S1); the time-stepping scheme comes
// with spatial contacts (S3), the event-driven one with its polyhedral cones (S4).
void check_dimension(const Model& model, const SimulationOptions& o) {
  if (model.dimension != Dimension::spatial) return;
  if (o.scheme != Scheme::compliant) {
    throw ModelError("simulation.scheme", std::string("the ") + scheme_name(o.scheme) +
                                              " scheme does not run spatial models yet (issue 11, stage " +
                                              (o.scheme == Scheme::time_stepping ? "S3" : "S4") +
                                              "); use scheme: compliant");
  }
  if (o.initial == InitialCondition::static_equilibrium) {
    throw ModelError("simulation.initial", "a static equilibrium start needs contacts, which spatial models do not have yet (issue 11, stage S3)");
  }
}

}  // namespace

SimulationSummary simulate(const Model& model, const SimulationOptions& options, OutputSink& sink,
                           const SimulationCallbacks& callbacks, EventSink* events) {
  check_options(options);
  check_dimension(model, options);
  const IntegratorChoice choice = choose_integrator(model, options);
  SimulationOptions chosen = options;
  chosen.integrator = choice.name;
  SimulationSummary summary = run_steps(model, chosen, sink, callbacks, events);
  summary.integrator = choice.name;
  summary.integrator_reason = choice.reason;
  return summary;
}

}  // namespace stickslip
