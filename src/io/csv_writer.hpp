// Results as CSV: a header of column names, then one row per output time. Numbers are written in
// their shortest exact (round-trip) form. Rows are flushed regularly and on close, so a run that
// fails keeps everything it computed up to the failure.
#pragma once

#include <cstdio>
#include <string>

#include "formulations/output.hpp"

namespace stickslip {

class CsvSink final : public OutputSink {
 public:
  // Opens (creates or truncates) the file; throws std::runtime_error if it cannot.
  explicit CsvSink(const std::string& path);
  ~CsvSink() override;
  CsvSink(const CsvSink&) = delete;
  CsvSink& operator=(const CsvSink&) = delete;

  void begin(const std::vector<std::string>& columns) override;
  void write(const std::vector<double>& row) override;
  void end() override;

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  long rows_ = 0;
};

// Appends the shortest round-trip text of x.
void append_number(std::string& out, double x);

}  // namespace stickslip
