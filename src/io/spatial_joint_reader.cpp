// Reader of a joint of a spatial model (`dimension: spatial`):
//   {name, type: spherical | revolute | prismatic | cylindrical | universal | weld, bodies: [i, j],
//    points: [[x, y, z]_i, [x, y, z]_j] (each in its body's frame) or location: [x, y, z] (world, t_start),
//    axis: [.., .., ..] (body i's frame), axis_j (body j's frame), reference, reference_j}
// Frames are the bodies' own, as their `orientation` gives them (not the principal frames the
// builder chooses); docs/model-format.md, "Spatial joints".
#include "io/model_sections.hpp"

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

}  // namespace

void read_spatial_joint(const YamlField& f, SectionContext& ctx) {
  f.expect_keys({"name", "type", "bodies", "points", "location", "axis", "axis_j", "reference", "reference_j"});
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
  ctx.joints[j.name] = ctx.builder.add_joint(j);
  ctx.joint_types.push_back(j.type);
}

}  // namespace stickslip
