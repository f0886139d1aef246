// The subcommands of the `stickslip` command line, each in its own file.
#pragma once

#include <CLI/CLI.hpp>

namespace stickslip::app {

// Exit codes of the command (documented in docs/cli.md).
enum ExitCode : int {
  kExitOk = 0,
  kExitNumericalFailure = 1,  // the computation failed; results written so far stay on disk
  kExitBadInput = 2,          // bad usage or a malformed input file; nothing was written
  kExitIoError = 3,           // an output file could not be written
};

// Each adds its subcommand to `cli`; when the subcommand runs it stores its exit code in `exit_code`.
void add_run_command(CLI::App& cli, int& exit_code);
void add_plot_command(CLI::App& cli, int& exit_code);
void add_lcp_command(CLI::App& cli, int& exit_code);

}  // namespace stickslip::app
