#include "io/block_writer.hpp"

namespace stickslip {

void BlockWriter::flush() {
  last_write_ = std::chrono::steady_clock::now();
  if (buffer_.empty() || !file_.is_open()) return;
  file_.write(buffer_);
  buffer_.clear();
  if (on_block_) on_block_();
}

void BlockWriter::close() {
  if (!file_.is_open()) return;
  flush();
  file_.close();
}

}  // namespace stickslip
