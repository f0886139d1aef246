// Runs a sweep's missing runs on the local cores, writing each row to the table as it ends.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>

#include "sweep/sweep_table.hpp"

namespace stickslip {

// A one-line progress bar with the runs done, the failures, the elapsed time and an estimate of
// the time left, redrawn at most ten times a second on standard error (only when enabled: on a
// terminal). The estimate counts the runs of this session only, so a resumed sweep estimates well.
class SweepProgress {
 public:
  SweepProgress(bool enabled, std::size_t total, std::size_t done_before);
  void update(std::size_t done, std::size_t failed, bool force = false);  // totals, as in the table
  void finish();  // clears the line

 private:
  bool enabled_;
  std::size_t total_, done_before_;
  std::chrono::steady_clock::time_point start_, last_{};
};

struct LocalSweepOptions {
  int jobs = 0;  // worker threads; 0: one per core
  // Polled about ten times a second by the calling thread; true stops the sweep: no new run starts,
  // the runs under way stop at their next step and are not recorded (they run again on resume).
  std::function<bool()> stop_requested;
  // Called on the calling thread about ten times a second with the table's totals.
  std::function<void(std::size_t done, std::size_t failed)> progress;
};

struct SweepOutcome {
  std::size_t runs = 0;       // runs made in this call
  std::size_t failed = 0;     // of which failed
  bool complete = false;      // every run of the sweep is in the table (then sorted by run)
  bool interrupted = false;   // stopped by stop_requested
  double wall_time_s = 0;
};

SweepOutcome run_sweep_local(const Sweep& sweep, SweepTable& table, const LocalSweepOptions& options = {});

}  // namespace stickslip
