// Results as CSV: a header of column names, then one row per output time. Numbers are written in
// their shortest exact (round-trip) form (std::to_chars). Rows reach the file in large blocks that
// end on whole rows (io/block_writer.hpp), at least once a second, and at the end; every write is
// checked (OutputError). The file is only created (or truncated) when the run begins writing, so a
// model refused during set-up leaves an earlier file untouched.
#pragma once

#include <cstdint>
#include <string>

#include "formulations/output.hpp"
#include "io/block_writer.hpp"

namespace stickslip {

class CsvSink final : public OutputSink {
 public:
  // Checks that the file can be written, without touching an existing one; throws OutputError if
  // it cannot. begin() creates or truncates it.
  explicit CsvSink(const std::string& path);
  // Resuming: begin() keeps the file's first `bytes` bytes (a header equal to the columns, then
  // whole rows) and writes after them.
  CsvSink(const std::string& path, std::uint64_t bytes);
  ~CsvSink() override;
  CsvSink(const CsvSink&) = delete;
  CsvSink& operator=(const CsvSink&) = delete;

  void begin(const std::vector<std::string>& columns) override;
  void write(const std::vector<double>& row) override;
  void flush() override { out_.flush(); }
  void flush_if_due() { out_.flush_if_due(); }  // between steps (io/block_writer.hpp)
  void end() override { out_.close(); }
  // flush(), and the rows to the disk (output_file.hpp: where a later file counts on them).
  void sync() { out_.sync(); }
  void end_durably() { out_.close(true); }  // end(), the rows synced first
  bool begun() const { return begun_; }  // the file has been created or truncated
  std::uint64_t bytes() const { return out_.bytes(); }
  void discard() { out_.discard(); }

 private:
  std::string path_;
  BlockWriter out_;
  std::uint64_t resume_bytes_ = 0;
  bool resuming_ = false, begun_ = false;
};

// Appends the shortest round-trip text of x.
void append_number(std::string& out, double x);

// The CSV header line (without its newline) for these columns.
std::string csv_header(const std::vector<std::string>& columns);

}  // namespace stickslip
