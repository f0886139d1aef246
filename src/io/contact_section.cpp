// Reader of the `contacts` section.
#include "io/law_reader.hpp"
#include "io/model_sections.hpp"

#include <string>
#include <vector>

namespace stickslip {
namespace {

// The two bodies and the laws, which every shape reads alike.
void read_contact_bodies(const YamlField& f, SectionContext& ctx, Contact& c) {
  const YamlField bodies = f.at("bodies");
  if (bodies.size() != 2) bodies.fail("expected two body names [body_i, body_j]");
  c.body_i = ctx.body(bodies[0]);
  c.body_j = ctx.body(bodies[1]);
  if (c.body_i == c.body_j) bodies.fail("a contact needs two different bodies");
}

void read_contact_laws(const YamlField& f, Contact& c) {
  if (!f.has("normal") && !f.has("impact")) {
    f.fail("a contact needs a 'normal' force law (compliant) or an 'impact' law (rigid)");
  }
  if (const auto n = f.get("normal")) c.normal = read_normal_law(*n);
  if (const auto i = f.get("impact")) c.impact = read_impact_law(*i);
  if (const auto fr = f.get("friction")) c.friction = read_friction_law(*fr);
  if (const auto v = f.get("min_impact_speed")) c.min_impact_speed = v->as_positive();
}

// A plane of body i {point, normal} (body i's frame; the ground's is the world frame).
void read_contact_plane(const YamlField& f, Contact& c) {
  f.expect_keys({"point", "normal"});
  if (const auto p = f.get("point")) c.plane_point = p->as_vec3();
  const YamlField n = f.at("normal");
  c.plane_normal = n.as_vec3();
  if (!(c.plane_normal.norm() > 1e-12)) n.fail("the normal must be a non-zero vector");
}

// The spatial shapes (dimension: spatial; model/contact.hpp). points_plane and box_plane are one
// sphere_plane contact of radius 0 per point, named <name>_1, <name>_2, ... (box corners in the
// order x, y, z = −−−, +−−, −+−, ++−, −−+, +−+, −++, +++ of the half extents about `center`).
void read_spatial_contact(const YamlField& f, SectionContext& ctx, const std::string& type) {
  Contact c;
  std::vector<Vec3> points;
  if (type == "sphere_sphere") {
    f.expect_keys({"name", "type", "bodies", "centers", "radii", "normal", "friction", "impact", "min_impact_speed"});
    c.shape = ContactShape::sphere_sphere;
    const YamlField centers = f.at("centers"), radii = f.at("radii");
    if (centers.size() != 2) centers.fail("expected two centres [[x_i, y_i, z_i], [x_j, y_j, z_j]] (body frames)");
    c.sphere_center_i = centers[0].as_vec3();
    c.sphere_center_j = centers[1].as_vec3();
    if (radii.size() != 2) radii.fail("expected two radii [r_i, r_j]");
    c.radius_i = radii[0].as_non_negative();
    c.radius_j = radii[1].as_non_negative();
    if (!(c.radius_i + c.radius_j > 0)) radii.fail("at least one radius must be > 0");
  } else {
    c.shape = ContactShape::sphere_plane;
    if (type == "sphere_plane") {
      f.expect_keys({"name", "type", "bodies", "plane", "center", "radius", "normal", "friction", "impact",
                     "min_impact_speed"});
      c.sphere_center_j = f.has("center") ? f.at("center").as_vec3() : Vec3::Zero();
      c.radius_j = f.at("radius").as_non_negative();
    } else if (type == "points_plane") {
      f.expect_keys({"name", "type", "bodies", "plane", "points", "normal", "friction", "impact", "min_impact_speed"});
      const YamlField list = f.at("points");
      if (list.size() == 0) list.fail("expected a list of points [[x, y, z], ...] (body j's frame)");
      for (const YamlField& p : list.items()) points.push_back(p.as_vec3());
    } else {  // box_plane
      f.expect_keys({"name", "type", "bodies", "plane", "half_extents", "center", "normal", "friction", "impact",
                     "min_impact_speed"});
      const YamlField h = f.at("half_extents");
      const Vec3 half = h.as_vec3();
      if (!(half.minCoeff() > 0)) h.fail("half extents must be > 0");
      const Vec3 center = f.has("center") ? f.at("center").as_vec3() : Vec3::Zero();
      for (int k = 0; k < 8; ++k) {
        points.push_back(center + Vec3((k & 1) ? half.x() : -half.x(), (k & 2) ? half.y() : -half.y(),
                                       (k & 4) ? half.z() : -half.z()));
      }
    }
    read_contact_plane(f.at("plane"), c);
  }
  const YamlField name = f.at("name");
  read_contact_bodies(f, ctx, c);
  read_contact_laws(f, c);
  if (points.empty()) {
    c.name = ctx.names.add(name);
    ctx.builder.add_contact(c);
    return;
  }
  for (std::size_t k = 0; k < points.size(); ++k) {
    Contact corner = c;
    corner.name = ctx.names.add_generated(name.as_string() + "_" + std::to_string(k + 1), name);
    corner.sphere_center_j = points[k];
    ctx.builder.add_contact(corner);
  }
}

// A stop on a joint coordinate: {name, type: joint_limit, joint, coordinate (cylindrical, universal
// joints), lower | upper (rad, or deg with the unit; m for a slide), normal and/or impact law}. The
// bodies are the joint's; a stop has no friction.
void read_joint_limit(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "type", "joint", "coordinate", "lower", "upper", "normal", "impact", "min_impact_speed"});
  Contact c;
  c.shape = ContactShape::joint_limit;
  c.name = ctx.names.add(f.at("name"));
  const YamlField jf = f.at("joint");
  c.joint = ctx.joint(jf);
  c.coordinate = read_joint_coordinate(f, jf, ctx, c.joint, "joint limit");
  const JointType type = ctx.joint_types[static_cast<std::size_t>(c.joint)];
  if (f.has("lower") == f.has("upper")) f.fail("a joint limit is one stop: give either 'lower' or 'upper'");
  const bool slide = driven_joint_coordinate(type, c.coordinate) == JointCoordinate::slide;
  const YamlField bound = f.has("lower") ? f.at("lower") : f.at("upper");
  c.limit = slide ? bound.as_double() : bound.as_angle();
  c.limit_side = f.has("lower") ? 1.0 : -1.0;
  read_contact_laws(f, c);
  ctx.builder.add_contact(c);
}

void read_contact(const YamlField& f, SectionContext& ctx) {
  Contact c;
  const bool spatial = ctx.dimension == Dimension::spatial;
  const YamlField type_field = f.at("type");
  const std::string given = type_field.as_string();
  if (given == "joint_limit") return read_joint_limit(f, ctx);
  const bool spatial_shape = given == "sphere_plane" || given == "sphere_sphere" || given == "points_plane" ||
                             given == "box_plane";
  const bool planar_shape = given == "point_line" || given == "circle_line" || given == "circle_circle";
  if (spatial_shape && !spatial) type_field.fail("'" + given + "' is a spatial contact: it needs 'dimension: spatial'");
  if (planar_shape && spatial) {
    type_field.fail("'" + given + "' is a planar contact; a spatial model's contacts are sphere_plane, sphere_sphere, "
                    "points_plane, box_plane or joint_limit");
  }
  const std::string type =
      spatial ? type_field.as_choice({"sphere_plane", "sphere_sphere", "points_plane", "box_plane", "joint_limit"})
              : type_field.as_choice({"point_line", "circle_line", "circle_circle", "joint_limit"});
  if (spatial) return read_spatial_contact(f, ctx, type);
  if (type == "point_line") {
    f.expect_keys({"name", "type", "bodies", "line", "point", "normal", "friction", "impact", "min_impact_speed"});
  } else if (type == "circle_line") {
    f.expect_keys({"name", "type", "bodies", "line", "center", "radius", "normal", "friction", "impact",
                   "min_impact_speed"});
  } else {
    f.expect_keys({"name", "type", "bodies", "centers", "radii", "normal", "friction", "impact", "min_impact_speed"});
  }
  c.name = ctx.names.add(f.at("name"));
  read_contact_bodies(f, ctx, c);
  if (type == "circle_circle") {
    c.shape = ContactShape::circle_circle;
    const YamlField centers = f.at("centers"), radii = f.at("radii");
    if (centers.size() != 2) centers.fail("expected two centres [[x_i, y_i], [x_j, y_j]] (body frames)");
    c.center_i = centers[0].as_vec2();
    c.center_j = centers[1].as_vec2();
    if (radii.size() != 2) radii.fail("expected two radii [r_i, r_j]");
    c.radius_i = radii[0].as_non_negative();
    c.radius_j = radii[1].as_non_negative();
    if (!(c.radius_i + c.radius_j > 0)) radii.fail("at least one radius must be > 0");
  } else {
    if (const auto line = f.get("line")) read_contact_line(*line, c);
    if (type == "point_line") {
      c.center_j = f.at("point").as_vec2();
    } else {
      c.center_j = f.has("center") ? f.at("center").as_vec2() : Vec2::Zero();
      c.radius_j = f.at("radius").as_positive();
    }
  }
  read_contact_laws(f, c);
  ctx.builder.add_contact(c);
}

}  // namespace

void read_contact_line(const YamlField& f, Contact& c) {
  f.expect_keys({"point", "direction", "extent"});
  if (const auto p = f.get("point")) c.line_point = p->as_vec2();
  if (const auto d = f.get("direction")) {
    c.line_direction = d->as_vec2();
    if (!(c.line_direction.norm() > 0)) d->fail("the direction must be a non-zero vector");
  }
  if (const auto e = f.get("extent")) {
    const Vec2 range = e->as_vec2();
    if (!(range.y() > range.x())) e->fail("expected [min, max] with min < max");
    c.extent_min = range.x();
    c.extent_max = range.y();
  }
}

void read_contacts(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (!f.is_map()) f.fail("expected a contact {name, type, bodies, ...}");
    read_contact(f, ctx);
  }
}

}  // namespace stickslip
