#include "io/block_writer.hpp"

namespace stickslip {

void BlockWriter::flush() {
  last_write_ = std::chrono::steady_clock::now();
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
