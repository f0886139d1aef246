// URDF's <dynamics friction> (docs/urdf.md): a constant Coulomb bound on the joint's torque or force,
// static and kinetic alike, decided exactly under the time-stepping and event-driven schemes. A rod
// hung from a frictional pin holds where gravity's torque stays inside the bound and otherwise swings
// with the decelerating torque, each half-swing ending where the energy balance says; a slider on a
// vertical frictional guide holds a weight below its bound and otherwise slides at g − F/m.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "../test_support.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace urdf_friction_test {

double at(const MemorySink& out, std::size_t row, const std::string& column) {
  return out.rows[row][static_cast<std::size_t>(out.column(column))];
}

// A uniform rod (m = 2 kg, L = 1 m, I_O = m L²/3) on a pin 2 m up, released at rest φ0 from hanging.
constexpr double kMass = 2, kArm = 0.5, kG = 9.81, kInertia = 2.0 / 3.0;

std::string pendulum(double phi0, double friction) {
  return R"(<?xml version="1.0"?>
<robot name="pendulum">
  <link name="world"/>
  <joint name="pivot" type="continuous">
    <parent link="world"/><child link="rod"/>
    <origin xyz="0 0 2" rpy="0 )" + std::to_string(phi0) + R"( 0"/>
    <axis xyz="0 1 0"/>
    <dynamics friction=")" + std::to_string(friction) + R"("/>
  </joint>
  <link name="rod">
    <inertial><origin xyz="0 0 -0.5"/><mass value="2"/>
      <inertia ixx="0.16666666666666666" ixy="0" ixz="0" iyy="0.16666666666666666" iyz="0" izz="1e-4"/></inertial>
  </link>
</robot>
)";
}

// The angle from hanging: the rod's centre is at x = −d sin φ.
double angle(const MemorySink& out, std::size_t row) { return std::asin(-at(out, row, "rod.x") / kArm); }

// Where the rod comes to rest from rest at φ0 under a constant friction torque T: each half-swing from
// φa ends at φb ≠ φa with m g d (cos φb − cos φa) = T |φb − φa| (the kinetic energy zero again), found
// by bisection; the rod then sticks when m g d |sin φb| <= T.
double rest_angle(double phi0, double torque) {
  const double mgd = kMass * kG * kArm;
  double phi = phi0;
  while (mgd * std::abs(std::sin(phi)) > torque) {
    const double side = phi > 0 ? -1.0 : 1.0;  // it swings towards hanging, and maybe past it
    // The energy left after travelling u: positive just after the start (gravity's torque exceeds
    // T there), negative at the mirror pose u = 2|φa| (same height, friction's work lost).
    const auto energy = [&](double u) { return mgd * (std::cos(phi + side * u) - std::cos(phi)) - torque * u; };
    double lo = 0, hi = 2 * std::abs(phi);
    for (int k = 0; k < 200; ++k) {
      const double mid = 0.5 * (lo + hi);
      (energy(mid) > 0 ? lo : hi) = mid;
    }
    phi += side * 0.5 * (lo + hi);
  }
  return phi;
}

const char* kTimeStepping = "simulation: {scheme: time-stepping, step: 1e-3, t_end: 6, output_interval: 0.01}\n";
const char* kEventDriven =
    "simulation: {scheme: event-driven, integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 6, output_interval: 0.01}\n";

MemorySink run(const test::TempDir& dir, double phi0, double friction, const char* simulation) {
  dir.write("pendulum.urdf", pendulum(phi0, friction));
  return test::run(read_model_file(dir.write("run.yaml", std::string("urdf: pendulum.urdf\n") + simulation)));
}

// (6 s: four half-swings of about 0.8 s each, and a rest.)

// T above m g d sin φ0: the rod never moves. Both schemes hold a sticking joint by its row: no
// angular velocity beyond rounding (1e-12 rad/s) and the rod where it was released.
TEST(UrdfFriction, APendulumHeldByItsFrictionStaysPut) {
  test::TempDir dir;
  const double phi0 = 0.3, torque = 1.05 * kMass * kG * kArm * std::sin(phi0);
  for (const char* simulation : {kTimeStepping, kEventDriven}) {
    const MemorySink out = run(dir, phi0, torque, simulation);
    for (std::size_t k = 0; k < out.rows.size(); ++k) {
      ASSERT_NEAR(at(out, k, "rod.wy"), 0, 1e-12) << simulation << " t = " << at(out, k, "t");
      ASSERT_NEAR(angle(out, k), phi0, 1e-12) << simulation << " t = " << at(out, k, "t");
      // The friction holds gravity's torque (from the first step on: row 0 is the initial state).
      if (k > 0) ASSERT_NEAR(std::abs(at(out, k, "pivot.ff")), kMass * kG * kArm * std::sin(phi0), 1e-9) << simulation;
    }
  }
}

// T below m g d sin φ0: the rod starts at θ̈ = −(m g d sin φ0 − T)/I_O, swings with the friction against
// it, and comes to rest where the half-swings' energy balance says (rest_angle).
TEST(UrdfFriction, APendulumBelowItsFrictionSwingsDownAndStops) {
  test::TempDir dir;
  const double phi0 = 0.6, torque = 0.8;
  const double expected = rest_angle(phi0, torque);
  EXPECT_GT(std::abs(expected - phi0), 0.5);  // it comes down a long way
  // Event-driven: dopri5 at rtol 1e-11, the stops located as events, so the rest angle to 1e-8 rad.
  const MemorySink ed = run(dir, phi0, torque, kEventDriven);
  EXPECT_NEAR(angle(ed, ed.rows.size() - 1), expected, 1e-8);
  EXPECT_NEAR(at(ed, ed.rows.size() - 1, "rod.wy"), 0, 1e-12);
  // Time-stepping: one step from rest gives ω = h θ̈ exactly (the forces at the release pose, the
  // friction at its kinetic bound): to rounding, relative 1e-12.
  dir.write("pendulum.urdf", pendulum(phi0, torque));
  const MemorySink first = test::run(read_model_file(
      dir.write("first.yaml", "urdf: pendulum.urdf\nsimulation: {scheme: time-stepping, step: 1e-3, t_end: 1e-3, output_interval: 0}\n")));
  const double alpha = (kMass * kG * kArm * std::sin(phi0) - torque) / kInertia;
  EXPECT_NEAR(std::abs(at(first, first.rows.size() - 1, "rod.wy")), 1e-3 * alpha, 1e-12 * alpha);
  // Time-stepping keeps each half-swing's energy balance (the friction's impulse at its bound, the
  // positions at the steps' midpoints) and stops within a step of the exact turning point: the rest
  // angle within one step's h² |θ̈|max = 1e-6 · 7.1 rad of it (measured: 2.2e-7 rad at h = 1 ms, 1.9e-7
  // at 0.5 ms), and then held exactly.
  const MemorySink ts = run(dir, phi0, torque, kTimeStepping);
  EXPECT_NEAR(angle(ts, ts.rows.size() - 1), expected, 1e-6 * (kMass * kG * kArm * std::sin(phi0) - torque) / kInertia);
  EXPECT_NEAR(at(ts, ts.rows.size() - 1, "rod.wy"), 0, 1e-12);
  EXPECT_NEAR(angle(ts, ts.rows.size() - 1), angle(ts, ts.rows.size() - 30), 1e-12);  // held over the last 0.3 s
}

// A 3 kg slider on a vertical prismatic guide with a constant friction force F: above m g it holds
// exactly; below, it slides down at g − F/m (constant forces: Moreau-Jean's velocity and dopri5's exact
// to rounding). The robot alone runs under time-stepping with its stops ±10 m away (joint friction
// beside stops, decided with them) and without stops (lower = upper: none imported).
TEST(UrdfFriction, ASliderOnAFrictionalGuide) {
  test::TempDir dir;
  for (const char* limit : {"-10\" upper=\"10", "0\" upper=\"0"}) {
  const auto slider = [&](double force) {
    dir.write("slider.urdf", R"(<?xml version="1.0"?>
<robot name="slider">
  <link name="world"/>
  <joint name="guide" type="prismatic">
    <parent link="world"/><child link="block"/><origin xyz="0 0 1"/><axis xyz="0 0 1"/>
    <dynamics friction=")" + std::to_string(force) + R"("/>
    <limit lower=")" + limit + R"(" effort="0" velocity="0"/>
  </joint>
  <link name="block">
    <inertial><mass value="3"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
  </link>
</robot>
)");
    const ModelFile mf = read_model_file(dir.file("slider.urdf"));  // the defaults: 1 s
    EXPECT_EQ(mf.options.scheme, Scheme::time_stepping);
    return test::run(mf);
  };
  const MemorySink held = slider(30.0);
  for (std::size_t k = 0; k < held.rows.size(); ++k) {
    ASSERT_NEAR(at(held, k, "block.vz"), 0, 1e-12) << at(held, k, "t");
    ASSERT_NEAR(at(held, k, "block.z"), 1, 1e-12) << at(held, k, "t");
  }
  const MemorySink sliding = slider(20.0);
  for (std::size_t k = 0; k < sliding.rows.size(); k += 10) {
    const double t = at(sliding, k, "t");
    EXPECT_NEAR(at(sliding, k, "block.vz"), -(kG - 20.0 / 3.0) * t, 1e-11 * std::max(1.0, t)) << limit << " " << t;
  }
  }
}

// The model file's keys of a constant bound (docs/model-format.md, "Constant joint friction"): a torque
// on a revolute joint, a force on a prismatic one, nothing else beside it, and no compliant scheme.
TEST(UrdfFriction, ConstantFrictionKeysAreChecked) {
  const auto error = [](const std::string& joint, const char* scheme = "time-stepping") {
    try {
      const ModelFile mf = test::model_from_yaml("dimension: spatial\nbodies:\n  - {name: b, mass: 1, inertia: [1, 1, 1]}\n"
                                                 "joints:\n  - " + joint + "\nsimulation: {scheme: " + scheme + "}\n");
      MemorySink out;
      simulate(mf.model, mf.options, out);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string revolute = "{name: r, type: revolute, bodies: [ground, b], location: [0, 0, 0], axis: [0, 0, 1], friction: ";
  EXPECT_EQ(error(revolute + "{torque: 0.5}}"), "no error");
  EXPECT_NE(error(revolute + "{force: 0.5}}").find("torque: on a revolute joint"), std::string::npos);
  EXPECT_NE(error(revolute + "{torque: 0.5, pin_radius: 0.01}}").find("pin_radius"), std::string::npos);
  EXPECT_NE(error(revolute + "{torque: -1}}").find("torque"), std::string::npos);
  EXPECT_NE(error(revolute + "{torque: 0.5}}", "compliant").find("needs --scheme event-driven or time-stepping"), std::string::npos);
  EXPECT_NE(error("{name: s, type: spherical, bodies: [ground, b], location: [0, 0, 0], friction: {torque: 0.5}}")
                .find("takes no constant friction"),
            std::string::npos);
}

}  // namespace urdf_friction_test
}  // namespace stickslip
