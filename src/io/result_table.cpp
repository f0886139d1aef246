#include "io/result_table.hpp"

#include <cmath>
#include <fstream>
#include <map>

#include "io/input_file.hpp"
#include "io/number_text.hpp"

namespace stickslip {
namespace {

// Splits on commas; a trailing '\r' (a file saved on Windows) is dropped.
void split_commas(std::string& line, std::vector<std::string>& cells) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  cells.clear();
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    cells.emplace_back(line, start, comma == std::string::npos ? std::string::npos : comma - start);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
}

// Column (1-based) of cell k of a comma-separated line.
int cell_column(const std::vector<std::string>& cells, std::size_t k) {
  int col = 1;
  for (std::size_t i = 0; i < k; ++i) col += static_cast<int>(cells[i].size()) + 1;
  return col;
}

std::ifstream open_input(const std::string& file) { return open_input_file(file, kResultFileLimit); }

// A line getline() ended at the end of the file rather than at a newline: a row cut short.
bool cut_short(const std::istream& in, const std::string& line) { return in.eof() && !line.empty(); }

}  // namespace

int ResultTable::index(const std::string& name) const {
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (names[c] == name) return static_cast<int>(c);
  }
  return -1;
}

const std::vector<double>& ResultTable::column(const std::string& name, const std::string& needed_for) const {
  const int c = index(name);
  if (c < 0) {
    throw InputError(file, 1, 1, "", "no column '" + name + "' (needed for " + needed_for +
                                         "): is the model the one these results were computed from?");
  }
  return columns[static_cast<std::size_t>(c)];
}

ResultTable read_result_table(const std::string& file) {
  std::ifstream in = open_input(file);
  ResultTable table;
  table.file = file;
  std::string line;
  std::vector<std::string> cells;
  if (!std::getline(in, line)) throw InputError(file, 1, 1, "", "empty file: expected a header of column names");
  split_commas(line, cells);
  std::map<std::string, int> seen;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    const int col = cell_column(cells, k);
    if (cells[k].empty()) throw InputError(file, 1, col, "", "empty column name");
    if (!seen.emplace(cells[k], col).second) {
      throw InputError(file, 1, col, "", "column '" + cells[k] + "' appears twice");
    }
  }
  table.names = cells;
  table.columns.assign(cells.size(), {});
  const int t = table.index("t");
  if (t < 0) throw InputError(file, 1, 1, "", "no column 't' (time) in the header");
  int line_no = 1;
  while (std::getline(in, line)) {
    ++line_no;
    if (cut_short(in, line)) {
      table.dropped_line = line_no;
      break;
    }
    if (line.empty() || line == "\r") continue;
    split_commas(line, cells);
    if (cells.size() != table.names.size()) {
      throw InputError(file, line_no, 1, "", "expected " + std::to_string(table.names.size()) + " values, got " +
                                                 std::to_string(cells.size()));
    }
    for (std::size_t k = 0; k < cells.size(); ++k) {
      double v = 0;
      const io::NumberText status = io::parse_real(cells[k], v);
      if (status != io::NumberText::ok) {
        throw InputError(file, line_no, cell_column(cells, k), table.names[k], io::number_text_problem(status, cells[k]));
      }
      table.columns[k].push_back(v);
    }
    const std::vector<double>& time = table.columns[static_cast<std::size_t>(t)];
    const double now = time.back();
    if (!std::isfinite(now)) throw InputError(file, line_no, 1, "t", "the time must be a finite number");
    if (time.size() > 1 && now < time[time.size() - 2]) {
      throw InputError(file, line_no, 1, "t", "times must not decrease");
    }
  }
  if (table.rows() == 0) throw InputError(file, 2, 1, "", "no rows of results after the header");
  return table;
}

std::vector<EventLogRow> read_event_log(const std::string& file, int* dropped_line) {
  std::ifstream in = open_input(file);
  std::string line;
  std::vector<std::string> cells;
  if (!std::getline(in, line)) throw InputError(file, 1, 1, "", "empty file: expected the event log's header");
  split_commas(line, cells);
  const std::vector<std::string> expected{"t", "contact", "event", "from", "to", "vn_before", "vn_after"};
  if (cells != expected) throw InputError(file, 1, 1, "", "not an event log: expected the header t,contact,event,from,to,vn_before,vn_after");
  std::vector<EventLogRow> rows;
  int line_no = 1;
  while (std::getline(in, line)) {
    ++line_no;
    if (cut_short(in, line)) {
      if (dropped_line) *dropped_line = line_no;
      break;
    }
    if (line.empty() || line == "\r") continue;
    split_commas(line, cells);
    if (cells.size() != expected.size()) {
      throw InputError(file, line_no, 1, "", "expected 7 values, got " + std::to_string(cells.size()));
    }
    EventLogRow r;
    const io::NumberText status = io::parse_real(cells[0], r.t);
    if (status != io::NumberText::ok || !std::isfinite(r.t)) {
      throw InputError(file, line_no, 1, "t", status == io::NumberText::ok ? "the time must be a finite number"
                                                                            : io::number_text_problem(status, cells[0]));
    }
    r.contact = cells[1];
    r.event = cells[2];
    r.from = cells[3];
    r.to = cells[4];
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace stickslip
