#include "io/yaml_reader.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <set>
#include <sstream>

#include "io/input_file.hpp"
#include "io/number_text.hpp"
#include "io/yaml_guard.hpp"
#include "model/model.hpp"
#include "math/nearest_name.hpp"

namespace stickslip {
namespace {

std::string child_path(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

std::string describe(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsMap()) return "a map";
  if (node.IsSequence()) return "a list";
  return "'" + node.Scalar() + "'";
}

}  // namespace

YamlReader::YamlReader(std::string file)
    : file_(std::move(file)), directory_(std::filesystem::path(file_).parent_path().string()) {
  parse(read_input_text(file_, kYamlFileLimit));
}

YamlReader::YamlReader(std::string file, YAML::Node root, std::string directory)
    : file_(std::move(file)), directory_(std::move(directory)), root_(std::move(root)) {
  if (!root_.IsMap()) throw InputError(file_, 0, 0, "", "a model file must be a map of sections (name, bodies, ...)");
}

YamlReader YamlReader::from_text(const std::string& text, std::string file, std::string directory) {
  YamlReader reader(std::move(file), std::move(directory));
  reader.parse(text);
  return reader;
}

void YamlReader::parse(const std::string& text) {
  if (const YamlTextProblem problem = find_yaml_text_problem(text); problem.found)
    throw InputError(file_, problem.line, problem.column, "", "YAML syntax error: " + problem.message);
  FirstYamlDocument document;
  try {
    document = load_first_yaml_document(text);
  } catch (const YAML::Exception& e) {
    throw InputError(file_, e.mark.line + 1, e.mark.column + 1, "", "YAML syntax error: " + e.msg);
  }
  if (const YamlStructureProblem& problem = document.expansion.problem; problem.found) {
    const YAML::Mark& m = problem.mark;
    throw InputError(file_, m.is_null() ? 0 : m.line + 1, m.is_null() ? 0 : m.column + 1, "",
                     "YAML structure: " + problem.message);
  }
  // A second document ('---') would otherwise be ignored without a word.
  if (document.more) {
    const YAML::Mark& m = document.second;
    throw InputError(file_, m.is_null() ? 0 : m.line + 1, m.is_null() ? 0 : m.column + 1, "",
                     "a second YAML document (after '---'), or text after the first that YAML cannot read: a "
                     "model file holds one document");
  }
  if (const YamlStructureProblem problem = find_yaml_structure_problem(document.root); problem.found) {
    const YAML::Mark& m = problem.mark;
    throw InputError(file_, m.is_null() ? 0 : m.line + 1, m.is_null() ? 0 : m.column + 1, "",
                     "YAML structure: " + problem.message);
  }
  root_ = document.root;
  if (!root_.IsMap()) throw InputError(file_, 1, 1, "", "a model file must be a map of sections (name, bodies, ...)");
}

void YamlReader::fail(const YAML::Node& node, const std::string& path, const std::string& message) const {
  const YAML::Mark m = node.IsDefined() ? node.Mark() : YAML::Mark::null_mark();
  if (m.is_null()) fail_at_path(path, message);
  throw InputError(file_, m.line + 1, m.column + 1, path, message);
}

void YamlReader::fail_at_path(const std::string& path, const std::string& message) const {
  // Walk "a.b[2].c" down from the root as far as it exists, keeping the last node with a location
  // (a value set after parsing has none; its parent map has).
  YAML::Node node = root_;
  YAML::Mark mark = node.Mark();
  std::size_t pos = 0;
  while (pos < path.size()) {
    std::size_t end = path.find_first_of(".[", pos);
    if (end == std::string::npos) end = path.size();
    YAML::Node next;
    if (path[pos] == '[') {
      const std::size_t close = path.find(']', pos);
      if (close == std::string::npos || !node.IsSequence()) break;
      const std::size_t k = std::stoul(path.substr(pos + 1, close - pos - 1));
      if (k >= node.size()) break;
      next = node[k];
      end = close + 1;
    } else {
      const std::string key = path.substr(pos, end - pos);
      if (!node.IsMap() || !node[key]) break;
      next = node[key];
    }
    node.reset(next);
    if (!node.Mark().is_null()) mark = node.Mark();
    pos = end < path.size() && path[end] == '.' ? end + 1 : end;
  }
  throw InputError(file_, mark.is_null() ? 0 : mark.line + 1, mark.is_null() ? 0 : mark.column + 1, path, message);
}

void YamlField::fail(const std::string& message) const { reader_->fail(node_, path_, message); }

void YamlField::expect_keys(std::initializer_list<const char*> allowed) const {
  if (!node_.IsMap()) fail("expected a map, got " + describe(node_));
  std::set<std::string> seen;
  for (const auto& kv : node_) {
    const std::string key = kv.first.as<std::string>();
    const std::string p = child_path(path_, key);
    if (!seen.insert(key).second) reader_->fail(kv.first, p, "repeated key");
    bool known = false;
    std::vector<std::string> names;
    for (const char* a : allowed) {
      known = known || key == a;
      names.emplace_back(a);
    }
    if (!known && key == "<<") {
      reader_->fail(kv.first, p, "YAML merge keys ('<<: *anchor') are not supported; write the keys out (an alias of a whole value, '*anchor', works)");
    }
    if (!known) {
      reader_->fail(kv.first, p, "unknown key '" + key + "' (" + did_you_mean(key, names) + "expected one of: " +
                                     name_list(names, names.size()) + ")");
    }
  }
}

bool YamlField::has(const char* key) const { return node_.IsMap() && node_[key].IsDefined(); }

YamlField YamlField::at(const char* key) const {
  if (!node_.IsMap()) fail("expected a map, got " + describe(node_));
  const YAML::Node child = node_[key];
  if (!child.IsDefined()) fail(std::string("missing key '") + key + "'");
  return YamlField(*reader_, child, child_path(path_, key));
}

std::optional<YamlField> YamlField::get(const char* key) const {
  if (!has(key)) return std::nullopt;
  return at(key);
}

std::size_t YamlField::size() const {
  if (!node_.IsSequence()) fail("expected a list, got " + describe(node_));
  return node_.size();
}

YamlField YamlField::operator[](std::size_t k) const {
  if (k >= size()) fail("expected at least " + std::to_string(k + 1) + " entries");
  return YamlField(*reader_, node_[k], path_ + "[" + std::to_string(k) + "]");
}

std::vector<YamlField> YamlField::items() const {
  std::vector<YamlField> out;
  if (!node_.IsDefined() || node_.IsNull()) return out;
  const std::size_t n = size();
  for (std::size_t k = 0; k < n; ++k) out.push_back((*this)[k]);
  return out;
}

double YamlField::as_double() const {
  if (!node_.IsScalar()) fail("expected a number, got " + describe(node_));
  // yaml-cpp tags quoted scalars "!": in YAML "1" is text, not a number.
  if (node_.Tag() == "!") fail("expected a number, got the quoted text \"" + node_.Scalar() + "\" (remove the quotes)");
  double v = 0;
  const io::NumberText read = io::parse_real(node_.Scalar(), v);
  if (read != io::NumberText::ok) fail(io::number_text_problem(read, node_.Scalar()));
  if (!std::isfinite(v)) fail("must be finite, got '" + node_.Scalar() + "'");
  if (const std::string problem = magnitude_problem(v, node_.Scalar()); !problem.empty()) fail(problem);
  return v;
}

double YamlField::as_positive() const {
  const double v = as_double();
  if (!(v > 0)) fail("must be > 0, got " + node_.Scalar());
  return v;
}

double YamlField::as_non_negative() const {
  const double v = as_double();
  if (v < 0) fail("must be >= 0, got " + node_.Scalar());
  return v;
}

int YamlField::as_int() const {
  const double v = as_double();
  if (v != std::floor(v) || std::abs(v) > 1e9) fail("expected a whole number, got '" + node_.Scalar() + "'");
  return static_cast<int>(v);
}

bool YamlField::as_bool() const {
  if (node_.IsScalar() && node_.Tag() != "!") {
    const std::string s = node_.Scalar();
    if (s == "true" || s == "yes" || s == "on") return true;
    if (s == "false" || s == "no" || s == "off") return false;
  }
  fail("expected true or false, got " + describe(node_));
}

std::string YamlField::as_string() const {
  if (!node_.IsScalar()) fail("expected a text value, got " + describe(node_));
  return node_.Scalar();
}

Vec2 YamlField::as_vec2() const {
  if (!node_.IsSequence() || node_.size() != 2) fail("expected a list of two numbers [x, y], got " + describe(node_));
  return {(*this)[0].as_double(), (*this)[1].as_double()};
}

Vec3 YamlField::as_vec3() const {
  if (!node_.IsSequence() || node_.size() != 3) fail("expected a list of three numbers [x, y, z], got " + describe(node_));
  return {(*this)[0].as_double(), (*this)[1].as_double(), (*this)[2].as_double()};
}

std::vector<double> YamlField::as_doubles() const {
  std::vector<double> out;
  for (const YamlField& f : items()) out.push_back(f.as_double());
  return out;
}

double YamlField::as_angle() const {
  if (!node_.IsScalar()) fail("expected an angle, got " + describe(node_));
  const std::string s = node_.Scalar();
  double v = 0;
  const io::NumberText read = io::parse_real(s, v);
  if (read == io::NumberText::out_of_range) fail(io::number_text_problem(read, s));
  if (read == io::NumberText::ok) {
    if (!std::isfinite(v)) fail("must be finite");
    if (const std::string problem = magnitude_problem(v, s); !problem.empty()) fail(problem);
    return v * reader_->angle_scale();
  }
  std::istringstream in(s);
  std::string unit, extra;
  if (in >> v >> unit && !(in >> extra) && std::isfinite(v)) {
    if (const std::string problem = magnitude_problem(v, s); !problem.empty()) fail(problem);
    if (unit == "deg") return v * std::numbers::pi / 180.0;
    if (unit == "rad") return v;
  }
  fail("expected an angle: a number or '<number> deg' / '<number> rad', got '" + s + "'");
}

std::string YamlField::as_choice(std::initializer_list<const char*> choices) const {
  const std::string s = as_string();
  std::vector<std::string> names;
  for (const char* c : choices) {
    if (s == c) return s;
    names.emplace_back(c);
  }
  fail("unknown value '" + s + "' (" + did_you_mean(s, names) + "expected one of: " + name_list(names, names.size()) + ")");
}

}  // namespace stickslip
