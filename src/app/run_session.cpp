#include "app/run_session.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "app/signals.hpp"
#include "app/unconverged_dump.hpp"
#include "formulations/simulation.hpp"
#include "io/checkpoint_file.hpp"
#include "io/csv_writer.hpp"
#include "io/error_messages.hpp"
#include "io/event_log_writer.hpp"
#include "io/input_error.hpp"
#include "io/run_options.hpp"
#include "io/model_file.hpp"
#include "io/npy_writer.hpp"
#include "math/errors.hpp"

namespace stickslip::app {
namespace {

// The results (CSV or .npy) and the event log, created together when the scheme starts writing rows,
// after the model has passed every set-up check.
class ResultFiles final : public OutputSink {
 public:
  ResultFiles(const std::string& path, const std::string& format, const std::string& events_path,
              const Snapshot* checkpoint) {
    if (format == "npy") {
      npy_ = checkpoint ? std::make_unique<NpySink>(path, bytes(*checkpoint, "app.results_bytes"))
                        : std::make_unique<NpySink>(path);
    } else {
      csv_ = checkpoint ? std::make_unique<CsvSink>(path, bytes(*checkpoint, "app.results_bytes"))
                        : std::make_unique<CsvSink>(path);
    }
    if (!events_path.empty()) {
      events_ = checkpoint ? std::make_unique<CsvEventSink>(events_path, bytes(*checkpoint, "app.events_bytes"))
                           : std::make_unique<CsvEventSink>(events_path);
    }
  }
  void begin(const std::vector<std::string>& columns) override {
    if (events_) events_->open();
    results().begin(columns);
  }
  void write(const std::vector<double>& row) override { results().write(row); }
  void flush() override {
    results().flush();
    if (events_) events_->flush();
  }
  void end() override { end(false); }
  // `durable`: the files synced before they are closed (a stopped run that may be resumed).
  void end(bool durable) {
    if (!durable) {
      results().end();
    } else if (npy_) {
      npy_->end_durably();
    } else {
      csv_->end_durably();
    }
    if (events_) events_->close(durable);
  }
  // What is written so far to the disk, before a checkpoint that counts these bytes is written.
  void sync() {
    if (npy_) npy_->sync();
    if (csv_) csv_->sync();
    if (events_) events_->sync();
  }
  CsvEventSink* events() { return events_.get(); }
  bool begun() const { return npy_ ? npy_->begun() : csv_->begun(); }
  std::uint64_t results_bytes() const { return npy_ ? npy_->bytes() : csv_->bytes(); }
  std::uint64_t events_bytes() const { return events_ ? events_->bytes() : 0; }
  // A refused model writes nothing: drop what was buffered (the files are removed).
  void discard() {
    if (npy_) npy_->discard();
    if (csv_) csv_->discard();
    if (events_) events_->discard();
  }

 private:
  static std::uint64_t bytes(const Snapshot& s, const char* key) {
    const std::int64_t n = s.integer(key);
    if (n < 0) throw SnapshotError(std::string("checkpoint entry '") + key + "' is negative");
    return static_cast<std::uint64_t>(n);
  }
  OutputSink& results() { return npy_ ? static_cast<OutputSink&>(*npy_) : *csv_; }
  std::unique_ptr<CsvSink> csv_;
  std::unique_ptr<NpySink> npy_;
  std::unique_ptr<CsvEventSink> events_;
};

// FNV-1a over the inputs' bytes: a checkpoint continues only the model it was taken from.
std::int64_t inputs_digest(const std::vector<std::string>& files) {
  std::uint64_t h = fnv1a64("");
  for (const std::string& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    h = fnv1a64(text.str(), h);
  }
  return static_cast<std::int64_t>(h);
}

void print_summary(const SimulationOptions& o, const std::string& out, const std::string& events_path,
                   const SimulationSummary& s, long session_steps) {
  std::printf("wrote %s: %ld rows, t = %.6g .. %.6g s\n", out.c_str(), s.output_rows, o.t_start, s.t_final);
  if (!events_path.empty()) std::printf("wrote %s: %ld contact events\n", events_path.c_str(), s.contact_events);
  const bool integrated = o.scheme != Scheme::time_stepping;
  std::printf("%s scheme", scheme_name(o.scheme));
  if (integrated) std::printf(", %s", s.integrator.empty() ? o.integrator.c_str() : s.integrator.c_str());
  std::printf(": %ld steps", s.stats.steps);
  if (integrated) std::printf(" (%ld rejected), %ld right-hand-side evaluations", s.stats.rejected_steps, s.stats.rhs_evaluations);
  const double per_second = s.wall_time_s > 0 ? static_cast<double>(session_steps) / s.wall_time_s : 0.0;
  std::printf(", %.6f s wall (%.4g steps/s), max constraint drift %.3g\n", s.wall_time_s, per_second, s.max_drift);
  if (integrated && !s.integrator_reason.empty())
    std::printf("integrator auto chose %s: %s\n", s.integrator.c_str(), s.integrator_reason.c_str());
  if (s.complementarity_solves > 0) {
    // Problems solved by their faces take no pivots: the average is over those that pivoted.
    const long counted = std::max(1L, s.complementarity_solves - s.complementarity_direct);
    std::printf("contact problems: %ld solved by %s", s.complementarity_solves, s.complementarity_solver.c_str());
    if (s.complementarity_direct > 0) std::printf(" (%ld directly by their faces)", s.complementarity_direct);
    std::printf(", %.2f %s on average, at most %d",
                static_cast<double>(s.complementarity_iterations) / static_cast<double>(counted),
                s.complementarity_solver == "lemke" ? "pivots" : s.complementarity_solver == "apgd" ? "iterations" : "sweeps",
                s.complementarity_max_iterations);
    // Lemke's rescue (rescue_variables): how many it finished, and of how many tried when some failed.
    if (s.complementarity_rescue_attempts > s.complementarity_rescued)
      std::printf(", %ld of %ld finished by Lemke's method", s.complementarity_rescued, s.complementarity_rescue_attempts);
    else if (s.complementarity_rescued > 0)
      std::printf(", %ld finished by Lemke's method", s.complementarity_rescued);
    // The interior-point rescue (interior_point_rescue), likewise, with its mean iterations.
    if (s.complementarity_interior_point_attempts > 0)
      std::printf(", %ld of %ld finished by the interior-point method (%.1f iterations each)",
                  s.complementarity_interior_point_rescued, s.complementarity_interior_point_attempts,
                  static_cast<double>(s.complementarity_interior_point_iterations) /
                      static_cast<double>(s.complementarity_interior_point_attempts));
    // The proximal point rescue (proximal_rescue_rows), likewise, with its mean Newton steps.
    if (s.complementarity_proximal_attempts > 0)
      std::printf(", %ld of %ld finished by the proximal point method (%.1f Newton steps each)",
                  s.complementarity_proximal_rescued, s.complementarity_proximal_attempts,
                  static_cast<double>(s.complementarity_proximal_newton_steps) /
                      static_cast<double>(s.complementarity_proximal_attempts));
    if (s.complementarity_unconverged > 0)
      std::printf(", %ld unconverged (largest residual %.3g, tolerance %g)", s.complementarity_unconverged,
                  s.complementarity_max_residual, s.complementarity_tolerance);
    std::printf("\n");
  }
  if (s.newton_solves > 0 && s.joint_contact_analysis) {
    std::printf("joint friction: %ld contact analyses of the prismatic joints, %.2f sweeps over the joints on average, "
                "at most %d\n",
                s.newton_solves, static_cast<double>(s.newton_iterations) / static_cast<double>(s.newton_solves),
                s.newton_max_iterations);
  } else if (s.newton_solves > 0) {
    std::printf("joint friction: %ld Newton solves, %.2f iterations on average, at most %d\n", s.newton_solves,
                static_cast<double>(s.newton_iterations) / static_cast<double>(s.newton_solves), s.newton_max_iterations);
  }
}

const char* signal_name(int signo) { return signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "a signal"; }

}  // namespace

int run_session(const RunSettings& settings, const SessionSettings& session, const Snapshot* checkpoint) {
  ModelFile mf;
  try {
    mf = read_model_file(settings.model);
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  }
  const std::int64_t digest = inputs_digest(mf.input_files);
  long steps_before = 0;
  if (checkpoint) {
    try {
      if (checkpoint->integer("app.inputs_digest") != digest) {
        std::cerr << "error: the model file or a table it reads has changed since the checkpoint was written; "
                     "a checkpoint continues only the run it was taken from\n";
        return kExitBadInput;
      }
      steps_before = static_cast<long>(checkpoint->integers("run.counts").at(1));
    } catch (const std::exception& e) {
      std::cerr << "error: the checkpoint does not fit this program: " << e.what() << "\n";
      return kExitBadInput;
    }
  }
  SimulationOptions& options = mf.options;
  try {
    apply_settings(settings, options);
  } catch (const RunOptionError& e) {
    std::string option = e.option();
    std::replace(option.begin(), option.end(), '_', '-');
    std::cerr << "error: --" << option << " " << e.problem() << "\n";
    return kExitBadInput;
  }
  if (!session.dump_unconverged.empty() && options.scheme != Scheme::time_stepping) {
    // Only time-stepping solves its contact problems to a tolerance: with another scheme the option
    // would silently write nothing.
    std::cerr << "error: --dump-unconverged writes the contact problems time-stepping leaves above its tolerance; "
              << "this run uses the " << scheme_name(options.scheme) << " scheme, which has none\n";
    return kExitBadInput;
  }
  if (std::error_code ec; !session.dump_unconverged.empty() && std::filesystem::is_directory(session.dump_unconverged, ec) &&
                          !std::filesystem::is_empty(session.dump_unconverged, ec)) {
    std::cerr << "error: --dump-unconverged " << session.dump_unconverged
              << " is not empty: give a new or empty folder, so that the problems in it are all from this run\n";
    return kExitBadInput;
  }
  const std::string out = output_path(settings), format = output_format(settings);
  const std::string events_path = mf.model.contacts.empty() ? "" : event_log_path(out);
  const bool checkpoints = options.checkpoint_interval > 0;
  const std::string checkpoint_file = checkpoints ? checkpoint_path(settings) : "";
  std::vector<std::string> outputs{out};
  if (!events_path.empty()) outputs.push_back(events_path);
  if (checkpoints) outputs.push_back(checkpoint_file);
  if (const std::string clash = output_clash(mf.input_files, outputs, "the model file or a table it reads", "-o or --checkpoint");
      !clash.empty()) {
    std::cerr << "error: " << clash << "\n";
    return kExitBadInput;
  }

  std::optional<ResultFiles> files;
  try {  // the files are checked now but created only when the run starts writing
    files.emplace(out, format, events_path, checkpoint);
    if (checkpoints) check_atomically_writable(checkpoint_file);
  } catch (const OutputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitIoError;
  } catch (const SnapshotError& e) {
    std::cerr << "error: the checkpoint does not fit this program: " << e.what() << "\n";
    return kExitBadInput;
  }
  const auto discard_outputs = [&] {  // a model the run refuses writes nothing
    const bool created = files->begun(), events_created = files->events() && files->events()->opened();
    files->discard();
    files.reset();
    if (checkpoint) return;  // resuming: the files hold the earlier rows, which stay
    if (created) std::filesystem::remove(out);
    if (events_created) std::filesystem::remove(events_path);
  };

  const bool terminal = isatty(STDERR_FILENO);
  Progress progress(session.quiet ? Progress::Mode::off
                    : terminal    ? Progress::Mode::bar
                    : session.progress_every > 0 ? Progress::Mode::lines
                                                 : Progress::Mode::off,
                    session.progress_every, options.t_start, options.t_end);
  install_stop_signals();
  const auto started = std::chrono::steady_clock::now();
  bool wall_exceeded = false;
  long checkpoints_written = 0;
  SimulationCallbacks cb;
  cb.progress = [&progress](double t) { progress.update(t); };
  cb.warning = [&](const std::string& m) {
    if (session.quiet) return;
    progress.clear();
    std::cerr << "warning: " << m << "\n";
  };
  cb.should_stop = [&] {
    if (stop_signal() != 0) return true;
    if (session.max_wall > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > session.max_wall) {
      wall_exceeded = true;
    }
    return wall_exceeded;
  };
  UnconvergedDump dump(session.dump_unconverged, [&](const std::string& m) { cb.warning(m); });
  if (!session.dump_unconverged.empty()) cb.unconverged_problem = [&dump](const ContactProblemRecord& p) { dump.write(p); };
  if (checkpoints) {
    cb.checkpoint = [&](Snapshot& s) {
      save_settings(s, settings);
      s.put_integer("app.inputs_digest", digest);
      s.put_integer("app.results_bytes", static_cast<std::int64_t>(files->results_bytes()));
      s.put_integer("app.events_bytes", static_cast<std::int64_t>(files->events_bytes()));
      files->sync();  // the rows it counts reach the disk before the checkpoint does
      write_checkpoint(checkpoint_file, s);
      ++checkpoints_written;
    };
  }

  EventSink* events = files->events();
  try {
    const SimulationSummary s = checkpoint ? resume(mf.model, options, *checkpoint, *files, cb, events)
                                           : simulate(mf.model, options, *files, cb, events);
    progress.clear();
    files->end(s.stopped);  // a stopped run's rows synced: it ends where a resumption begins
    print_summary(options, out, events_path, s, s.stats.steps - steps_before);
    if (checkpoints_written > 0) std::printf("wrote %s: %ld checkpoints\n", checkpoint_file.c_str(), checkpoints_written);
    dump.print_summary();
    if (!s.stopped) return kExitOk;
    const int signo = stop_signal();
    const bool resumable = checkpoints_written > 0;
    std::fprintf(stderr, "stopped by %s at t = %.6g s (step %ld of the run); the rows up to there are in %s%s%s\n",
                 signo ? signal_name(signo) : "--max-wall", s.t_final, s.stopped_at_step, out.c_str(),
                 resumable ? "; continue with: stickslip resume " : "", resumable ? checkpoint_file.c_str() : "");
    return signo ? 128 + signo : kExitStopped;
  } catch (const NumericalError& e) {
    progress.clear();
    if (e.step() < 1) {  // during set-up: no step was taken and no row written
      discard_outputs();
      std::cerr << "error: setting up the run failed (" << e.element() << ", t = " << e.t() << " s): " << e.what() << "\n";
      return kExitNumericalFailure;
    }
    try {
      files->end();
    } catch (const OutputError& w) {
      std::cerr << "error: " << w.what() << "\n";
    }
    std::cerr << "error: " << failure_message(e) << "\n       results computed before the failure are in " << out << "\n";
    dump.print_summary();
    return kExitNumericalFailure;
  } catch (const ModelError& e) {
    progress.clear();
    discard_outputs();
    std::cerr << "error: " << locate_model_error(settings.model, e).what() << "\n";
    return kExitBadInput;
  } catch (const SnapshotError& e) {
    progress.clear();
    discard_outputs();
    std::cerr << "error: the checkpoint does not fit the model: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::invalid_argument& e) {
    progress.clear();
    discard_outputs();
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const OutputError& e) {  // a full disk, a quota, an I/O error
    progress.clear();
    const bool began = files->begun();
    files->discard();  // what could not be written is not written again at close
    try {
      files->end();
    } catch (const OutputError&) {
    }
    std::cerr << "error: " << e.what() << (began ? "; the file holds the rows written before (whole rows)" : "") << "\n";
    return kExitIoError;
  }
}

}  // namespace stickslip::app
