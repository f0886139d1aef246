// The time loop shared by the smooth formulation: initial assembly, stepping, output sampling by
// dense output, optional coordinate projection, failure reporting with time and step.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "formulations/output.hpp"
#include "formulations/simulation_options.hpp"
#include "model/model.hpp"

namespace stickslip {

struct SimulationSummary {
  IntegratorStats stats;
  long output_rows = 0;
  double max_drift = 0;           // max ‖Φ‖₂ over the output rows
  double max_velocity_drift = 0;  // max ‖Φ̇‖₂ over the output rows
  double wall_time_s = 0;
  long contact_events = 0;  // located contact onsets and separations (integrator restarts)
  long newton_solves = 0, newton_iterations = 0;  // joint friction (Xing, Zheng & Wang 2019)
  int newton_max_iterations = 0;
  double t_final = 0;
  std::vector<std::string> warnings;
};

struct SimulationCallbacks {
  std::function<void(double t)> progress;                  // after every step
  std::function<void(const std::string& message)> warning;  // as soon as a warning arises
};

// Runs the model from options.t_start to options.t_end and streams rows to `sink`.
// Throws NumericalError (with t, step and element) on failure: the rows written before stay written.
// Throws ModelError for redundant constraints when options.allow_redundant is false.
SimulationSummary simulate(const Model& model, const SimulationOptions& options, OutputSink& sink,
                           const SimulationCallbacks& callbacks = {});

}  // namespace stickslip
