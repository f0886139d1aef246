// Placeholder: replaced by the real `stickslip lcp` command.
#include "app/commands.hpp"

namespace stickslip::app {

void add_lcp_command(CLI::App& cli, int& exit_code) {
  auto* sub = cli.add_subcommand("lcp", "(not yet implemented)");
  sub->callback([&exit_code] { exit_code = kExitBadInput; });
}

}  // namespace stickslip::app
