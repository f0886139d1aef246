// Reading results back: a result CSV as `stickslip run` writes it (a header of column names, then
// one row of numbers per output time; "nan" and "inf" allowed) and its event log. Used by
// `stickslip view`; errors are InputErrors naming the file, the line and the column.
#pragma once

#include <string>
#include <vector>

#include "io/input_error.hpp"

namespace stickslip {

struct ResultTable {
  std::string file;
  int dropped_line = 0;  // a last line without its newline (a row a killed run cut short), dropped; 0: none
  std::vector<std::string> names;            // column names, in file order
  std::vector<std::vector<double>> columns;  // columns[c][row]

  std::size_t rows() const { return columns.empty() ? 0 : columns.front().size(); }
  int index(const std::string& name) const;  // column index, -1 when absent
  // The column `name`; throws InputError naming the file and what needed it (`for`).
  const std::vector<double>& column(const std::string& name, const std::string& needed_for) const;
};

// Throws InputError: no header, a repeated column name, a row of the wrong length, a cell that is
// not a number, no `t` column, times that decrease, or no rows. Rows reach the file whole except
// when a run is killed inside a write: a last line without its newline is that cut row, dropped
// (never read as numbers) and named in dropped_line.
ResultTable read_result_table(const std::string& file);

struct EventLogRow {
  double t = 0;
  std::string contact, event, from, to;
};

// The event log (t,contact,event,from,to,vn_before,vn_after); throws InputError when malformed. A
// last line without its newline is dropped as above, its number in *dropped_line when given.
std::vector<EventLogRow> read_event_log(const std::string& file, int* dropped_line = nullptr);

}  // namespace stickslip
