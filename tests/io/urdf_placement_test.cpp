// A URDF robot placed in the world by the including file's `urdf: {position, orientation}`
// (docs/urdf.md, "Including a URDF"): every link's pose is the placement composed with its pose in the
// URDF, a placed robot moves as the unplaced one carried by the placement, and a fixed base holds at
// the placed pose.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "../test_support.hpp"
#include "io/input_error.hpp"
#include "io/model_file.hpp"
#include "math/rotation.hpp"

namespace stickslip {
namespace urdf_placement_test {

std::string data(const std::string& name) { return test::source_path("tests/data/urdf/" + name); }

double at(const MemorySink& out, std::size_t row, const std::string& column) {
  return out.rows[row][static_cast<std::size_t>(out.column(column))];
}

Vec3 vec(const MemorySink& out, std::size_t row, const std::string& body, const char* x, const char* y, const char* z) {
  return {at(out, row, body + x), at(out, row, body + y), at(out, row, body + z)};
}

Quat orientation(const MemorySink& out, std::size_t row, const std::string& body) {
  return Quat(at(out, row, body + ".qw"), at(out, row, body + ".qx"), at(out, row, body + ".qy"), at(out, row, body + ".qz"));
}

const char* kTight = "simulation: {scheme: compliant, integrator: dopri5, rtol: 1e-11, atol: 1e-13, projection: true, "
                     "t_end: 1, output_interval: 0.01}\n";

// The double pendulum turned 40° about the vertical and moved: gravity is the same in both frames,
// so the placed run is the unplaced one carried by the placement, r' = R r + p, v' = R v.
TEST(UrdfPlacement, APlacedRobotMovesAsTheUnplacedOneCarriedThere) {
  test::TempDir dir;
  const std::string urdf = data("double_pendulum.urdf");
  const MemorySink plain = test::run(read_model_file(dir.write("plain.yaml", "urdf: " + urdf + "\n" + kTight)));
  const MemorySink placed = test::run(read_model_file(dir.write(
      "placed.yaml", "urdf: {file: " + urdf + ", position: [1, -2, 0.5], orientation: {axis: [0, 0, 1], angle: 40 deg}}\n" + kTight)));
  const Quat turn = axis_angle(Vec3::UnitZ(), 40 * std::acos(-1.0) / 180);
  const Mat3 R = turn.toRotationMatrix();
  const Vec3 p(1, -2, 0.5);
  ASSERT_EQ(plain.rows.size(), placed.rows.size());
  for (const std::string body : {"upper", "lower"}) {
    // At t = 0 the poses are composed exactly, to rounding of a few operations on O(1) numbers.
    EXPECT_NEAR((vec(placed, 0, body, ".x", ".y", ".z") - (R * vec(plain, 0, body, ".x", ".y", ".z") + p)).norm(), 0, 1e-14);
    const Quat expected = turn * orientation(plain, 0, body);
    EXPECT_NEAR(std::abs(orientation(placed, 0, body).dot(expected)), 1.0, 1e-14) << body;
    for (std::size_t k = 0; k < placed.rows.size(); ++k) {
      // The same motion integrated in two frames: dopri5 at rtol 1e-11 parts them by the integrator's
      // error over 1 s (as DoublePendulumFollowsItsTwinWrittenInYaml: 1e-9).
      const Vec3 r = R * vec(plain, k, body, ".x", ".y", ".z") + p, v = R * vec(plain, k, body, ".vx", ".vy", ".vz");
      ASSERT_NEAR((vec(placed, k, body, ".x", ".y", ".z") - r).norm(), 0, 1e-9) << body << " t = " << at(placed, k, "t");
      ASSERT_NEAR((vec(placed, k, body, ".vx", ".vy", ".vz") - v).norm(), 0, 1e-9) << body << " t = " << at(placed, k, "t");
    }
  }
}

// A block (2 kg) with a rod pinned at its origin along its y axis. The block carries a collision box,
// so a fixed base becomes a fixed body at the placed pose; the rod then swings about the placed pin:
// its centre stays 0.5 m from the pin point p, in the plane through p normal to the turned axis R y.
// (The pin's axis R y stays horizontal: yaw and pitch turn y about z only.) A floating base starts at
// the placed pose.
TEST(UrdfPlacement, AFixedBaseHoldsAtThePlacedPose) {
  test::TempDir dir;
  dir.write("block.urdf", R"(<?xml version="1.0"?>
<robot name="block">
  <link name="block">
    <inertial><origin xyz="0 0 0"/><mass value="2"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.2 0.2 0.2"/></geometry></collision>
  </link>
  <joint name="pin" type="continuous">
    <parent link="block"/><child link="rod"/><origin xyz="0 0 0"/><axis xyz="0 1 0"/>
  </joint>
  <link name="rod">
    <inertial><origin xyz="0 0 -0.5"/><mass value="1"/><inertia ixx="0.08" iyy="0.08" izz="0.001" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
</robot>
)");
  const std::string placement = "position: [1, 2, 3], orientation: {euler_zyx: [30 deg, 40 deg, 0]}";
  const Quat turn = euler_zyx(30 * std::acos(-1.0) / 180, 40 * std::acos(-1.0) / 180, 0);
  const Vec3 p(1, 2, 3), axis = turn * Vec3::UnitY();
  const ModelFile fixed = read_model_file(dir.write("fixed.yaml", "urdf: {file: block.urdf, fixed_base: true, " + placement + "}\n" + kTight));
  const Body& block = fixed.model.bodies[1];
  ASSERT_EQ(block.name, "block");
  EXPECT_EQ(block.motion, BodyMotion::fixed);
  EXPECT_NEAR((block.spatial.position - p).norm(), 0, 1e-15);
  EXPECT_NEAR(std::abs(block.spatial.orientation.dot(turn)), 1.0, 1e-15);
  const MemorySink out = test::run(fixed);
  EXPECT_NEAR((vec(out, 0, "rod", ".x", ".y", ".z") - (p + turn * Vec3(0, 0, -0.5))).norm(), 0, 1e-14);
  double travel = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const Vec3 arm = vec(out, k, "rod", ".x", ".y", ".z") - p;
    // The joint held by projection at the integrator's tolerance: 1e-9 m (rtol 1e-11 on O(1) m).
    EXPECT_NEAR(arm.norm(), 0.5, 1e-9) << at(out, k, "t");
    EXPECT_NEAR(arm.dot(axis), 0, 1e-9) << at(out, k, "t");
    travel = std::max(travel, (arm - turn * Vec3(0, 0, -0.5)).norm());
  }
  EXPECT_GT(travel, 0.1);  // it swings: pitched 40°, the rod starts 40° from hanging
  const MemorySink free = test::run(read_model_file(dir.write("free.yaml", "urdf: {file: block.urdf, " + placement + "}\n" + kTight)));
  EXPECT_NEAR((vec(free, 0, "block", ".x", ".y", ".z") - p).norm(), 0, 1e-15);
  EXPECT_NEAR(std::abs(orientation(free, 0, "block").dot(turn)), 1.0, 1e-15);
}

// A malformed placement is refused at its key's line in the including file.
TEST(UrdfPlacement, AMalformedPlacementNamesItsLine) {
  test::TempDir dir;
  const auto error = [&](const std::string& section) {
    const std::string file = dir.write("bad.yaml", "gravity: [0, 0, -9.81]\nurdf:\n  file: " + data("pendulum.urdf") + "\n" + section);
    try {
      read_model_file(file);
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), file);
      return std::to_string(e.line()) + " " + e.what();
    }
    return std::string("no error");
  };
  const std::string short_position = error("  position: [1, 2]\n");
  EXPECT_EQ(short_position.rfind("4 ", 0), 0u) << short_position;
  EXPECT_NE(short_position.find("position"), std::string::npos) << short_position;
  const std::string two_forms = error("  orientation: {axis: [0, 0, 1], angle: 1, euler_zyx: [0, 0, 0]}\n");
  EXPECT_EQ(two_forms.rfind("4 ", 0), 0u) << two_forms;
  EXPECT_NE(two_forms.find("exactly one of"), std::string::npos) << two_forms;
  const std::string zero_axis = error("  orientation: {axis: [0, 0, 0], angle: 1}\n");
  EXPECT_NE(zero_axis.find("non-zero"), std::string::npos) << zero_axis;
}

}  // namespace urdf_placement_test
}  // namespace stickslip
