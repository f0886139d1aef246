// Reader of the `forces` section: point forces, torques, spring-dampers, rotational spring-dampers.
#include "io/model_sections.hpp"
#include "io/time_function_reader.hpp"

namespace stickslip {
namespace {

void read_point_force(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "type", "body", "point", "frame", "fx", "fy"});
  PointForce pf;
  pf.name = ctx.names.add(f.at("name"));
  pf.body = ctx.body(f.at("body"));
  if (const auto p = f.get("point")) pf.point = p->as_vec2();
  if (const auto fr = f.get("frame")) pf.body_frame = fr->as_choice({"global", "body"}) == "body";
  if (!f.has("fx") && !f.has("fy")) f.fail("a point force needs 'fx' and/or 'fy'");
  if (const auto x = f.get("fx")) pf.fx = read_time_function(*x, ctx.reader, FunctionQuantity::plain);
  if (const auto y = f.get("fy")) pf.fy = read_time_function(*y, ctx.reader, FunctionQuantity::plain);
  ctx.builder.add_point_force(pf);
}

void read_torque(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "type", "body", "torque"});
  AppliedTorque t;
  t.name = ctx.names.add(f.at("name"));
  t.body = ctx.body(f.at("body"));
  t.torque = read_time_function(f.at("torque"), ctx.reader, FunctionQuantity::plain);
  ctx.builder.add_torque(t);
}

std::pair<int, int> read_body_pair(const YamlField& f, SectionContext& ctx) {
  const YamlField bodies = f.at("bodies");
  if (bodies.size() != 2) bodies.fail("expected two body names [body_i, body_j]");
  const int i = ctx.body(bodies[0]), j = ctx.body(bodies[1]);
  if (i == j) bodies.fail("expected two different bodies");
  return {i, j};
}

void read_spring(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "type", "bodies", "points", "stiffness", "damping", "rest_length"});
  SpringDamper s;
  s.name = ctx.names.add(f.at("name"));
  std::tie(s.body_i, s.body_j) = read_body_pair(f, ctx);
  if (const auto pts = f.get("points")) {
    if (pts->size() != 2) pts->fail("expected two points [[x_i, y_i], [x_j, y_j]] (body frames)");
    s.point_i = (*pts)[0].as_vec2();
    s.point_j = (*pts)[1].as_vec2();
  }
  s.stiffness = f.at("stiffness").as_non_negative();
  if (const auto c = f.get("damping")) s.damping = c->as_non_negative();
  s.rest_length = f.at("rest_length").as_non_negative();
  ctx.builder.add_spring(s);
}

void read_rotational_spring(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "type", "bodies", "stiffness", "damping", "rest_angle"});
  RotationalSpringDamper s;
  s.name = ctx.names.add(f.at("name"));
  std::tie(s.body_i, s.body_j) = read_body_pair(f, ctx);
  s.stiffness = f.at("stiffness").as_non_negative();
  if (const auto c = f.get("damping")) s.damping = c->as_non_negative();
  if (const auto a = f.get("rest_angle")) s.rest_angle = a->as_angle();
  ctx.builder.add_rotational_spring(s);
}

}  // namespace

void read_forces(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (!f.is_map()) f.fail("expected a force element {name, type, ...}");
    const std::string type = f.at("type").as_choice({"point_force", "torque", "spring_damper", "rotational_spring_damper"});
    if (type == "point_force") read_point_force(f, ctx);
    else if (type == "torque") read_torque(f, ctx);
    else if (type == "spring_damper") read_spring(f, ctx);
    else read_rotational_spring(f, ctx);
  }
}

}  // namespace stickslip
