// Model files (YAML), documented key by key in docs/model-format.md.
#pragma once

#include <string>
#include <vector>

#include "formulations/simulation_options.hpp"
#include "io/input_error.hpp"
#include "model/model.hpp"

namespace stickslip {

struct ModelFile {
  Model model;
  SimulationOptions options;  // from the file's `simulation:` section (defaults otherwise)
  std::vector<std::string> input_files;  // the model file and every file it reads (tables, a URDF)
  std::vector<std::string> warnings;     // what a URDF holds that the model does not take, located
};

// Reads and validates a model file. Throws InputError naming file, line and key path for anything
// malformed or non-physical; nothing is written anywhere.
ModelFile read_model_file(const std::string& path);

class YamlReader;
// Models from URDF (io/urdf_model_file.cpp, docs/urdf.md): a .urdf file, or a model file with `urdf:`.
bool reads_urdf(const std::string& path, const YamlReader& reader);
ModelFile read_urdf_file(const std::string& path);                  // a .urdf alone
ModelFile read_model_including_urdf(const YamlReader& reader);      // a model file with `urdf:`
InputError locate_urdf_model_error(const std::string& path, const ModelError& e);

// The same for a document already parsed (a model from text or data, io/model_document.hpp).
ModelFile read_model(YamlReader& reader);

// The InputError (file, line, column, key path) for a ModelError found after reading, e.g. by a
// scheme that cannot take the model: the path is looked up in the file.
InputError locate_model_error(const std::string& file, const ModelError& e);

// "compliant", "event-driven", "time-stepping" → Scheme (ok = false for anything else).
Scheme parse_scheme_name(const std::string& name, bool& ok);

}  // namespace stickslip
