// Results in NumPy's .npy format (version 1.0): a 2-D array of little-endian float64, one row per
// output time and one column per output column, in C order, so `numpy.load(f)` is the table. The
// header holds only the shape: with a field per column named in it, a large model's header outgrew
// what NumPy (1.24 and later) reads by default. The column names are beside the results, one per
// line, in the file npy_columns_path() names (r.npy -> r.columns.txt), written when the run begins.
// The binary form costs a copy per row instead of a decimal conversion per number
// (docs/performance.md), and is exact. Rows are written in blocks like the CSV's
// (io/block_writer.hpp); after every block the header's row count is rewritten in place, so a file
// cut short by a kill still loads, with the rows of its last completed block. As for the CSV, the
// files are created when the run begins writing.
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
  void flush_if_due() { out_.flush_if_due(); }  // between steps (io/block_writer.hpp)
  void end() override { out_.close(); }
  // flush(), and the rows to the disk (output_file.hpp: where a later file counts on them).
  void sync() { out_.sync(); }
  void end_durably() { out_.close(true); }  // end(), the rows synced first
  bool begun() const { return begun_; }
  std::uint64_t bytes() const { return out_.bytes(); }
  void discard() { out_.discard(); }
  const std::string& columns_path() const { return columns_path_; }

 private:
  void update_count();
  void check_resumed_columns() const;
  std::string path_;
  std::string columns_path_;
  BlockWriter out_;
  std::vector<std::string> columns_;
  std::uint64_t resume_bytes_ = 0, header_bytes_ = 0, rows_on_disk_ = 0;
  bool resuming_ = false, begun_ = false;
};

// Where the column names of the .npy results `results_path` go: its stem + ".columns.txt".
std::string npy_columns_path(const std::string& results_path);

// The whole .npy header (magic, version, length, dictionary, padding) of a `rows` × `columns` array
// of float64; its length does not depend on `rows` (room is kept for 20 digits).
std::string npy_matrix_header(std::size_t columns, std::uint64_t rows);

// The header of a table with a structured dtype, one float64 field per named column (the small
// tables of `--dump-unconverged`); its length does not depend on `rows` either.
std::string npy_header(const std::vector<std::string>& columns, std::uint64_t rows);

}  // namespace stickslip
