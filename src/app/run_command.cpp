// `stickslip run MODEL.yaml`: reads a model file, simulates it, writes the results (CSV or .npy).
#include "app/commands.hpp"
#include "app/run_session.hpp"

namespace stickslip::app {

void add_run_command(CLI::App& cli, int& exit_code) {
  auto settings = std::make_shared<RunSettings>();
  auto session = std::make_shared<SessionSettings>();
  auto* sub = cli.add_subcommand("run", "Simulate a model file and write its results (CSV or .npy)");
  add_run_options(*sub, *settings);
  add_session_options(*sub, *session);
  sub->callback([settings, session, &exit_code] { exit_code = run_session(*settings, *session); });
}

}  // namespace stickslip::app
