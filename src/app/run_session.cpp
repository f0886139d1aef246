#include "app/run_session.hpp"

#include <sys/stat.h>
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
#include "app/result_files.hpp"
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

void print_summary(std::FILE* to, const SimulationOptions& o, const std::string& out, const std::string& events_path,
                   const SimulationSummary& s, long session_steps) {
  std::fprintf(to, "wrote %s: %ld rows, t = %.6g .. %.6g s\n", out.c_str(), s.output_rows, o.t_start, s.t_final);
  if (!events_path.empty()) std::fprintf(to, "wrote %s: %ld contact events\n", events_path.c_str(), s.contact_events);
  const bool integrated = o.scheme != Scheme::time_stepping;
  std::fprintf(to, "%s scheme", scheme_name(o.scheme));
  if (integrated) std::fprintf(to, ", %s", s.integrator.empty() ? o.integrator.c_str() : s.integrator.c_str());
  std::fprintf(to, ": %ld steps", s.stats.steps);
  if (integrated) std::fprintf(to, " (%ld rejected), %ld right-hand-side evaluations", s.stats.rejected_steps, s.stats.rhs_evaluations);
  const double per_second = s.wall_time_s > 0 ? static_cast<double>(session_steps) / s.wall_time_s : 0.0;
  std::fprintf(to, ", %.6f s wall (%.4g steps/s), max constraint drift %.3g\n", s.wall_time_s, per_second, s.max_drift);
  if (integrated && !s.integrator_reason.empty())
    std::fprintf(to, "integrator auto chose %s: %s\n", s.integrator.c_str(), s.integrator_reason.c_str());
  if (s.complementarity_solves > 0) {
    // Problems solved by their faces take no pivots: the average is over those that pivoted.
    const long counted = std::max(1L, s.complementarity_solves - s.complementarity_direct);
    std::fprintf(to, "contact problems: %ld solved by %s", s.complementarity_solves, s.complementarity_solver.c_str());
    if (s.complementarity_direct > 0) std::fprintf(to, " (%ld directly by their faces)", s.complementarity_direct);
    if (s.complementarity_gyroscopic > 0)
      std::fprintf(to, " (%ld again for spinning bodies' gyroscopic term)", s.complementarity_gyroscopic);
    std::fprintf(to, ", %.2f %s on average, at most %d",
                static_cast<double>(s.complementarity_iterations) / static_cast<double>(counted),
                s.complementarity_solver == "lemke" ? "pivots" : s.complementarity_solver == "apgd" ? "iterations" : "sweeps",
                s.complementarity_max_iterations);
    // Lemke's rescue (rescue_variables): how many it finished, and of how many tried when some failed.
    if (s.complementarity_rescue_attempts > s.complementarity_rescued)
      std::fprintf(to, ", %ld of %ld finished by Lemke's method", s.complementarity_rescued, s.complementarity_rescue_attempts);
    else if (s.complementarity_rescued > 0)
      std::fprintf(to, ", %ld finished by Lemke's method", s.complementarity_rescued);
    // The interior-point rescue (interior_point_rescue), likewise, with its mean iterations.
    if (s.complementarity_interior_point_attempts > 0)
      std::fprintf(to, ", %ld of %ld finished by the interior-point method (%.1f iterations each)",
                  s.complementarity_interior_point_rescued, s.complementarity_interior_point_attempts,
                  static_cast<double>(s.complementarity_interior_point_iterations) /
                      static_cast<double>(s.complementarity_interior_point_attempts));
    // The proximal point rescue (proximal_rescue_rows), likewise, with its mean Newton steps.
    if (s.complementarity_proximal_attempts > 0)
      std::fprintf(to, ", %ld of %ld finished by the proximal point method (%.1f Newton steps each)",
                  s.complementarity_proximal_rescued, s.complementarity_proximal_attempts,
                  static_cast<double>(s.complementarity_proximal_newton_steps) /
                      static_cast<double>(s.complementarity_proximal_attempts));
    // Stick/slip decisions that hung on the solve's leftover: solves refined (and meeting the finer goal).
    if (s.complementarity_refinements > 0)
      std::fprintf(to, ", %ld refined for a stick/slip decision (%ld to 1e-4 of the tolerance, %.1f sweeps each)",
                  s.complementarity_refinements, s.complementarity_refinements_met,
                  static_cast<double>(s.complementarity_refine_sweeps) / static_cast<double>(s.complementarity_refinements));
    if (s.complementarity_unconverged > 0)
      std::fprintf(to, ", %ld unconverged (largest residual %.3g, tolerance %g)", s.complementarity_unconverged,
                  s.complementarity_max_residual, s.complementarity_tolerance);
    std::fprintf(to, "\n");
  }
  if (s.newton_solves > 0 && s.joint_contact_analysis) {
    std::fprintf(to, "joint friction: %ld contact analyses of the prismatic joints, %.2f sweeps over the joints on average, "
                "at most %d\n",
                s.newton_solves, static_cast<double>(s.newton_iterations) / static_cast<double>(s.newton_solves),
                s.newton_max_iterations);
  } else if (s.newton_solves > 0) {
    std::fprintf(to, "joint friction: %ld Newton solves, %.2f iterations on average, at most %d\n", s.newton_solves,
                static_cast<double>(s.newton_iterations) / static_cast<double>(s.newton_solves), s.newton_max_iterations);
  }
}

bool is_standard_output(const std::string& path) {
  struct stat a {}, b {};
  return ::stat(path.c_str(), &a) == 0 && ::fstat(STDOUT_FILENO, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// -o /dev/null: the run's files are discarded, its side files (the event log) with them.
bool is_null_device(const std::string& path) {
  struct stat a {}, b {};
  return ::stat(path.c_str(), &a) == 0 && ::stat("/dev/null", &b) == 0 && S_ISCHR(a.st_mode) && a.st_rdev == b.st_rdev;
}

// Removes a file this run created; never a device or anything else that is not a regular file.
void remove_created(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) std::filesystem::remove(path, ec);
}

// The event log and a checkpoint without --checkpoint go beside the results (OUT.events.csv,
// OUT.checkpoint): an output that is not a regular file (/dev/stdout, a pipe, a device) has no
// "beside", and writing /dev/stdout.events.csv would be wrong whatever happened.
std::string side_file_problem(const std::string& out, const std::string& events_path, const std::string& checkpoint_file) {
  std::error_code ec;
  if (!std::filesystem::exists(out, ec) || std::filesystem::is_regular_file(out, ec)) return "";
  const std::string& side = !events_path.empty() ? events_path : checkpoint_file;
  if (side.empty()) return "";
  return "-o " + out + " is not a regular file, and " +
         (!events_path.empty() ? std::string("the event log of a model with contacts") : std::string("the checkpoint")) +
         " would be written beside it as '" + side + "': write the results to a file" +
         (events_path.empty() ? " or name the checkpoint with --checkpoint" : "");
}

const char* signal_name(int signo) { return signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "a signal"; }

}  // namespace

int run_session(const RunSettings& settings, const SessionSettings& session, const Snapshot* checkpoint) {
  // --max-wall counts from here: reading a model (a FIFO nobody writes, a huge generator) counts too.
  const auto started = std::chrono::steady_clock::now();
  SetUpWatch setting_up(session.max_wall, kExitStopped, "reading the model and setting up the run");
  ModelFile mf;
  try {
    mf = read_model_file(settings.model);
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory while reading the model file " << settings.model << " and building its model\n";
    return kExitNumericalFailure;
  }
  if (!session.quiet) {
    for (const std::string& w : mf.warnings) std::cerr << "warning: " << w << "\n";
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
  const bool shapes = mf.model.has_shape_contacts();
  const bool discarded = is_null_device(out);
  const std::string events_path = mf.model.contacts.empty() && !shapes ? "" : discarded ? out : event_log_path(out);
  const std::string points_path =
      shapes && !settings.no_contact_points ? (discarded ? out : contact_points_path(out)) : "";
  const bool checkpoints = options.checkpoint_interval > 0;
  const std::string checkpoint_file = checkpoints ? checkpoint_path(settings) : "";
  std::vector<std::string> outputs{out};
  if (format == "npy") outputs.push_back(npy_columns_path(out));  // the column names beside the rows
  if (!events_path.empty() && !discarded) outputs.push_back(events_path);
  if (!points_path.empty() && !discarded) outputs.push_back(points_path);
  if (checkpoints) outputs.push_back(checkpoint_file);
  if (const std::string clash = output_clash(mf.input_files, outputs, "the model file or a table it reads", "-o or --checkpoint");
      !clash.empty()) {
    std::cerr << "error: " << clash << "\n";
    return kExitBadInput;
  }
  if (const std::string problem = side_file_problem(out, discarded ? "" : events_path, checkpoints && settings.checkpoint.empty() ? checkpoint_file : "");
      !problem.empty()) {
    std::cerr << "error: " << problem << "\n";
    return kExitBadInput;
  }

  std::optional<ResultFiles> files;
  try {  // the files are checked now but created only when the run starts writing
    files.emplace(out, format, events_path, points_path, checkpoint, setting_up);
    if (checkpoints) check_atomically_writable(checkpoint_file);
    if (checkpoint) files->lock_now();
  } catch (const OutputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitIoError;
  } catch (const SnapshotError& e) {
    std::cerr << "error: the checkpoint does not fit this program: " << e.what() << "\n";
    return kExitBadInput;
  }
  if (checkpoint) {
    if (const std::string changed = files->changed_since_checkpoint(); !changed.empty()) {
      std::cerr << "error: " << changed << "; resuming would mix two runs' rows (run the model again instead)\n";
      return kExitBadInput;
    }
  }
  const auto discard_outputs = [&] {  // a model the run refuses writes nothing
    const bool created = files->begun(), events_created = files->events() && files->events()->opened();
    const bool points_created = files->points_begun();
    files->discard();
    files.reset();
    if (checkpoint) return;  // resuming: the files hold the earlier rows, which stay
    if (created) remove_created(out);
    if (created && format == "npy") remove_created(npy_columns_path(out));
    if (events_created) remove_created(events_path);
    if (points_created) remove_created(points_path);
  };

  // Results written to standard output (-o /dev/stdout) keep it to themselves: the summary goes to
  // standard error.
  std::FILE* summary_stream = is_standard_output(out) ? stderr : stdout;
  const bool terminal = isatty(STDERR_FILENO);
  Progress progress(session.quiet ? Progress::Mode::off
                    : terminal    ? Progress::Mode::bar
                    : session.progress_every > 0 ? Progress::Mode::lines
                                                 : Progress::Mode::off,
                    session.progress_every, options.t_start, options.t_end);
  bool wall_exceeded = false;
  long checkpoints_written = 0;
  SimulationCallbacks cb;
  cb.progress = [&progress](double t) { progress.update(t); };
  cb.warning = [&](const std::string& m) {
    if (session.quiet) return;
    progress.clear();
    std::cerr << "warning: " << m << "\n";
  };
  cb.should_stop = [&] {  // between two steps
    if (setting_up.active()) return false;  // the watch answers stop requests until the run writes
    files->flush_if_due();
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
      s.put_integer("app.points_bytes", static_cast<std::int64_t>(files->points_bytes()));
      files->sync();  // the rows it counts reach the disk before the checkpoint does
      files->save_digests(s);
      write_checkpoint(checkpoint_file, s);
      ++checkpoints_written;
    };
  }

  EventSink* events = files->events();
  cb.contact_points = files->points();
  try {
    const SimulationSummary s = checkpoint ? resume(mf.model, options, *checkpoint, *files, cb, events)
                                           : simulate(mf.model, options, *files, cb, events);
    progress.clear();
    files->end(s.stopped);  // a stopped run's rows synced: it ends where a resumption begins
    print_summary(summary_stream, options, out, events_path, s, s.stats.steps - steps_before);
    if (format == "npy")
      std::fprintf(summary_stream, "wrote %s: the names of its columns, one per line\n", npy_columns_path(out).c_str());
    if (!points_path.empty() && !discarded)
      std::fprintf(summary_stream, "wrote %s: the points of the contacts between shapes\n", points_path.c_str());
    if (checkpoints_written > 0)
      std::fprintf(summary_stream, "wrote %s: %ld checkpoints\n", checkpoint_file.c_str(), checkpoints_written);
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
      files->end_points();
    } catch (const OutputError&) {
    }
    std::cerr << "error: " << e.what() << (began ? "; the file holds the rows written before (whole rows)" : "") << "\n";
    return kExitIoError;
  }
}

}  // namespace stickslip::app
