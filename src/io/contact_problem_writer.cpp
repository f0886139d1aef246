#include "io/contact_problem_writer.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "io/npy_writer.hpp"
#include "io/output_file.hpp"

namespace stickslip {
namespace {

// One .npy table: `values` holds the rows one after the other (little-endian float64, as the
// results' .npy; the machines this runs on are little-endian).
void write_table(const std::string& path, const std::vector<std::string>& columns, const std::vector<double>& values) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::string header = npy_header(columns, values.size() / columns.size());
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(double)));
  out.close();
  if (!out) throw OutputError(path, "it could not be written");
}

std::string number(double x) {
  if (!std::isfinite(x)) return "null";  // JSON has no NaN or infinity
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

void write_summary(const std::string& path, const ContactProblemRecord& r) {
  std::ofstream out(path, std::ios::trunc);
  out << "{\"format\": \"stickslip contact problem 1\", \"t\": " << number(r.t) << ", \"step\": " << r.step
      << ", \"rows\": " << r.b.size() << ", \"bilateral_rows\": " << r.bilateral_rows << ", \"contacts\": "
      << r.contacts.size() << ", \"solver\": \"" << r.solver << "\", \"tolerance\": " << number(r.tolerance)
      << ", \"goal\": " << number(r.goal) << ", \"residual\": " << number(r.residual)
      << ", \"iterations\": " << r.iterations << ", \"rescue\": \"" << r.rescue
      << "\", \"interior_point\": \"" << r.interior_point << "\", \"proximal\": \"" << r.proximal << "\"}\n";
  out.close();
  if (!out) throw OutputError(path, "it could not be written");
}

}  // namespace

void write_contact_problem(const std::string& folder, const ContactProblemRecord& r) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) throw OutputError(folder, "the folder could not be created (" + error.message() + ")");
  const std::filesystem::path dir(folder);
  std::vector<double> values;
  values.reserve(3 * static_cast<std::size_t>(r.W.nonZeros()));
  for (Eigen::Index k = 0; k < r.W.outerSize(); ++k) {
    for (solvers::SparseMat::InnerIterator it(r.W, k); it; ++it) {
      values.insert(values.end(), {static_cast<double>(it.row()), static_cast<double>(it.col()), it.value()});
    }
  }
  write_table((dir / "W.npy").string(), {"row", "column", "value"}, values);
  values.clear();
  for (Eigen::Index i = 0; i < r.b.size(); ++i) values.insert(values.end(), {r.b[i], r.p_start[i], r.p[i]});
  write_table((dir / "rows.npy").string(), {"b", "p_start", "p"}, values);
  values.clear();
  for (std::size_t c = 0; c < r.contacts.size(); ++c) {
    const solvers::FrictionContact& fc = r.contacts[c];
    values.insert(values.end(), {static_cast<double>(fc.normal), static_cast<double>(fc.tangent),
                                 static_cast<double>(fc.tangent_rows), fc.mu, r.active[c] ? 1.0 : 0.0});
  }
  write_table((dir / "contacts.npy").string(), {"normal", "tangent", "tangent_rows", "mu", "active"}, values);
  write_summary((dir / "problem.json").string(), r);
}

}  // namespace stickslip
