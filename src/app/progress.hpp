// Progress of a run on standard error: on a terminal a bar with the simulated time, the share done
// and an estimate of the time left, redrawn at most ten times a second; elsewhere (a log, a batch
// job), with --progress SECONDS, one line every SECONDS. The estimate comes from the pace (simulated
// seconds per wall second) over the last few updates, so a run that slows down says so.
#pragma once

#include <chrono>
#include <string>

namespace stickslip::app {

class Progress {
 public:
  enum class Mode { off, bar, lines };
  Progress(Mode mode, double every_seconds, double t_start, double t_end);
  void update(double t);
  // Removes the bar (before a warning or the summary is printed).
  void clear();

 private:
  using Clock = std::chrono::steady_clock;
  std::string status(double t, double elapsed);
  Mode mode_;
  double every_, t0_, t1_;
  Clock::time_point start_ = Clock::now(), last_ = Clock::now();
  double last_t_;
  double pace_ = 0;  // smoothed simulated seconds per wall second
  bool drawn_ = false;
};

// "1:02:03", "4:05", "17 s" for durations; "?" when unknown.
std::string format_duration(double seconds);

}  // namespace stickslip::app
