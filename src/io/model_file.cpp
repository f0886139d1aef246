#include "io/model_file.hpp"

#include <algorithm>
#include <filesystem>
#include <numbers>

#include "formulations/memory_estimate.hpp"
#include "io/dimension_hints.hpp"
#include "io/model_sections.hpp"
#include "math/nearest_name.hpp"

namespace stickslip {

std::string NameTable::add(const YamlField& name_field) { return add_generated(name_field.as_string(), name_field); }

std::string NameTable::add_generated(const std::string& name, const YamlField& origin) {
  const std::string problem = element_name_problem(name);
  if (!problem.empty()) origin.fail(problem);
  const auto [it, inserted] = paths_.emplace(name, origin.path());
  if (!inserted) origin.fail("duplicate name '" + name + "' (already used by " + it->second + ")");
  return name;
}

namespace {

// "unknown body 'leg_lft' (did you mean 'leg_left'? the bodies: ground, body, leg_left, ...)", the
// names in the order of the file.
[[noreturn]] void fail_unknown(const YamlField& f, const char* kind, const char* kinds,
                               const std::map<std::string, int>& known) {
  std::vector<std::pair<int, std::string>> ordered;
  for (const auto& [name, index] : known) ordered.emplace_back(index, name);
  std::sort(ordered.begin(), ordered.end());
  std::vector<std::string> names;
  for (const auto& entry : ordered) names.push_back(entry.second);
  const std::string name = f.as_string();
  if (names.empty()) f.fail(std::string("unknown ") + kind + " '" + name + "' (the model has no " + kinds + ")");
  f.fail(std::string("unknown ") + kind + " '" + name + "' (" + did_you_mean(name, names) + "the " + kinds + ": " +
         name_list(names) + ")");
}

}  // namespace

int SectionContext::body(const YamlField& f) const {
  const auto it = bodies.find(f.as_string());
  if (it == bodies.end()) fail_unknown(f, "body", "bodies", bodies);
  return it->second;
}

int SectionContext::joint(const YamlField& f) const {
  const auto it = joints.find(f.as_string());
  if (it == joints.end()) fail_unknown(f, "joint", "joints", joints);
  return it->second;
}

Vec2 initial_position(const Body& b, double t0) {
  if (b.motion == BodyMotion::prescribed) return {b.prescribed[0].value(t0), b.prescribed[1].value(t0)};
  return b.position;
}

double initial_angle(const Body& b, double t0) {
  return b.motion == BodyMotion::prescribed ? b.prescribed[2].value(t0) : b.angle;
}

InputError locate_model_error(const std::string& file, const ModelError& e) {
  try {
    if (std::filesystem::path(file).extension() == ".urdf") return locate_urdf_model_error(file, e);
    const YamlReader reader(file);
    if (reads_urdf(file, reader)) return locate_urdf_model_error(file, e);
    reader.fail_at_path(e.path(), e.message());
  } catch (const InputError& located) {
    return located;
  }
  return InputError(file, 0, 0, e.path(), e.message());
}

ModelFile read_model_file(const std::string& path) {
  if (std::filesystem::path(path).extension() == ".urdf") return read_urdf_file(path);
  YamlReader reader(path);
  ModelFile out = read_model(reader);
  out.input_files.insert(out.input_files.begin(), path);  // the model file first, then its tables
  return out;
}

ModelFile read_model(YamlReader& reader) {
  if (reader.root_node().IsMap() && reader.root_node()["urdf"]) return read_model_including_urdf(reader);
  const YamlField root = reader.root();
  root.expect_keys({"name", "description", "dimension", "angle_unit", "gravity", "materials", "material_pairs", "bodies",
                    "joints", "drivers", "forces", "contacts", "contact_reports", "generators", "simulation"});
  // Read first: the bodies', forces' and gravity's keys depend on it.
  Dimension dimension = Dimension::planar;
  if (const auto d = root.get("dimension")) {
    if (d->as_choice({"planar", "spatial"}) == "spatial") dimension = Dimension::spatial;
  }
  if (const auto unit = root.get("angle_unit")) {
    reader.set_angle_scale(unit->as_choice({"rad", "deg"}) == "deg" ? std::numbers::pi / 180.0 : 1.0);
  }
  ModelFile out;
  if (const auto sim = root.get("simulation")) read_simulation(*sim, out.options);

  ModelBuilder builder(root.has("name") ? root.at("name").as_string() : "model");
  builder.set_dimension(dimension);
  if (const auto g = root.get("gravity")) {
    if (dimension == Dimension::spatial) {
      builder.set_gravity(g->as_vec3());
    } else {
      builder.set_gravity(planar_vec2(*g));
    }
  }
  NameTable names;
  SectionContext ctx{reader, builder, names, {{"ground", Model::kGround}}, {}, {}, {}, out.options.t_start,
                     Dimension::planar, {}, {}, Scheme::compliant};
  Body ground;
  ground.name = "ground";
  ground.motion = BodyMotion::fixed;
  ctx.body_data.emplace("ground", ground);
  ctx.dimension = dimension;
  ctx.scheme = out.options.scheme;

  // Shapes name their materials, so materials come first.
  if (const auto m = root.get("materials")) {
    if (dimension != Dimension::spatial) m->fail("materials belong to shapes, which need 'dimension: spatial'");
    read_materials(*m, ctx);
  }
  if (const auto p = root.get("material_pairs")) {
    if (!root.has("materials")) p->fail("material pairs name materials: declare them under 'materials'");
    read_material_pairs(*p, ctx);
  }
  // A model built by generators alone needs no `bodies` section.
  if (root.has("bodies") || !root.has("generators")) read_bodies(root.at("bodies"), ctx);
  if (const auto g = root.get("generators")) {
    if (dimension == Dimension::spatial) {
      read_spatial_generators(*g, ctx);
    } else {
      read_generators(*g, ctx);
    }
  }
  if (const auto j = root.get("joints")) read_joints(*j, ctx);
  if (const auto d = root.get("drivers")) read_drivers(*d, ctx);
  if (const auto f = root.get("forces")) read_forces(*f, ctx);
  if (const auto c = root.get("contacts")) read_contacts(*c, ctx);
  if (const auto r = root.get("contact_reports")) read_contact_reports(*r, ctx);

  try {
    out.model = builder.build();
    // The scheme the file names gets its problem's size checked here, at the key that made it.
    check_scheme_memory(out.model, out.options, root.has("generators") ? "generators" : "contacts");
  } catch (const ModelError& e) {
    reader.fail_at_path(e.path(), e.message());
  }
  out.input_files.insert(out.input_files.end(), reader.inputs().begin(), reader.inputs().end());
  return out;
}

}  // namespace stickslip
