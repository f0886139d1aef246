#include "formulations/simulation.hpp"

namespace stickslip {

SimulationSummary simulate_event_driven(const Model&, const SimulationOptions&, OutputSink&,
                                        const SimulationCallbacks&, EventSink*) {
  throw ModelError("simulation.scheme", "the event-driven scheme is not available yet");
}

}  // namespace stickslip
