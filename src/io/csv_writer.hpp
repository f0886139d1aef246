// Results as CSV: a header of column names, then one row per output time. Numbers are written in
// their shortest exact (round-trip) form. Rows are flushed regularly and on close, so a run that
// fails keeps everything it computed up to the failure. The file is only created (or truncated) when
// the run begins writing, so a model refused during set-up leaves an earlier file untouched.
#pragma once

#include <cstdio>
#include <string>

#include "formulations/output.hpp"

namespace stickslip {

class CsvSink final : public OutputSink {
 public:
  // Checks that the file can be written, without touching an existing one; throws
  // std::runtime_error if it cannot. begin() creates or truncates it.
  explicit CsvSink(const std::string& path);
  ~CsvSink() override;
  CsvSink(const CsvSink&) = delete;
  CsvSink& operator=(const CsvSink&) = delete;

  void begin(const std::vector<std::string>& columns) override;
  void write(const std::vector<double>& row) override;
  void end() override;
  bool begun() const { return begun_; }  // the file has been created or truncated

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  long rows_ = 0;
  bool begun_ = false;
};

// Throws std::runtime_error naming `path` unless it can be opened for writing; leaves an existing
// file's contents alone and removes a file it had to create for the check.
void check_writable(const std::string& path);

// Appends the shortest round-trip text of x.
void append_number(std::string& out, double x);

}  // namespace stickslip
