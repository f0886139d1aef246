// Readers of shapes (a spatial body's `shapes`, and its drawn-only `visuals`), `materials`,
// `material_pairs` and `contact_reports` (docs/model-format.md, "Shapes and materials", "Visuals";
// model/shapes.hpp).
#include <filesystem>

#include "geometry/mesh_file.hpp"
#include "io/law_reader.hpp"
#include "io/model_sections.hpp"

namespace stickslip {
namespace {

// `group: n` (1 to 32) is bit n − 1; `collides_with: [n, ...]` the bits of the groups it meets.
std::uint32_t group_bit(const YamlField& f) {
  const int g = f.as_int();
  if (g < 1 || g > 32) f.fail("a collision group is a number from 1 to 32");
  return 1u << (g - 1);
}

// The mesh file named by `f`, relative to the model file's folder; an unreadable file is reported
// at this key with the reader's reason.
std::shared_ptr<const geometry::TriangleMesh> read_mesh(const YamlField& f, const YamlField& shape, SectionContext& ctx) {
  std::filesystem::path file = f.as_string();
  if (file.is_relative() && !ctx.reader.directory().empty()) file = std::filesystem::path(ctx.reader.directory()) / file;
  ctx.reader.note_input(file.string());
  std::shared_ptr<const geometry::TriangleMesh> mesh;
  try {
    mesh = geometry::read_mesh_file(file.string());
  } catch (const geometry::GeometryError& e) {
    f.fail(e.what());
  }
  const auto scale = shape.get("scale");
  if (!scale) return mesh;
  Vec3 s = Vec3::Ones();
  if (scale->is_sequence()) {
    s = scale->as_vec3();
    if (!(s.minCoeff() > 0)) scale->fail("scale factors must be > 0");
  } else {
    s = Vec3::Constant(scale->as_positive());
  }
  auto scaled = std::make_shared<geometry::TriangleMesh>(*mesh);
  for (Vec3& v : scaled->vertices) v = v.cwiseProduct(s);
  return scaled;
}

#define SHAPE_KEYS "name", "type", "position", "orientation", "material", "density", "group", "collides_with"
#define VISUAL_KEYS "type", "position", "orientation", "color"
#define EXPECT_KEYS(...) (visual ? f.expect_keys({VISUAL_KEYS, __VA_ARGS__}) : f.expect_keys({SHAPE_KEYS, __VA_ARGS__}))

// A shape's geometry; a visual (drawn only) takes the same kinds and sizes with its own keys.
geometry::Shape read_geometry(const YamlField& f, SectionContext& ctx, bool visual) {
  const std::string type =
      f.at("type").as_choice({"sphere", "box", "capsule", "cylinder", "convex_hull", "plane", "triangle_mesh"});
  if (type == "sphere") {
    EXPECT_KEYS("radius");
    return geometry::make_sphere(f.at("radius").as_positive());
  }
  if (type == "box") {
    EXPECT_KEYS("half_extents");
    const YamlField h = f.at("half_extents");
    const Vec3 half = h.as_vec3();
    if (!(half.minCoeff() > 0)) h.fail("half extents must be > 0");
    return geometry::make_box(half);
  }
  if (type == "capsule" || type == "cylinder") {
    EXPECT_KEYS("radius", "half_length");
    const double r = f.at("radius").as_positive(), h = f.at("half_length").as_positive();
    return type == "capsule" ? geometry::make_capsule(r, h) : geometry::make_cylinder(r, h);
  }
  if (type == "plane") {
    EXPECT_KEYS("normal");
    const YamlField n = f.at("normal");
    if (!(n.as_vec3().norm() > 0)) n.fail("the normal must be a non-zero vector");
    return geometry::make_plane(n.as_vec3());
  }
  EXPECT_KEYS("points", "mesh", "scale");
  if (type == "convex_hull" && f.has("points") == f.has("mesh")) f.fail("a convex hull takes either 'points' or a 'mesh' file");
  if (type == "convex_hull" && f.has("points")) {
    std::vector<Vec3> points;
    for (const YamlField& p : f.at("points").items()) points.push_back(p.as_vec3());
    try {
      return geometry::make_convex_hull(points);
    } catch (const geometry::GeometryError& e) {
      f.at("points").fail(e.what());
    }
  }
  if (type == "triangle_mesh" && f.has("points")) f.at("points").fail("a triangle mesh is read from a 'mesh' file");
  const YamlField file = f.at("mesh");
  const auto mesh = read_mesh(file, f, ctx);
  try {
    return type == "convex_hull" ? geometry::make_convex_hull(mesh, file.as_string())
                                 : geometry::make_triangle_mesh(mesh, file.as_string());
  } catch (const geometry::GeometryError& e) {
    file.fail(file.as_string() + ": " + e.what());
  }
}
#undef EXPECT_KEYS
#undef VISUAL_KEYS
#undef SHAPE_KEYS

BodyShape read_shape(const YamlField& f, int body, const std::string& body_name, int index, int count, SectionContext& ctx) {
  BodyShape s = read_shape_entry(f, ctx);
  s.body = body;
  const std::string name = f.has("name") ? f.at("name").as_string()
                                         : count == 1 ? body_name : body_name + "_" + std::to_string(index + 1);
  if (ctx.shapes.count(name)) (f.has("name") ? f.at("name") : f).fail("duplicate shape name '" + name + "'");
  s.name = name;
  return s;
}

}  // namespace

BodyShape read_shape_entry(const YamlField& f, SectionContext& ctx) {
  if (!f.is_map()) f.fail("expected a shape {type, ...}");
  BodyShape s;
  try {
    s.geometry = read_geometry(f, ctx, false);
  } catch (const geometry::GeometryError& e) {
    f.fail(e.what());
  }
  if (const auto p = f.get("position")) s.pose.position = p->as_vec3();
  if (const auto o = f.get("orientation")) s.pose.orientation = read_orientation(*o);
  if (const auto m = f.get("material")) {
    const auto it = ctx.materials.find(m->as_string());
    if (it == ctx.materials.end()) m->fail("unknown material '" + m->as_string() + "'");
    s.material = it->second;
  }
  if (const auto d = f.get("density")) s.density = d->as_positive();
  if (const auto g = f.get("group")) s.group = group_bit(*g);
  if (const auto c = f.get("collides_with")) {
    s.mask = 0;
    for (const YamlField& g : c->items()) s.mask |= group_bit(g);
  }
  return s;
}

namespace {

ContactLaws read_material_laws(const YamlField& f) {
  ContactLaws laws;
  if (const auto n = f.get("normal")) laws.normal = read_normal_law(*n);
  if (const auto i = f.get("impact")) laws.impact = read_impact_law(*i);
  if (const auto fr = f.get("friction")) laws.friction = read_friction_law(*fr);
  if (const auto v = f.get("min_impact_speed")) laws.min_impact_speed = v->as_positive();
  if (laws.friction && !laws.any()) f.at("friction").fail("friction needs an 'impact' or a 'normal' law beside it");
  // Karnopp's stick force is a stage over the model's contacts (compliant/karnopp_stage.cpp): the
  // points of shape pairs, found per evaluation, are not in it.
  if (laws.friction && laws.friction->uses_stick_force() && !laws.friction->set_valued()) {
    f.at("friction").fail("the '" + std::string(laws.friction->name()) +
                          "' law reads a stick force that contacts between shapes do not have (use coulomb, or "
                          "stribeck, coulomb_tanh, coulomb_linear, coulomb_viscous; lugre and dahl on explicit contacts)");
  }
  return laws;
}

int material_index(const YamlField& f, SectionContext& ctx) {
  const auto it = ctx.materials.find(f.as_string());
  if (it == ctx.materials.end()) f.fail("unknown material '" + f.as_string() + "'");
  return it->second;
}

}  // namespace

void read_body_shapes(const YamlField& list, int body, const std::string& body_name, SectionContext& ctx) {
  const std::vector<YamlField> items = list.items();
  if (items.empty()) list.fail("expected a list of shapes [{type, ...}, ...]");
  for (std::size_t k = 0; k < items.size(); ++k) {
    BodyShape s = read_shape(items[k], body, body_name, static_cast<int>(k), static_cast<int>(items.size()), ctx);
    const std::string name = s.name;
    ctx.shapes[name] = ctx.builder.add_shape(std::move(s));
  }
}

void read_body_visuals(const YamlField& list, int body, SectionContext& ctx) {
  const std::vector<YamlField> items = list.items();
  if (items.empty()) list.fail("expected a list of visuals [{type, ...}, ...]");
  for (const YamlField& f : items) {
    if (!f.is_map()) f.fail("expected a visual {type, ...}");
    BodyVisual v;
    v.body = body;
    try {
      v.geometry = read_geometry(f, ctx, true);
    } catch (const geometry::GeometryError& e) {
      f.fail(e.what());
    }
    if (const auto p = f.get("position")) v.pose.position = p->as_vec3();
    if (const auto o = f.get("orientation")) v.pose.orientation = read_orientation(*o);
    if (const auto c = f.get("color")) {
      if (!c->is_sequence() || (c->size() != 3 && c->size() != 4)) c->fail("expected [red, green, blue] or [red, green, blue, opacity]");
      for (std::size_t k = 0; k < c->size(); ++k) {
        const double x = (*c)[k].as_double();
        if (!(x >= 0 && x <= 1)) (*c)[k].fail("a colour component is a number from 0 to 1");
        v.color[k] = x;
      }
    }
    ctx.builder.add_visual(std::move(v));
  }
}

void read_materials(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (!f.is_map()) f.fail("expected a material {name, density, impact, friction, ...}");
    f.expect_keys({"name", "density", "normal", "impact", "friction", "min_impact_speed"});
    Material m;
    const YamlField name = f.at("name");
    m.name = name.as_string();
    if (ctx.materials.count(m.name)) name.fail("duplicate material '" + m.name + "'");
    if (const auto d = f.get("density")) m.density = d->as_positive();
    m.laws = read_material_laws(f);
    ctx.materials[m.name] = ctx.builder.add_material(m);
  }
}

void read_material_pairs(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (!f.is_map()) f.fail("expected a material pair {materials: [a, b], impact, friction, ...}");
    f.expect_keys({"materials", "normal", "impact", "friction", "min_impact_speed"});
    const YamlField names = f.at("materials");
    if (names.size() != 2) names.fail("expected two material names [a, b]");
    MaterialPair p;
    p.a = material_index(names[0], ctx);
    p.b = material_index(names[1], ctx);
    p.laws = read_material_laws(f);
    if (!p.laws.any()) f.fail("a material pair needs an 'impact' or a 'normal' law");
    ctx.builder.add_material_pair(p);
  }
}

void read_contact_reports(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (!f.is_map()) f.fail("expected a report {name, shapes: [a, b]}, {name, bodies: [a, b]} or {name, body: b}");
    f.expect_keys({"name", "shapes", "bodies", "body"});
    if (static_cast<int>(f.has("shapes")) + static_cast<int>(f.has("bodies")) + static_cast<int>(f.has("body")) != 1) {
      f.fail("a contact report names either two 'shapes', two 'bodies' or one 'body'");
    }
    ContactReport r;
    r.name = ctx.names.add(f.at("name"));
    if (const auto b = f.get("body")) {
      r.kind = ContactReport::Kind::body;
      r.second = ctx.body(*b);
      ctx.builder.add_contact_report(r);
      continue;
    }
    const bool bodies = f.has("bodies");
    r.kind = bodies ? ContactReport::Kind::bodies : ContactReport::Kind::shapes;
    const YamlField pair = f.at(bodies ? "bodies" : "shapes");
    if (pair.size() != 2) pair.fail(bodies ? "expected two body names [a, b]" : "expected two shape names [a, b]");
    for (int k = 0; k < 2; ++k) {
      const YamlField item = pair[static_cast<std::size_t>(k)];
      int index = -1;
      if (bodies) {
        index = ctx.body(item);
      } else {
        const auto it = ctx.shapes.find(item.as_string());
        if (it == ctx.shapes.end()) item.fail("unknown shape '" + item.as_string() + "'");
        index = it->second;
      }
      (k == 0 ? r.first : r.second) = index;
    }
    ctx.builder.add_contact_report(r);
  }
}

}  // namespace stickslip
