// Reader of a body of a spatial model (`dimension: spatial`; docs/model-format.md, "Spatial models"):
//   dynamic:    name, mass, inertia, position [x, y, z], orientation, velocity [vx, vy, vz] (world),
//               angular_velocity [wx, wy, wz], angular_velocity_frame: body | global (default body)
//   fixed:      name, position, orientation
//   prescribed: name, x, y, z, yaw, pitch, roll (time functions; z-y'-x'' Euler angles)
// inertia: principal moments [J1, J2, J3] about the body axes, or the full tensor
// [[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]] in the body frame (ModelBuilder diagonalises it).
// orientation (body frame → world), one of: {quaternion: [w, x, y, z]} (normalised),
// {axis: [ax, ay, az], angle: a}, {euler_zyx: [yaw, pitch, roll]} (R = R_z(yaw) R_y(pitch) R_x(roll));
// angles and angular velocities follow the file's angle_unit ("30 deg" works anywhere).
#include "io/model_sections.hpp"
#include "io/time_function_reader.hpp"
#include "math/rotation.hpp"

namespace stickslip {
namespace {

Vec3 as_angle_vec3(const YamlField& f) {
  if (f.size() != 3) f.fail("expected a list of three angles or angular rates [x, y, z]");
  return {f[0].as_angle(), f[1].as_angle(), f[2].as_angle()};
}

}  // namespace

Quat read_orientation(const YamlField& f) {
  if (!f.is_map()) f.fail("expected {quaternion: [w, x, y, z]}, {axis: [x, y, z], angle: a} or {euler_zyx: [yaw, pitch, roll]}");
  const int forms = static_cast<int>(f.has("quaternion")) + static_cast<int>(f.has("axis")) + static_cast<int>(f.has("euler_zyx"));
  if (forms != 1) f.fail("give exactly one of 'quaternion', 'axis' (with 'angle') or 'euler_zyx'");
  if (const auto q = f.get("quaternion")) {
    f.expect_keys({"quaternion"});
    if (q->size() != 4) q->fail("expected four numbers [w, x, y, z]");
    const Quat p((*q)[0].as_double(), (*q)[1].as_double(), (*q)[2].as_double(), (*q)[3].as_double());
    if (!(p.norm() > 1e-12)) q->fail("a quaternion of zero length is no rotation");
    return p.normalized();
  }
  if (const auto axis = f.get("axis")) {
    f.expect_keys({"axis", "angle"});
    const Vec3 a = axis->as_vec3();
    if (!(a.norm() > 0)) axis->fail("the axis must be a non-zero vector");
    return axis_angle(a, f.at("angle").as_angle());
  }
  f.expect_keys({"euler_zyx"});
  const Vec3 e = as_angle_vec3(f.at("euler_zyx"));
  return euler_zyx(e[0], e[1], e[2]);
}

namespace {

// Principal moments [J1, J2, J3] or a 3 × 3 tensor (checked for symmetry and the triangle
// inequalities by ModelBuilder, which names this key).
Mat3 read_inertia(const YamlField& f) {
  if (f.size() != 3) f.fail("expected principal moments [J1, J2, J3] or a tensor [[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]]");
  if (!f[0].is_sequence()) {
    const Vec3 j(f[0].as_positive(), f[1].as_positive(), f[2].as_positive());
    return Mat3(j.asDiagonal());
  }
  Mat3 tensor;
  for (int r = 0; r < 3; ++r) tensor.row(r) = f[static_cast<std::size_t>(r)].as_vec3().transpose();
  return tensor;
}

// A dynamic body's mass: `mass` and `inertia` (and `center_of_mass`, default the frame's origin), or
// none of them and `shapes` with densities, from which ModelBuilder computes all three.
void read_dynamic_mass(const YamlField& f, Body& b) {
  if (!f.has("mass") && f.has("shapes")) {
    for (const char* key : {"inertia", "center_of_mass"}) {
      if (f.has(key)) f.at(key).fail("the body takes its mass from its shapes: give 'mass' with its inertia, or neither");
    }
    return;  // mass 0: from the shapes
  }
  b.mass = f.at("mass").as_positive();
  b.spatial.inertia = read_inertia(f.at("inertia"));
  if (const auto c = f.get("center_of_mass")) b.spatial.center_of_mass = c->as_vec3();
}

}  // namespace

Body read_spatial_body(const YamlField& f, SectionContext& ctx) {
  Body b;
  b.dimension = Dimension::spatial;
  b.motion = read_body_motion(f);
  switch (b.motion) {
    case BodyMotion::dynamic:
      f.expect_keys({"name", "motion", "mass", "inertia", "center_of_mass", "position", "orientation", "velocity",
                     "angular_velocity", "angular_velocity_frame", "shapes", "visuals"});
      read_dynamic_mass(f, b);
      break;
    case BodyMotion::fixed: f.expect_keys({"name", "motion", "mass", "inertia", "position", "orientation", "shapes", "visuals"}); break;
    case BodyMotion::prescribed:
      f.expect_keys({"name", "motion", "mass", "inertia", "x", "y", "z", "yaw", "pitch", "roll", "shapes", "visuals"});
      break;
  }
  const YamlField name = f.at("name");
  if (name.as_string() == "ground") name.fail("'ground' is the built-in fixed body; choose another name");
  b.name = ctx.names.add(name);
  if (b.motion != BodyMotion::dynamic) {
    if (const auto m = f.get("mass")) b.mass = m->as_non_negative();
    if (const auto j = f.get("inertia")) b.spatial.inertia = read_inertia(*j);
  }
  if (b.motion == BodyMotion::prescribed) {
    const auto fn = [&](const char* key, FunctionQuantity q) {
      const auto v = f.get(key);
      return v ? read_time_function(*v, ctx.reader, q) : TimeFunction::constant(0.0);
    };
    const FunctionQuantity plain = FunctionQuantity::plain, angle = FunctionQuantity::angle;
    b.prescribed = {fn("x", plain), fn("y", plain), fn("z", plain), fn("yaw", angle), fn("pitch", angle), fn("roll", angle)};
    return b;
  }
  if (const auto p = f.get("position")) b.spatial.position = p->as_vec3();
  if (const auto o = f.get("orientation")) b.spatial.orientation = read_orientation(*o);
  if (const auto v = f.get("velocity")) b.spatial.velocity = v->as_vec3();
  if (const auto w = f.get("angular_velocity")) b.spatial.angular_velocity = as_angle_vec3(*w);
  if (const auto fr = f.get("angular_velocity_frame")) {
    b.spatial.angular_velocity_in_world = fr->as_choice({"body", "global"}) == "global";
  }
  return b;
}

}  // namespace stickslip
