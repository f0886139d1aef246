// The run loop shared by the three schemes (run_loop.hpp).
#include "formulations/run_loop.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <new>
#include <stdexcept>

#include "formulations/memory_estimate.hpp"
#include "formulations/observer.hpp"
#include "formulations/run_monitors.hpp"
#include "math/number_format.hpp"

namespace stickslip {

void StepStrategy::save(Snapshot&) const { throw std::logic_error("this scheme cannot save checkpoints"); }
void StepStrategy::restore(const Snapshot&) { throw std::logic_error("this scheme cannot resume from checkpoints"); }

RunLoop::RunLoop(const Model& model, const SimulationOptions& options, OutputSink& sink,
                 const SimulationCallbacks& callbacks, EventSink* events)
    : opt_(options), sink_(sink), cb_(callbacks), observer_(model),
      energy_(model, options, observer_.columns()), pace_(options.t_start, options.t_end) {
  reporter_.events = events;
  reporter_.unconverged_problem = callbacks.unconverged_problem;
  reporter_.should_stop = callbacks.should_stop;
  reporter_.warn = [this](const std::string& m) {
    summary_.warnings.push_back(m);
    if (cb_.warning) cb_.warning(m);
  };
}

// A strategy that lands on output times steps to the next one; the last output time is t_end itself
// when it is within rounding of it (so no step of ~1e-16 s is left).
double RunLoop::step_limit(const StepStrategy& strategy, double t_pause) const {
  const double dt = opt_.output_interval;
  double limit = opt_.t_end;
  if (dt > 0 && strategy.lands_on_output_times()) {
    const double t_out = output_time(next_output_);
    limit = t_out > opt_.t_end - 1e-9 * dt ? opt_.t_end : t_out;
  }
  return std::min(limit, t_pause);
}

// A row with a number that is not finite is not written: the run fails there, naming the column
// (a run that blows up, or a model whose magnitudes overflow a double, must not end in success).
void RunLoop::write_row(const StateSample& s) {
  observer_.record(s.state, s.workspace, row_, s.modes, s.shape_points);
  for (std::size_t c = 0; c < row_.size(); ++c) {
    if (std::isfinite(row_[c])) continue;
    const std::string& column = observer_.columns()[c];
    throw NumericalError(s.state.t, "output column " + column,
                         "the output column '" + column + "' is " + number_text(row_[c], 3) + " at t = " +
                             number_text(s.state.t, 9) + " s: the computation left the range of finite numbers");
  }
  sink_.write(row_);
  if (cb_.contact_points && s.shape_points) {
    for (const ShapePointView& p : *s.shape_points) {
      shape_point_row(s.state.t, p, point_row_);
      cb_.contact_points->write(point_row_);
    }
  }
  ++summary_.output_rows;
  summary_.max_drift = std::max(summary_.max_drift, s.workspace.phi.norm());
  summary_.max_velocity_drift = std::max(summary_.max_velocity_drift, s.workspace.phi_dot.norm());
  const std::string energy = energy_.check(row_);
  if (!energy.empty()) warn(energy);
}

// A row at t, written unless output_every decimates it. It is sampled either way: the evaluation
// for a row is part of the computation (it leaves the warm start of the next), so decimation
// changes what is written, never a number.
void RunLoop::sample_row(StepStrategy& strategy, double t, bool last) {
  const StateSample s = strategy.sample(t);
  if (++samples_ % opt_.output_every == 0 || last) write_row(s);
}

// The rows at the output times up to t_until (one row at t_until with Δt = 0).
void RunLoop::write_outputs(StepStrategy& strategy, double t_until) {
  const double dt = opt_.output_interval;
  if (dt <= 0) {
    sample_row(strategy, t_until, t_until >= opt_.t_end);
    return;
  }
  const double slack = 1e-9 * dt;  // absorbs rounding of t_start + k Δt against the step's end
  for (;;) {
    const double t_out = output_time(next_output_);
    if (t_out > t_until + slack || t_out > opt_.t_end + slack) break;
    sample_row(strategy, std::min(t_out, t_until), t_out >= opt_.t_end - slack);
    ++next_output_;
  }
}

void RunLoop::watch_pace(const StepStrategy& strategy) {
  if (!pace_.check(strategy.time())) return;
  const std::string limiter = strategy.step_limiter();
  warn(pace_.message() + (limiter.empty() ? "" : "; the steps are held small by " + limiter));
}

bool RunLoop::stop_requested() {
  if (!cb_.should_stop || !cb_.should_stop()) return false;
  summary_.stopped = true;
  summary_.stopped_at_step = steps_;
  return true;
}

void RunLoop::start(StepStrategy& strategy) {
  strategy.set_up();
  sink_.begin(observer_.columns());
  if (cb_.contact_points) cb_.contact_points->begin(shape_point_columns());
  write_row(strategy.current());
  strategy.log_start();
}

// The loop's own part of a checkpoint: output position, counters, figures; then the strategy's.
Snapshot RunLoop::snapshot(StepStrategy& strategy) {
  if (!strategy.resumable()) strategy.restart_here();
  Snapshot snapshot;
  snapshot.put_text("run.scheme", scheme_name(opt_.scheme));
  snapshot.put("run.t", strategy.time());
  snapshot.put_integers("run.counts", {next_output_, steps_, summary_.output_rows, next_checkpoint_,
                                       static_cast<std::int64_t>(observer_.columns().size()), samples_});
  energy_.save(snapshot);
  snapshot.put_reals("run.drift", {summary_.max_drift, summary_.max_velocity_drift});
  strategy.save(snapshot);
  sink_.flush();
  if (cb_.contact_points) cb_.contact_points->flush();
  if (reporter_.events) reporter_.events->flush();
  return snapshot;
}

void RunLoop::take_checkpoint(StepStrategy& strategy) {
  const double t = strategy.time(), interval = opt_.checkpoint_interval;
  if (interval > 0) {
    while (opt_.t_start + static_cast<double>(next_checkpoint_) * interval <= t) ++next_checkpoint_;
  }
  if (!cb_.checkpoint) {
    if (!strategy.resumable()) strategy.restart_here();
    return;
  }
  Snapshot taken = snapshot(strategy);
  cb_.checkpoint(taken);
}

void RunLoop::restore(StepStrategy& strategy, const Snapshot& snapshot) {
  if (snapshot.text("run.scheme") != scheme_name(opt_.scheme)) {
    throw SnapshotError("the checkpoint was taken under the " + snapshot.text("run.scheme") + " scheme, not the " +
                        scheme_name(opt_.scheme) + " scheme");
  }
  const auto& counts = snapshot.integers("run.counts", 6);
  if (counts[4] != static_cast<std::int64_t>(observer_.columns().size())) {
    throw SnapshotError("the checkpoint has " + std::to_string(counts[4]) + " output columns, the model " +
                        std::to_string(observer_.columns().size()) + " (a checkpoint of another model?)");
  }
  next_output_ = counts[0];
  steps_ = counts[1];
  summary_.output_rows = counts[2];
  next_checkpoint_ = counts[3];
  samples_ = counts[5];
  energy_.restore(snapshot);
  const auto& drift = snapshot.reals("run.drift", 2);
  summary_.max_drift = drift[0];
  summary_.max_velocity_drift = drift[1];
  strategy.restore(snapshot);
  if (std::abs(strategy.time() - snapshot.real("run.t")) > 0) throw SnapshotError("the checkpoint's times disagree");
  sink_.begin(observer_.columns());
  if (cb_.contact_points) cb_.contact_points->begin(shape_point_columns());
}

bool RunLoop::checkpoint_due(const StepStrategy& strategy) const {
  const double interval = opt_.checkpoint_interval;
  return interval > 0 && strategy.time() < opt_.t_end &&
         strategy.time() >= opt_.t_start + static_cast<double>(next_checkpoint_) * interval;
}

void RunLoop::begin(StepStrategy& strategy, const Snapshot* checkpoint) {
  start_time_ = std::chrono::steady_clock::now();
  try {
    if (checkpoint) {
      restore(strategy, *checkpoint);
    } else {
      start(strategy);
    }
  } catch (const std::bad_alloc&) {
    throw NumericalError(opt_.t_start, std::string(scheme_name(opt_.scheme)) + " scheme",
                         "out of memory while setting up the run (initial state, first decisions, first row)");
  } catch (const StopRequested&) {  // before the first row: nothing was written
    summary_.stopped = true;
    stopped_before_start_ = true;
  }
}

bool RunLoop::step(StepStrategy& strategy, double t_pause) {
  try {
    const double t_known = strategy.take_step(step_limit(strategy, t_pause));
    write_outputs(strategy, t_known);
    strategy.complete_step();
    ++steps_;
    watch_pace(strategy);
    if (cb_.progress) cb_.progress(strategy.time());
    if (stop_requested()) {
      // A checkpoint where the run stopped, when continuing from it changes nothing.
      if (opt_.checkpoint_interval > 0 && strategy.resumable()) take_checkpoint(strategy);
      return false;
    }
    if (checkpoint_due(strategy)) take_checkpoint(strategy);
    return true;
  } catch (const StopRequested&) {
    // Asked inside a step: that step is abandoned (no row, no checkpoint of a half-taken step).
    summary_.stopped = true;
    summary_.stopped_at_step = steps_;
    return false;
  } catch (NumericalError& e) {
    NumericalError located = strategy.diagnose(e);
    located.set_step(steps_ + 1);
    sink_.end();
    if (cb_.contact_points) cb_.contact_points->end();
    throw located;
  } catch (const std::bad_alloc&) {
    NumericalError located(strategy.time(), "memory", "out of memory while taking the step from t = " +
                                                          number_text(strategy.time(), 9) + " s");
    located.set_step(steps_ + 1);
    sink_.end();
    if (cb_.contact_points) cb_.contact_points->end();
    throw located;
  }
}

SimulationSummary RunLoop::end(StepStrategy& strategy) {
  if (stopped_before_start_) {  // nothing was written: no last row, no end of the files
    summary_.t_final = opt_.t_start;
    summary_.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time_).count();
    return summary_;
  }
  // A last row at t_end when the output interval does not divide the time span.
  const double dt = opt_.output_interval;
  if (!summary_.stopped && dt > 0 && opt_.t_end - output_time(next_output_ - 1) > 1e-9 * dt) {
    write_row(strategy.current());
  }
  sink_.end();
  if (cb_.contact_points) cb_.contact_points->end();
  strategy.finish(summary_);
  summary_.t_final = strategy.time();
  summary_.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time_).count();
  return summary_;
}

SimulationSummary RunLoop::run(StepStrategy& strategy, const Snapshot* checkpoint) {
  begin(strategy, checkpoint);
  while (!stopped_before_start_ && strategy.time() < opt_.t_end && step(strategy)) {
  }
  return end(strategy);
}

std::unique_ptr<StepStrategy> make_steps(const Model& model, const SimulationOptions& options,
                                         const StepReporter& reporter) {
  switch (options.scheme) {
    case Scheme::compliant: return make_compliant_steps(model, options, reporter);
    case Scheme::event_driven: return make_event_driven_steps(model, options, reporter);
    case Scheme::time_stepping: return make_time_stepping_steps(model, options, reporter);
  }
  throw std::logic_error("unknown scheme");
}

SimulationSummary run_steps(const Model& model, const SimulationOptions& options, OutputSink& sink,
                            const SimulationCallbacks& callbacks, EventSink* events, const Snapshot* checkpoint) {
  check_scheme_memory(model, options, "contacts");  // before anything of the problem's size is allocated
  RunLoop loop(model, options, sink, callbacks, events);
  std::unique_ptr<StepStrategy> strategy;
  try {
    strategy = make_steps(model, options, loop.reporter());
  } catch (const std::bad_alloc&) {
    throw NumericalError(options.t_start, std::string(scheme_name(options.scheme)) + " scheme",
                         "out of memory while building the scheme's data for this model (" +
                             std::to_string(model.bodies.size()) + " bodies, " + std::to_string(model.contacts.size()) +
                             " contacts, " + std::to_string(model.n_constraints) + " constraint equations)");
  }
  return loop.run(*strategy, checkpoint);
}

}  // namespace stickslip
