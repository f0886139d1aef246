// Helpers of the event-driven tests: run a model written inline, keep its rows and event log.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip::test {

struct RunResult {
  MemorySink out;
  MemoryEventSink events;
  SimulationSummary summary;
};

inline RunResult run_yaml(const std::string& yaml) {
  const ModelFile mf = model_from_yaml(yaml);
  RunResult r;
  r.summary = simulate(mf.model, mf.options, r.out, {}, &r.events);
  return r;
}

inline std::vector<EventRecord> events_of_kind(const RunResult& r, const std::string& kind) {
  std::vector<EventRecord> out;
  for (const EventRecord& e : r.events.events) {
    if (e.kind == kind) out.push_back(e);
  }
  return out;
}

}  // namespace stickslip::test
