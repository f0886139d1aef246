// Contacts between shapes under the compliant and event-driven schemes (formulations/compliant/
// shape_contact_forces.cpp; model/shape_compiler.hpp): a box on a box settling on its four corners
// at the static deflection of its law, a sphere shape compiled into today's sphere_plane contact,
// and the pairs the event-driven scheme refuses.
#include <gtest/gtest.h>

#include "../simulation_support.hpp"

namespace stickslip {
namespace shape_contacts_schemes_test {

using test::at;
using test::model_from_yaml;
using test::num;

constexpr double g = 9.81;

// A block of 0.2 × 0.2 × 0.1 m (500 kg/m³: 2 kg) on a fixed table box (top at z = 0), its bottom
// face flush with the table's top; linear spring-dampers k = 1e5 N/m, c = 300 N s/m per point.
std::string block_on_table(const std::string& scheme, const std::string& laws) {
  return R"(
dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: wood, density: 500, )" + laws + R"(}
bodies:
  - {name: table, motion: fixed, position: [0, 0, -0.5], shapes: [{type: box, half_extents: [1, 1, 0.5], material: wood}]}
  - {name: block, position: [0, 0, 0.05], shapes: [{type: box, half_extents: [0.1, 0.1, 0.05], material: wood}]}
contact_reports:
  - {name: seat, shapes: [table, block]}
simulation: {scheme: )" + scheme + R"(, t_end: 0.3, output_interval: 0.01}
)";
}

// Compliant: the block sinks into the table until its four corners (the clipped face, found at every
// evaluation) carry m g / 4 each: k δ = m g / 4, δ = 4.905e-5 m. The vertical mode (ω = √(4k/m) =
// 447 rad/s, ζ = 4c / (2 m ω) = 0.67) has decayed by e^(−ζ ω t) < 1e-70 at 0.3 s, so what is left is
// dopri5's error at rest, below its atol (1e-9) on z: 1e-9 m on the height, and by symmetry equal
// loads within k times that (1e-4 N) of m g / 4 each.
TEST(ShapeContactsCompliant, BlockSettlesOnItsCornersAtTheStaticDeflection) {
  const double m = 500 * 0.2 * 0.2 * 0.1, k = 1e5, delta = m * g / (4 * k);
  const ModelFile mf = model_from_yaml(block_on_table("compliant", "normal: {law: linear_spring_damper, k: " + num(k) + ", c: 300}"));
  MemorySink rows, points;
  SimulationCallbacks cb;
  cb.contact_points = &points;
  simulate(mf.model, mf.options, rows, cb);
  const std::size_t last = rows.rows.size() - 1;
  EXPECT_NEAR(at(rows, last, "block.z"), 0.05 - delta, 1e-9);
  EXPECT_NEAR(at(rows, last, "block.x"), 0.0, 1e-12);
  EXPECT_EQ(at(rows, last, "seat.points"), 4);
  EXPECT_NEAR(at(rows, last, "seat.fz"), m * g, 4 * k * 1e-9);
  const double t_end = at(rows, last, "t");
  int corners = 0;
  for (std::size_t r = 0; r < points.rows.size(); ++r) {
    if (at(points, r, "t") != t_end) continue;
    ++corners;
    EXPECT_NEAR(at(points, r, "fn"), m * g / 4, k * 1e-9);
    EXPECT_NEAR(at(points, r, "gap"), -delta, 1e-9);
  }
  EXPECT_EQ(corners, 4);
}

// The event-driven scheme runs a box on a box nowhere: its gap switches between the corners and the
// edges of the faces as the block tips. The refusal names the second shape of the pair and the
// schemes that run it.
TEST(ShapeContactsEventDriven, RefusesABoxOnABoxNamingTheSchemesThatRunIt) {
  const ModelFile mf = model_from_yaml(block_on_table("event-driven", "impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.5, mu_k: 0.5}"));
  MemorySink rows;
  try {
    simulate(mf.model, mf.options, rows);
    FAIL() << "a box on a box ran under the event-driven scheme";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.path(), "bodies[1].shapes[0].type") << e.what();
    EXPECT_NE(std::string(e.what()).find("--scheme time-stepping"), std::string::npos) << e.what();
  }
}

// A ball shape dropped on a plane shape: the event-driven scheme compiles the pair into the
// sphere_plane contact a model would name by hand, so both give the same bounces bit for bit
// (Newton e = 0.8, spin and friction: the impact LCP and the rolling phase alike).
std::string ball(bool shapes) {
  const std::string laws = "impact: {law: newton, e: 0.8}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}";
  std::string text = R"(
dimension: spatial
gravity: [0, 0, -9.81]
)";
  if (shapes) text += "materials: [{name: m, " + laws + "}]\n";
  text += "bodies:\n  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, 0.3], velocity: [0.5, 0.2, 0], "
          "angular_velocity: [3, -2, 1]";
  text += shapes ? ", shapes: [{type: sphere, radius: 0.1, material: m}]}\n"
                   "  - {name: floor, motion: fixed, shapes: [{type: plane, normal: [0, 0, 1], material: m}]}\n"
                 : "}\ncontacts: [{name: floor, type: sphere_plane, bodies: [ground, ball], plane: {normal: [0, 0, 1]}, radius: 0.1, " +
                       laws + "}]\n";
  return text + "simulation: {scheme: event-driven, t_end: 1, output_interval: 0.01}\n";
}

TEST(ShapeContactsEventDriven, SphereOnAPlaneIsTodaysSpherePlaneContact) {
  const MemorySink explicit_pair = test::run(model_from_yaml(ball(false)));
  const MemorySink shapes = test::run(model_from_yaml(ball(true)));
  ASSERT_EQ(explicit_pair.rows.size(), shapes.rows.size());
  for (const char* c : {"ball.x", "ball.y", "ball.z", "ball.vx", "ball.vz", "ball.qw", "ball.qx"})
    EXPECT_EQ(test::max_difference(explicit_pair, shapes, c), 0.0) << c;
  // It bounced: its height came back up after the first impact (at t ≈ 0.2 s).
  double lowest = 1, after = 0;
  for (std::size_t k = 0; k < shapes.rows.size(); ++k) {
    const double t = at(shapes, k, "t"), z = at(shapes, k, "ball.z");
    if (t < 0.25) lowest = std::min(lowest, z);
    else if (t < 0.5) after = std::max(after, z);
  }
  EXPECT_LT(lowest, 0.11);
  EXPECT_GT(after, 0.15);
}

}  // namespace shape_contacts_schemes_test
}  // namespace stickslip
