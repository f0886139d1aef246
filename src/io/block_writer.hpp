// Records (CSV rows, binary rows, event lines) gathered in memory and written to an OutputFile in
// large blocks that always end on a whole record: a block goes out when it reaches block_bytes, when
// flush_seconds have passed since the last write (so a long run's file keeps up with it), and on
// flush(). Each block is one write() call, so a killed run leaves whole records only, unless the
// kill lands inside that call or the power fails (readers then drop a partial last record).
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "io/output_file.hpp"

namespace stickslip {

class BlockWriter {
 public:
  static constexpr std::size_t kBlockBytes = 1 << 16;
  static constexpr double kFlushSeconds = 1.0;

  OutputFile& file() { return file_; }
  const OutputFile& file() const { return file_; }
  // Append one whole record here, then call record_done().
  std::string& buffer() { return buffer_; }
  void record_done() {
    if (buffer_.size() >= kBlockBytes || (++records_ % 64 == 0 && due())) flush();
  }
  void flush();
  // flush(), then the file's data to the disk (a checkpoint counts on them; output_file.hpp).
  void sync();
  // flush() and a checked close (`durable`: synced first); a no-op when the file is not open.
  void close(bool durable = false);
  // Called after every block written (the .npy header's row count follows the data).
  void on_block(std::function<void()> f) { on_block_ = std::move(f); }
  std::uint64_t bytes() const { return file_.size() + buffer_.size(); }
  void discard() { buffer_.clear(); }  // drops what is not yet written (the file is being removed)

 private:
  bool due() const {
    return std::chrono::steady_clock::now() - last_write_ >= std::chrono::duration<double>(kFlushSeconds);
  }
  OutputFile file_;
  std::string buffer_;
  unsigned records_ = 0;
  std::chrono::steady_clock::time_point last_write_ = std::chrono::steady_clock::now();
  std::function<void()> on_block_;
};

}  // namespace stickslip
