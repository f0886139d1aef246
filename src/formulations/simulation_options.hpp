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
  // Spatial contacts: generators of the polyhedral friction cone of the mode and impact LCPs
  // (solvers/pyramid_contact_lcp.hpp), and facets of the polygon that bounds indeterminate stick forces.
  int friction_facets = 8;
};

// The velocity-level contact condition of the time-stepping scheme (docs/schemes.md).
enum class ContactFormulation {
  moreau_jean,      // 0 <= P_N _|_ v_N+ + e_N min(v_N-, 0) >= 0 (Moreau 1988; Jean 1999): the default
  stewart_trinkle,  // 0 <= P_N _|_ v_N+ + g/h >= 0, inelastic (Stewart & Trinkle 1996; Anitescu & Potra 1997)
};
const char* contact_formulation_name(ContactFormulation f);  // "moreau_jean", "stewart_trinkle"

// How the time-stepping scheme integrates the smooth forces between the impulses (docs/schemes.md,
// "Two integrators of the smooth forces").
enum class TimeSteppingMethod {
  theta,              // the θ-method (Moreau 1988; Jean 1999): forces at the midpoint, θ = 1/2 by default
  generalized_alpha,  // the generalized-α method on the smooth forces, impulses apart (after Chen,
                      // Acary, Virlez & Brüls 2013; Brüls, Acary & Cardona 2014), with spectral radius ρ∞
};
const char* time_stepping_method_name(TimeSteppingMethod m);  // "theta", "generalized_alpha"

// Options of the time-stepping scheme (the step is integrator_options.step).
// What the time-stepping scheme does with a contact that can be crossed within one step
// (time_stepping/tunnelling_check.hpp): a warning (once per contact), a failure, or nothing.
enum class TunnellingCheck { warn, error, off };

struct TimeSteppingOptions {
  TimeSteppingMethod method = TimeSteppingMethod::theta;
  double theta = 0.5;               // θ of the θ-method, in (0, 1]: 1/2 midpoint, 1 implicit Euler
  double spectral_radius = 0.8;     // ρ∞ in [0, 1] of the generalized-α method: the amplification of
                                    // the modes h resolves not at all (1: none damped, 0: damped in a step)
  ContactFormulation formulation = ContactFormulation::moreau_jean;
  double activation_gap = 1e-6;     // a contact whose gap at q_k + θ h v_k is below this takes part in a step [m]
  double drift_correction = 1.0;    // β in [0, 2): share of the predicted position error of the bilateral
                                    // constraints (and of penetrations, Stewart-Trinkle) removed per step
  std::string solver = "auto";      // complementarity solver of the step: auto, lemke, pgs, apgd
  double tolerance = 1e-6;          // pgs: natural residual, relative to max(1, ‖b‖∞) [m/s, N s]
  int max_iterations = 1000;        // pgs: sweeps per step
  int min_iterations = 3;           // pgs: sweeps per step even when the warm start meets the
                                    // tolerance, so that resting contacts do not creep
  double relaxation = 1.0;          // pgs: over-relaxation ω in (0, 2)
  int subspace_after = 3;           // pgs: sweeps before and between subspace steps (0: none)
  int subspace_rounds = 10;         // pgs: subspace steps per solve at most
  int direct_contacts = 2;          // lemke: one or two contacts without joints solved by their faces
                                    // (solvers/contact_faces_2d.hpp); 0: always the lifted LCP
  int stall_sweeps = 30;            // pgs: stop when the residual has not halved over this many
                                    // sweeps (0: only the sweep cap stops)
  int rescue_variables = 200;       // pgs, apgd: a solve left above the tolerance is solved again by
                                    // Lemke's method when the active contacts' lifted problem has at
                                    // most this many variables (0: never)
  bool interior_point_rescue = true;  // pgs, apgd (and lemke's fallback to pgs): a solve still above the
                                      // tolerance after Lemke's rescue is solved again by
                                      // the interior-point method in velocity space (planar contacts,
                                      // no joints, no spring elements)
  int proximal_rescue_rows = 2000;  // pgs, apgd (and lemke's fallback): a solve still above it after
                                    // that is solved again by the proximal point method with Newton
                                    // steps when the bilateral and active contact rows are at most
                                    // this many, else island by island (planar and spatial; 0: never)
  double contact_margin = 1e-3;     // the detection finds the points of shape contacts closer than this [m]
                                    // (at least the activation gap)
  bool unconverged_error = false;   // a step whose problem stays above the tolerance is an error
                                    // (model key `unconverged: error`) instead of a counted warning
  bool velocity_sweeps = true;      // pgs with disc cones (spatial contacts) and no spring elements:
                                    // Gauss-Seidel in velocity space; false: over the assembled W
                                    // (model key `sweep: velocity` or `matrix`)
  TunnellingCheck tunnelling = TunnellingCheck::warn;  // a contact that can be crossed in one step
};

// Where a run starts (docs/model-format.md, `simulation: initial`).
enum class InitialCondition {
  as_given,            // the bodies' positions and velocities as the model file writes them
  static_equilibrium,  // the positions moved to the static equilibrium on the contacts (static_equilibrium.hpp)
};

struct SimulationOptions {
  Scheme scheme = Scheme::compliant;
  InitialCondition initial = InitialCondition::as_given;
  EventDrivenOptions event_driven;
  TimeSteppingOptions time_stepping;

  double t_start = 0;
  double t_end = 1;
  double output_interval = 0.01;  // Δt between output rows; 0: one row per integrator step
  long output_every = 1;          // decimation: only every n-th of those rows is written (the first
                                  // and the last always are); results do not depend on it
  // "rk4", "dopri5", "bdf" or "auto": dopri5, or bdf when a spring-damper makes explicit steps tiny
  // (formulations/integrator_choice.hpp).
  std::string integrator = "auto";
  IntegratorOptions integrator_options;

  // Constraint stabilisation: Baumgarte terms in the acceleration equation and/or coordinate
  // projection of q and v after every step.
  Stabilization baumgarte;
  bool projection = false;
  double projection_tolerance = 1e-12;

  // Checkpoints (SimulationCallbacks::checkpoint): one after the first step that reaches
  // t_start + k·checkpoint_interval, k = 1, 2, ...; 0: none. An integrator whose history cannot be
  // saved (bdf) is restarted at each checkpoint, so with bdf this interval is part of the result.
  double checkpoint_interval = 0;

  // Redundant constraints: solve λ in the minimum-norm least-squares sense with a warning (true),
  // or refuse the model (false).
  bool allow_redundant = true;
};

}  // namespace stickslip
