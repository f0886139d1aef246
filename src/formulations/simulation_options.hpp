// Options of a simulation run: time span, output sampling, integrator, constraint stabilisation.
// A model file's `simulation:` section and the command line both fill this struct.
#pragma once

#include <string>

#include "assembly/accelerations.hpp"
#include "integrators/integrator.hpp"

namespace stickslip {

struct SimulationOptions {
  double t_start = 0;
  double t_end = 1;
  double output_interval = 0.01;  // Δt between output rows; 0: one row per integrator step
  std::string integrator = "dopri5";
  IntegratorOptions integrator_options;

  // Constraint stabilisation: Baumgarte terms in the acceleration equation and/or coordinate
  // projection of q and v after every step.
  Stabilization baumgarte;
  bool projection = false;
  double projection_tolerance = 1e-12;

  // Redundant constraints: solve λ in the minimum-norm least-squares sense with a warning (true),
  // or refuse the model (false).
  bool allow_redundant = true;
};

}  // namespace stickslip
