// One run loop for the three schemes (docs/architecture.md, "One run loop"). The loop owns what every
// scheme does alike: output sampling (a row at t_start + k Δt, or after every step with Δt = 0, and a
// last row at t_end), the rows' columns (Observer), drift bookkeeping, progress, stop requests,
// checkpoints, the summary and the step number in error messages. A StepStrategy owns what is
// particular to a scheme: its state, how it takes one step, and where the results inside that step
// come from (dense output or the step's end).
#pragma once

#include <chrono>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "assembly/workspace.hpp"
#include "formulations/event_log.hpp"
#include "formulations/observer.hpp"
#include "formulations/run_monitors.hpp"
#include "formulations/simulation.hpp"
#include "math/errors.hpp"
#include "math/snapshot.hpp"
#include "state/state.hpp"

namespace stickslip {

// What a strategy reports to the run while it steps.
struct StepReporter {
  EventSink* events = nullptr;                     // the event log (may be null)
  std::function<void(const std::string&)> warn;   // a warning, at once
  std::function<void(const ContactProblemRecord&)> unconverged_problem;  // SimulationCallbacks'
  // SimulationCallbacks::should_stop (may be empty), for the long computations inside a step: when it
  // answers true they throw StopRequested (math/errors.hpp).
  std::function<bool()> should_stop;
};

// The state of the model at one instant, as an output row records it.
struct StateSample {
  const State& state;
  const Workspace& workspace;             // evaluated at `state`
  const ContactState* modes = nullptr;   // the contact states the scheme decided (null: derived)
  const std::vector<ShapePointView>* shape_points = nullptr;  // the points of the shapes' contacts
};

class StepStrategy {
 public:
  virtual ~StepStrategy() = default;

  // Everything that may refuse the model or fail before a row is written: initial assembly,
  // integrator start, the first contact decisions. Throws ModelError or NumericalError.
  virtual void set_up() = 0;
  // After the first row: the contact states at the start go to the event log.
  virtual void log_start() {}
  // The time of the current state (the end of the last completed step).
  virtual double time() const = 0;
  // Whether the step is cut at the next output time so that rows land on the steps' ends
  // (otherwise rows come from the dense output of the steps that contain them).
  virtual bool lands_on_output_times() const = 0;
  // Takes one step ending at or before t_limit. Returns the time up to which the step's results are
  // final: its end, or an event inside it (then complete_step() applies the event).
  virtual double take_step(double t_limit) = 0;
  // The state at t within the last step (t_previous <= t <= take_step's return), for a row.
  virtual StateSample sample(double t) = 0;
  // The current state (at time()), for a row.
  virtual StateSample current() = 0;
  // After the rows of the step were written: applies an event found in it, or accepts its end
  // (projection, contact bookkeeping).
  virtual void complete_step() = 0;
  // A numerical failure as reported by the strategy (it may add its diagnosis).
  virtual NumericalError diagnose(const NumericalError& e) { return e; }
  // What holds the steps small at present (the model element whose error estimate limits an
  // adaptive integrator), for a run that slows down; "" when the strategy cannot tell.
  virtual std::string step_limiter() const { return ""; }
  // The scheme's part of the summary (integrator statistics, contact events, solver figures).
  virtual void finish(SimulationSummary& summary) = 0;

  // Checkpoints: everything the strategy needs to continue bit for bit from the current state
  // (taken between steps). resumable() is false when the integrator's history cannot be saved
  // (bdf): the run then restarts the integrator at each checkpoint, in the original and in the
  // resumed run alike (restart_here), so that both stay identical.
  virtual bool resumable() const { return true; }
  virtual void restart_here() {}
  virtual void save(Snapshot& snapshot) const;
  // Instead of set_up(): continues from a snapshot saved by save().
  virtual void restore(const Snapshot& snapshot);

  // Between two steps (formulations/stepping.hpp): an input of the model (a driver's function, a
  // load) changed at time(); the integrator restarts there, and the event-driven scheme decides its
  // contact modes anew under the new loads.
  virtual void inputs_changed() { restart_here(); }
  // Between two steps: the run continues from `s` (s.t == time()) as a run would start from it:
  // positions and velocities projected onto the constraints, the contacts' states decided anew, the
  // integrator restarted. Throws ModelError when the positions cannot be assembled.
  virtual void start_from(const State& s) = 0;
};

// The strategies of the three schemes (one file each). Constructors throw ModelError for a model
// the scheme cannot take.
std::unique_ptr<StepStrategy> make_compliant_steps(const Model& model, const SimulationOptions& options,
                                                   const StepReporter& reporter);
std::unique_ptr<StepStrategy> make_event_driven_steps(const Model& model, const SimulationOptions& options,
                                                      const StepReporter& reporter);
std::unique_ptr<StepStrategy> make_time_stepping_steps(const Model& model, const SimulationOptions& options,
                                                       const StepReporter& reporter);

// The strategy of options.scheme.
std::unique_ptr<StepStrategy> make_steps(const Model& model, const SimulationOptions& options,
                                         const StepReporter& reporter);

// The run loop: what every scheme does alike around its steps. simulate() runs it from begin() to
// end(); a stepped simulation (formulations/stepping.hpp) calls step() as it is asked to.
class RunLoop {
 public:
  RunLoop(const Model& model, const SimulationOptions& options, OutputSink& sink, const SimulationCallbacks& callbacks,
          EventSink* events);

  const StepReporter& reporter() const { return reporter_; }
  SimulationSummary run(StepStrategy& strategy, const Snapshot* checkpoint);

  // set_up() (or restore() from a checkpoint), then the first row.
  void begin(StepStrategy& strategy, const Snapshot* checkpoint);
  // One step ending at or before t_pause (and the next output time when the strategy lands on them):
  // its rows, completion, watches, progress, stop request and a checkpoint when one is due. Returns
  // false when a stop request ended the run. A NumericalError leaves with its step number, the sink
  // ended.
  bool step(StepStrategy& strategy, double t_pause = std::numeric_limits<double>::infinity());
  // The last row at t_end (when the output interval does not divide the span), the summary.
  SimulationSummary end(StepStrategy& strategy);
  // A checkpoint now (between two steps), as the checkpoint callback receives it.
  Snapshot snapshot(StepStrategy& strategy);
  // The model's loads or drivers were changed from outside: energy is no longer conserved by the
  // model alone, so the energy watch stops.
  void inputs_changed() { energy_.stop(); }
  const SimulationSummary& summary() const { return summary_; }
  long steps() const { return steps_; }

 private:
  void start(StepStrategy& strategy);
  void restore(StepStrategy& strategy, const Snapshot& snapshot);
  bool checkpoint_due(const StepStrategy& strategy) const;
  void take_checkpoint(StepStrategy& strategy);
  double output_time(long k) const { return opt_.t_start + static_cast<double>(k) * opt_.output_interval; }
  double step_limit(const StepStrategy& strategy, double t_pause) const;
  void warn(const std::string& message) { reporter_.warn(message); }
  void write_row(const StateSample& s);
  void sample_row(StepStrategy& strategy, double t, bool last);
  void write_outputs(StepStrategy& strategy, double t_until);
  void watch_pace(const StepStrategy& strategy);
  bool stop_requested();

  const SimulationOptions& opt_;
  OutputSink& sink_;
  const SimulationCallbacks& cb_;
  Observer observer_;
  EnergyWatch energy_;
  PaceWatch pace_;
  StepReporter reporter_;
  std::vector<double> row_, point_row_;
  long next_output_ = 1;  // index k of the next output time t_start + k Δt
  long samples_ = 0;      // rows sampled after the first (written or decimated by output_every)
  long steps_ = 0;        // steps completed
  long next_checkpoint_ = 1;  // index k of the next checkpoint time t_start + k·checkpoint_interval
  SimulationSummary summary_;
  bool stopped_before_start_ = false;  // a stop request answered while setting up: nothing written
  std::chrono::steady_clock::time_point start_time_ = std::chrono::steady_clock::now();
};

// Runs the strategy of options.scheme in the run loop (simulate() and resume() of simulation.hpp),
// from the start or from a checkpoint.
SimulationSummary run_steps(const Model& model, const SimulationOptions& options, OutputSink& sink,
                            const SimulationCallbacks& callbacks, EventSink* events, const Snapshot* checkpoint);

}  // namespace stickslip
