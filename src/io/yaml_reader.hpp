// Typed, located access to a YAML document: every value read knows its key path and line, so that
// each error names file, line and key ("model.yaml:12:5: bodies[1].mass: must be > 0").
#pragma once

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "io/input_error.hpp"
#include "math/types.hpp"

namespace stickslip {

class YamlReader;

// A node with its path from the document root.
class YamlField {
 public:
  YamlField(const YamlReader& reader, YAML::Node node, std::string path)
      : reader_(&reader), node_(std::move(node)), path_(std::move(path)) {}

  const std::string& path() const { return path_; }
  const YAML::Node& node() const { return node_; }
  bool is_map() const { return node_.IsMap(); }
  bool is_sequence() const { return node_.IsSequence(); }
  bool is_scalar() const { return node_.IsScalar(); }

  [[noreturn]] void fail(const std::string& message) const;

  // Maps: rejects keys outside `allowed` (and repeated keys).
  void expect_keys(std::initializer_list<const char*> allowed) const;
  bool has(const char* key) const;
  YamlField at(const char* key) const;                 // required key
  std::optional<YamlField> get(const char* key) const;  // optional key
  // Sequences.
  std::size_t size() const;
  YamlField operator[](std::size_t k) const;
  std::vector<YamlField> items() const;  // requires a sequence (an absent/null node gives none)

  double as_double() const;           // finite number
  double as_positive() const;         // > 0
  double as_non_negative() const;     // >= 0
  int as_int() const;
  bool as_bool() const;
  std::string as_string() const;
  Vec2 as_vec2() const;
  Vec3 as_vec3() const;
  std::vector<double> as_doubles() const;
  // An angle: a number in the file's angle unit, or a string "<number> deg" / "<number> rad".
  double as_angle() const;
  // One of `choices` (for `type:` and similar keys).
  std::string as_choice(std::initializer_list<const char*> choices) const;

 private:
  const YamlReader* reader_;
  YAML::Node node_;
  std::string path_;
};

class YamlReader {
 public:
  // Parses the file; throws InputError on YAML syntax errors or an unreadable file.
  explicit YamlReader(std::string file);
  // A document already parsed (or built from other data): `file` names it in messages ("<dict>"),
  // `directory` is where relative paths inside it start ("" is the current folder).
  YamlReader(std::string file, YAML::Node root, std::string directory);
  // Parses `text`; errors name `file`.
  static YamlReader from_text(const std::string& text, std::string file, std::string directory);

  YamlField root() const { return YamlField(*this, root_, ""); }
  const std::string& file() const { return file_; }
  // Folder of the file, for paths inside it (tabulated excitations).
  const std::string& directory() const { return directory_; }
  const YAML::Node& root_node() const { return root_; }

  // Radians per unit of a plain angle number (1 for rad, π/180 for deg).
  double angle_scale() const { return angle_scale_; }
  void set_angle_scale(double s) { angle_scale_ = s; }

  // Other files the model reads (tables): they are inputs a run must not overwrite.
  void note_input(const std::string& path) const { inputs_.push_back(path); }
  const std::vector<std::string>& inputs() const { return inputs_; }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& path, const std::string& message) const;
  // Error at the node that `path` ("bodies[2].mass") designates, or its nearest existing parent
  // (the nearest one with a location, for values set after parsing).
  [[noreturn]] void fail_at_path(const std::string& path, const std::string& message) const;

 private:
  YamlReader(std::string file, std::string directory) : file_(std::move(file)), directory_(std::move(directory)) {}
  void parse(const std::string& text);

  std::string file_;
  std::string directory_;
  YAML::Node root_;
  double angle_scale_ = 1.0;
  mutable std::vector<std::string> inputs_;
};

}  // namespace stickslip
