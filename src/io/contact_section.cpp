// Reader of the `contacts` section.
#include "io/law_reader.hpp"
#include "io/model_sections.hpp"

namespace stickslip {
namespace {

void read_contact(const YamlField& f, SectionContext& ctx) {
  Contact c;
  const std::string type = f.at("type").as_choice({"point_line", "circle_line", "circle_circle"});
  if (type == "point_line") {
    f.expect_keys({"name", "type", "bodies", "line", "point", "normal", "friction", "impact", "min_impact_speed"});
  } else if (type == "circle_line") {
    f.expect_keys({"name", "type", "bodies", "line", "center", "radius", "normal", "friction", "impact",
                   "min_impact_speed"});
  } else {
    f.expect_keys({"name", "type", "bodies", "centers", "radii", "normal", "friction", "impact", "min_impact_speed"});
  }
  c.name = ctx.names.add(f.at("name"));
  const YamlField bodies = f.at("bodies");
  if (bodies.size() != 2) bodies.fail("expected two body names [body_i, body_j]");
  c.body_i = ctx.body(bodies[0]);
  c.body_j = ctx.body(bodies[1]);
  if (c.body_i == c.body_j) bodies.fail("a contact needs two different bodies");
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
  if (!f.has("normal") && !f.has("impact")) {
    f.fail("a contact needs a 'normal' force law (compliant) or an 'impact' law (rigid)");
  }
  if (const auto n = f.get("normal")) c.normal = read_normal_law(*n);
  if (const auto i = f.get("impact")) c.impact = read_impact_law(*i);
  if (const auto fr = f.get("friction")) c.friction = read_friction_law(*fr);
  if (const auto v = f.get("min_impact_speed")) c.min_impact_speed = v->as_positive();
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
