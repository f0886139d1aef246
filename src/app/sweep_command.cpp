// `stickslip sweep SWEEP.yaml`: runs a parameter sweep on the local cores, or on a Dask cluster
// through the Python module (--scheduler), and writes its table (docs/sweeps.md).
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "io/csv_writer.hpp"
#include "sweep/sweep_runner.hpp"

namespace stickslip::app {
namespace {

struct SweepArgs {
  std::string sweep, output, scheduler;
  int jobs = 0;
  bool restart = false, retry_failed = false, quiet = false, dry_run = false;
};

volatile std::sig_atomic_t interrupted = 0;

void on_interrupt(int) {
  interrupted = 1;
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the command at once
}

// The folder holding the Python package `stickslip`: the installed one beside the command
// (<prefix>/bin/../lib/python3/dist-packages), else the build tree's.
std::string python_package_dir() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = exe.parent_path().parent_path() / STICKSLIP_PYTHON_INSTALL_DIR;
    if (std::filesystem::exists(installed / "stickslip" / "__init__.py")) return installed.string();
  }
  return STICKSLIP_PYTHON_BUILD_DIR;
}

// The Dask runner lives in the Python module (Dask is a Python library); it reads the same sweep
// file and runs the same per-run code (sweep/sweep.hpp) on the workers.
int run_on_cluster(const SweepArgs& a) {
  const std::string dir = python_package_dir();
  if (!std::filesystem::exists(std::filesystem::path(dir) / "stickslip" / "__init__.py")) {
    std::cerr << "error: --scheduler needs the stickslip Python module, which was not built (see docs/python.md)\n";
    return kExitBadInput;
  }
  const char* old = std::getenv("PYTHONPATH");
  const std::string path = dir + (old && *old ? std::string(":") + old : "");
  setenv("PYTHONPATH", path.c_str(), 1);
  // -P: the current folder is not put on sys.path (a numbers.py there would replace the standard
  // module); PYTHONPATH, which finds the package, still is.
  std::vector<std::string> args{STICKSLIP_PYTHON, "-P", "-m", "stickslip", "sweep", a.sweep, "--scheduler", a.scheduler};
  if (!a.output.empty()) args.insert(args.end(), {"-o", a.output});
  if (a.restart) args.emplace_back("--restart");
  if (a.retry_failed) args.emplace_back("--retry-failed");
  if (a.quiet) args.emplace_back("-q");
  std::vector<char*> argv;
  for (auto& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::fflush(nullptr);
  execv(argv[0], argv.data());
  std::cerr << "error: cannot start " << STICKSLIP_PYTHON << " for --scheduler\n";
  return kExitBadInput;
}

// --dry-run: the sweep passed every check made before a run; its runs as a table of parameters.
int print_runs(const Sweep& sweep) {
  const std::vector<std::string> columns = sweep.columns();
  std::string line = "run";
  for (std::size_t k = 0; k < sweep.spec().parameters.size(); ++k) line += "," + columns[k + 1];
  std::printf("%s\n", line.c_str());
  for (std::size_t r = 0; r < sweep.size(); ++r) {
    line = std::to_string(r);
    for (const double x : sweep.parameters(r)) {
      line += ',';
      append_number(line, x);
    }
    std::printf("%s\n", line.c_str());
  }
  std::printf("%zu runs checked; none run (--dry-run)\n", sweep.size());
  return kExitOk;
}

int run_sweep(const SweepArgs& a) {
  if (!a.scheduler.empty() && !a.dry_run) return run_on_cluster(a);
  std::optional<Sweep> sweep;
  try {
    sweep.emplace(Sweep::read(a.sweep));
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  }
  if (a.dry_run) return print_runs(*sweep);
  const std::string out = !a.output.empty()          ? a.output
                          : !sweep->spec().output.empty() ? sweep->spec().output
                                                          : std::filesystem::path(a.sweep).stem().string() + ".csv";
  if (const std::string clash = output_clash({a.sweep}, {out}, "the sweep file", "-o"); !clash.empty()) {
    std::cerr << "error: " << clash << "\n";
    return kExitBadInput;
  }
  std::optional<SweepTable> table;
  try {
    table.emplace(*sweep, out, a.restart, a.retry_failed);
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::runtime_error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitIoError;
  }
  const std::size_t before = table->done();
  SweepProgress progress(!a.quiet && isatty(STDERR_FILENO), table->total(), before);
  LocalSweepOptions options;
  options.jobs = a.jobs;
  options.stop_requested = [] { return interrupted != 0; };
  options.progress = [&progress](std::size_t done, std::size_t failed) { progress.update(done, failed); };
  interrupted = 0;
  std::signal(SIGINT, on_interrupt);
  SweepOutcome outcome;
  try {
    outcome = run_sweep_local(*sweep, *table, options);
  } catch (const std::runtime_error& e) {
    progress.finish();
    std::cerr << "error: " << e.what() << "\n";
    return kExitIoError;
  }
  std::signal(SIGINT, SIG_DFL);
  progress.finish();
  std::printf("wrote %s: %zu of %zu runs (%zu failed); %zu run now in %.1f s\n", out.c_str(), table->done(),
              table->total(), table->failed(), outcome.runs, outcome.wall_time_s);
  if (table->failed() > 0) std::printf("the failed runs' errors are in the table's error column\n");
  if (outcome.interrupted) {
    std::cerr << "interrupted: the runs done are in " << out << "; the same command resumes the sweep\n";
    return kExitInterrupted;
  }
  return kExitOk;
}

}  // namespace

void add_sweep_command(CLI::App& cli, int& exit_code) {
  auto a = std::make_shared<SweepArgs>();
  auto* sub = cli.add_subcommand("sweep", "Run a parameter sweep (SWEEP.yaml) and write its table as CSV");
  sub->add_option("sweep", a->sweep, "Sweep file (YAML, docs/sweeps.md)")->required();
  sub->add_option("-o,--output", a->output,
                  "Table CSV (default: the sweep file's `output`, else its stem + .csv, in the current folder)");
  auto* jobs = sub->add_option("-j,--jobs", a->jobs, "Runs at once on this machine (default: one per core)")
                   ->check(CLI::PositiveNumber);
  auto* scheduler = sub->add_option("--scheduler", a->scheduler,
                                    "Run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:port)");
  jobs->excludes(scheduler);
  sub->add_flag("--restart", a->restart, "Discard the runs of an earlier, interrupted sweep in the table");
  sub->add_flag("--retry-failed", a->retry_failed, "Run the failed runs recorded in the table again");
  sub->add_flag("-q,--quiet", a->quiet, "No progress bar");
  sub->add_flag("--dry-run", a->dry_run, "Check the sweep file and its model, print the runs' parameters, run nothing");
  sub->callback([a, &exit_code] { exit_code = run_sweep(*a); });
}

}  // namespace stickslip::app
