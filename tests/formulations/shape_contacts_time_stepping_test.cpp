// Contacts between shapes under the time-stepping scheme (formulations/time_stepping/
// shape_points_step.cpp): rolling and its slip onset against closed forms, the detection margin, and
// the box on the ground against today's corner contacts (box_plane).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"

namespace stickslip {
namespace shape_contacts_time_stepping_test {

using test::at;
using test::model_from_yaml;
using test::num;

constexpr double g = 9.81;

// Runs a model, every row and every contact point kept.
struct PointRun {
  MemorySink rows, points;
  SimulationSummary summary;
};
PointRun run_with_points(const ModelFile& mf) {
  PointRun r;
  SimulationCallbacks cb;
  cb.contact_points = &r.points;
  r.summary = simulate(mf.model, mf.options, r.rows, cb);
  return r;
}

// Wood on wood: a fixed table (a box 2 × 2 × 1 m, top at z = 0) and a block of 0.2 × 0.2 × 2c m
// (500 kg/m³) resting centred on it; Newton's restitution 0, Coulomb μ_s = 0.6, μ_k = 0.5.
std::string block_on_table(double half_height, const std::string& extra, double t_end) {
  return R"(
dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: wood, density: 500, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.6, mu_k: 0.5}}
bodies:
  - name: table
    motion: fixed
    position: [0, 0, -0.5]
    shapes: [{type: box, half_extents: [1, 1, 0.5], material: wood}]
  - name: block
    position: [0, 0, )" + num(half_height) + R"(]
    shapes: [{type: box, half_extents: [0.1, 0.1, )" + num(half_height) + R"(], material: wood}]
contact_reports:
  - {name: seat, shapes: [table, block]}
)" + extra + R"(
simulation: {scheme: time-stepping, step: 1e-3, t_end: )" + num(t_end) + R"(, output_interval: 0.01}
)";
}

// A box of 0.2 × 0.2 × 0.1 m (1.2 kg, its inertia given) thrown sliding and spinning on the ground:
// as today's eight corner contacts (box_plane), or as a box shape on a plane shape.
std::string thrown_box(bool shapes, const std::string& scheme) {
  const std::string laws = "impact: {law: newton, e: 0}, normal: {law: hunt_crossley_chi, K: 1e7, n: 1.5, chi: 0.5}, "
                           "friction: {law: coulomb_tanh, mu: 0.3, v_t: 1e-3}";
  const std::string rigid_friction = "friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}";
  const std::string laws_here = scheme == "compliant" ? laws : "impact: {law: newton, e: 0}, " + rigid_friction;
  std::string text = R"(
dimension: spatial
gravity: [0, 0, -9.81]
)";
  if (shapes) text += "materials: [{name: m, " + laws_here + "}]\n";
  text += R"(bodies:
  - {name: box, mass: 1.2, inertia: [0.005, 0.005, 0.008], position: [0, 0, 0.05], velocity: [1.5, 0.4, 0],
     angular_velocity: [0, 0, 4])" + std::string(shapes ? ", shapes: [{type: box, half_extents: [0.1, 0.1, 0.05], material: m}]" : "") + R"(}
)";
  if (shapes) {
    text += "  - {name: floor, motion: fixed, shapes: [{type: plane, normal: [0, 0, 1], material: m}]}\n";
  } else {
    text += "contacts:\n  - {name: corner, type: box_plane, bodies: [ground, box], plane: {normal: [0, 0, 1]}, "
            "half_extents: [0.1, 0.1, 0.05], " + laws_here + "}\n";
  }
  text += "simulation: {scheme: " + scheme + ", step: 1e-3, t_end: 0.5, output_interval: 0.01}\n";
  return text;
}

double largest_difference(const MemorySink& a, const MemorySink& b) {
  double e = 0;
  for (const char* c : {"box.x", "box.y", "box.z", "box.qw", "box.qx", "box.qy", "box.qz", "box.vx", "box.vy", "box.wz"})
    e = std::max(e, test::max_difference(a, b, c));
  return e;
}

// The same box under both descriptions gives today's numbers. Time-stepping: the same four active
// corners in the same order, the same normal and tangents, the same points (a corner on the box,
// as a sphere_plane contact puts it); the corners' world positions are formed by a quaternion here
// and a matrix there, so they agree to rounding (1e-16 m), which the 500 steps of a dissipative
// slide carry to at most ~1e-13: 1e-12. Event-driven: the shapes compile into exactly the box_plane
// contacts (model/shape_compiler.hpp): bit for bit.
TEST(ShapeContacts, BoxOnTheGroundGivesTheCornerContactsNumbers) {
  for (const char* scheme : {"time-stepping", "event-driven"}) {
    const MemorySink corners = test::run(model_from_yaml(thrown_box(false, scheme)));
    const MemorySink shapes = test::run(model_from_yaml(thrown_box(true, scheme)));
    ASSERT_EQ(corners.rows.size(), shapes.rows.size()) << scheme;
    const double e = largest_difference(corners, shapes);
    if (std::string(scheme) == "event-driven") {
      EXPECT_EQ(e, 0.0);
    } else {
      EXPECT_LT(e, 1e-12) << scheme;
    }
    EXPECT_GT(std::abs(at(shapes, shapes.rows.size() - 1, "box.x")), 0.1);  // it did slide
  }
}

// A cylinder and a capsule (radius r = 0.1 m, 1000 kg/m³) on an incline of angle α, axis across
// the slope, released at rest. Rolling without slip: a = g sin α / (1 + J/(m r²)) (J about the axis:
// m r²/2 for the cylinder; for the capsule its cylinder's ½ m_c r² and its two hemispheres' 2/5 m_h r²
// each); rolling holds while tan α < μ_s (1 + m r²/J).
enum class Roller { cylinder, capsule };
double inertia_ratio(Roller roller, double r, double h) {  // J / (m r²)
  if (roller == Roller::cylinder) return 0.5;
  const double vc = std::numbers::pi * r * r * 2 * h, vh = 2.0 / 3.0 * std::numbers::pi * r * r * r;
  return (0.5 * vc + 2 * 0.4 * vh) / (vc + 2 * vh);
}

struct Roll {
  double distance;  // along the slope, downhill, after t_end
  double slip;      // largest slip speed of the contact points over the run
};
Roll roll(Roller roller, double alpha, double mu, double t_end) {
  const double r = 0.1, h = 0.2;
  const Vec3 n(-std::sin(alpha), 0, std::cos(alpha));
  const Vec3 centre = r * n;
  const std::string shape = roller == Roller::cylinder ? "cylinder" : "capsule";
  const std::string yaml = R"(
dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: m, density: 1000, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: )" + num(mu) + ", mu_k: " + num(mu) + R"(}}
bodies:
  - {name: slope, motion: fixed, shapes: [{type: plane, normal: [)" + num(n.x()) + ", 0, " + num(n.z()) + R"(], material: m}]}
  - name: roller
    position: [)" + num(centre.x()) + ", 0, " + num(centre.z()) + R"(]
    orientation: {axis: [1, 0, 0], angle: 1.5707963267948966}
    shapes: [{type: )" + shape + ", radius: " + num(r) + ", half_length: " + num(h) + R"(, material: m}]
simulation: {scheme: time-stepping, step: 1e-3, t_end: )" + num(t_end) + R"(, output_interval: 0.01}
)";
  const PointRun out = run_with_points(model_from_yaml(yaml));
  const std::size_t last = out.rows.rows.size() - 1;
  const Vec3 moved(at(out.rows, last, "roller.x") - centre.x(), 0, at(out.rows, last, "roller.z") - centre.z());
  Roll result{-moved.dot(Vec3(std::cos(alpha), 0, std::sin(alpha))), 0.0};
  for (std::size_t k = 0; k < out.points.rows.size(); ++k) result.slip = std::max(result.slip, at(out.points, k, "slip"));
  return result;
}

// Rolling at α = 20°, μ = 0.5 (far from slip): the distance ½ a t² after 1 s to 1e-9 relative (the
// midpoint rule is exact for a constant acceleration; the sticking contact's velocity condition holds
// to the solver's tolerance, 1e-6 of g h per step, far below) and no slip (the stick test's 1e-6 m/s).
TEST(ShapeContacts, CylinderAndCapsuleRollDownAnIncline) {
  const double alpha = 20 * std::numbers::pi / 180;
  for (const Roller roller : {Roller::cylinder, Roller::capsule}) {
    const double a = g * std::sin(alpha) / (1 + inertia_ratio(roller, 0.1, 0.2));
    const Roll r = roll(roller, alpha, 0.5, 1.0);
    EXPECT_NEAR(r.distance, 0.5 * a, 1e-9 * 0.5 * a) << static_cast<int>(roller);
    EXPECT_LT(r.slip, 1e-6) << static_cast<int>(roller);
  }
}

// The slip onset at tan α = μ (1 + m r²/J): 5 % below it the roller rolls, 5 % above it slips.
TEST(ShapeContacts, RollersSlipAboveTheirOnsetAngle) {
  const double mu = 0.2;
  for (const Roller roller : {Roller::cylinder, Roller::capsule}) {
    const double onset = std::atan(mu * (1 + 1 / inertia_ratio(roller, 0.1, 0.2)));
    const Roll below = roll(roller, std::atan(0.95 * std::tan(onset)), mu, 0.5);
    const Roll above = roll(roller, std::atan(1.05 * std::tan(onset)), mu, 0.5);
    EXPECT_LT(below.slip, 1e-6) << static_cast<int>(roller);
    // Above: the slip speed grows at g (sin α − μ cos α) − r ω̇ ≈ 0.05 g cos α ... over 0.5 s: > 1 cm/s.
    EXPECT_GT(above.slip, 1e-2) << static_cast<int>(roller);
  }
}

// A block 0.5 mm above the table, nothing moving (no gravity): the detection finds its four corners
// (open, gap 0.5 mm) with the default margin of 1 mm, none with a margin of 0.1 mm.
TEST(ShapeContacts, ContactMarginDecidesWhichPointsAreFound) {
  for (const double margin : {1e-3, 1e-4}) {
    std::string yaml = test::replace_all(block_on_table(0.05, "", 0.01), "gravity: [0, 0, -9.81]", "gravity: [0, 0, 0]");
    yaml = test::replace_all(yaml, "position: [0, 0, " + num(0.05) + "]", "position: [0, 0, " + num(0.0505) + "]");
    yaml = test::replace_all(yaml, "output_interval: 0.01}", "output_interval: 0.01, time_stepping: {contact_margin: " + num(margin) + "}}");
    const PointRun r = run_with_points(model_from_yaml(yaml));
    int found = 0;
    for (std::size_t k = 0; k < r.points.rows.size(); ++k) {
      if (at(r.points, k, "t") == 0) continue;
      ++found;
      EXPECT_NEAR(at(r.points, k, "gap"), 5e-4, 1e-15);
      EXPECT_EQ(at(r.points, k, "state"), 0);
    }
    EXPECT_EQ(found, margin > 5e-4 ? 4 : 0);
  }
}

}  // namespace shape_contacts_time_stepping_test
}  // namespace stickslip
