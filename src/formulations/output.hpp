// Where a formulation sends its results: one row per output time, columns named once.
#pragma once

#include <string>
#include <vector>

namespace stickslip {

class OutputSink {
 public:
  virtual ~OutputSink() = default;
  virtual void begin(const std::vector<std::string>& columns) = 0;
  virtual void write(const std::vector<double>& row) = 0;
  // Everything written so far reaches its destination (before a checkpoint is taken).
  virtual void flush() {}
  virtual void end() = 0;
};

// Keeps everything in memory (tests, Python).
class MemorySink final : public OutputSink {
 public:
  void begin(const std::vector<std::string>& c) override { columns = c; }
  void write(const std::vector<double>& row) override { rows.push_back(row); }
  void end() override {}

  int column(const std::string& name) const;  // index of a column, -1 if absent
  std::vector<double> series(const std::string& name) const;

  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
};

}  // namespace stickslip
