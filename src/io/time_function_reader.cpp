#include "io/time_function_reader.hpp"
#include "io/input_file.hpp"
#include "io/number_text.hpp"
#include "math/number_format.hpp"
#include "model/model.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace stickslip {
namespace {

// Splits a CSV line on commas (or white space when it has no comma).
std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  const char sep = line.find(',') != std::string::npos ? ',' : ' ';
  std::istringstream in(line);
  while (std::getline(in, cell, sep)) {
    const auto b = cell.find_first_not_of(" \t\r"), e = cell.find_last_not_of(" \t\r");
    if (b == std::string::npos) {
      if (sep == ',') cells.emplace_back();
      continue;
    }
    cells.push_back(cell.substr(b, e - b + 1));
  }
  return cells;
}

bool to_number(const std::string& s, double& v) {
  return io::parse_real(s, v) == io::NumberText::ok && magnitude_problem(v).empty();
}

TimeFunction read_table(const YamlField& f, const YamlReader& reader, double scale) {
  f.expect_keys({"type", "file", "time_column", "value_column", "scale"});
  const YamlField file_field = f.at("file");
  std::filesystem::path file = file_field.as_string();
  if (file.is_relative() && !reader.directory().empty()) file = std::filesystem::path(reader.directory()) / file;
  const int tc = f.has("time_column") ? f.at("time_column").as_int() : 0;
  const int vc = f.has("value_column") ? f.at("value_column").as_int() : 1;
  if (tc < 0 || vc < 0) f.fail("column indices must be >= 0");
  if (f.has("scale")) scale *= f.at("scale").as_double();

  std::ifstream in;
  try {
    in = open_input_file(file.string(), kTableFileLimit);
  } catch (const InputError& e) {
    file_field.fail("the table '" + file.string() + "': " + e.message());
  }
  reader.note_input(file.string());
  std::vector<double> t, x;
  std::string line;
  int line_no = 0;
  bool seen_row = false;  // a header may only come before the first row
  const auto bad = [&](const std::string& why) {
    throw InputError(file.string(), line_no, 1, "", why + " (table of " + f.path() + " in " + reader.file() + ")");
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    const std::vector<std::string> cells = split_csv(line);
    const std::size_t need = static_cast<std::size_t>(std::max(tc, vc)) + 1;
    double tv = 0, xv = 0;
    const bool have = cells.size() >= need;
    const bool t_ok = have && to_number(cells[tc], tv), x_ok = have && to_number(cells[vc], xv);
    if (!seen_row && have && !t_ok && !x_ok) {  // the header: names, not numbers, in both columns
      seen_row = true;
      continue;
    }
    seen_row = true;
    if (!t_ok || !x_ok) {
      bad(!have ? "expected at least " + std::to_string(need) + " columns"
                : "expected finite numbers in columns " + std::to_string(tc) + " and " + std::to_string(vc) +
                      " (0 or between " + number_text(kMinMagnitude, 3) + " and " + number_text(kMaxMagnitude, 3) +
                      " in magnitude)");
    }
    if (!t.empty() && !(tv > t.back())) bad("times must increase strictly");
    t.push_back(tv);
    x.push_back(xv * scale);
  }
  if (t.size() < 2) file_field.fail("the table '" + file.string() + "' needs at least two rows");
  return TimeFunction::tabulated(std::move(t), std::move(x));
}

}  // namespace

TimeFunction read_time_function(const YamlField& f, const YamlReader& reader, FunctionQuantity quantity) {
  const double scale = quantity == FunctionQuantity::angle ? reader.angle_scale() : 1.0;
  const auto value = [&](const YamlField& v) { return quantity == FunctionQuantity::angle ? v.as_angle() : v.as_double(); };
  if (f.is_scalar()) return TimeFunction::constant(value(f));
  if (!f.is_map()) f.fail("expected a number or a function {type: constant|sine|polynomial|table, ...}");
  const std::string type = f.at("type").as_choice({"constant", "sine", "polynomial", "table"});
  if (type == "constant") {
    f.expect_keys({"type", "value"});
    return TimeFunction::constant(value(f.at("value")));
  }
  if (type == "sine") {
    f.expect_keys({"type", "amplitude", "omega", "phase", "offset"});
    const double a = value(f.at("amplitude"));
    const double w = f.at("omega").as_double();
    const double p = f.has("phase") ? f.at("phase").as_angle() : 0.0;
    const double o = f.has("offset") ? value(f.at("offset")) : 0.0;
    return TimeFunction::sine(a, w, p, o);
  }
  if (type == "polynomial") {
    f.expect_keys({"type", "coefficients"});
    std::vector<double> c = f.at("coefficients").as_doubles();
    if (c.empty()) f.at("coefficients").fail("needs at least one coefficient");
    for (double& ck : c) ck *= scale;
    return TimeFunction::polynomial(std::move(c));
  }
  return read_table(f, reader, scale);
}

}  // namespace stickslip
