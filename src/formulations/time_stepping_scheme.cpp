#include "formulations/simulation.hpp"

namespace stickslip {

SimulationSummary simulate_time_stepping(const Model&, const SimulationOptions&, OutputSink&,
                                         const SimulationCallbacks&, EventSink*) {
  throw ModelError("simulation.scheme", "the time-stepping scheme is not available yet");
}

}  // namespace stickslip
