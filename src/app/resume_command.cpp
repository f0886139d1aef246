// `stickslip resume CHECKPOINT`: continues the run that wrote the checkpoint (docs/cli.md,
// "Checkpoints"), with the options it was started with, appending to its results and event log.
#include <iostream>

#include "app/commands.hpp"
#include "app/run_session.hpp"
#include "io/checkpoint_file.hpp"
#include "io/input_error.hpp"

namespace stickslip::app {

namespace {

int resume_run(const std::string& path, const SessionSettings& session) {
  Snapshot checkpoint;
  RunSettings settings;
  try {
    checkpoint = read_checkpoint(path);
    settings = restore_settings(checkpoint);
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const SnapshotError& e) {
    std::cerr << "error: " << path << ": not a checkpoint of `stickslip run`: " << e.what() << "\n";
    return kExitBadInput;
  }
  return run_session(settings, session, &checkpoint);
}

}  // namespace

void add_resume_command(CLI::App& cli, int& exit_code) {
  auto path = std::make_shared<std::string>();
  auto session = std::make_shared<SessionSettings>();
  auto* sub = cli.add_subcommand("resume", "Continue a run from a checkpoint written by `run --checkpoint-every`");
  sub->add_option("checkpoint", *path, "Checkpoint file")->required();
  add_session_options(*sub, *session);
  sub->callback([path, session, &exit_code] { exit_code = resume_run(*path, *session); });
}

}  // namespace stickslip::app
