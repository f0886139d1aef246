// Reading results back: a result CSV as `stickslip run` writes it (a header of column names, then
// one row of numbers per output time; "nan" and "inf" allowed) and its event log. Used by
// `stickslip view`; errors are InputErrors naming the file, the line and the column.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "io/input_error.hpp"
#include "math/types.hpp"

namespace stickslip {

struct ResultTable {
  std::string file;
  int dropped_line = 0;  // a last line without its newline (a row a killed run cut short), dropped; 0: none
  std::vector<std::string> names;            // column names, in file order
  std::vector<std::vector<double>> columns;  // columns[c][row]

  std::size_t rows() const { return columns.empty() ? 0 : columns.front().size(); }
  // Column index, -1 when absent. By a hash of the names (made on first use, again when their number
  // changes): a run of 10⁴ bodies has 7 × 10⁴ columns, and `view` looks each up.
  int index(const std::string& name) const;
  // The column `name`; throws InputError naming the file and what needed it (`for`).
  const std::vector<double>& column(const std::string& name, const std::string& needed_for) const;

 private:
  mutable std::unordered_map<std::string, int> index_;
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

// Contact points whose number changes during a run (points that collision detection finds at each
// output time), in the global frame. Rows sorted by t; a frame shows the rows at its row's time.
struct ContactPointRow {
  double t = 0;
  int pair = 0;            // index into ContactPoints::pairs
  std::uint32_t id = 0;    // the point's identity within its pair while it persists
  Vec3 position = Vec3::Zero(), normal = Vec3::UnitZ();  // n points towards the pair's second shape
  double fn = 0;                        // normal force [N]
  Vec3 friction = Vec3::Zero();         // friction force on the second shape [N], global frame
  int state = 0;                        // 0 open, 1 stick, 2 slip
};

struct ContactPoints {
  std::vector<std::string> pairs;  // the shape pairs' names, for the page's readout
  std::vector<ContactPointRow> rows;
};

// A contact point file (docs/animation-format.md, "Contact points"): a header naming at least the
// columns t,pair,point,x,y,z,nx,ny,nz,fn,ftx,fty,ftz,state (in any order; others are ignored), then
// one row per contact point and output time, times not decreasing. Throws InputError naming the file,
// line and column; a last line without its newline is dropped as above. The points file of
// `stickslip run` names a pair by shape indices (shape_i, shape_j): given the model's shape names (in
// the model's order of shapes), the pair is named "<name i>|<name j>" and an index beyond them is
// refused at its line (the file is another model's); otherwise "shape i|shape j".
ContactPoints read_contact_points(const std::string& file, int* dropped_line = nullptr,
                                  const std::vector<std::string>* shape_names = nullptr);

}  // namespace stickslip
