// One session of `stickslip run` or `stickslip resume`: reads the model, checks the output paths,
// runs (from the start or from a checkpoint) with progress, stop signals, a wall-time limit and
// checkpoints, and reports. Returns the exit status (docs/cli.md).
#pragma once

#include "app/run_settings.hpp"
#include "math/snapshot.hpp"

namespace stickslip::app {

int run_session(const RunSettings& settings, const SessionSettings& session, const Snapshot* checkpoint = nullptr);

}  // namespace stickslip::app
