// URDF import (io/urdf_import.hpp, docs/urdf.md): a URDF pendulum swings with the exact period of a
// physical pendulum, a spatial double pendulum from URDF follows its twin written by hand in YAML,
// stops come from <limit>, and every element the import does not take is reported at its line.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numbers>

#include "../simulation_support.hpp"
#include "../test_support.hpp"
#include "io/input_error.hpp"
#include "io/model_file.hpp"
#include "math/rotation.hpp"

namespace stickslip {
namespace urdf_import_test {

std::string data(const std::string& name) { return test::source_path("tests/data/urdf/" + name); }

double at(const MemorySink& out, std::size_t row, const std::string& column) {
  return out.rows[row][static_cast<std::size_t>(out.column(column))];
}

// Times where the column crosses zero downwards-or-upwards, by linear interpolation between rows.
std::vector<double> crossings(const MemorySink& out, const std::string& column, double level) {
  std::vector<double> t;
  for (std::size_t k = 1; k < out.rows.size(); ++k) {
    const double a = at(out, k - 1, column) - level, b = at(out, k, column) - level;
    if ((a < 0) != (b < 0)) {
      const double ta = at(out, k - 1, "t"), tb = at(out, k, "t");
      t.push_back(ta + (tb - ta) * a / (a - b));
    }
  }
  return t;
}

// A uniform rod (m = 2 kg, L = 1 m) on a pin, released at rest from θ0 = 1 rad: the exact period of
// the physical pendulum is T = 4 √(I_O / (m g d)) K(sin(θ0/2)), I_O = m L²/3, d = L/2.
TEST(UrdfImport, PendulumSwingsWithTheExactPeriod) {
  const ModelFile mf = read_model_file(data("pendulum_run.yaml"));
  ASSERT_EQ(mf.model.bodies.size(), 2u);  // the ground and the rod
  const double m = 2, L = 1, g = 9.81, theta0 = 1.0;
  const double period = 4 * std::sqrt(m * L * L / 3 / (m * g * L / 2)) * std::comp_ellint_1(std::sin(theta0 / 2));
  const MemorySink out = test::run(mf);
  // The rod's centre starts at x = −d sin θ0 and passes x = 0 at T/4, 3T/4, 5T/4... (zero crossings of
  // x, interpolated linearly over 1 ms rows where ẍ = 0: an error O(Δt³ ẋ''') below 1e-9 s).
  const std::vector<double> t = crossings(out, "rod.x", 0.0);
  ASSERT_GE(t.size(), 4u);
  EXPECT_NEAR(at(out, 0, "rod.x"), -0.5 * std::sin(theta0), 1e-15);  // turned by +θ0 about y
  EXPECT_NEAR(at(out, 0, "rod.z"), 2 - 0.5 * std::cos(theta0), 1e-15);
  // dopri5 at rtol 1e-11 over a few periods: the crossings within 1e-8 s of the exact ones.
  for (std::size_t k = 0; k < 4; ++k) EXPECT_NEAR(t[k], static_cast<double>(2 * k + 1) * period / 4, 1e-8) << k;
}

// The twin of double_pendulum.urdf written by hand: the poses composed here from the URDF's origins,
// the lower arm's tensor turned into the world frame (its body aligned with the world).
std::string double_pendulum_yaml() {
  const Mat3 r1 = axis_angle(Vec3::UnitY(), 0.8).toRotationMatrix();
  const Vec3 p1(0, 0, 1.5);
  const Mat3 r2 = r1 * axis_angle(Vec3::UnitX(), 0.4).toRotationMatrix();
  const Vec3 p2 = p1 + r1 * Vec3(0, 0, -0.6);
  const Mat3 r3 = r2 * axis_angle(Vec3::UnitX(), 0.3).toRotationMatrix();
  const Mat3 inertia = r3 * Vec3(0.02, 0.03, 0.015).asDiagonal() * r3.transpose();
  const Vec3 upper = p1 + r1 * Vec3(0, 0, -0.3), lower = p2 + r2 * Vec3(0, 0.05, -0.25);
  const Vec3 elbow_axis = axis_angle(Vec3::UnitX(), 0.4).toRotationMatrix() * Vec3(1, 0, 1);
  char text[4096];
  std::snprintf(text, sizeof text, R"(dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: upper, mass: 1.5, inertia: [0.05, 0.05, 0.002], position: [%.17g, %.17g, %.17g],
     orientation: {axis: [0, 1, 0], angle: 0.8}}
  - {name: lower, mass: 0.8, position: [%.17g, %.17g, %.17g],
     inertia: [[%.17g, %.17g, %.17g], [%.17g, %.17g, %.17g], [%.17g, %.17g, %.17g]]}
joints:
  - {name: shoulder, type: revolute, bodies: [ground, upper], location: [%.17g, %.17g, %.17g], axis: [0, 1, 0]}
  - {name: elbow, type: revolute, bodies: [upper, lower], location: [%.17g, %.17g, %.17g], axis: [%.17g, %.17g, %.17g]}
simulation: {scheme: compliant, integrator: dopri5, rtol: 1e-11, atol: 1e-13, projection: true, t_end: 2, output_interval: 0.01}
)",
                upper.x(), upper.y(), upper.z(), lower.x(), lower.y(), lower.z(), inertia(0, 0), inertia(0, 1), inertia(0, 2),
                inertia(1, 0), inertia(1, 1), inertia(1, 2), inertia(2, 0), inertia(2, 1), inertia(2, 2), p1.x(), p1.y(), p1.z(),
                p2.x(), p2.y(), p2.z(), elbow_axis.x(), elbow_axis.y(), elbow_axis.z());
  return text;
}

TEST(UrdfImport, DoublePendulumFollowsItsTwinWrittenInYaml) {
  test::TempDir dir;
  const std::string model = dir.write("run.yaml", "urdf: " + data("double_pendulum.urdf") +
                                                      "\nsimulation: {scheme: compliant, integrator: dopri5, rtol: 1e-11, "
                                                      "atol: 1e-13, projection: true, t_end: 2, output_interval: 0.01}\n");
  const MemorySink urdf = test::run(read_model_file(model));
  const MemorySink yaml = test::run(test::model_from_yaml(double_pendulum_yaml()));
  ASSERT_EQ(urdf.rows.size(), yaml.rows.size());
  for (std::size_t k = 0; k < urdf.rows.size(); ++k) {
    for (const char* c : {"upper.x", "upper.y", "upper.z", "lower.x", "lower.y", "lower.z", "lower.vx", "lower.vy", "lower.vz"}) {
      // The same motion integrated in different body frames (the tensor diagonalised from two
      // frames): they part by the integrator's error, rtol 1e-11 over 2 s (1e-11 measured), so 1e-9.
      ASSERT_NEAR(at(urdf, k, c), at(yaml, k, c), 1e-9) << c << " t = " << at(urdf, k, "t");
    }
  }
  EXPECT_GT(std::abs(at(urdf, urdf.rows.size() - 1, "lower.y")), 1e-3);  // it moved out of its plane
}

// <limit> gives two stops with the `urdf:` section's laws: the rod released at 1 rad against a stop
// at 0.5 rad on its way down hits it and rebounds with e = 0.5 (the angular rate reversed, halved).
TEST(UrdfImport, LimitsBecomeStopsWithTheIncludingFilesLaws) {
  test::TempDir dir;
  std::string urdf = test::read_text(data("pendulum.urdf"));
  urdf = test::replace_all(urdf, R"(type="continuous")", R"(type="revolute")");
  urdf = test::replace_all(urdf, R"(<axis xyz="0 1 0"/>)",
                           R"(<axis xyz="0 1 0"/><limit lower="-0.5" upper="1" effort="0" velocity="0"/>)");
  dir.write("stopped.urdf", urdf);
  const std::string model = dir.write("run.yaml", R"(urdf: {file: stopped.urdf, limits: {impact: {law: newton, e: 0.5}}}
simulation: {scheme: event-driven, integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 1, output_interval: 0}
)");
  const ModelFile mf = read_model_file(model);
  ASSERT_EQ(mf.model.contacts.size(), 2u);
  MemorySink out;
  MemoryEventSink events;
  simulate(mf.model, mf.options, out, {}, &events);
  ASSERT_GE(events.events.size(), 3u);
  // The release pose is θ = 0 at φ0 = 1 rad from hanging (θ = φ − φ0), the stop at θ = −0.5, i.e.
  // φ = 0.5: the first impact's rate from energy, ω² = 2 m g d (cos φ_s − cos φ0) / I_O; dopri5 at
  // rtol 1e-11 to 1e-8 of it.
  const double m = 2, g = 9.81, d = 0.5, inertia = m / 3;
  const double rate = std::sqrt(2 * m * g * d * (std::cos(0.5) - std::cos(1.0)) / inertia);
  EXPECT_EQ(events.events[0].contact, "pivot_lower");
  EXPECT_NEAR(events.events[0].vn_before, -rate, 1e-8 * rate);
  for (const EventRecord& e : events.events) {
    ASSERT_EQ(e.kind, "impact");
    EXPECT_NEAR(e.vn_after, -0.5 * e.vn_before, 1e-12 * std::abs(e.vn_before)) << e.t;  // Newton's law, exactly
  }
}

// A model file including the URDF adds to it: gravity replaced, a motor in the URDF's joint. With no
// gravity the rod turns about the pin at θ̈ = τ / I_O (I_O = m L²/3); an error in the file's own
// elements is located in the file, not in the URDF.
TEST(UrdfImport, AModelFileAddsToTheUrdf) {
  test::TempDir dir;
  const std::string model = dir.write("run.yaml", "urdf: " + data("pendulum.urdf") + R"(
gravity: [0, 0, 0]
forces:
  - {name: motor, type: joint_actuator, joint: pivot, effort: 0.5}
simulation: {scheme: compliant, integrator: dopri5, rtol: 1e-11, atol: 1e-13, projection: true, t_end: 1}
)");
  const MemorySink out = test::run(read_model_file(model));
  const double rate = 0.5 / (2.0 / 3.0);  // rad/s²
  for (std::size_t k = 0; k < out.rows.size(); k += 10) {
    // The angular velocity about the pin grows linearly: dopri5 exact on it up to rounding.
    EXPECT_NEAR(at(out, k, "rod.wy"), rate * at(out, k, "t"), 1e-10) << at(out, k, "t");
  }
  const std::string bad = dir.write("bad.yaml", "urdf: " + data("pendulum.urdf") + R"(
forces:
  - {name: motor, type: joint_actuator, joint: elbow, effort: 0.5}
)");
  try {
    read_model_file(bad);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), bad);
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(std::string(e.what()).find("unknown joint 'elbow'"), std::string::npos) << e.what();
  }
}

// A root link with mass is a floating base unless the including file says `fixed_base: true`. Free,
// the block and the rod pinned to it fall together with no force in the pin, so the block follows
// z0 − g t²/2 (dopri5 at rtol 1e-11 on a quadratic: rounding only); fixed, the block is the ground
// (no columns) and only the rod moves.
TEST(UrdfImport, FixedBaseDecidesWhetherAMassiveRootFloats) {
  test::TempDir dir;
  dir.write("block.urdf", R"(<?xml version="1.0"?>
<robot name="block">
  <link name="block">
    <inertial><origin xyz="0 0 0"/><mass value="2"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
  <joint name="pin" type="continuous">
    <parent link="block"/><child link="rod"/><origin xyz="0 0 0"/><axis xyz="0 1 0"/>
  </joint>
  <link name="rod">
    <inertial><origin xyz="0 0 -0.5"/><mass value="1"/><inertia ixx="0.08" iyy="0.08" izz="0.001" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
</robot>
)");
  const std::string settings = R"(
gravity: [0, 0, -9.81]
simulation: {scheme: compliant, integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 0.5}
)";
  const MemorySink free = test::run(read_model_file(dir.write("free.yaml", "urdf: block.urdf" + settings)));
  ASSERT_GE(free.column("block.z"), 0);
  for (std::size_t k = 0; k < free.rows.size(); k += 10) {
    const double t = at(free, k, "t");
    EXPECT_NEAR(at(free, k, "block.z"), -0.5 * 9.81 * t * t, 1e-9) << t;
  }
  const MemorySink fixed =
      test::run(read_model_file(dir.write("fixed.yaml", "urdf: {file: block.urdf, fixed_base: true}" + settings)));
  EXPECT_LT(fixed.column("block.z"), 0);
  EXPECT_GE(fixed.column("rod.z"), 0);
}

TEST(UrdfImport, UnsupportedElementsAreReportedAtTheirLines) {
  const ModelFile mf = read_model_file(data("unsupported.urdf"));
  const auto reported = [&](const std::string& what) {
    for (const std::string& w : mf.warnings) {
      if (w.find(what) != std::string::npos) return true;
    }
    return false;
  };
  const std::string f = data("unsupported.urdf");
  EXPECT_FALSE(reported(f + ":3:")) << ::testing::PrintToString(mf.warnings);  // a named material: the visual's colour
  EXPECT_TRUE(reported(f + ":12: <safety_controller> of joint 'hinge'"));
  EXPECT_TRUE(reported(f + ":20: <texture> of link 'arm'"));  // the visual is imported, its texture is not drawn
  EXPECT_FALSE(reported(f + ":21:"));  // the collision box is imported: a shape of the arm
  EXPECT_TRUE(reported(f + ":23: <transmission>"));
  EXPECT_TRUE(reported(f + ":24: <gazebo>"));
  EXPECT_TRUE(reported(f + ":5: joint 'hinge': <limit effort velocity> not enforced"));
  EXPECT_EQ(mf.warnings.size(), 5u);
  ASSERT_EQ(mf.model.shapes.size(), 1u);
  ASSERT_EQ(mf.model.visuals.size(), 1u);
  EXPECT_EQ(mf.model.visuals[0].color, (std::array<double, 4>{0.5, 0.5, 0.5, 1}));
  EXPECT_EQ(mf.model.shapes[0].geometry.half_extents, Vec3(0.025, 0.025, 0.5));
  // What is imported: the friction (a constant torque), the damping (a rotational damper) and the two
  // stops.
  ASSERT_EQ(mf.model.contacts.size(), 2u);
  ASSERT_TRUE(mf.model.joints[0].friction.has_value());
  EXPECT_EQ(mf.model.joints[0].friction->constant_bound, 0.2);
  EXPECT_EQ(mf.options.scheme, Scheme::event_driven);  // joint friction beside a damper (a spring element)
  // The command runs it with the defaults and prints the same reports.
  test::TempDir dir;
  const test::CommandResult r = test::run_cli("run " + f + " -o " + dir.file("out.csv"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("warning: " + f + ":20: <texture> of link 'arm' not imported"), std::string::npos) << r.out;
}

TEST(UrdfImport, ErrorsNameTheUrdfLine) {
  test::TempDir dir;
  const auto error = [&](const std::string& urdf) {
    try {
      read_model_file(dir.write("bad.urdf", urdf));
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string head = "<?xml version=\"1.0\"?>\n<robot name=\"r\">\n  <link name=\"world\"/>\n";
  // A link that moves without mass.
  EXPECT_NE(error(head + "  <joint name=\"j\" type=\"continuous\"><parent link=\"world\"/><child link=\"a\"/><axis xyz=\"0 0 1\"/></joint>\n"
                         "  <link name=\"a\"/>\n</robot>\n")
                .find("bad.urdf:5:0: link 'a': has no mass but moves"),
            std::string::npos);
  // An inertia the model refuses (the triangle inequality), at the link's line.
  EXPECT_NE(error(head + "  <joint name=\"j\" type=\"floating\"><parent link=\"world\"/><child link=\"a\"/></joint>\n"
                         "  <link name=\"a\"><inertial><mass value=\"1\"/>"
                         "<inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"3\"/></inertial></link>\n</robot>\n")
                .find("bad.urdf:5:0: bodies[0].inertia"),
            std::string::npos);
  // A planar joint.
  EXPECT_NE(error(head + "  <joint name=\"j\" type=\"planar\"><parent link=\"world\"/><child link=\"a\"/><axis xyz=\"0 0 1\"/></joint>\n"
                         "  <link name=\"a\"><inertial><mass value=\"1\"/>"
                         "<inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"1\"/></inertial></link>\n</robot>\n")
                .find("bad.urdf:4:0: joint 'j': planar joints"),
            std::string::npos);
  // A collision mesh that is not there, and a geometry URDF does not have, at their lines.
  const std::string link_a = "  <joint name=\"j\" type=\"floating\"><parent link=\"world\"/><child link=\"a\"/></joint>\n"
                             "  <link name=\"a\"><inertial><mass value=\"1\"/>"
                             "<inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"1\"/></inertial>\n";
  EXPECT_NE(error(head + link_a + "    <collision><geometry><mesh filename=\"meshes/none.stl\"/></geometry></collision>\n  </link>\n</robot>\n")
                .find("bad.urdf:6:0: link 'a': <mesh filename=\"meshes/none.stl\">: no such file '" + dir.file("meshes/none.stl") + "'"),
            std::string::npos);
  EXPECT_NE(error(head + link_a + "    <collision>\n      <geometry><capsule radius=\"1\" length=\"2\"/></geometry>\n    </collision>\n  </link>\n</robot>\n")
                .find("bad.urdf:7:0: link 'a': <collision> needs a <geometry> of <box>, <cylinder>, <sphere> or <mesh> (not <capsule>)"),
            std::string::npos);
  // Not XML.
  EXPECT_NE(error("<robot name=\"r\"><link name=\"a\">\n</robot>\n").find("bad.urdf:"), std::string::npos);
}

// A box link (2 kg, 0.4 × 0.2 × 0.1 m) with the collision shape `collision` (and the inertial origin
// `inertial_origin`), dropped on the plane z = floor_z under time-stepping, Newton e = 0 and Coulomb.
std::string box_urdf(const std::string& collision, const std::string& inertial_origin = "") {
  return R"(<?xml version="1.0"?>
<robot name="drop">
  <link name="block">
    <inertial>)" + inertial_origin + R"(<mass value="2"/><inertia ixx="0.00833" ixy="0" ixz="0" iyy="0.02833" iyz="0" izz="0.03333"/></inertial>
    )" + collision + R"(
  </link>
</robot>
)";
}
std::string drop_yaml(const std::string& urdf, double floor_z) {
  return "urdf: {file: " + urdf + R"(, material: steel}
gravity: [0, 0, -9.81]
materials:
  - {name: steel, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.5, mu_k: 0.4}}
bodies:
  - {name: floor, motion: fixed, position: [0, 0, )" + std::to_string(floor_z) + R"(], shapes: [{type: plane, normal: [0, 0, 1], material: steel}]}
simulation: {scheme: time-stepping, step: 1e-3, t_end: 1, output_interval: 0.01}
)";
}

// What the landing step leaves: the contact takes part in the step whose midpoint reaches the plane,
// and the box may end that step inside it by at most what gravity adds over the step, g h² ≈ 1e-5 m
// (measured: 4.7e-6 m after a fall of 0.15 m, 6.3e-6 m after 0.2 m); the gap-closing fit closes
// only open gaps, so that much stays. After landing the box does not drift beyond what the solver's
// tolerance allows (as in shape_contacts_time_stepping_test: 1e-6 m/s per step at most, 1e-6 m
// over the rest of the run).
constexpr double kLandingTolerance = 9.81e-6 + 1e-6, kDriftTolerance = 1e-6;

// From t = 0.4 s (landed) on: at rest at `height` to the landing's depth, without drifting.
void expect_rest(const MemorySink& out, const std::string& column, double height) {
  double first = std::nan("");
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    if (at(out, k, "t") < 0.4) continue;
    if (std::isnan(first)) first = at(out, k, column);
    EXPECT_NEAR(at(out, k, column), height, kLandingTolerance) << at(out, k, "t");
    EXPECT_NEAR(at(out, k, column), first, kDriftTolerance) << at(out, k, "t");
  }
  EXPECT_FALSE(std::isnan(first));
}

TEST(UrdfImport, CollisionBoxFallsAndRestsAtItsHalfHeight) {
  test::TempDir dir;
  dir.write("block.urdf", box_urdf(R"(<collision><geometry><box size="0.4 0.2 0.1"/></geometry></collision>)"));
  const ModelFile mf = read_model_file(dir.write("drop.yaml", drop_yaml("block.urdf", -0.2)));
  ASSERT_EQ(mf.model.shapes.size(), 2u);
  EXPECT_EQ(mf.model.shapes[0].geometry.half_extents, Vec3(0.2, 0.1, 0.05));  // URDF's size is the full extents
  const MemorySink out = test::run(mf);
  EXPECT_NEAR(at(out, 0, "block.z"), 0.0, 1e-15);
  expect_rest(out, "block.z", -0.2 + 0.05);  // it falls 0.15 m: it lands at t = √(2 · 0.15 / g) = 0.175 s
}

// The collision box posed by its <origin> in the link frame: turned 90° about x (its 0.1 m side
// vertical) and 0.2 m above the link origin, the inertial origin 0.1 m above the link origin. It rests
// with its bottom on the floor z = 0: the box centre at 0.05, the link origin 0.2 below it, the
// centre of mass (the output's block.z) 0.1 above the link origin.
TEST(UrdfImport, CollisionOriginPosesTheShapeInTheLinkFrame) {
  test::TempDir dir;
  dir.write("block.urdf", box_urdf(R"(<collision><origin xyz="0.02 0 0.2" rpy="1.5707963267948966 0 0"/>)"
                                   R"(<geometry><box size="0.2 0.1 0.4"/></geometry></collision>)",
                                   R"(<origin xyz="0 0 0.1"/>)"));
  const ModelFile mf = read_model_file(dir.write("drop.yaml", drop_yaml("block.urdf", 0.0)));
  const BodyShape& box = mf.model.shapes[0];
  EXPECT_NEAR((box.pose.position - Vec3(0.02, 0, 0.1)).norm(), 0.0, 1e-15);  // in the body (inertial) frame
  EXPECT_NEAR((box.pose.orientation * Vec3::UnitY() - Vec3::UnitZ()).norm(), 0.0, 1e-15);
  const MemorySink out = test::run(mf);
  const double link_origin = 0.05 - 0.2;
  expect_rest(out, "block.z", link_origin + 0.1);  // it falls 0.15 m: it lands at t = 0.175 s
}

// A collision mesh found by package:// from the URDF's folder, scaled: a 0.1 m cube whose top face is
// dented inwards (not convex) becomes, on the moving link, the convex hull of its vertices, the
// scaled cube of half height 0.1 m, which rests on the floor at that height. On a fixed base the same
// mesh is a triangle mesh (a surface: the ground's shapes may be any).
TEST(UrdfImport, CollisionMeshIsReadFromItsPackage) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.file("robot/urdf"));
  std::filesystem::create_directories(dir.file("robot/meshes"));
  dir.write("robot/meshes/dented.obj", R"(v -0.05 -0.05 -0.05
v 0.05 -0.05 -0.05
v 0.05 0.05 -0.05
v -0.05 0.05 -0.05
v -0.05 -0.05 0.05
v 0.05 -0.05 0.05
v 0.05 0.05 0.05
v -0.05 0.05 0.05
v 0 0 0.02
f 1 3 2
f 1 4 3
f 1 2 6
f 1 6 5
f 2 3 7
f 2 7 6
f 3 4 8
f 3 8 7
f 4 1 5
f 4 5 8
f 5 6 9
f 6 7 9
f 7 8 9
f 8 5 9
)");
  dir.write("robot/urdf/block.urdf",
            box_urdf(R"(<collision><geometry><mesh filename="package://robot/meshes/dented.obj" scale="2 2 2"/></geometry></collision>)"));
  const ModelFile mf = read_model_file(dir.write("drop.yaml", drop_yaml("robot/urdf/block.urdf", -0.3)));
  EXPECT_EQ(mf.model.shapes[0].geometry.kind, geometry::ShapeKind::convex_hull);
  // assimp reads coordinates as floats: within a relative 2 × 6e-8 of the file's decimals.
  EXPECT_NEAR(mf.model.shapes[0].geometry.bounding_radius(), 0.1 * std::sqrt(3.0), 0.1 * std::sqrt(3.0) * 1.2e-7);
  const MemorySink out = test::run(mf);
  expect_rest(out, "block.z", -0.3 + 0.1);  // it falls 0.2 m: it lands at t = 0.2 s
  const ModelFile fixed = read_model_file(dir.write("fixed.yaml", "urdf: {file: robot/urdf/block.urdf, fixed_base: true}\n"
                                                                  "bodies: [{name: ball, mass: 1, inertia: [1, 1, 1]}]\n"));
  ASSERT_EQ(fixed.model.shapes.size(), 1u);
  EXPECT_EQ(fixed.model.shapes[0].geometry.kind, geometry::ShapeKind::triangle_mesh);
  EXPECT_EQ(fixed.model.shapes[0].geometry.mesh->triangles.size(), 14u);
  EXPECT_EQ(fixed.model.bodies[static_cast<std::size_t>(fixed.model.shapes[0].body)].name, "block");
}

// A model file gives the links' shapes materials, one for all and a link's own.
TEST(UrdfImport, LinkMaterialsOverrideTheDefault) {
  test::TempDir dir;
  dir.write("block.urdf", box_urdf(R"(<collision><geometry><box size="0.4 0.2 0.1"/></geometry></collision>)"));
  const std::string text = drop_yaml("block.urdf", -0.2);
  std::string own = text;
  own.replace(own.find("material: steel}"), 16, "material: steel, link_materials: {block: rubber}}");
  own.replace(own.find("materials:\n"), 11, "material_pairs:\n  - {materials: [steel, rubber], impact: {law: newton, e: 0}}\n"
                                         "materials:\n  - {name: rubber}\n");
  const ModelFile mf = read_model_file(dir.write("own.yaml", own));
  EXPECT_EQ(mf.model.materials[static_cast<std::size_t>(mf.model.shapes[0].material)].name, "rubber");
  std::string wrong = text;
  wrong.replace(wrong.find("material: steel}"), 16, "link_materials: {arm: steel}}");
  try {
    read_model_file(dir.write("wrong.yaml", wrong));
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("wrong.yaml:1:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no link 'arm'"), std::string::npos) << e.what();
  }
}

}  // namespace urdf_import_test
}  // namespace stickslip
