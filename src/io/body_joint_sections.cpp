// Readers of the `bodies`, `joints` and `drivers` sections.
#include "io/dimension_hints.hpp"
#include "io/law_reader.hpp"
#include "io/model_sections.hpp"
#include "io/time_function_reader.hpp"

namespace stickslip {
namespace {

Body read_body(const YamlField& f, SectionContext& ctx) {
  Body b;
  b.motion = read_body_motion(f);
  refuse_spatial_keys(f, {"orientation", "z", "yaw", "pitch", "roll"});
  for (const char* key : {"inertia", "angular_velocity"}) {
    if (const auto v = f.get(key)) refuse_spatial_vector(*v);
  }
  switch (b.motion) {
    case BodyMotion::dynamic:
      f.expect_keys({"name", "motion", "mass", "inertia", "position", "angle", "velocity", "angular_velocity"});
      b.mass = f.at("mass").as_positive();
      b.inertia = f.at("inertia").as_positive();
      break;
    case BodyMotion::fixed:
      f.expect_keys({"name", "motion", "mass", "inertia", "position", "angle"});
      break;
    case BodyMotion::prescribed:
      f.expect_keys({"name", "motion", "mass", "inertia", "x", "y", "angle"});
      break;
  }
  const YamlField name = f.at("name");
  if (name.as_string() == "ground") name.fail("'ground' is the built-in fixed body; choose another name");
  b.name = ctx.names.add(name);
  if (b.motion != BodyMotion::dynamic) {
    if (const auto m = f.get("mass")) b.mass = m->as_non_negative();
    if (const auto j = f.get("inertia")) b.inertia = j->as_non_negative();
  }
  if (b.motion == BodyMotion::prescribed) {
    const auto fn = [&](const char* key, FunctionQuantity q) {
      const auto v = f.get(key);
      return v ? read_time_function(*v, ctx.reader, q) : TimeFunction::constant(0.0);
    };
    b.prescribed = {fn("x", FunctionQuantity::plain), fn("y", FunctionQuantity::plain), fn("angle", FunctionQuantity::angle)};
    return b;
  }
  if (const auto p = f.get("position")) b.position = planar_vec2(*p);
  if (const auto a = f.get("angle")) b.angle = a->as_angle();
  if (const auto v = f.get("velocity")) b.velocity = planar_vec2(*v);
  if (const auto w = f.get("angular_velocity")) b.angular_velocity = w->as_angle();
  return b;
}

// Joint friction: `{law: <friction law>, <its parameters>, pin_radius: R}` (revolute) or
// `contact_length: L` (prismatic).
JointFriction read_joint_friction(const YamlField& f, JointType type) {
  if (type == JointType::weld) f.fail("a weld joint does not slide: friction applies to revolute and prismatic joints");
  const char* geometric = type == JointType::revolute ? "pin_radius" : "contact_length";
  if (f.has(type == JointType::revolute ? "contact_length" : "pin_radius")) {
    f.fail(std::string("a ") + joint_type_name(type) + " joint's friction takes '" + geometric + "'");
  }
  JointFriction jf;
  jf.law = read_friction_law(f, {"pin_radius", "contact_length"});
  if (jf.law->set_valued()) f.at("law").fail("joint friction needs a smooth law (lugre, coulomb_tanh, stribeck, ...)");
  const double size = f.at(geometric).as_positive();
  (type == JointType::revolute ? jf.pin_radius : jf.contact_length) = size;
  return jf;
}

// Joint points: `points: [[xi, yi], [xj, yj]]` in the body frames, or `location: [x, y]` in the
// global frame at t_start (converted to body-frame points from the initial poses).
void read_joint_points(const YamlField& f, const Body& bi, const Body& bj, double t0, Joint& j) {
  if (f.has("points") && f.has("location")) f.fail("give either 'points' or 'location', not both");
  if (const auto pts = f.get("points")) {
    if (pts->size() != 2) pts->fail("expected two points [[x_i, y_i], [x_j, y_j]] (body frames)");
    j.point_i = (*pts)[0].as_vec2();
    j.point_j = (*pts)[1].as_vec2();
  } else if (const auto loc = f.get("location")) {
    const Vec2 p = loc->as_vec2();
    j.point_i = rotation2(initial_angle(bi, t0)).transpose() * (p - initial_position(bi, t0));
    j.point_j = rotation2(initial_angle(bj, t0)).transpose() * (p - initial_position(bj, t0));
  } else {
    f.fail("missing key 'points' (body-frame points) or 'location' (global point)");
  }
}

void read_joint(const YamlField& f, SectionContext& ctx, double t0) {
  refuse_spatial_keys(f, {"axis_j", "reference", "reference_j"});
  if (const auto type = f.get("type"); type && type->is_scalar()) {
    const std::string t = type->as_string();
    if (t == "spherical" || t == "universal" || t == "cylindrical") {
      type->fail("'" + t + "' is a spatial joint: this model is planar (the default); for a spatial model put "
                 "'dimension: spatial' at the top of the file");
    }
  }
  f.expect_keys({"name", "type", "bodies", "points", "location", "axis", "angle_offset", "friction", "contact"});
  if (const auto c = f.get("contact")) {
    c->fail("contact analysis needs a spatial prismatic joint (dimension: spatial); a planar joint's friction is "
            "'friction:'");
  }
  Joint j;
  j.name = ctx.names.add(f.at("name"));
  const std::string type = f.at("type").as_choice({"revolute", "prismatic", "weld"});
  j.type = type == "revolute" ? JointType::revolute : type == "prismatic" ? JointType::prismatic : JointType::weld;
  const YamlField bodies = f.at("bodies");
  if (bodies.size() != 2) bodies.fail("expected two body names [body_i, body_j]");
  j.body_i = ctx.body(bodies[0]);
  j.body_j = ctx.body(bodies[1]);
  if (j.body_i == j.body_j) bodies.fail("a joint needs two different bodies");
  const Body& bi = ctx.body_data.at(bodies[0].as_string());
  const Body& bj = ctx.body_data.at(bodies[1].as_string());
  if (!bi.is_dynamic() && !bj.is_dynamic()) bodies.fail("at least one body of a joint must be dynamic");
  read_joint_points(f, bi, bj, t0, j);
  if (j.type == JointType::prismatic) {
    const YamlField axis = f.at("axis");
    j.axis_i = axis.as_vec2();
    if (!(j.axis_i.norm() > 0)) axis.fail("the axis must be a non-zero vector");
  } else if (f.has("axis")) {
    f.at("axis").fail("only a prismatic joint has an axis");
  }
  if (const auto fr = f.get("friction")) j.friction = read_joint_friction(*fr, j.type);
  std::optional<double> offset;
  if (const auto o = f.get("angle_offset")) {
    if (j.type == JointType::revolute) o->fail("a revolute joint has no locked angle");
    offset = o->as_angle();
  }
  ctx.joints[j.name] = ctx.builder.add_joint(j, offset);
  ctx.joint_types.push_back(j.type);
}

void read_driver(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "body", "coordinate", "joint", "function"});
  Driver d;
  d.name = ctx.names.add(f.at("name"));
  FunctionQuantity q = FunctionQuantity::plain;
  if (f.has("body") == f.has("joint")) f.fail("a driver names either a 'body' (with 'coordinate') or a 'joint'");
  if (const auto body = f.get("body")) {
    d.body = ctx.body(*body);
    if (!ctx.body_data.at(body->as_string()).is_dynamic()) body->fail("only a dynamic body can be driven");
    const YamlField coordinate = f.at("coordinate");
    // A spatial body's `angle` is read and then refused by the builder, whose message (at this
    // line) says what can be driven instead.
    const std::string c = ctx.dimension == Dimension::spatial ? coordinate.as_choice({"x", "y", "z", "angle"})
                                                               : coordinate.as_choice({"x", "y", "angle"});
    d.target = c == "x"   ? DriverTarget::body_x
               : c == "y" ? DriverTarget::body_y
               : c == "z" ? DriverTarget::body_z
                          : DriverTarget::body_angle;
    if (d.target == DriverTarget::body_angle) q = FunctionQuantity::angle;
  } else {
    const YamlField jf = f.at("joint");
    d.joint = ctx.joint(jf);
    d.target = DriverTarget::joint_coordinate;
    const JointType type = ctx.joint_types[static_cast<std::size_t>(d.joint)];
    d.joint_coordinate = read_joint_coordinate(f, jf, ctx, d.joint, "driver");
    if (driven_joint_coordinate(type, d.joint_coordinate) != JointCoordinate::slide) q = FunctionQuantity::angle;
  }
  d.function = read_time_function(f.at("function"), ctx.reader, q);
  ctx.builder.add_driver(d);
}

}  // namespace

// A revolute joint's coordinate is an angle, a prismatic joint's a length; a spatial cylindrical joint
// has both and a universal joint two angles, of which the element names one; the others have none.
JointCoordinate read_joint_coordinate(const YamlField& f, const YamlField& joint_field, SectionContext& ctx, int joint,
                                      const std::string& element) {
  JointCoordinate out = JointCoordinate::natural;
  const auto coordinate = f.get("coordinate");
  if (coordinate) {
    if (ctx.dimension != Dimension::spatial) coordinate->fail("a planar joint has one coordinate; remove 'coordinate'");
    const std::string c = coordinate->as_choice({"angle", "slide", "angle_i", "angle_j"});
    out = c == "angle"     ? JointCoordinate::angle
          : c == "slide"   ? JointCoordinate::slide
          : c == "angle_i" ? JointCoordinate::angle_i
                           : JointCoordinate::angle_j;
  }
  const JointType type = ctx.joint_types[static_cast<std::size_t>(joint)];
  if (const std::string problem = joint_driver_problem(type, ctx.dimension, out, element); !problem.empty()) {
    (coordinate ? *coordinate : joint_field).fail(problem);
  }
  return out;
}

BodyMotion read_body_motion(const YamlField& f) {
  const auto m = f.get("motion");
  if (!m) return BodyMotion::dynamic;
  const std::string motion = m->as_choice({"dynamic", "fixed", "prescribed"});
  return motion == "fixed" ? BodyMotion::fixed : motion == "prescribed" ? BodyMotion::prescribed : BodyMotion::dynamic;
}

void read_bodies(const YamlField& section, SectionContext& ctx) {
  const auto items = section.items();
  if (items.empty()) section.fail("a model needs at least one body");
  for (const YamlField& f : items) {
    Body b = ctx.dimension == Dimension::spatial ? read_spatial_body(f, ctx) : read_body(f, ctx);
    ctx.body_data.emplace(b.name, b);
    const int index = ctx.builder.add_body(b);
    ctx.bodies[b.name] = index;
    if (const auto shapes = f.get("shapes")) read_body_shapes(*shapes, index, b.name, ctx);
    if (const auto visuals = f.get("visuals")) read_body_visuals(*visuals, index, ctx);
  }
}

void read_joints(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) {
    if (ctx.dimension == Dimension::spatial) {
      read_spatial_joint(f, ctx);
    } else {
      read_joint(f, ctx, ctx.t_start);
    }
  }
}

void read_drivers(const YamlField& section, SectionContext& ctx) {
  for (const YamlField& f : section.items()) read_driver(f, ctx);
}

}  // namespace stickslip
