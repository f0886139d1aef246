// Placeholder: replaced by the real `stickslip run` command.
#include "app/commands.hpp"

namespace stickslip::app {

void add_run_command(CLI::App& cli, int& exit_code) {
  auto* sub = cli.add_subcommand("run", "(not yet implemented)");
  sub->callback([&exit_code] { exit_code = kExitBadInput; });
}

}  // namespace stickslip::app
