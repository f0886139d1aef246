// Records (CSV rows, binary rows, event lines) gathered in memory and written to an OutputFile in
// large blocks that always end on a whole record: a block goes out when it reaches block_bytes, when
// a record completes kFlushSeconds after the last write (and at once for the first records, so a
// file holds its header and first rows from the start), when the run calls flush_if_due() between
// steps at such a time (rows produced rarely still reach the file within about a second of wall
// time), and on flush(). Each block is one write() call, so a killed run leaves whole records only,
// unless the kill lands inside that call or the power fails (readers then drop a partial last record).
#pragma once

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
    if (buffer_.size() >= kBlockBytes || due()) flush();
  }
  // Between steps: writes what has gathered if kFlushSeconds have passed since the last write.
  void flush_if_due() {
    if (!buffer_.empty() && due()) flush();
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
  // A coarse monotonic clock (a few milliseconds' resolution, a few nanoseconds a read): it is read
  // for every record and between steps, and a second is all it has to tell.
  static double now_seconds();
  bool due() const { return now_seconds() - last_write_ >= kFlushSeconds; }
  OutputFile file_;
  std::string buffer_;
  double last_write_ = -kFlushSeconds;  // the first record goes out at once
  std::function<void()> on_block_;
};

}  // namespace stickslip
