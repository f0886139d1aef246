// `stickslip run MODEL.yaml`: reads a model file, simulates it, writes the results as CSV.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "app/commands.hpp"
#include "formulations/simulation.hpp"
#include "io/csv_writer.hpp"
#include "io/error_messages.hpp"
#include "io/event_log_writer.hpp"
#include "io/input_error.hpp"
#include "io/model_file.hpp"
#include "io/run_options.hpp"
#include "math/errors.hpp"

namespace stickslip::app {
namespace {

struct RunArgs {
  std::string model, output, integrator, scheme;
  std::optional<double> dt, t_end, rtol, atol, output_interval;
  std::vector<double> baumgarte;
  bool projection = false, quiet = false;
};

// A one-line progress indicator on a terminal, redrawn at most ten times a second.
class Progress {
 public:
  Progress(bool enabled, double t0, double t1) : enabled_(enabled), t0_(t0), t1_(t1) {}
  void update(double t) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    std::fprintf(stderr, "\r  t = %-12.6g  %5.1f %%", t, 100.0 * (t - t0_) / (t1_ - t0_));
    std::fflush(stderr);
  }
  void finish() {
    if (enabled_) std::fprintf(stderr, "\r%40s\r", "");
  }

 private:
  bool enabled_;
  double t0_, t1_;
  std::chrono::steady_clock::time_point last_{};
};

// The results and the event log are created together when the scheme starts writing rows, after
// the model has passed every set-up check.
class ResultFiles final : public OutputSink {
 public:
  ResultFiles(CsvSink& results, CsvEventSink* events) : results_(results), events_(events) {}
  void begin(const std::vector<std::string>& columns) override {
    if (events_) events_->open();
    results_.begin(columns);
  }
  void write(const std::vector<double>& row) override { results_.write(row); }
  void end() override { results_.end(); }

 private:
  CsvSink& results_;
  CsvEventSink* events_;
};

RunOptions run_options(const RunArgs& a) {
  RunOptions r;
  if (!a.scheme.empty()) r.scheme = a.scheme;
  if (!a.integrator.empty()) r.integrator = a.integrator;
  r.dt = a.dt;
  r.t_end = a.t_end;
  r.rtol = a.rtol;
  r.atol = a.atol;
  r.output_interval = a.output_interval;
  if (a.baumgarte.size() == 2) r.baumgarte = std::array<double, 2>{a.baumgarte[0], a.baumgarte[1]};
  r.projection = a.projection;
  return r;
}

void print_summary(const ModelFile& mf, const std::string& out, const std::string& events_path,
                   const SimulationSummary& s) {
  std::printf("wrote %s: %ld rows, t = %g .. %g s\n", out.c_str(), s.output_rows, mf.options.t_start, s.t_final);
  if (!events_path.empty()) std::printf("wrote %s: %ld contact events\n", events_path.c_str(), s.contact_events);
  const bool integrated = mf.options.scheme != Scheme::time_stepping;
  std::printf("%s scheme", scheme_name(mf.options.scheme));
  if (integrated) std::printf(", %s", s.integrator.empty() ? mf.options.integrator.c_str() : s.integrator.c_str());
  std::printf(": %ld steps", s.stats.steps);
  if (integrated) std::printf(" (%ld rejected), %ld right-hand-side evaluations", s.stats.rejected_steps, s.stats.rhs_evaluations);
  std::printf(", %.3f s wall, max constraint drift %.3g\n", s.wall_time_s, s.max_drift);
  if (integrated && !s.integrator_reason.empty())
    std::printf("integrator auto chose %s: %s\n", s.integrator.c_str(), s.integrator_reason.c_str());
  if (s.complementarity_solves > 0) {
    // Problems solved by their faces take no pivots: the average is over those that pivoted.
    const long counted = std::max(1L, s.complementarity_solves - s.complementarity_direct);
    std::printf("contact problems: %ld solved by %s", s.complementarity_solves, s.complementarity_solver.c_str());
    if (s.complementarity_direct > 0) std::printf(" (%ld directly by their faces)", s.complementarity_direct);
    std::printf(", %.2f %s on average, at most %d",
                static_cast<double>(s.complementarity_iterations) / static_cast<double>(counted),
                s.complementarity_solver == "lemke" ? "pivots" : "sweeps", s.complementarity_max_iterations);
    if (s.complementarity_unconverged > 0)
      std::printf(", %ld unconverged (largest residual %.3g, tolerance %g)", s.complementarity_unconverged,
                  s.complementarity_max_residual, s.complementarity_tolerance);
    std::printf("\n");
  }
  if (s.newton_solves > 0) {
    std::printf("joint friction: %ld Newton solves, %.2f iterations on average, at most %d\n", s.newton_solves,
                static_cast<double>(s.newton_iterations) / static_cast<double>(s.newton_solves), s.newton_max_iterations);
  }
}

int run(const RunArgs& a) {
  ModelFile mf;
  try {
    mf = read_model_file(a.model);
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  }
  try {
    apply_run_options(run_options(a), mf.options);
  } catch (const RunOptionError& e) {
    std::string option = e.option();
    std::replace(option.begin(), option.end(), '_', '-');
    std::cerr << "error: --" << option << " " << e.problem() << "\n";
    return kExitBadInput;
  }
  const std::string out = a.output.empty() ? std::filesystem::path(a.model).stem().string() + ".csv" : a.output;

  std::optional<CsvSink> sink;
  std::optional<CsvEventSink> events;
  const std::string events_path = event_log_path(out);
  try {  // both files are checked now but created only when the run starts writing
    sink.emplace(out);
    if (!mf.model.contacts.empty()) events.emplace(events_path);
  } catch (const std::runtime_error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitIoError;
  }
  ResultFiles files(*sink, events ? &*events : nullptr);
  const auto discard_outputs = [&] {  // a model the run refuses writes nothing
    sink->end();
    if (sink->begun()) std::filesystem::remove(out);
    if (events && events->opened()) {
      events.reset();
      std::filesystem::remove(events_path);
    }
  };
  Progress progress(!a.quiet && isatty(STDERR_FILENO), mf.options.t_start, mf.options.t_end);
  SimulationCallbacks cb;
  cb.progress = [&progress](double t) { progress.update(t); };
  cb.warning = [&a](const std::string& m) {
    if (!a.quiet) std::cerr << "warning: " << m << "\n";
  };
  try {
    const SimulationSummary s = simulate(mf.model, mf.options, files, cb, events ? &*events : nullptr);
    progress.finish();
    sink->end();
    print_summary(mf, out, events ? events_path : "", s);
    return kExitOk;
  } catch (const NumericalError& e) {
    progress.finish();
    sink->end();
    std::cerr << "error: " << failure_message(e) << "\n       results computed before the failure are in " << out << "\n";
    return kExitNumericalFailure;
  } catch (const ModelError& e) {
    discard_outputs();
    std::cerr << "error: " << locate_model_error(a.model, e).what() << "\n";
    return kExitBadInput;
  } catch (const std::invalid_argument& e) {
    discard_outputs();
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::runtime_error& e) {  // an output file could not be written (disk full, ...)
    progress.finish();
    sink->end();
    std::cerr << "error: " << e.what() << "\n";
    return kExitIoError;
  }
}

}  // namespace

void add_run_command(CLI::App& cli, int& exit_code) {
  auto a = std::make_shared<RunArgs>();
  auto* sub = cli.add_subcommand("run", "Simulate a model file and write its results as CSV");
  sub->add_option("model", a->model, "Model file (YAML)")->required();
  sub->add_option("-o,--output", a->output, "Result CSV (default: the model file's stem + .csv, in the current folder)");
  const auto any = finite_number(-std::numeric_limits<double>::infinity(), false, "a finite number");
  const auto positive = finite_number(0.0, true, "a finite number > 0");
  const auto non_negative = finite_number(0.0, false, "a finite number >= 0");
  sub->add_option("--scheme", a->scheme, "compliant, event-driven or time-stepping")
      ->check(CLI::IsMember({"compliant", "event-driven", "time-stepping"}));
  sub->add_option("--integrator", a->integrator, "auto (default: dopri5, bdf for stiff spring-dampers), rk4 (fixed step), dopri5 (adaptive) or bdf (implicit, stiff)")
      ->check(CLI::IsMember({"auto", "rk4", "dopri5", "bdf"}));
  sub->add_option("--dt", a->dt, "Step: fixed step of rk4 and time-stepping, first step of dopri5 and bdf")
      ->check(positive);
  sub->add_option("--t-end", a->t_end, "End time [s]")->check(any);
  sub->add_option("--rtol", a->rtol, "Relative tolerance of dopri5 and bdf")->check(positive);
  sub->add_option("--atol", a->atol, "Absolute tolerance of dopri5 and bdf")->check(positive);
  sub->add_option("--output-interval", a->output_interval, "Time between output rows [s] (0: every step)")
      ->check(non_negative);
  sub->add_option("--baumgarte", a->baumgarte, "Baumgarte alpha,beta of Φ̈ + αΦ̇ + βΦ = 0 (both >= 0)")
      ->delimiter(',')->expected(2)->check(non_negative);
  sub->add_flag("--projection", a->projection, "Project positions (and, except under time-stepping, velocities) onto the constraints after each step");
  sub->add_flag("-q,--quiet", a->quiet, "No progress indicator and no warnings");
  sub->callback([a, &exit_code] { exit_code = run(*a); });
}

}  // namespace stickslip::app
