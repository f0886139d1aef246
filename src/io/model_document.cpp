#include "io/model_document.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/input_file.hpp"
#include "io/yaml_guard.hpp"
#include "io/yaml_reader.hpp"

namespace stickslip {
namespace {

// One step of a key path: a key of a map, the name of a list entry, or an index ("[2]").
struct Step {
  std::string key;  // empty for an index
  std::size_t index = 0;
};

// Walks key paths through one tree; every error names the document, the nearest line and the path
// resolved so far.
class PathWalker {
 public:
  PathWalker(const std::string& document, const std::string& path) : document_(document), path_(path) {
    std::size_t pos = 0;
    while (pos < path.size()) {
      if (path[pos] == '[') {
        const std::size_t close = path.find(']', pos);
        const std::string digits = close == std::string::npos ? "" : path.substr(pos + 1, close - pos - 1);
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) {
          bad_path("expected an index [k] at '" + path.substr(pos) + "'");
        }
        steps_.push_back({"", std::stoul(digits)});
        pos = close + 1;
      } else {
        const std::size_t end = std::min(path.find_first_of(".[", pos), path.size());
        if (end == pos) bad_path("an empty key at position " + std::to_string(pos + 1));
        steps_.push_back({path.substr(pos, end - pos), 0});
        pos = end;
      }
      if (pos < path.size() && path[pos] == '.') {
        if (++pos == path.size()) bad_path("ends with '.'");
      }
    }
    if (steps_.empty()) bad_path("an empty key path");
  }

  const std::vector<Step>& steps() const { return steps_; }
  const std::string& resolved() const { return resolved_; }

  // The child of `node` that `step` designates; `create` adds a missing key of a map (holding an
  // empty map, or `fresh` for the last step). Updates the resolved path.
  YAML::Node child(YAML::Node node, const Step& step, bool create, YAML::NodeType::value fresh) {
    if (!step.key.empty() && node.IsMap()) {
      append_key(step.key);
      if (!node[step.key]) {
        if (!create) fail(node, "no key '" + step.key + "' here (keys: " + keys(node) + ")");
        node[step.key] = YAML::Node(fresh);
      }
      return node[step.key];
    }
    if (!node.IsSequence()) {
      append_key(step.key.empty() ? "[" + std::to_string(step.index) + "]" : step.key);
      fail(node, node.IsMap() ? "a map has keys, not indices" : "a value has no keys or entries");
    }
    std::size_t k = step.index;
    if (!step.key.empty()) {  // an entry by its name
      std::string names;
      k = node.size();
      for (std::size_t i = 0; i < node.size(); ++i) {
        const YAML::Node name = node[i].IsMap() ? node[i]["name"] : YAML::Node();
        if (!name || !name.IsScalar()) continue;
        if (name.Scalar() == step.key) k = i;
        names += (names.empty() ? "" : ", ") + name.Scalar();
      }
      // "points.0.1" reads as "points[0][1]" (brackets need quotes in a YAML flow map).
      if (k == node.size() && step.key.find_first_not_of("0123456789") == std::string::npos && step.key.size() < 10) {
        k = std::stoul(step.key);
        resolved_ += "[" + std::to_string(k) + "]";
        if (k >= node.size()) fail(node, "the list has " + std::to_string(node.size()) + " entries");
        return node[k];
      }
      if (k == node.size()) {
        append_key(step.key);
        fail(node, "no entry named '" + step.key + "' in this list" + (names.empty() ? "" : " (entries: " + names + ")"));
      }
    }
    resolved_ += "[" + std::to_string(k) + "]";
    if (k >= node.size()) fail(node, "the list has " + std::to_string(node.size()) + " entries");
    return node[k];
  }

  [[noreturn]] void fail(const YAML::Node& near, const std::string& message) const {
    const YAML::Mark m = near.Mark();
    throw InputError(document_, m.is_null() ? 0 : m.line + 1, m.is_null() ? 0 : m.column + 1, resolved_, message);
  }

 private:
  [[noreturn]] void bad_path(const std::string& problem) const {
    throw InputError(document_, 0, 0, path_, "not a key path: " + problem);
  }
  void append_key(const std::string& key) { resolved_ += (resolved_.empty() || key[0] == '[' ? "" : ".") + key; }
  static std::string keys(const YAML::Node& map) {
    std::string out;
    for (const auto& kv : map) out += (out.empty() ? "" : ", ") + kv.first.as<std::string>();
    return out;
  }

  const std::string& document_;
  const std::string& path_;
  std::vector<Step> steps_;
  std::string resolved_;
};

std::string dump(const YAML::Node& node) {
  YAML::Emitter out;
  out << node;
  return out.c_str();
}

// A copy without locations (YAML::Clone keeps them): a value inserted into a tree, or a tree made
// from data, has no line of its own, and an error at it is reported at its parent's line.
YAML::Node unlocated(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Scalar: {
      YAML::Node out(node.Scalar());
      out.SetTag(node.Tag());
      return out;
    }
    case YAML::NodeType::Sequence: {
      YAML::Node out(YAML::NodeType::Sequence);
      for (const auto& item : node) out.push_back(unlocated(item));
      return out;
    }
    case YAML::NodeType::Map: {
      YAML::Node out(YAML::NodeType::Map);
      for (const auto& kv : node) out[kv.first.Scalar()] = unlocated(kv.second);
      return out;
    }
    default: return YAML::Node(YAML::NodeType::Null);
  }
}

// A changed value's text, parsed; a stray ',' ']' or '}' or a control character would make yaml-cpp
// loop (io/yaml_guard.hpp).
YAML::Node value_node(const std::string& text, const std::string& file, const std::string& path) {
  if (const YamlTextProblem problem = find_yaml_text_problem(text); problem.found)
    throw InputError(file, 0, 0, path, "the new value: " + problem.message);
  if (const YamlExpansion expansion = measure_yaml_expansion(text); expansion.problem.found)
    throw InputError(file, 0, 0, path, "the new value: " + expansion.problem.message);
  const YAML::Node value = YAML::Load(text);
  if (const YamlStructureProblem problem = find_yaml_structure_problem(value); problem.found)
    throw InputError(file, 0, 0, path, "the new value: " + problem.message);
  return unlocated(value);
}

}  // namespace

ModelDocument::ModelDocument(std::string text, std::string name, std::string directory, bool located)
    : text_(std::move(text)), name_(std::move(name)), directory_(std::move(directory)), located_(located) {
  tree_ = std::make_shared<const YAML::Node>(tree(changes_));  // syntax errors now, not at first use
}

ModelDocument ModelDocument::read(const std::string& path) {
  const std::filesystem::path file(path);
  if (file.extension() == ".urdf") {  // a robot alone: the document of a model file that includes it
    YAML::Node root;
    root["urdf"] = file.filename().string();
    return ModelDocument(dump(root), path, file.parent_path().string(), true);
  }
  return ModelDocument(read_input_text(path, kYamlFileLimit), path, std::filesystem::path(path).parent_path().string(), true);
}

ModelDocument ModelDocument::parse(const std::string& text, std::string name, std::string directory) {
  return ModelDocument(text, std::move(name), std::move(directory), true);
}

ModelDocument ModelDocument::from_tree(const YAML::Node& root, std::string name, std::string directory) {
  return ModelDocument(dump(root), std::move(name), std::move(directory), false);
}

YAML::Node ModelDocument::tree(const std::vector<Change>& changes) const {
  YAML::Node root = YamlReader::from_text(text_, name_, directory_).root_node();
  if (!located_) root = unlocated(root);  // lines of text made from data would mislead
  for (const Change& c : changes) {
    PathWalker walk(name_, c.path);
    const auto& steps = walk.steps();
    YAML::Node node = root;
    for (std::size_t k = 0; k + 1 < steps.size(); ++k) node.reset(walk.child(node, steps[k], true, YAML::NodeType::Map));
    if (c.append) {
      YAML::Node list = walk.child(node, steps.back(), true, YAML::NodeType::Sequence);
      if (!list.IsSequence()) walk.fail(list, "not a list: cannot append to it");
      list.push_back(value_node(c.value, name_, c.path));
    } else {
      YAML::Node target = walk.child(node, steps.back(), true, YAML::NodeType::Null);
      target = value_node(c.value, name_, c.path);  // replaces the value inside its parent (yaml-cpp reference semantics)
    }
  }
  return root;
}

const YAML::Node& ModelDocument::tree() const {
  if (!tree_) tree_ = std::make_shared<const YAML::Node>(tree(changes_));
  return *tree_;
}

const ModelFile& ModelDocument::model() const {
  if (!built_) {
    YamlReader reader(name_, tree(), directory_);
    built_ = std::make_shared<const ModelFile>(read_model(reader));
  }
  return *built_;
}

YAML::Node ModelDocument::get(const std::string& path) const {
  PathWalker walk(name_, path);
  YAML::Node node = tree();
  for (const Step& s : walk.steps()) node.reset(walk.child(node, s, false, YAML::NodeType::Null));
  return YAML::Clone(node);
}

std::string ModelDocument::resolve(const std::string& path) const {
  PathWalker walk(name_, path);
  YAML::Node node = tree();
  for (const Step& s : walk.steps()) node.reset(walk.child(node, s, false, YAML::NodeType::Null));
  return walk.resolved();
}

bool ModelDocument::complete() const {
  try {
    model();
    return true;
  } catch (const InputError&) {
    return false;
  }
}

void ModelDocument::commit(std::vector<Change> changes) {
  auto candidate = std::make_shared<const YAML::Node>(tree(changes));
  std::shared_ptr<const ModelFile> model;
  try {
    YamlReader reader(name_, *candidate, directory_);
    model = std::make_shared<const ModelFile>(read_model(reader));
  } catch (const InputError&) {
    if (complete()) throw;  // a valid model stays valid; one under construction takes the change
  }
  changes_ = std::move(changes);
  tree_ = std::move(candidate);
  built_ = std::move(model);
}

void ModelDocument::set(const std::vector<std::pair<std::string, YAML::Node>>& changes) {
  std::vector<Change> next = changes_;
  for (const auto& [path, value] : changes) next.push_back({false, path, dump(value)});
  commit(std::move(next));
}

void ModelDocument::append(const std::string& list_path, const YAML::Node& entry) {
  std::vector<Change> next = changes_;
  next.push_back({true, list_path, dump(entry)});
  commit(std::move(next));
}

std::string ModelDocument::emit() const { return dump(tree()); }

InputError ModelDocument::locate(const ModelError& e) const {
  try {
    YamlReader(name_, tree(), directory_).fail_at_path(e.path(), e.message());
  } catch (const InputError& located) {
    return located;
  }
  return InputError(name_, 0, 0, e.path(), e.message());
}

}  // namespace stickslip
