#include "io/result_table.hpp"

#include <algorithm>
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

// Calls row(line_no, cells) for each row after the header: blank lines skipped, a row of another
// width an error, a last line cut short dropped (its number in *dropped_line when given).
template <typename Row>
void for_each_row(std::ifstream& in, const std::string& file, std::size_t width, int* dropped_line, Row row) {
  std::string line;
  std::vector<std::string> cells;
  int line_no = 1;
  while (std::getline(in, line)) {
    ++line_no;
    if (cut_short(in, line)) {
      if (dropped_line) *dropped_line = line_no;
      break;
    }
    if (line.empty() || line == "\r") continue;
    split_commas(line, cells);
    if (cells.size() != width) {
      throw InputError(file, line_no, 1, "", "expected " + std::to_string(width) + " values, got " + std::to_string(cells.size()));
    }
    row(line_no, cells);
  }
}

}  // namespace

int ResultTable::index(const std::string& name) const {
  if (index_.size() != names.size()) {
    index_.clear();
    for (std::size_t c = 0; c < names.size(); ++c) index_.emplace(names[c], static_cast<int>(c));
  }
  const auto it = index_.find(name);
  return it == index_.end() ? -1 : it->second;
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
  std::vector<std::string> head;
  if (!std::getline(in, line)) throw InputError(file, 1, 1, "", "empty file: expected a header of column names");
  split_commas(line, head);
  std::map<std::string, int> seen;
  for (std::size_t k = 0; k < head.size(); ++k) {
    const int col = cell_column(head, k);
    if (head[k].empty()) throw InputError(file, 1, col, "", "empty column name");
    if (!seen.emplace(head[k], col).second) {
      throw InputError(file, 1, col, "", "column '" + head[k] + "' appears twice");
    }
  }
  table.names = head;
  table.columns.assign(head.size(), {});
  const int t = table.index("t");
  if (t < 0) throw InputError(file, 1, 1, "", "no column 't' (time) in the header");
  for_each_row(in, file, table.names.size(), &table.dropped_line, [&](int line_no, const std::vector<std::string>& cells) {
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
  });
  if (table.rows() == 0) throw InputError(file, 2, 1, "", "no rows of results after the header");
  return table;
}

std::vector<EventLogRow> read_event_log(const std::string& file, int* dropped_line) {
  std::ifstream in = open_input(file);
  std::string line;
  std::vector<std::string> head;
  if (!std::getline(in, line)) throw InputError(file, 1, 1, "", "empty file: expected the event log's header");
  split_commas(line, head);
  const std::vector<std::string> expected{"t", "contact", "event", "from", "to", "vn_before", "vn_after"};
  if (head != expected) throw InputError(file, 1, 1, "", "not an event log: expected the header t,contact,event,from,to,vn_before,vn_after");
  std::vector<EventLogRow> rows;
  for_each_row(in, file, expected.size(), dropped_line, [&](int line_no, const std::vector<std::string>& cells) {
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
  });
  return rows;
}

namespace {

// "<shape i>|<shape j>" of a points file that names a pair by shape indices (read_contact_points).
std::string shape_pair_name(const std::string& file, int line_no, const std::vector<std::string>& cells,
                            std::size_t column_i, std::size_t column_j, const std::vector<std::string>* names) {
  std::string pair;
  for (const std::size_t c : {column_i, column_j}) {
    const std::string key = c == column_i ? "shape_i" : "shape_j";
    double index = 0;
    if (io::parse_real(cells[c], index) != io::NumberText::ok || !(index >= 0 && index == std::floor(index))) {
      throw InputError(file, line_no, cell_column(cells, c), key, "a shape's index is a whole number >= 0");
    }
    if (names && index >= static_cast<double>(names->size())) {
      throw InputError(file, line_no, cell_column(cells, c), key,
                       "shape " + cells[c] + " is not in the model, which has " + std::to_string(names->size()) +
                           " shapes: the points file is another model's");
    }
    if (!pair.empty()) pair += '|';
    if (names) {
      pair += (*names)[static_cast<std::size_t>(index)];
    } else {
      pair += "shape ";
      pair += cells[c];
    }
  }
  return pair;
}

}  // namespace

ContactPoints read_contact_points(const std::string& file, int* dropped_line, const std::vector<std::string>* shape_names) {
  std::ifstream in = open_input(file);
  std::string line;
  std::vector<std::string> head;
  if (!std::getline(in, line)) throw InputError(file, 1, 1, "", "empty file: expected a header of column names");
  split_commas(line, head);
  const std::vector<std::string> needed{"t", "pair", "point", "x", "y", "z", "nx", "ny", "nz", "fn", "ftx", "fty", "ftz", "state"};
  const auto column = [&](const std::string& n) { return std::find(head.begin(), head.end(), n); };
  // The contact points file of `stickslip run` (docs/cli.md, "Contact points") names a pair by its
  // two shapes' indices (shape_i, shape_j) instead of a pair name.
  const bool shape_indices = column("pair") == head.end() && column("shape_i") != head.end() && column("shape_j") != head.end();
  std::vector<std::size_t> at;
  for (const std::string& n : needed) {
    const auto it = column(n == "pair" && shape_indices ? "shape_i" : n);
    if (it == head.end()) throw InputError(file, 1, 1, "", "no column '" + n + "' (a contact point file has the columns " +
                                                           "t,pair,point,x,y,z,nx,ny,nz,fn,ftx,fty,ftz,state, or shape_i,shape_j "
                                                           "in place of pair)");
    at.push_back(static_cast<std::size_t>(it - head.begin()));
  }
  const std::size_t shape_j = shape_indices ? static_cast<std::size_t>(column("shape_j") - head.begin()) : 0;
  const std::size_t width = head.size();
  ContactPoints points;
  std::map<std::string, int> pair_index;
  for_each_row(in, file, width, dropped_line, [&](int line_no, const std::vector<std::string>& cells) {
    double v[14] = {};
    for (std::size_t k = 0; k < needed.size(); ++k) {
      if (k == 1) continue;  // the pair's name
      const io::NumberText status = io::parse_real(cells[at[k]], v[k]);
      if (status != io::NumberText::ok || !std::isfinite(v[k])) {
        throw InputError(file, line_no, cell_column(cells, at[k]), head[at[k]],
                         status == io::NumberText::ok ? "must be a finite number" : io::number_text_problem(status, cells[at[k]]));
      }
    }
    if (!(v[2] >= 0 && v[2] == std::floor(v[2]) && v[2] < 4294967296.0)) {
      throw InputError(file, line_no, cell_column(cells, at[2]), "point", "a point's identity is a whole number >= 0");
    }
    if (!points.rows.empty() && v[0] < points.rows.back().t) {
      throw InputError(file, line_no, cell_column(cells, at[0]), "t", "times must not decrease");
    }
    const std::string pair = shape_indices ? shape_pair_name(file, line_no, cells, at[1], shape_j, shape_names) : cells[at[1]];
    const auto [it, added] = pair_index.emplace(pair, static_cast<int>(points.pairs.size()));
    if (added) points.pairs.push_back(pair);
    ContactPointRow r;
    r.t = v[0];
    r.pair = it->second;
    r.id = static_cast<std::uint32_t>(v[2]);
    r.position = {v[3], v[4], v[5]};
    r.normal = {v[6], v[7], v[8]};
    r.fn = v[9];
    r.friction = {v[10], v[11], v[12]};
    r.state = std::min(static_cast<int>(v[13]), 2);  // slip+ (2) and slip− (3) of the event log: slip
    points.rows.push_back(r);
  });
  return points;
}

}  // namespace stickslip
