// The table of a sweep as CSV: one row per run (run, parameters, kept quantities, status, error),
// appended and flushed as each run ends, so an interrupted sweep keeps every finished run and the
// same sweep started again resumes with the runs still missing. Once every run is in, the table is
// rewritten in run order, so its content does not depend on which worker finished first.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "io/output_file.hpp"
#include "sweep/sweep.hpp"

namespace stickslip {

class SweepTable {
 public:
  // Opens `path` for `sweep`. An existing table of the same sweep (same columns, same parameter
  // values for each run) is resumed; `restart` discards it; `retry_failed` runs its failed runs
  // again. A file holding anything else throws InputError (nothing is changed); a file that cannot
  // be written throws OutputError (a std::runtime_error).
  SweepTable(const Sweep& sweep, std::string path, bool restart = false, bool retry_failed = false);
  ~SweepTable();
  SweepTable(const SweepTable&) = delete;
  SweepTable& operator=(const SweepTable&) = delete;

  const std::string& path() const { return path_; }
  // Runs still to do, in run order.
  const std::vector<std::size_t>& pending() const { return pending_; }
  std::size_t total() const { return total_; }
  std::size_t done() const;    // rows in the table (including failed runs)
  std::size_t failed() const;  // failed runs in the table

  // Appends a run's row and flushes it. Safe to call from several threads.
  void record(const SweepRow& row);
  // When every run is in: rewrites the table in run order. Returns whether it was complete.
  bool finish();

  // The CSV line of a row (without the line break).
  static std::string row_text(const SweepRow& row);

 private:
  void rewrite();

  const Sweep& sweep_;
  std::string path_;
  std::size_t total_ = 0;
  std::vector<std::size_t> pending_;
  std::map<std::size_t, std::string> rows_;  // run → its line
  std::size_t failed_ = 0;
  OutputFile file_;  // appended to; every write checked
  mutable std::mutex mutex_;
};

}  // namespace stickslip
