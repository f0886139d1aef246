// Options of a simulation run: time span, output sampling, integrator, constraint stabilisation.
// A model file's `simulation:` section and the command line both fill this struct.
#pragma once

#include <string>

#include "assembly/accelerations.hpp"
#include "integrators/integrator.hpp"

namespace stickslip {

// The three families of time integration on one model (docs/schemes.md).
enum class Scheme {
  compliant,     // contact forces from laws, smooth ODE (compliant_scheme.cpp)
  event_driven,  // smooth phases between located events, LCPs decide the contact structure
  time_stepping, // velocity-impulse (Moreau-Jean / Stewart-Trinkle / Anitescu-Potra), one MLCP a step
};
const char* scheme_name(Scheme s);  // "compliant", "event-driven", "time-stepping"

// Options of the event-driven scheme.
struct EventDrivenOptions {
  double event_tolerance = 1e-12;        // time accuracy of event location [s]
  double restitution_threshold = 1e-3;   // a rebound slower than this keeps a rigid contact closed [m/s]
};

// Options of the time-stepping scheme (the step is integrator_options.step).
struct TimeSteppingOptions {
  double theta = 0.5;             // θ of the θ-method for the smooth forces
  double activation_gap = 1e-3;   // contacts whose predicted gap is below this take part in a step [m]
  std::string solver = "auto";    // complementarity solver of the step
};

struct SimulationOptions {
  Scheme scheme = Scheme::compliant;
  EventDrivenOptions event_driven;
  TimeSteppingOptions time_stepping;

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
