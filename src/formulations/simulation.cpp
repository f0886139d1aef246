#include "formulations/simulation.hpp"

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

SimulationSummary simulate(const Model& model, const SimulationOptions& options, OutputSink& sink,
                           const SimulationCallbacks& callbacks, EventSink* events) {
  switch (options.scheme) {
    case Scheme::compliant: return simulate_compliant(model, options, sink, callbacks, events);
    case Scheme::event_driven: return simulate_event_driven(model, options, sink, callbacks, events);
    case Scheme::time_stepping: return simulate_time_stepping(model, options, sink, callbacks, events);
  }
  return {};
}

}  // namespace stickslip
