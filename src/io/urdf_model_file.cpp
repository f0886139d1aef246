// Model files from URDF (urdf_import.hpp): a .urdf run as it is, and a model file whose `urdf:`
// includes one and adds to it (docs/urdf.md).
#include <filesystem>

#include "io/model_file.hpp"
#include "io/model_sections.hpp"
#include "io/urdf_import.hpp"
#include "io/yaml_reader.hpp"

namespace stickslip {
namespace {

// Sections whose lists the including file extends; every other key it gives replaces the URDF's.
constexpr const char* kListSections[] = {"bodies", "joints", "drivers", "forces", "contacts"};

bool is_list_section(const std::string& key) {
  for (const char* s : kListSections) {
    if (key == s) return true;
  }
  return false;
}

struct Merged {
  UrdfImport urdf;
  std::string urdf_file;
  YAML::Node tree;
};

// `link_materials: {LINK: MATERIAL, ...}`, each link one of the URDF's.
void read_link_materials(const YamlField& f, const std::string& urdf_file, UrdfSettings& settings) {
  const UrdfElementLines lines = urdf_element_lines(urdf_file);
  for (const auto& kv : f.node()) {
    const std::string link = kv.first.as<std::string>();
    if (!lines.links.count(link)) f.fail("no link '" + link + "' in " + urdf_file);
    settings.link_materials[link] = f.at(link.c_str()).as_string();
  }
}

// `urdf: FILE` or `urdf: {file: FILE, fixed_base: BOOL, position: [x, y, z], orientation: {...},
// limits: {impact: LAW, normal: LAW}, material: NAME, link_materials: {LINK: NAME}}`.
Merged merge(const YamlReader& reader) {
  const YamlField section = reader.root().at("urdf");
  UrdfSettings settings;
  const std::string file = section.is_map() ? section.at("file").as_string() : section.as_string();
  Merged m;
  m.urdf_file = (std::filesystem::path(reader.directory()) / file).lexically_normal().string();
  if (!std::filesystem::exists(m.urdf_file)) section.fail("no such URDF file '" + m.urdf_file + "'");
  if (section.is_map()) {
    section.expect_keys({"file", "fixed_base", "position", "orientation", "limits", "material", "link_materials"});
    if (const auto f = section.get("fixed_base")) settings.fixed_base = f->as_bool();
    if (const auto f = section.get("position")) settings.base_position = f->as_vec3();
    if (const auto f = section.get("orientation")) settings.base_orientation = read_orientation(*f);  // as a body's
    if (const auto l = section.get("limits")) {
      l->expect_keys({"impact", "normal", "min_impact_speed"});
      settings.limit_laws = l->node();
    }
    if (const auto f = section.get("material")) settings.material = f->as_string();
    if (const auto f = section.get("link_materials")) {
      if (!f->is_map()) f->fail("expected {link: material, ...}");
      read_link_materials(*f, m.urdf_file, settings);
    }
  }
  m.urdf = import_urdf(m.urdf_file, settings);
  m.tree = m.urdf.tree;
  for (const auto& kv : reader.root_node()) {
    const std::string key = kv.first.as<std::string>();
    if (key == "urdf") continue;
    if (is_list_section(key) && kv.second.IsSequence()) {
      if (!m.tree[key]) m.tree[key] = YAML::Node(YAML::NodeType::Sequence);
      for (const auto& item : kv.second) m.tree[key].push_back(item);  // keeps its line in the file
    } else {
      m.tree[key] = kv.second;
    }
  }
  return m;
}

// An error in an element the URDF generated, moved to that element's line in the URDF.
InputError relocate(const InputError& e, const Merged& m) {
  const std::string& p = e.path();
  const std::pair<const std::string, int>* best = nullptr;  // the longest prefix: a shape's line before its body's
  for (const auto& entry : m.urdf.lines) {
    const std::string& prefix = entry.first;
    if (p.compare(0, prefix.size(), prefix) == 0 && (p.size() == prefix.size() || p[prefix.size()] == '.' || p[prefix.size()] == '[')) {
      if (!best || prefix.size() > best->first.size()) best = &entry;
    }
  }
  return best ? InputError(m.urdf_file, best->second, 0, p, e.message()) : e;
}

ModelFile read_merged(const Merged& m, const std::string& file, const std::string& directory) {
  YamlReader merged(file, m.tree, directory);
  ModelFile out;
  try {
    out = read_model(merged);
  } catch (const InputError& e) {
    throw relocate(e, m);
  }
  out.input_files.insert(out.input_files.begin(), m.urdf_file);
  out.warnings.insert(out.warnings.begin(), m.urdf.warnings.begin(), m.urdf.warnings.end());
  return out;
}

bool is_urdf_path(const std::string& path) { return std::filesystem::path(path).extension() == ".urdf"; }

// A .urdf alone: as a model file holding only `urdf: FILE`.
YamlReader reader_for(const std::string& path) {
  if (!is_urdf_path(path)) return YamlReader(path);
  YAML::Node root;
  root["urdf"] = std::filesystem::path(path).filename().string();
  return YamlReader(path, root, std::filesystem::path(path).parent_path().string());
}

}  // namespace

bool reads_urdf(const std::string& path, const YamlReader& reader) {
  return is_urdf_path(path) || (reader.root_node().IsMap() && reader.root_node()["urdf"]);
}

ModelFile read_model_including_urdf(const YamlReader& reader) {
  return read_merged(merge(reader), reader.file(), reader.directory());
}

ModelFile read_urdf_file(const std::string& path) { return read_model_including_urdf(reader_for(path)); }

InputError locate_urdf_model_error(const std::string& path, const ModelError& e) {
  const YamlReader reader = reader_for(path);
  const Merged m = merge(reader);
  try {
    YamlReader merged(path, m.tree, reader.directory());
    merged.fail_at_path(e.path(), e.message());
  } catch (const InputError& located) {
    return relocate(located, m);
  }
  return InputError(path, 0, 0, e.path(), e.message());
}

}  // namespace stickslip
