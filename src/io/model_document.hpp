// A model file kept as its YAML tree, so that parameters can be read and changed by their key path
// ("contacts.tip_left.friction.mu_s") before the model is built again. Every error keeps the
// document's name, the line of the key (or of its nearest parent with one, for a value set after
// parsing) and the key path, exactly as for a file read by `stickslip run`.
//
// Key paths: keys of maps separated by '.', list entries by their `name` ("bodies.leg_left.mass")
// or by their index ("bodies[2].mass"), list items by index ("gravity[1]", "joints.A.points[0][1]";
// "joints.A.points.0.1" also works, where no entry is named "0").
// Messages name the entries by index, as the file reader does ("contacts[0].friction.mu_s").
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "io/input_error.hpp"
#include "io/model_file.hpp"

namespace stickslip {

class ModelDocument {
 public:
  // A model file; throws InputError (unreadable, YAML syntax). The model is built on first use.
  static ModelDocument read(const std::string& path);
  // YAML text; `name` stands for the file in messages, `directory` is where relative paths inside
  // the model (tabulated excitations) start ("" is the current folder).
  static ModelDocument parse(const std::string& text, std::string name = "<string>", std::string directory = "");
  // A tree built by other means (a Python dict): it has no lines, messages name the key path only.
  static ModelDocument from_tree(const YAML::Node& root, std::string name = "<data>", std::string directory = "");

  const std::string& name() const { return name_; }
  const std::string& directory() const { return directory_; }
  // The YAML text it was made from (without later changes).
  const std::string& source() const { return text_; }
  bool located() const { return located_; }
  // A document from text made by source() of another, e.g. on another machine.
  static ModelDocument restore(std::string text, std::string name, std::string directory, bool located) {
    return ModelDocument(std::move(text), std::move(name), std::move(directory), located);
  }

  // The model and its options, built (and checked) on first use; throws InputError.
  const ModelFile& model() const;
  // Whether model() succeeds.
  bool complete() const;

  // A copy of the value at `path`; throws InputError when there is none.
  YAML::Node get(const std::string& path) const;
  // `path` with list entries named by index ("contacts[0].friction.mu_s").
  std::string resolve(const std::string& path) const;

  // Applies the changes in order (a missing key of a map is added, with missing maps on its way),
  // then builds the model. A change that makes a valid model invalid throws InputError and leaves
  // the document as it was; a model still under construction (not valid yet, e.g. without bodies)
  // takes every change that applies, and is checked when it is used.
  void set(const std::vector<std::pair<std::string, YAML::Node>>& changes);
  void set(const std::string& path, const YAML::Node& value) { set({{path, value}}); }
  // Appends an entry to the list at `list_path` (created when absent: `bodies`, `contacts`, ...),
  // then builds the model, as set() does.
  void append(const std::string& list_path, const YAML::Node& entry);

  // The document as YAML text (comments are not kept).
  std::string emit() const;

  // The InputError (line, key path) for a ModelError raised later, e.g. by a scheme that cannot
  // take the model.
  InputError locate(const ModelError& e) const;

 private:
  // A change kept as text, so that copies of a document share no YAML nodes (one per thread in a
  // sweep) and every rebuild starts from the text as written, with its lines.
  struct Change {
    bool append = false;
    std::string path;
    std::string value;  // YAML text
  };
  ModelDocument(std::string text, std::string name, std::string directory, bool located);
  // The source tree with `changes` applied; throws InputError.
  YAML::Node tree(const std::vector<Change>& changes) const;
  const YAML::Node& tree() const;
  void commit(std::vector<Change> changes);

  std::string text_, name_, directory_;
  bool located_ = true;  // the text is the user's: its lines mean something
  std::vector<Change> changes_;
  mutable std::shared_ptr<const YAML::Node> tree_;   // tree(changes_), made on first use
  mutable std::shared_ptr<const ModelFile> built_;   // its model, made on first use
};

}  // namespace stickslip
