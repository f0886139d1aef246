// Generators of spatial models (docs/model-format.md, "Spatial generators"): bodies carrying one shape
// each, which the model's materials make touch one another (no contact is generated: the detection
// finds them). Three kinds:
//   stack  `count` parts on top of one another, the first resting on `origin` (the middle of its
//          bottom), each part's height its extent along z, `spacing` between them;
//   wall   `rows` rows of `columns` box bricks along `direction` (horizontal, default x), stack or
//          running bond (odd rows shifted by half a brick and closed by half bricks), as block_wall;
//   pile   `count` parts from the list `parts` in turn, on a lattice filling the box `region` (pitch:
//          the largest part's bounding diameter and `spacing`), each turned at random and moved within
//          its cell at random from `seed`; with `bin`, a fixed box bin around them on the floor z = 0.
// Parts take their mass from their shape's density (the shape's or its material's).
#include <cmath>
#include <random>

#include "io/model_sections.hpp"

namespace stickslip {
namespace {

// At most this many generated bodies per generator: the detection and the step scale with them, and
// a typo (1e6 for 1e3) should not fill the memory before the run starts.
constexpr long kMaxGeneratedBodies = 100000;

int generated_count(const YamlField& f, const char* key, int fallback) {
  const auto v = f.get(key);
  const int n = v ? v->as_int() : fallback;
  if (n < 1) v->fail("must be >= 1");
  if (n > kMaxGeneratedBodies) v->fail("a generator makes at most " + std::to_string(kMaxGeneratedBodies) + " bodies");
  return n;
}

// A dynamic body at `pose` carrying `part` (its mass from the part's density), named `name`.
void add_generated_part(const BodyShape& part, const std::string& name, const geometry::Pose& pose, const YamlField& origin,
              SectionContext& ctx) {
  Body b;
  b.dimension = Dimension::spatial;
  b.motion = BodyMotion::dynamic;
  b.name = ctx.names.add_generated(name, origin);
  b.spatial.position = pose.position;
  b.spatial.orientation = pose.orientation;
  const int index = ctx.builder.add_body(b);
  ctx.bodies[b.name] = index;
  ctx.body_data.emplace(b.name, b);
  BodyShape s = part;
  s.body = index;
  s.name = b.name;
  if (ctx.shapes.count(s.name)) origin.fail("duplicate shape name '" + s.name + "'");
  ctx.shapes[s.name] = ctx.builder.add_shape(std::move(s));
}

// The shape's extent along the z axis of its body (its part's pose included).
double part_height(const BodyShape& s) {
  const geometry::Shape& g = s.geometry;
  const Mat3 R = s.pose.orientation.toRotationMatrix();
  const Vec3 z = R.transpose().col(2);  // the body's z in the shape's frame
  switch (g.kind) {
    case geometry::ShapeKind::sphere: return 2 * g.radius;
    case geometry::ShapeKind::capsule: return 2 * (g.half_length * std::abs(z.z()) + g.radius);
    case geometry::ShapeKind::cylinder:
      return 2 * (g.half_length * std::abs(z.z()) + g.radius * std::sqrt(std::max(0.0, 1 - z.z() * z.z())));
    default: {
      double lo = 1e300, hi = -1e300;
      for (const Vec3& v : g.polyhedron->vertices) {
        lo = std::min(lo, z.dot(v));
        hi = std::max(hi, z.dot(v));
      }
      return hi - lo;
    }
  }
}

BodyShape read_generated_part(const YamlField& f, SectionContext& ctx) {
  const BodyShape part = read_shape_entry(f, ctx);
  if (!part.geometry.is_convex_solid()) f.at("type").fail("a generated part is a solid: sphere, box, capsule, cylinder or convex_hull");
  return part;
}

void read_stack_generator(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"type", "name", "count", "part", "origin", "spacing"});
  const YamlField name = f.at("name");
  const int count = generated_count(f, "count", 1);
  const BodyShape part = read_generated_part(f.at("part"), ctx);
  const Vec3 origin = f.has("origin") ? f.at("origin").as_vec3() : Vec3::Zero();
  const double spacing = f.has("spacing") ? f.at("spacing").as_non_negative() : 0.0;
  const double height = part_height(part);
  for (int k = 0; k < count; ++k) {
    const Vec3 centre = origin + Vec3(0, 0, (k + 0.5) * height + k * spacing);
    add_generated_part(part, name.as_string() + "_" + std::to_string(k), {centre, Quat::Identity()}, name, ctx);
  }
}

// Bricks of length L = 2 h_x along the wall's direction u, height 2 h_z: row r holds bricks at
// u (L + spacing) c (stack bond); the odd rows of a running bond are shifted by half a pitch and hold
// columns − 1 bricks, closed by a half brick of length (L − spacing)/2 at each end.
void read_wall_generator(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"type", "name", "rows", "columns", "brick", "origin", "direction", "bond", "spacing"});
  const YamlField name = f.at("name");
  const int rows = generated_count(f, "rows", 1), columns = generated_count(f, "columns", 1);
  if (static_cast<long>(rows) * columns > kMaxGeneratedBodies) f.fail("rows × columns: a wall has at most 100000 bricks");
  const BodyShape brick = read_generated_part(f.at("brick"), ctx);
  if (brick.geometry.kind != geometry::ShapeKind::box) f.at("brick").at("type").fail("a wall's bricks are boxes");
  const Vec3 origin = f.has("origin") ? f.at("origin").as_vec3() : Vec3::Zero();
  Vec3 u = Vec3::UnitX();
  if (const auto d = f.get("direction")) {
    u = d->as_vec3();
    u.z() = 0;
    if (!(u.norm() > 0)) d->fail("the wall's direction is a horizontal vector");
    u.normalize();
  }
  const bool running = f.has("bond") && f.at("bond").as_choice({"stack", "running"}) == "running";
  if (running && columns < 2) f.at("bond").fail("a running bond needs at least 2 columns");
  const double spacing = f.has("spacing") ? f.at("spacing").as_non_negative() : 0.0;
  const Vec3 h = brick.geometry.half_extents;
  const double pitch = 2 * h.x() + spacing;
  const Quat turn = Quat::FromTwoVectors(Vec3::UnitX(), u);
  BodyShape half = brick;
  const double half_x = 0.25 * (2 * h.x() - spacing);
  half.geometry = geometry::make_box(Vec3(half_x, h.y(), h.z()));
  for (int r = 0; r < rows; ++r) {
    const double z = (2 * r + 1) * h.z();
    const auto place = [&](const BodyShape& b, double along, int index) {
      add_generated_part(b, name.as_string() + "_" + std::to_string(r) + "_" + std::to_string(index),
               {origin + along * u + Vec3(0, 0, z), turn}, name, ctx);
    };
    if (!running || r % 2 == 0) {
      for (int c = 0; c < columns; ++c) place(brick, c * pitch, c);
      continue;
    }
    place(half, -h.x() + half_x, 0);
    for (int c = 0; c + 1 < columns; ++c) place(brick, (c + 0.5) * pitch, c + 1);
    place(half, (columns - 1) * pitch + h.x() - half_x, columns);
  }
}

// A uniformly random rotation (Shoemake 1992: three uniforms).
Quat random_part_rotation(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  const double a = u(rng), b = 2 * M_PI * u(rng), c = 2 * M_PI * u(rng);
  return Quat(std::sqrt(a) * std::cos(c), std::sqrt(1 - a) * std::sin(b), std::sqrt(1 - a) * std::cos(b), std::sqrt(a) * std::sin(c));
}

// A fixed bin: a floor (top at z = 0) and four walls of `thickness` around the inner half extents.
void add_pile_bin(const YamlField& f, const std::string& name, SectionContext& ctx) {
  f.expect_keys({"half_extents", "height", "thickness", "material"});
  const YamlField size = f.at("half_extents");
  const std::vector<double> xy = size.as_doubles();
  if (xy.size() != 2 || !(xy[0] > 0 && xy[1] > 0)) size.fail("expected the inner half extents [x, y] > 0");
  const double height = f.at("height").as_positive(), t = f.has("thickness") ? f.at("thickness").as_positive() : 0.02;
  Body b;
  b.dimension = Dimension::spatial;
  b.motion = BodyMotion::fixed;
  b.name = ctx.names.add_generated(name, f);
  const int index = ctx.builder.add_body(b);
  ctx.bodies[b.name] = index;
  ctx.body_data.emplace(b.name, b);
  BodyShape wall;
  wall.body = index;
  if (const auto m = f.get("material")) {
    const auto it = ctx.materials.find(m->as_string());
    if (it == ctx.materials.end()) m->fail("unknown material '" + m->as_string() + "'");
    wall.material = it->second;
  }
  const double x = xy[0], y = xy[1];
  const std::pair<Vec3, Vec3> boxes[5] = {{{0, 0, -0.5 * t}, {x + t, y + t, 0.5 * t}},
                                          {{x + 0.5 * t, 0, 0.5 * height}, {0.5 * t, y + t, 0.5 * height}},
                                          {{-x - 0.5 * t, 0, 0.5 * height}, {0.5 * t, y + t, 0.5 * height}},
                                          {{0, y + 0.5 * t, 0.5 * height}, {x, 0.5 * t, 0.5 * height}},
                                          {{0, -y - 0.5 * t, 0.5 * height}, {x, 0.5 * t, 0.5 * height}}};
  const char* names[5] = {"floor", "wall_x+", "wall_x-", "wall_y+", "wall_y-"};
  for (int k = 0; k < 5; ++k) {
    BodyShape s = wall;
    s.geometry = geometry::make_box(boxes[k].second);
    s.pose.position = boxes[k].first;
    s.name = name + "_" + names[k];
    ctx.shapes[s.name] = ctx.builder.add_shape(std::move(s));
  }
}

void read_pile_generator(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"type", "name", "count", "parts", "region", "spacing", "seed", "bin"});
  const YamlField name = f.at("name");
  const int count = generated_count(f, "count", 1);
  std::vector<BodyShape> parts;
  for (const YamlField& p : f.at("parts").items()) parts.push_back(read_generated_part(p, ctx));
  if (parts.empty()) f.at("parts").fail("expected a list of parts [{type, ...}, ...]");
  double diameter = 0;
  for (const BodyShape& p : parts) diameter = std::max(diameter, 2 * (p.geometry.bounding_radius() + p.pose.position.norm()));
  const double pitch = diameter + (f.has("spacing") ? f.at("spacing").as_non_negative() : 0.01 * diameter);
  const YamlField region = f.at("region");
  region.expect_keys({"center", "half_extents"});
  const Vec3 centre = region.at("center").as_vec3(), half = region.at("half_extents").as_vec3();
  if (!(half.minCoeff() > 0)) region.at("half_extents").fail("half extents must be > 0");
  const Eigen::Vector3i cells = ((2 * half) / pitch).array().floor().cast<int>().max(0);
  const long room = static_cast<long>(cells.x()) * cells.y() * cells.z();
  if (room < count) {
    region.fail("holds only " + std::to_string(room) + " parts on a lattice of pitch " + std::to_string(pitch) +
                " m (the largest part's bounding diameter and the spacing); make it larger");
  }
  std::mt19937 rng(static_cast<std::mt19937::result_type>(f.has("seed") ? f.at("seed").as_int() : 1));
  std::uniform_real_distribution<double> jitter(-0.5, 0.5);
  const Vec3 corner = centre - 0.5 * pitch * Vec3(cells.x() - 1, cells.y() - 1, cells.z() - 1);
  for (int k = 0; k < count; ++k) {
    const Vec3 cell(k % cells.x(), (k / cells.x()) % cells.y(), k / (cells.x() * cells.y()));
    const BodyShape& part = parts[static_cast<std::size_t>(k) % parts.size()];
    const double free = pitch - 2 * (part.geometry.bounding_radius() + part.pose.position.norm());
    const Vec3 shift = free * Vec3(jitter(rng), jitter(rng), jitter(rng));
    const Quat q = random_part_rotation(rng);
    add_generated_part(part, name.as_string() + "_" + std::to_string(k), {corner + pitch * cell + shift, q}, name, ctx);
  }
  if (const auto bin = f.get("bin")) add_pile_bin(*bin, name.as_string() + "_bin", ctx);
}

}  // namespace

void read_spatial_generators(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (!f.is_map()) f.fail("expected a generator {type, name, ...}");
    const std::string type = f.at("type").as_choice({"stack", "wall", "pile"});
    if (type == "stack") read_stack_generator(f, ctx);
    else if (type == "wall") read_wall_generator(f, ctx);
    else read_pile_generator(f, ctx);
  }
}

}  // namespace stickslip
