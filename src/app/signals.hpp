// SIGINT (Ctrl-C) and SIGTERM during a run: the first asks the run to stop cleanly (it finishes the
// step in hand, writes its rows, events and summary, and exits with 128 + the signal's number); a
// second one of the same kind ends the process at once, as the default action would.
#pragma once

#include <string>

namespace stickslip::app {

void install_stop_signals();
// 0, or the number of the first stop signal received.
int stop_signal();

// Before the run loop asks for stop requests (reading the model, its tables and the checkpoint,
// building the model and the scheme's problem), nothing has been written and nothing would be lost:
// while a SetUpWatch lives, a stop signal or the end of `max_wall_s` seconds (0: none) ends the
// process at once, saying so on standard error ("stopped by SIGINT while <doing>; nothing was
// written"), with the exit status a stop has then (128 + the signal, or `wall_status`). end() (the
// run starts writing) hands stop requests back to the run loop. One at a time.
class SetUpWatch {
 public:
  SetUpWatch(double max_wall_s, int wall_status, const std::string& doing);
  ~SetUpWatch() { end(); }
  SetUpWatch(const SetUpWatch&) = delete;
  SetUpWatch& operator=(const SetUpWatch&) = delete;
  void end();
  bool active() const { return active_; }

 private:
  bool active_ = false;
};

}  // namespace stickslip::app
