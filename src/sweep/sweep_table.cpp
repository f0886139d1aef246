#include "sweep/sweep_table.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "io/csv_writer.hpp"
#include "io/input_error.hpp"
#include "io/input_file.hpp"

namespace stickslip {
namespace {

std::string join(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t k = 0; k < fields.size(); ++k) out += (k ? "," : "") + fields[k];
  return out;
}

// A CSV field: quoted (quotes doubled) when it holds a comma or a quote; line breaks become spaces
// so that every row is one line.
std::string csv_field(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The first `n` comma-separated fields of a line (they are numbers: never quoted).
std::vector<std::string> leading_fields(const std::string& line, std::size_t n) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (out.size() < n && pos <= line.size()) {
    const std::size_t end = std::min(line.find(',', pos), line.size());
    out.push_back(line.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

[[noreturn]] void not_this_sweep(const std::string& path, int line, const std::string& why) {
  throw InputError(path, line, 1, "",
                   why + ": this table belongs to another sweep (or the sweep file changed); "
                         "choose another output file, or restart the sweep to overwrite it");
}

}  // namespace

std::string SweepTable::row_text(const SweepRow& row) {
  std::string line = std::to_string(row.run);
  for (double p : row.parameters) {
    line += ',';
    append_number(line, p);
  }
  for (std::size_t k = 0; k < row.quantities.size(); ++k) {
    line += ',';
    if (!std::isnan(row.quantities[k])) append_number(line, row.quantities[k]);
  }
  return line;
}

SweepTable::SweepTable(const Sweep& sweep, std::string path, bool restart, bool retry_failed)
    : sweep_(sweep), path_(std::move(path)), total_(sweep.size()) {
  const std::string header = join(sweep.columns());
  const std::size_t n_params = sweep.spec().parameters.size();
  // A table that is a regular file is read back, within its cap (anything else cannot be the table:
  // it is written by renaming a new file over it).
  std::error_code ec;
  std::ifstream in;
  if (!restart && std::filesystem::is_regular_file(path_, ec)) in = open_input_file(path_, kSweepTableLimit);
  if (in.is_open() && !restart) {
    std::string line;
    if (std::getline(in, line) && line != header) not_this_sweep(path_, 1, "its columns differ");
    int number = 1;
    while (std::getline(in, line)) {
      ++number;
      if (in.eof()) break;  // a last line without its line break was cut off by an interruption
      if (line.empty()) continue;
      const auto fields = leading_fields(line, 1 + n_params);
      std::size_t run = 0;
      try {
        std::size_t used = 0;
        run = std::stoul(fields.at(0), &used);
        if (used != fields[0].size()) throw std::invalid_argument("run");
      } catch (const std::exception&) {
        not_this_sweep(path_, number, "'" + fields.at(0) + "' is not a run number");
      }
      if (run >= total_) not_this_sweep(path_, number, "run " + std::to_string(run) + " is beyond the sweep's " + std::to_string(total_) + " runs");
      SweepRow expected;
      expected.run = run;
      expected.parameters = sweep.parameters(run);
      const auto want = leading_fields(row_text(expected), 1 + n_params);
      if (fields != want) not_this_sweep(path_, number, "run " + std::to_string(run) + " has other parameter values");
      const bool failed = line.find(",failed,") != std::string::npos;
      if (failed && retry_failed) continue;
      if (rows_.emplace(run, line).second && failed) ++failed_;
    }
  }
  for (std::size_t run = 0; run < total_; ++run) {
    if (!rows_.count(run)) pending_.push_back(run);
  }
  rewrite();  // the header, the rows kept, nothing cut off; then rows are appended
}

SweepTable::~SweepTable() = default;

std::size_t SweepTable::done() const {
  const std::lock_guard lock(mutex_);
  return rows_.size();
}

std::size_t SweepTable::failed() const {
  const std::lock_guard lock(mutex_);
  return failed_;
}

void SweepTable::rewrite() {  // rows_ is ordered by run
  file_.close();
  std::string text = join(sweep_.columns()) + '\n';
  for (const auto& [run, line] : rows_) text += line + '\n';
  // Written, synced and closed under a temporary name, then renamed: a full disk or an I/O error
  // throws before the table that was there is replaced.
  write_file_atomically(path_, text);
  file_.open_at(path_, text.size());
}

void SweepTable::record(const SweepRow& row) {
  if (row.stopped) throw std::logic_error("SweepTable::record: a stopped run has no result");
  std::string line = row_text(row);
  if (row.ok()) {
    line += ",ok,";
  } else {
    line += std::string(sweep_.spec().keep.size(), ',') + ",failed," + csv_field(row.error);
  }
  const std::lock_guard lock(mutex_);
  if (!rows_.emplace(row.run, line).second) return;  // already in (a Dask task run twice)
  if (!row.ok()) ++failed_;
  file_.write(line + '\n');
}

bool SweepTable::finish() {
  const std::lock_guard lock(mutex_);
  if (rows_.size() < total_) return false;
  rewrite();
  return true;
}

}  // namespace stickslip
