// Reader of the `forces` section: point forces, torques, spring-dampers, rotational spring-dampers,
// joint actuators.
#include "io/dimension_hints.hpp"
#include "io/model_sections.hpp"
#include "io/time_function_reader.hpp"

namespace stickslip {
namespace {

// Planar: point [x, y], fx, fy; spatial: point [x, y, z], fx, fy, fz. frame: global | body.
void read_point_force(const YamlField& f, SectionContext& ctx) {
  const bool spatial = ctx.dimension == Dimension::spatial;
  if (spatial) {
    f.expect_keys({"name", "type", "body", "point", "frame", "fx", "fy", "fz"});
  } else {
    refuse_spatial_keys(f, {"fz"});
    f.expect_keys({"name", "type", "body", "point", "frame", "fx", "fy"});
  }
  PointForce pf;
  pf.name = ctx.names.add(f.at("name"));
  pf.body = ctx.body(f.at("body"));
  if (const auto p = f.get("point")) pf.point = spatial ? p->as_vec3() : Vec3(p->as_vec2().x(), p->as_vec2().y(), 0.0);
  if (const auto fr = f.get("frame")) pf.body_frame = fr->as_choice({"global", "body"}) == "body";
  if (!f.has("fx") && !f.has("fy") && !f.has("fz")) f.fail(spatial ? "a point force needs 'fx', 'fy' and/or 'fz'" : "a point force needs 'fx' and/or 'fy'");
  if (const auto x = f.get("fx")) pf.fx = read_time_function(*x, ctx.reader, FunctionQuantity::plain);
  if (const auto y = f.get("fy")) pf.fy = read_time_function(*y, ctx.reader, FunctionQuantity::plain);
  if (const auto z = f.get("fz")) pf.fz = read_time_function(*z, ctx.reader, FunctionQuantity::plain);
  ctx.builder.add_point_force(pf);
}

// Planar: torque (about z); spatial: tx, ty, tz and frame: global | body.
void read_torque(const YamlField& f, SectionContext& ctx) {
  AppliedTorque t;
  if (ctx.dimension == Dimension::spatial) {
    f.expect_keys({"name", "type", "body", "tx", "ty", "tz", "frame"});
    if (!f.has("tx") && !f.has("ty") && !f.has("tz")) f.fail("a torque on a spatial body needs 'tx', 'ty' and/or 'tz'");
    if (const auto x = f.get("tx")) t.tx = read_time_function(*x, ctx.reader, FunctionQuantity::plain);
    if (const auto y = f.get("ty")) t.ty = read_time_function(*y, ctx.reader, FunctionQuantity::plain);
    if (const auto z = f.get("tz")) t.torque = read_time_function(*z, ctx.reader, FunctionQuantity::plain);
    if (const auto fr = f.get("frame")) t.body_frame = fr->as_choice({"global", "body"}) == "body";
  } else {
    refuse_spatial_keys(f, {"tx", "ty", "tz"});
    f.expect_keys({"name", "type", "body", "torque"});
    t.torque = read_time_function(f.at("torque"), ctx.reader, FunctionQuantity::plain);
  }
  t.name = ctx.names.add(f.at("name"));
  t.body = ctx.body(f.at("body"));
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
    if (ctx.dimension == Dimension::spatial) {
      if (pts->size() != 2) pts->fail("expected two points [[x_i, y_i, z_i], [x_j, y_j, z_j]] (body frames)");
      s.point_i = (*pts)[0].as_vec3();
      s.point_j = (*pts)[1].as_vec3();
    } else {
      if (pts->size() != 2) pts->fail("expected two points [[x_i, y_i], [x_j, y_j]] (body frames)");
      s.point_i << (*pts)[0].as_vec2(), 0.0;
      s.point_j << (*pts)[1].as_vec2(), 0.0;
    }
  }
  s.stiffness = f.at("stiffness").as_non_negative();
  if (const auto c = f.get("damping")) s.damping = c->as_non_negative();
  s.rest_length = f.at("rest_length").as_non_negative();
  ctx.builder.add_spring(s);
}

void read_rotational_spring(const YamlField& f, SectionContext& ctx) {
  if (ctx.dimension == Dimension::spatial) {
    // On a revolute joint: θ is its relative angle (docs/model-format.md, "Spatial joints").
    f.expect_keys({"name", "type", "joint", "stiffness", "damping", "rest_angle"});
    RotationalSpringDamper s;
    s.name = ctx.names.add(f.at("name"));
    const YamlField joint = f.at("joint");
    s.joint = ctx.joint(joint);
    if (ctx.joint_types[static_cast<std::size_t>(s.joint)] != JointType::revolute) {
      joint.fail("a rotational spring-damper acts on a revolute joint");
    }
    s.stiffness = f.at("stiffness").as_non_negative();
    if (const auto c = f.get("damping")) s.damping = c->as_non_negative();
    if (const auto a = f.get("rest_angle")) s.rest_angle = a->as_angle();
    ctx.builder.add_rotational_spring(s);
    return;
  }
  f.expect_keys({"name", "type", "bodies", "stiffness", "damping", "rest_angle"});
  RotationalSpringDamper s;
  s.name = ctx.names.add(f.at("name"));
  std::tie(s.body_i, s.body_j) = read_body_pair(f, ctx);
  s.stiffness = f.at("stiffness").as_non_negative();
  if (const auto c = f.get("damping")) s.damping = c->as_non_negative();
  if (const auto a = f.get("rest_angle")) s.rest_angle = a->as_angle();
  ctx.builder.add_rotational_spring(s);
}

// A joint actuator: joint, effort (a function of time), and for a cylindrical or universal joint the
// coordinate it acts on (as a driver names it).
void read_joint_actuator(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "type", "joint", "coordinate", "effort"});
  JointActuator a;
  a.name = ctx.names.add(f.at("name"));
  const YamlField jf = f.at("joint");
  a.joint = ctx.joint(jf);
  a.coordinate = read_joint_coordinate(f, jf, ctx, a.joint, "joint actuator");
  a.effort = read_time_function(f.at("effort"), ctx.reader, FunctionQuantity::plain);
  ctx.builder.add_actuator(a);
}

}  // namespace

void read_forces(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (!f.is_map()) f.fail("expected a force element {name, type, ...}");
    const std::string type = f.at("type").as_choice(
        {"point_force", "torque", "spring_damper", "rotational_spring_damper", "joint_actuator"});
    if (type == "point_force") read_point_force(f, ctx);
    else if (type == "joint_actuator") read_joint_actuator(f, ctx);
    else if (type == "torque") read_torque(f, ctx);
    else if (type == "spring_damper") read_spring(f, ctx);
    else read_rotational_spring(f, ctx);
  }
}

}  // namespace stickslip
