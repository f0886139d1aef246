// Contacts between shapes under the time-stepping scheme (formulations/time_stepping/
// shape_points_step.cpp): manifolds, loads, stiction, tipping and rolling against closed forms, and
// the box on the ground against today's corner contacts (box_plane).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
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

// What the default tolerance lets a resting body drift: Gauss-Seidel stops when its natural residual
// is below 1e-6 of max(1, ‖b‖∞), and ‖b‖∞ ~ g h = 1e-2 m/s here, so a contact may keep up to 1e-6 m/s
// of velocity in a step; over a run of t seconds, at most 1e-6 t m.
double tolerance_drift(double t) { return 1e-6 * t; }

// At rest on its four corners from the first step to the last: it does not drift beyond what the
// solver's tolerance allows (tolerance_drift; measured: 1e-13 m), the seat carries m g to that
// tolerance (1e-6 N s of impulse per step of 1e-3 s: 1e-3 N), and the corners carry no net moment
// about the centre. How four coplanar rigid supports share the load is not determined by the
// mechanics (any split with zero moment holds the block; Gauss-Seidel gives one, diagonal pairs
// within 15 % of m g / 4): the compliant scheme's test gives the equal shares of elastic corners.
TEST(ShapeContacts, BoxOnBoxRestsOnFourCorners) {
  const double c = 0.05, m = 500 * 0.2 * 0.2 * 2 * c, t_end = 1.0;
  const PointRun r = run_with_points(model_from_yaml(block_on_table(c, "", t_end)));
  for (std::size_t k = 0; k < r.rows.rows.size(); ++k) {
    EXPECT_NEAR(at(r.rows, k, "block.z"), c, tolerance_drift(t_end));
    EXPECT_NEAR(at(r.rows, k, "block.x"), 0.0, tolerance_drift(t_end));
    if (k == 0) continue;  // no forces before a step
    EXPECT_EQ(at(r.rows, k, "seat.points"), 4);
    EXPECT_NEAR(at(r.rows, k, "seat.fz"), m * g, 1e-3);
    EXPECT_NEAR(at(r.rows, k, "seat.fx"), 0.0, 1e-3);
    EXPECT_NEAR(at(r.rows, k, "seat.mx"), 0.0, 1e-3 * 0.1);  // 1e-3 N at a lever of 0.1 m
    EXPECT_NEAR(at(r.rows, k, "seat.my"), 0.0, 1e-3 * 0.1);
  }
  int points = 0;
  for (std::size_t k = 0; k < r.points.rows.size(); ++k) {
    if (at(r.points, k, "t") == 0) continue;
    ++points;
    EXPECT_GT(at(r.points, k, "fn"), 0.0) << "row " << k;  // every corner bears
    EXPECT_NEAR(at(r.points, k, "gap"), 0.0, tolerance_drift(t_end));
  }
  EXPECT_EQ(points, 4 * 100);
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

// A block of width b = 0.2 m and height 0.3 m (18 kg) on the table, pushed horizontally at height h
// above its base by a constant force P: it stays while P < μ_s m g and P < m g b / (2h) (the load
// moves to its far edge), tips about that edge when P > m g b / (2h) < μ_s m g (h > b / (2 μ_s)), and
// slides when P > μ_s m g first. Loads 2 % below and above each threshold.
struct Push {
  double x, angle;  // the block's displacement and its rotation about y after 0.5 s
};
Push push(double force, double height) {
  const double c = 0.15;
  const std::string forces = "forces:\n  - {name: push, type: point_force, body: block, point: [-0.1, 0, " + num(height - c) +
                             "], frame: global, fx: " + num(force) + "}\n";
  const MemorySink out = test::run(model_from_yaml(block_on_table(c, forces, 0.5)));
  const std::size_t last = out.rows.size() - 1;
  const Quat q = test::orientation(out, "block", last);
  return {at(out, last, "block.x"), 2 * std::asin(std::abs(q.y()))};
}

TEST(ShapeContacts, PushedBlockSticksThenTipsOrSlides) {
  const double m = 500 * 0.2 * 0.2 * 0.3, mu_s = 0.6, b = 0.2;
  // Tall push (h = 0.25 > b / (2 μ_s) = 0.167): tips at P = m g b / (2h) = 0.4 m g.
  const double tip = m * g * b / (2 * 0.25);
  const Push below_tip = push(0.98 * tip, 0.25), above_tip = push(1.02 * tip, 0.25);
  // At rest: stiction and no rocking to what the tolerance allows over 0.5 s (tolerance_drift; the
  // angle: that drift at a corner 0.1 m from the axis). Measured: 4e-12 m, 1e-12 rad.
  EXPECT_LT(std::abs(below_tip.x), tolerance_drift(0.5));
  EXPECT_LT(below_tip.angle, tolerance_drift(0.5) / 0.1);
  // Over: the excess moment 0.02 P h turns it about its far edge; ½ α t² ≈ 0.02 rad in 0.5 s.
  EXPECT_GT(above_tip.angle, 5e-3);
  // Low push (h = 0.1): tipping would need P = m g, sliding starts at μ_s m g = 0.6 m g.
  const double slide = mu_s * m * g;
  const Push below_slide = push(0.98 * slide, 0.1), above_slide = push(1.02 * slide, 0.1);
  EXPECT_LT(std::abs(below_slide.x), tolerance_drift(0.5));
  EXPECT_LT(below_slide.angle, tolerance_drift(0.5) / 0.1);
  // Over: it slides against μ_k = 0.5, a = (1.02 μ_s − μ_k) g = 1.1 m/s², ½ a t² = 0.14 m in 0.5 s
  // (the first steps stick with μ_s until the impulse saturates); it does not tip.
  EXPECT_GT(above_slide.x, 0.1);
  EXPECT_LT(above_slide.angle, 1e-3);
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

// examples/capsule_grip: a capsule hung between two pads pressed with F = 20 N, held by friction
// alone. Under time-stepping it does not creep: its height stays within what the solver's tolerance
// allows over the 2 s (tolerance_drift; measured 7e-12 m, taken in the first step and not growing), and
// it does not move at all after the first tenth of a second beyond that bound; each pad carries F
// normal and half the weight in friction on two points (the capsule's end spheres on the pad's face),
// to the solver's tolerance (1e-6 N s of impulse per step of 1e-3 s: 1e-3 N).
TEST(ShapeContacts, CapsuleGripHoldsWithoutCreep) {
  const MemorySink out = test::run_model_file("examples/capsule_grip/capsule_grip.yaml");
  const double m = 2700 * (std::numbers::pi * 0.02 * 0.02 * 0.06 + 4.0 / 3.0 * std::numbers::pi * std::pow(0.02, 3));
  const double t_end = at(out, out.rows.size() - 1, "t");
  std::size_t settled = 0;
  while (at(out, settled, "t") < 0.1) ++settled;
  for (std::size_t k = 1; k < out.rows.size(); ++k) {
    EXPECT_NEAR(at(out, k, "capsule.z"), 0.0, tolerance_drift(t_end)) << "row " << k;
    if (k > settled) {  // creep after the first tenth: the same bound over the time since
      EXPECT_NEAR(at(out, k, "capsule.z"), at(out, settled, "capsule.z"), tolerance_drift(t_end - 0.1)) << "row " << k;
    }
    for (const char* side : {"grip_left", "grip_right"}) {
      const std::string s = side;
      EXPECT_NEAR(std::abs(at(out, k, s + ".fx")), 20.0, 1e-3) << s << " row " << k;
      EXPECT_NEAR(at(out, k, s + ".fz"), m * g / 2, 1e-3) << s << " row " << k;
      EXPECT_EQ(at(out, k, s + ".points"), 2) << s << " row " << k;
    }
  }
}

// Ten boxes stacked on the table (the stack generator), at rest from the start: every interface four
// points, the Delassus operator of a tall redundant stack, solved by Gauss-Seidel on disc cones with
// the rescues behind it (no problem left above the tolerance). The tower stands: its top moves no more
// than the tolerance lets each of its ten interfaces drift (10 × tolerance_drift; measured 1.4e-7 m at
// the default 1e-6), and the bound follows the tolerance down: at 1e-9 the top stays within 1e-8 m
// (measured 3e-12 m), and the base then carries the tower's weight to that tolerance.
std::string tower_of_ten(const std::string& tolerance) {
  return R"(
dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: wood, density: 500, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.6, mu_k: 0.5}}
bodies:
  - {name: table, motion: fixed, position: [0, 0, -0.5], shapes: [{type: box, half_extents: [1, 1, 0.5], material: wood}]}
generators:
  - {type: stack, name: box, count: 10, part: {type: box, half_extents: [0.1, 0.1, 0.05], material: wood}}
contact_reports:
  - {name: base, bodies: [table, box_0]}
simulation: {scheme: time-stepping, step: 1e-3, t_end: 1, output_interval: 0.05)" +
         (tolerance.empty() ? std::string() : ", time_stepping: {tolerance: " + tolerance + "}") + "}\n";
}

TEST(ShapeContacts, TowerOfTenBoxesStands) {
  const double m = 500 * 0.2 * 0.2 * 0.1;
  for (const auto& [tolerance, bound] : {std::pair<std::string, double>{"", 10 * tolerance_drift(1.0)}, {"1e-9", 1e-8}}) {
    const PointRun r = run_with_points(model_from_yaml(tower_of_ten(tolerance)));
    for (std::size_t k = 0; k < r.rows.rows.size(); ++k) {
      EXPECT_NEAR(at(r.rows, k, "box_9.z"), 0.95, bound) << tolerance << " row " << k;
      EXPECT_NEAR(at(r.rows, k, "box_9.x"), 0.0, bound) << tolerance << " row " << k;
      EXPECT_NEAR(at(r.rows, k, "box_9.y"), 0.0, bound) << tolerance << " row " << k;
      // The base load at 1e-9: each box above may keep a velocity residual of τ, so the impulse on the
      // base is off by at most Σ m τ = 10 m τ per step of 1e-3 s.
      if (k > 0 && !tolerance.empty()) {
        EXPECT_NEAR(at(r.rows, k, "base.fz"), 10 * m * g, 10 * m * 1e-9 / 1e-3) << " row " << k;
      }
    }
    EXPECT_EQ(r.summary.complementarity_unconverged, 0) << tolerance;
  }
}

// A sphere (r = 0.04 m) in a bowl: a spherical cap of radius R = 0.5 m (its lowest point at the
// origin) as a triangle mesh of 24 × 12 facets read from an OBJ file. Set at the lowest point it stays
// there (to the tolerance's drift). Dropped off-centre it lands and rolls about the lowest point: a
// ball rolling without slip in a smooth bowl keeps its energy, and here it loses some only in the
// inelastic impacts where it crosses from facet to facet, so it does not settle within seconds (the
// test asserts what the mechanics says instead). A step meets the next facet at its midpoint, so the
// ball may enter it by up to its travel in a step times the angle between neighbouring facets,
// v h δ = 2.3 m/s (its speed after falling 0.26 m) × 1e-3 s × 0.075 rad = 1.7e-4 m, which the
// gap-closing fit then pushes out: the facets, chords inside the cap, keep the ball's centre within
// R − r + 1.7e-4 m of the cap's centre (0, 0, R), and its energy never rises above its lowest value
// so far by more than that lift, m g × 1.7e-4 m.
TEST(ShapeContacts, SphereRollsInATriangleMeshBowlAndRestsAtItsBottom) {
  test::TempDir dir;
  {
    std::ofstream obj(dir.file("bowl.obj"));
    const int rings = 12, sectors = 24;
    const double R = 0.5, open = 0.9;  // the cap up to 0.9 rad from the bottom
    obj << "v 0 0 0\n";
    for (int i = 1; i <= rings; ++i)
      for (int j = 0; j < sectors; ++j) {
        const double a = open * i / rings, b = 2 * std::numbers::pi * j / sectors;
        obj << "v " << R * std::sin(a) * std::cos(b) << " " << R * std::sin(a) * std::sin(b) << " " << R * (1 - std::cos(a)) << "\n";
      }
    const auto v = [&](int i, int j) { return i == 0 ? 1 : 2 + (i - 1) * sectors + (j % sectors); };
    for (int j = 0; j < sectors; ++j) obj << "f " << v(0, 0) << " " << v(1, j) << " " << v(1, j + 1) << "\n";
    for (int i = 1; i < rings; ++i)
      for (int j = 0; j < sectors; ++j) {  // counter-clockwise seen from inside (from above): normals into the bowl
        obj << "f " << v(i, j) << " " << v(i + 1, j) << " " << v(i + 1, j + 1) << "\n";
        obj << "f " << v(i, j) << " " << v(i + 1, j + 1) << " " << v(i, j + 1) << "\n";
      }
  }
  const auto bowl_model = [&](double x, double y, double z) {
    return R"(
dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: m, density: 1000, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}}
bodies:
  - {name: bowl, motion: fixed, shapes: [{type: triangle_mesh, mesh: bowl.obj, material: m}]}
  - {name: ball, position: [)" + num(x) + ", " + num(y) + ", " + num(z) + R"(], shapes: [{type: sphere, radius: 0.04, material: m}]}
simulation: {scheme: time-stepping, step: 1e-3, t_end: 4, output_interval: 0.01}
)";
  };
  const double R = 0.5, r = 0.04;
  {  // at the bottom: the central vertex, where the 24 facets of the first ring meet
    const MemorySink out = test::run(read_model_file(dir.write("rest.yaml", bowl_model(0, 0, r))));
    for (std::size_t k = 0; k < out.rows.size(); ++k) {
      EXPECT_NEAR(at(out, k, "ball.x"), 0.0, tolerance_drift(4)) << "row " << k;
      EXPECT_NEAR(at(out, k, "ball.y"), 0.0, tolerance_drift(4)) << "row " << k;
      EXPECT_NEAR(at(out, k, "ball.z"), r, tolerance_drift(4)) << "row " << k;
    }
  }
  const MemorySink out = test::run(read_model_file(dir.write("drop.yaml", bowl_model(0.15, 0.05, 0.3))));
  const double entry = 2.3 * 1e-3 * 0.075, mass = 1000 * 4.0 / 3.0 * std::numbers::pi * r * r * r;
  double energy = at(out, 0, "energy.total"), lowest = 1.0;
  for (std::size_t k = 1; k < out.rows.size(); ++k) {
    const double e = at(out, k, "energy.total");
    EXPECT_LE(e, energy + mass * g * entry) << "row " << k;
    energy = std::min(energy, e);
    const Vec3 centre(at(out, k, "ball.x"), at(out, k, "ball.y"), at(out, k, "ball.z"));
    EXPECT_LE((centre - Vec3(0, 0, R)).norm(), R - r + entry) << "row " << k;
    lowest = std::min(lowest, std::hypot(centre.x(), centre.y()));
  }
  // It rolls through the bottom: it passes within the first ring (0.5 sin 0.075 = 0.037 m) of the axis.
  EXPECT_LT(lowest, 0.04);
}

}  // namespace shape_contacts_time_stepping_test
}  // namespace stickslip
