// Writes a time-stepping contact problem (formulations/contact_problem_record.hpp) into a folder, as
// NumPy .npy tables (structured float64 columns, like the results' .npy) and a JSON summary:
//   problem.json   format, t, step, rows, bilateral_rows, contacts, solver, tolerance, goal, residual,
//                  iterations, rescue (a number that is not finite as null: JSON has no NaN)
//   W.npy          row, column, value: the stored entries of W (both triangles; symmetric to rounding)
//   rows.npy       b, p_start, p per row of W
//   contacts.npy   normal, tangent, tangent_rows, mu, active per contact (rows are 0-based)
// Python reads it with stickslip.read_contact_problem (docs/schemes.md, "Unconverged problems").
#pragma once

#include <string>

#include "formulations/contact_problem_record.hpp"

namespace stickslip {

// Creates `folder` (and its parents) and writes the files; throws OutputError naming the file that
// could not be written.
void write_contact_problem(const std::string& folder, const ContactProblemRecord& problem);

}  // namespace stickslip
