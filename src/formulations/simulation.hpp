// Running a model: the scheme named in the options integrates it from t_start to t_end, streams one
// row per output time to the sink (the same columns for every scheme, formulations/observer.hpp) and
// every change of a contact's state to the event sink.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "formulations/contact_problem_record.hpp"
#include "formulations/event_log.hpp"
#include "formulations/output.hpp"
#include "formulations/simulation_options.hpp"
#include "math/snapshot.hpp"
#include "model/model.hpp"

namespace stickslip {

struct SimulationSummary {
  IntegratorStats stats;
  std::string integrator;         // the integrator used (compliant and event-driven schemes)
  std::string integrator_reason;  // why `integrator: auto` chose it, when it chose bdf
  long output_rows = 0;
  double max_drift = 0;           // max ‖Φ‖₂ over the output rows
  double max_velocity_drift = 0;  // max ‖Φ̇‖₂ over the output rows
  double wall_time_s = 0;
  long contact_events = 0;  // contact state changes (events written to the event log)
  long newton_solves = 0, newton_iterations = 0;  // joint friction (Xing, Zheng & Wang 2019)
  int newton_max_iterations = 0;
  // The joints' friction came from the contact analysis of prismatic joints (Qi, Luo & Huang 2011):
  // the counts are Gauss-Seidel sweeps over those joints, not Newton iterations.
  bool joint_contact_analysis = false;
  // Time-stepping: one complementarity problem per step (pivots or sweeps).
  std::string complementarity_solver;  // "lemke", "pgs" or "apgd"
  long complementarity_solves = 0, complementarity_iterations = 0;
  int complementarity_max_iterations = 0;
  long complementarity_direct = 0;       // solved by their contacts' faces, without pivots (lemke)
  long complementarity_gyroscopic = 0;   // of the solves, again because a spinning body's Euler
                                         // equations moved its velocity (the implicit gyroscopic term)
  long complementarity_unconverged = 0;  // Gauss-Seidel ended above its tolerance (accepted)
  long complementarity_stalled = 0;      // of those, stopped because the residual had stopped falling
  long complementarity_rescued = 0;      // left above it by Gauss-Seidel, solved exactly by Lemke's method
  long complementarity_rescue_attempts = 0;  // handed to Lemke's method (rescue_variables)
  long complementarity_interior_point_rescued = 0;   // then solved by the interior-point method
  long complementarity_interior_point_attempts = 0;  // handed to it (interior_point_rescue)
  long complementarity_interior_point_iterations = 0;  // its iterations, summed
  long complementarity_proximal_rescued = 0;   // then solved by the proximal point method
  long complementarity_proximal_attempts = 0;  // handed to it (proximal_rescue_rows)
  long complementarity_proximal_newton_steps = 0;  // its Newton steps, summed
  // Solved again to 1e-4 of the tolerance because a stick/slip decision hung on the solve's leftover
  // (time_stepping/stick_slip_decision.hpp); those that met that goal; their sweeps (not in the above).
  long complementarity_refinements = 0, complementarity_refinements_met = 0, complementarity_refine_sweeps = 0;
  double complementarity_max_residual = 0;  // largest residual of the unconverged ones
  double complementarity_tolerance = 0;     // time_stepping.tolerance
  double t_final = 0;
  // A stop request (SimulationCallbacks::should_stop) ended the run before t_end: the rows up to
  // the last output time reached are written, and the run stopped at t = t_final after
  // `stopped_at_step` steps.
  bool stopped = false;
  long stopped_at_step = 0;
  std::vector<std::string> warnings;
};

struct SimulationCallbacks {
  std::function<void(double t)> progress;                  // after every step
  std::function<void(const std::string& message)> warning;  // as soon as a warning arises
  // Polled after every step, and inside a step's long computations (the sweeps of a large contact
  // problem, its rescues): true asks the run to stop cleanly (Ctrl-C, a wall-time limit...). The run
  // then writes no further row, ends the sink (so every row written is whole and flushed) and returns
  // its summary with `stopped` set, instead of going on to t_end; a step interrupted inside is
  // abandoned (the run ends at the step before it).
  std::function<bool()> should_stop;
  // A checkpoint (options.checkpoint_interval, and at a stop request when the integrator's history
  // can be saved): everything needed to continue the run with resume(), taken between two steps
  // after the rows up to that time were written (the sink holds exactly output_rows rows). The
  // receiver may add its own entries (keys outside run., integrator. and the schemes' prefixes)
  // before storing it.
  std::function<void(Snapshot& snapshot)> checkpoint;
  // Time-stepping: a contact problem whose solve ended above the tolerance (after Lemke's rescue),
  // as the solver saw it; called before `unconverged: error` stops the run.
  std::function<void(const ContactProblemRecord& problem)> unconverged_problem;
  // Where the points of the contacts between shapes go (model/shapes.hpp), one row per point per
  // written output row, columns shape_point_columns() (formulations/observer.hpp); null: nowhere.
  // Begun, flushed at checkpoints and ended with the results' sink.
  OutputSink* contact_points = nullptr;
};

// Options no scheme can run with this model (a time span, a step, an output interval...): throws
// ModelError naming the `simulation.` key. simulate() and resume() check it first.
void check_simulation(const Model& model, const SimulationOptions& options);

// Runs the model from options.t_start to options.t_end with options.scheme and streams rows to
// `sink` and events to `events` (may be null); stops earlier, cleanly, when callbacks.should_stop
// says so.
// Throws NumericalError (with t, step and element) on failure: the rows written before stay written.
// Throws ModelError when the scheme cannot take the model (redundant constraints refused, a rigid
// contact in the compliant scheme, ...).
SimulationSummary simulate(const Model& model, const SimulationOptions& options, OutputSink& sink,
                           const SimulationCallbacks& callbacks = {}, EventSink* events = nullptr);

// Continues the run that took `checkpoint` (same model, same options): writes the rows and events
// after it, so the earlier run's rows up to the checkpoint followed by these equal the rows of the
// uninterrupted run bit for bit. The sink gets begin() with the columns (and no first row).
// Throws SnapshotError when the checkpoint does not belong to this model and scheme.
SimulationSummary resume(const Model& model, const SimulationOptions& options, const Snapshot& checkpoint,
                         OutputSink& sink, const SimulationCallbacks& callbacks = {}, EventSink* events = nullptr);

}  // namespace stickslip
