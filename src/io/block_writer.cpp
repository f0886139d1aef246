#include "io/block_writer.hpp"

#include <time.h>

#include <chrono>

namespace stickslip {

double BlockWriter::now_seconds() {
#ifdef CLOCK_MONOTONIC_COARSE
  timespec ts{};
  if (clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) == 0) return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
#endif
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void BlockWriter::flush() {
  last_write_ = now_seconds();
  if (buffer_.empty() || !file_.is_open()) return;
  file_.write(buffer_);
  buffer_.clear();
  if (on_block_) on_block_();
}

void BlockWriter::sync() {
  flush();
  file_.sync();
}

void BlockWriter::close(bool durable) {
  if (!file_.is_open()) return;
  flush();
  if (durable) file_.sync();
  file_.close();
}

}  // namespace stickslip
