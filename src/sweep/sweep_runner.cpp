#include "sweep/sweep_runner.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace stickslip {
namespace {

std::string clock_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  }
  return buf;
}

}  // namespace

SweepProgress::SweepProgress(bool enabled, std::size_t total, std::size_t done_before)
    : enabled_(enabled), total_(total), done_before_(done_before), start_(std::chrono::steady_clock::now()) {}

void SweepProgress::update(std::size_t done, std::size_t failed, bool force) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const std::size_t session = done - std::min(done, done_before_);
  constexpr int kWidth = 24;
  const int filled = total_ ? static_cast<int>(kWidth * done / total_) : kWidth;
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(kWidth, '.');
  std::string eta = "--:--";
  if (session > 0) eta = clock_text(elapsed / static_cast<double>(session) * static_cast<double>(total_ - done));
  std::fprintf(stderr, "\r  [%s] %zu/%zu runs", bar.c_str(), done, total_);
  if (failed) std::fprintf(stderr, " (%zu failed)", failed);
  std::fprintf(stderr, "  %s elapsed, ETA %s   ", clock_text(elapsed).c_str(), eta.c_str());
  std::fflush(stderr);
}

void SweepProgress::finish() {
  if (enabled_) std::fprintf(stderr, "\r%78s\r", "");
}

SweepOutcome run_sweep_local(const Sweep& sweep, SweepTable& table, const LocalSweepOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::size_t>& pending = table.pending();
  const std::size_t failed_before = table.failed();
  int jobs = options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  jobs = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(jobs), std::max<std::size_t>(pending.size(), 1)));

  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::atomic<std::size_t> made{0};
  std::mutex mutex;
  std::condition_variable changed;
  std::exception_ptr error;  // a table that cannot be written stops the sweep
  int running = jobs;
  const auto work = [&] {
    while (!stop) {
      const std::size_t k = next++;
      if (k >= pending.size()) break;
      try {
        const SweepRow row = sweep.run(pending[k], [&stop] { return stop.load(); });
        if (row.stopped) break;
        table.record(row);
        ++made;
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        stop = true;
      }
      changed.notify_one();
    }
    const std::lock_guard lock(mutex);
    --running;
    changed.notify_one();
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(work);

  SweepOutcome outcome;
  {
    std::unique_lock lock(mutex);
    while (running > 0) {
      changed.wait_for(lock, std::chrono::milliseconds(100));
      lock.unlock();
      if (options.progress) options.progress(table.done(), table.failed());
      if (!stop && options.stop_requested && options.stop_requested()) {
        stop = true;
        outcome.interrupted = true;
      }
      lock.lock();
    }
  }
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  if (options.progress) options.progress(table.done(), table.failed());
  outcome.runs = made;
  outcome.failed = table.failed() - failed_before;
  outcome.complete = table.finish();
  outcome.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

}  // namespace stickslip
