// Results in NumPy's .npy format (format 1.0, or 2.0/3.0 when the header needs it): a 1-D array of
// rows with a structured dtype, one little-endian float64 field per output column named like the CSV
// column, so `numpy.load(f)["body.x"]` is a column. The binary form costs a copy per row instead of
// a decimal conversion per number (docs/performance.md), and is exact. Rows are written in blocks like
// the CSV's (io/block_writer.hpp); after every block the header's row count is rewritten in place, so
// a file cut short by a kill still loads, with the rows of its last completed block. As for the CSV,
// the file is created when the run begins writing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formulations/output.hpp"
#include "io/block_writer.hpp"

namespace stickslip {

class NpySink final : public OutputSink {
 public:
  explicit NpySink(const std::string& path);  // checks that it can be written (OutputError)
  NpySink(const std::string& path, std::uint64_t bytes);  // resuming after `bytes` bytes
  ~NpySink() override;
  NpySink(const NpySink&) = delete;
  NpySink& operator=(const NpySink&) = delete;

  void begin(const std::vector<std::string>& columns) override;
  void write(const std::vector<double>& row) override;
  void flush() override { out_.flush(); }
  void end() override { out_.close(); }
  // flush(), and the rows to the disk (output_file.hpp: where a later file counts on them).
  void sync() { out_.sync(); }
  void end_durably() { out_.close(true); }  // end(), the rows synced first
  bool begun() const { return begun_; }
  std::uint64_t bytes() const { return out_.bytes(); }
  void discard() { out_.discard(); }

 private:
  void update_count();
  std::string path_;
  BlockWriter out_;
  std::vector<std::string> columns_;
  std::uint64_t resume_bytes_ = 0, header_bytes_ = 0, rows_on_disk_ = 0;
  bool resuming_ = false, begun_ = false;
};

// The whole .npy header (magic, version, length, dictionary, padding) for `rows` rows of these
// columns; its length does not depend on `rows` (room is kept for 20 digits).
std::string npy_header(const std::vector<std::string>& columns, std::uint64_t rows);

}  // namespace stickslip
