// The subcommands of the `stickslip` command line, each in its own file.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace stickslip::app {

// Exit codes of the command (documented in docs/cli.md).
enum ExitCode : int {
  kExitOk = 0,
  kExitNumericalFailure = 1,  // the computation failed; results written so far stay on disk
  kExitBadInput = 2,          // bad usage or a malformed input file; nothing was written
  kExitIoError = 3,           // an output file could not be written
  kExitStopped = 4,           // stopped before t_end by --max-wall; the rows up to the stop are complete
  kExitInterrupted = 130,     // stopped by Ctrl-C (128 + SIGINT); what was done is on disk
  // in general 128 + the signal's number (130 SIGINT, 143 SIGTERM): stopped cleanly by that signal
};

// A command-line number that must be finite, >= lowest (> lowest when strict); `what` words the
// requirement in messages ("a finite number > 0"). CLI11's own range checks let NaN through.
CLI::Validator finite_number(double lowest, bool strict, const char* what);

// An output that is also an input, or two outputs that are one file, however spelt: the message
// ("the output 'x' is the input 'y' (<inputs_are>): choose another <output_options>"), or "".
std::string output_clash(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                         const std::string& inputs_are, const std::string& output_options);

// Each adds its subcommand to `cli`; when the subcommand runs it stores its exit code in `exit_code`.
void add_run_command(CLI::App& cli, int& exit_code);
void add_resume_command(CLI::App& cli, int& exit_code);
void add_plot_command(CLI::App& cli, int& exit_code);
void add_lcp_command(CLI::App& cli, int& exit_code);
void add_view_command(CLI::App& cli, int& exit_code);
void add_sweep_command(CLI::App& cli, int& exit_code);

}  // namespace stickslip::app
