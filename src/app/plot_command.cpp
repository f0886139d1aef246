// `stickslip plot RESULT.csv --columns a,b -o FIG.png`: plots result columns with matplotlib
// (Debian's /usr/bin/python3; STICKSLIP_PYTHON overrides). The script is compiled into the binary.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/plot_script.hpp"
#include "io/input_error.hpp"
#include "io/input_file.hpp"

namespace stickslip::app {
namespace {

struct PlotArgs {
  std::string csv, output, columns, x = "t", title;
  bool overlay = false;
};

int run_python(const std::vector<std::string>& args) {
  const char* env = std::getenv("STICKSLIP_PYTHON");
  const std::string python = env && *env ? env : "/usr/bin/python3";
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(python.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    execv(python.c_str(), argv.data());
    std::cerr << "error: cannot run " << python << " (install python3-matplotlib: make deps)\n";
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int plot(const PlotArgs& a) {
  if (const std::string clash = output_clash({a.csv}, {a.output}, "the results", "-o"); !clash.empty()) {
    std::cerr << "error: " << clash << "\n";
    return kExitBadInput;
  }
  try {  // a regular file within its cap, checked before Python reads it (docs/cli.md, "Limits")
    (void)open_input_file(a.csv, kResultFileLimit);
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  }
  // -I (isolated): neither the current folder nor PYTHON* variables reach sys.path, so a file of the
  // user's folder named like a standard module (numbers.py, csv.py) cannot replace it.
  std::vector<std::string> args{"-I", "-c", kPlotScript, a.csv, a.output, a.columns, "--x", a.x};
  if (a.overlay) args.emplace_back("--overlay");
  if (!a.title.empty()) {
    args.emplace_back("--title");
    args.push_back(a.title);
  }
  const int rc = run_python(args);
  if (rc == 0) {
    std::cout << "wrote " << a.output << "\n";
    return kExitOk;
  }
  if (rc == 2) return kExitBadInput;
  if (rc == 3) return kExitIoError;
  std::cerr << "error: plotting failed (python exit status " << rc << ")\n";
  return kExitNumericalFailure;
}

}  // namespace

void add_plot_command(CLI::App& cli, int& exit_code) {
  auto args = std::make_shared<PlotArgs>();
  auto* sub = cli.add_subcommand("plot", "Plot columns of a result file (CSV or .npy) to a PNG image");
  sub->add_option("results", args->csv, "Result file (CSV, or .npy from --format npy)")->required();
  sub->add_option("--columns,-c", args->columns, "Comma-separated columns or patterns (crank.*)")->required();
  sub->add_option("-o,--output", args->output, "Output PNG file")->required();
  sub->add_option("--x", args->x, "Column for the horizontal axis")->capture_default_str();
  sub->add_flag("--overlay", args->overlay, "All columns on one axes instead of one axes each");
  sub->add_option("--title", args->title, "Figure title (default: the CSV path)");
  sub->callback([args, &exit_code] { exit_code = plot(*args); });
}

}  // namespace stickslip::app
