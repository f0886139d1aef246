// SIGINT (Ctrl-C) and SIGTERM during a run: the first asks the run to stop cleanly (it finishes the
// step in hand, writes its rows, events and summary, and exits with 128 + the signal's number); a
// second one of the same kind ends the process at once, as the default action would.
#pragma once

namespace stickslip::app {

void install_stop_signals();
// 0, or the number of the first stop signal received.
int stop_signal();

}  // namespace stickslip::app
