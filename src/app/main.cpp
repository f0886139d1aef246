// The `stickslip` command line: a thin layer over the library (see docs/cli.md).
#include <iostream>
#include <new>

#include "app/commands.hpp"

int main(int argc, char** argv) {
  using namespace stickslip::app;
  CLI::App cli{"stickslip: nonsmooth multibody dynamics", "stickslip"};
  cli.set_version_flag("--version", std::string("stickslip ") + STICKSLIP_VERSION);
  cli.require_subcommand(1);
  int exit_code = kExitOk;
  add_run_command(cli, exit_code);
  add_resume_command(cli, exit_code);
  add_plot_command(cli, exit_code);
  add_lcp_command(cli, exit_code);
  add_view_command(cli, exit_code);
  add_sweep_command(cli, exit_code);
  // A first word that is neither an option nor a command is named (CLI11 would only say that a
  // subcommand is required).
  const auto known = [&cli](const std::string& name) {
    for (const CLI::App* sub : cli.get_subcommands({})) {
      if (sub->check_name(name)) return true;
    }
    return false;
  };
  if (argc > 1 && argv[1][0] != '-' && !known(argv[1])) {
    std::cerr << "error: unknown command '" << argv[1] << "'; the commands are run, resume, plot, lcp, view and sweep "
              << "(stickslip --help)\n";
    return kExitBadInput;
  }
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = cli.exit(e);
    return rc == 0 ? kExitOk : kExitBadInput;
  } catch (const std::bad_alloc&) {
    // The run command names what it was building; this is the last word for the others.
    std::cerr << "error: out of memory in `stickslip " << argv[1] << "`\n";
    return kExitNumericalFailure;
  }
  return exit_code;
}
