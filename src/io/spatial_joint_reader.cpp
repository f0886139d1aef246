// Reader of a joint of a spatial model (`dimension: spatial`):
//   {name, type: spherical | revolute | prismatic | cylindrical | universal | weld, bodies: [i, j],
//    points: [[x, y, z]_i, [x, y, z]_j] (each in its body's frame) or location: [x, y, z] (world, t_start),
//    axis: [.., .., ..] (body i's frame), axis_j (body j's frame), reference, reference_j,
//    contact: {...} (prismatic joints: the contact analysis of Qi, Luo & Huang 2011),
//    friction: {...} (revolute, spherical, cylindrical joints: friction from the reaction)}
// Frames are the bodies' own, as their `orientation` gives them (not the principal frames the
// builder chooses); docs/model-format.md, "Spatial joints".
#include <cmath>

#include "io/law_reader.hpp"
#include "io/model_sections.hpp"
#include "laws/coulomb.hpp"

namespace stickslip {
namespace {

// A spatial body's user frame → world, and its centre of mass, at t0.
Mat3 initial_frame(const Body& b, double t0) {
  if (b.motion == BodyMotion::prescribed) {
    return euler_zyx(b.prescribed[3].value(t0), b.prescribed[4].value(t0), b.prescribed[5].value(t0)).toRotationMatrix();
  }
  return b.spatial.orientation.normalized().toRotationMatrix();
}

Vec3 initial_centre(const Body& b, double t0) {
  if (b.motion == BodyMotion::prescribed) {
    return {b.prescribed[0].value(t0), b.prescribed[1].value(t0), b.prescribed[2].value(t0)};
  }
  return b.spatial.position;
}

Vec3 read_direction(const YamlField& f) {
  const Vec3 v = f.as_vec3();
  if (!(v.norm() > 0)) f.fail("must be a non-zero vector");
  return v;
}

JointType read_spatial_joint_type(const YamlField& f) {
  const std::string type = f.as_choice({"spherical", "revolute", "prismatic", "cylindrical", "universal", "weld"});
  if (type == "spherical") return JointType::spherical;
  if (type == "revolute") return JointType::revolute;
  if (type == "prismatic") return JointType::prismatic;
  if (type == "cylindrical") return JointType::cylindrical;
  if (type == "universal") return JointType::universal;
  return JointType::weld;
}

void read_spatial_joint_points(const YamlField& f, const Body& bi, const Body& bj, double t0, SpatialJointInput& in) {
  if (f.has("points") && f.has("location")) f.fail("give either 'points' or 'location', not both");
  if (const auto pts = f.get("points")) {
    if (pts->size() != 2) pts->fail("expected two points [[x_i, y_i, z_i], [x_j, y_j, z_j]] (body frames)");
    in.point_i = (*pts)[0].as_vec3();
    in.point_j = (*pts)[1].as_vec3();
  } else if (const auto loc = f.get("location")) {
    const Vec3 p = loc->as_vec3();
    in.point_i = initial_frame(bi, t0).transpose() * (p - initial_centre(bi, t0));
    in.point_j = initial_frame(bj, t0).transpose() * (p - initial_centre(bj, t0));
  } else {
    f.fail("missing key 'points' (body-frame points) or 'location' (global point)");
  }
}

void read_spatial_joint_axes(const YamlField& f, JointType type, SpatialJointInput& in) {
  if (type == JointType::spherical) {
    for (const char* key : {"axis", "axis_j", "reference", "reference_j"}) {
      if (f.has(key)) f.at(key).fail("a spherical joint has no axis or reference");
    }
    return;
  }
  // A weld joint's axis only names its locked frame: any direction will do (z by default).
  if (type == JointType::weld) {
    if (const auto a = f.get("axis")) in.axis = read_direction(*a);
  } else {
    in.axis = read_direction(f.at("axis"));
  }
  if (type == JointType::universal) {
    in.axis_j = read_direction(f.at("axis_j"));
  } else if (const auto a = f.get("axis_j")) {
    in.axis_j = read_direction(*a);
  }
  if (const auto r = f.get("reference")) in.reference = read_direction(*r);
  if (const auto r = f.get("reference_j")) in.reference_j = read_direction(*r);
}

// Adams' bending arm: overlap | half_overlap | a length [m].
void read_bending_arm(const YamlField& f, PrismaticJointContact& c) {
  const std::string word = f.is_scalar() ? f.node().as<std::string>() : "";
  if (word == "overlap") {
    c.bending_arm = AdamsBendingArm::overlap;
  } else if (word == "half_overlap") {
    c.bending_arm = AdamsBendingArm::half_overlap;
  } else {
    double arm = 0;
    try {
      arm = f.node().as<double>();
    } catch (const YAML::Exception&) {
      f.fail("expected overlap, half_overlap or a length > 0");
    }
    if (!(arm > 0) || !std::isfinite(arm)) f.fail("expected overlap, half_overlap or a length > 0");
    c.bending_arm = AdamsBendingArm::fixed;
    c.fixed_arm = arm;
  }
}

// `contact:` of a frictional prismatic joint (docs/model-format.md, "Contact analysis in a prismatic
// joint"); the model checks the values (spatial_joint_setup.cpp).
PrismaticJointContact read_joint_contact(const YamlField& f, JointType type) {
  if (type != JointType::prismatic) f.fail("contact analysis applies to prismatic joints only");
  f.expect_keys({"method", "section", "clearance_ratio", "slider", "guide", "mu", "friction_rule", "sign_velocity",
                 "rest_speed", "solution", "adams"});
  PrismaticJointContact c;
  if (const auto m = f.get("method")) {
    c.method = m->as_choice({"contact_analysis", "adams"}) == "adams" ? JointContactMethod::adams
                                                                      : JointContactMethod::contact_analysis;
  }
  const YamlField section = f.at("section");
  const Vec2 ab = section.as_vec2();
  if (!(ab.minCoeff() > 0)) section.fail("half-sizes [a, b] must be > 0");
  c.half_width = ab[0];
  c.half_height = ab[1];
  if (const auto r = f.get("clearance_ratio")) c.clearance_ratio = r->as_positive();
  const auto extent = [&](const char* key, double& lower, double& upper) {
    const YamlField e = f.at(key);
    const Vec2 v = e.as_vec2();
    if (!(v[1] > v[0])) e.fail("expected [lower, upper] along the axis from the joint point, upper > lower");
    lower = v[0];
    upper = v[1];
  };
  extent("slider", c.slider_lower, c.slider_upper);
  extent("guide", c.guide_lower, c.guide_upper);
  c.mu = f.at("mu").as_non_negative();
  if (const auto r = f.get("friction_rule")) {
    c.rule = r->as_choice({"exact_stick", "regularised_sign"}) == "exact_stick" ? JointFrictionRule::exact_stick
                                                                                 : JointFrictionRule::regularised_sign;
  }
  if (const auto v = f.get("sign_velocity")) {
    if (c.rule != JointFrictionRule::regularised_sign) v->fail("sign_velocity belongs to friction_rule: regularised_sign");
    c.sign_velocity = v->as_positive();
  }
  if (const auto v = f.get("rest_speed")) {
    if (c.rule != JointFrictionRule::exact_stick) v->fail("rest_speed belongs to friction_rule: exact_stick");
    c.rest_speed = v->as_non_negative();
  }
  if (const auto s = f.get("solution")) {
    if (c.method == JointContactMethod::adams) s->fail("method adams has no corner forces to choose a solution of");
    const std::string v = s->as_choice({"least_displacement", "smoothed_newton", "lemke"});
    c.solution = v == "least_displacement" ? JointContactSolution::least_displacement
                 : v == "smoothed_newton"  ? JointContactSolution::smoothed_newton
                                           : JointContactSolution::lemke;
  }
  if (const auto a = f.get("adams")) {
    a->expect_keys({"bending_arm", "torsion_arm"});
    if (const auto arm = a->get("bending_arm")) read_bending_arm(*arm, c);
    if (const auto r = a->get("torsion_arm")) c.torsion_arm = r->as_positive();
  }
  return c;
}

// `friction: {torque: T}` (revolute) or `{force: F}` (prismatic): a constant Coulomb bound, static and
// kinetic alike (URDF's <dynamics friction>), a Coulomb law of μ = 1 on F_N ≡ the bound.
JointFriction read_constant_joint_friction(const YamlField& f, JointType type) {
  const char* key = type == JointType::prismatic ? "force" : "torque";
  if ((type != JointType::revolute && type != JointType::prismatic) || !f.has(key)) {
    f.fail(std::string("a ") + joint_type_name(type) + " joint takes no constant friction (torque: on a revolute joint, "
           "force: on a prismatic one)");
  }
  f.expect_keys({key});
  JointFriction jf;
  jf.constant_bound = f.at(key).as_positive();
  jf.law = std::make_shared<laws::Coulomb>(laws::Coulomb::Params{1.0, 1.0});
  return jf;
}

// `friction: {law: ..., its parameters, pin_radius | ball_radius, contact_length}` of a revolute,
// spherical or cylindrical joint (docs/model-format.md, "Friction in spatial joints").
JointFriction read_spatial_joint_friction(const YamlField& f, JointType type) {
  if (f.has("torque") || f.has("force")) return read_constant_joint_friction(f, type);
  if (type != JointType::revolute && type != JointType::spherical && type != JointType::cylindrical) {
    f.fail(std::string("a spatial ") + joint_type_name(type) +
           " joint takes no 'friction:' law (revolute, spherical and cylindrical joints do; a prismatic joint's friction "
           "is its 'contact:' analysis, or a constant force: {force: F})");
  }
  const bool ball = type == JointType::spherical, cylinder = type == JointType::cylindrical;
  for (const char* key : {"pin_radius", "ball_radius", "contact_length"}) {
    const bool wanted = std::string(key) == "ball_radius" ? ball
                        : std::string(key) == "pin_radius" ? !ball
                                                            : cylinder;
    if (!wanted && f.has(key)) {
      f.at(key).fail(std::string("a ") + joint_type_name(type) + " joint's friction takes " +
                     (ball ? "'ball_radius'" : cylinder ? "'pin_radius' and 'contact_length'" : "'pin_radius'"));
    }
  }
  JointFriction jf;
  jf.law = read_friction_law(f, {"pin_radius", "ball_radius", "contact_length"});
  if (ball) {
    jf.ball_radius = f.at("ball_radius").as_positive();
  } else {
    jf.pin_radius = f.at("pin_radius").as_positive();
  }
  if (cylinder) jf.contact_length = f.at("contact_length").as_positive();
  return jf;
}

}  // namespace

void read_spatial_joint(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "type", "bodies", "points", "location", "axis", "axis_j", "reference", "reference_j", "contact",
                 "friction", "collide"});
  Joint j;
  j.name = ctx.names.add(f.at("name"));
  j.type = read_spatial_joint_type(f.at("type"));
  const YamlField bodies = f.at("bodies");
  if (bodies.size() != 2) bodies.fail("expected two body names [body_i, body_j]");
  j.body_i = ctx.body(bodies[0]);
  j.body_j = ctx.body(bodies[1]);
  if (j.body_i == j.body_j) bodies.fail("a joint needs two different bodies");
  const Body& bi = ctx.body_data.at(bodies[0].as_string());
  const Body& bj = ctx.body_data.at(bodies[1].as_string());
  if (!bi.is_dynamic() && !bj.is_dynamic()) bodies.fail("at least one body of a joint must be dynamic");
  read_spatial_joint_points(f, bi, bj, ctx.t_start, j.spatial_input);
  read_spatial_joint_axes(f, j.type, j.spatial_input);
  if (const auto c = f.get("contact")) {
    if (!j.spatial_input.reference) {
      c->fail("needs the joint's 'reference' (body i's frame): the section's half-width a lies along it");
    }
    j.contact = read_joint_contact(*c, j.type);
  }
  if (const auto c = f.get("collide")) j.collide = c->as_bool();  // the two bodies' shapes touch
  if (const auto fr = f.get("friction")) j.friction = read_spatial_joint_friction(*fr, j.type);
  ctx.joints[j.name] = ctx.builder.add_joint(j);
  ctx.joint_types.push_back(j.type);
}

}  // namespace stickslip
