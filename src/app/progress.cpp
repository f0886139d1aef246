#include "app/progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace stickslip::app {

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  char buf[48];
  if (seconds < 60) {
    std::snprintf(buf, sizeof buf, "%.0f s", seconds);
  } else if (seconds < 3600) {
    std::snprintf(buf, sizeof buf, "%d:%02d", static_cast<int>(seconds) / 60, static_cast<int>(seconds) % 60);
  } else if (seconds < 1e7) {
    const long s = static_cast<long>(seconds);
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g days", seconds / 86400);
  }
  return buf;
}

Progress::Progress(Mode mode, double every_seconds, double t_start, double t_end)
    : mode_(mode), every_(mode == Mode::bar ? 0.1 : every_seconds), t0_(t_start), t1_(t_end), last_t_(t_start) {}

std::string Progress::status(double t, double elapsed) {
  const double done = std::clamp((t - t0_) / (t1_ - t0_), 0.0, 1.0);
  const double left = pace_ > 0 ? (t1_ - t) / pace_ : NAN;
  char buf[160];
  std::snprintf(buf, sizeof buf, "t = %-11.6g %5.1f %%  %s elapsed, %s left", t, 100 * done,
                format_duration(elapsed).c_str(), format_duration(left).c_str());
  return buf;
}

void Progress::update(double t) {
  if (mode_ == Mode::off) return;
  const Clock::time_point now = Clock::now();
  const double since = std::chrono::duration<double>(now - last_).count();
  if (since < every_) return;
  // The pace over the last interval, smoothed so that the estimate neither jumps nor lags long.
  const double pace = (t - last_t_) / since;
  pace_ = pace_ > 0 ? 0.7 * pace_ + 0.3 * pace : pace;
  last_ = now;
  last_t_ = t;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (mode_ == Mode::lines) {
    std::fprintf(stderr, "progress: %s\n", status(t, elapsed).c_str());
    return;
  }
  const double done = std::clamp((t - t0_) / (t1_ - t0_), 0.0, 1.0);
  constexpr int kWidth = 24;
  const int filled = static_cast<int>(done * kWidth);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar += std::string(static_cast<std::size_t>(kWidth - filled), '.');
  std::fprintf(stderr, "\r[%s] %s\033[K", bar.c_str(), status(t, elapsed).c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::clear() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace stickslip::app
