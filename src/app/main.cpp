// The `stickslip` command line: a thin layer over the library (see docs/cli.md).
#include <iostream>

#include "app/commands.hpp"

int main(int argc, char** argv) {
  using namespace stickslip::app;
  CLI::App cli{"stickslip: nonsmooth multibody dynamics", "stickslip"};
  cli.set_version_flag("--version", std::string("stickslip ") + STICKSLIP_VERSION);
  cli.require_subcommand(1);
  int exit_code = kExitOk;
  add_run_command(cli, exit_code);
  add_plot_command(cli, exit_code);
  add_lcp_command(cli, exit_code);
  add_view_command(cli, exit_code);
  add_sweep_command(cli, exit_code);
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = cli.exit(e);
    return rc == 0 ? kExitOk : kExitBadInput;
  }
  return exit_code;
}
