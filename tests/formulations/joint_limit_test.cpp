// Joint limits (contacts of type joint_limit, assembly/joint_limit.cpp) under the three schemes: a
// pendulum released against its stop rebounds with the restitution coefficient (rigid stops under
// the event-driven and time-stepping schemes, a compliant stop under the compliant scheme), planar
// and spatial; a prismatic joint at its limit holds a load exactly.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "io/input_error.hpp"

namespace stickslip {
namespace joint_limit_test {

using test::at;
using test::num;

// A bob (m = 1 kg, J = 0.01 kg m²) on a massless rod of L = 0.5 m from a pivot at the origin, released
// at rest horizontal (θ = 0, θ from +x counter-clockwise) under gravity −y; a stop at θ = −π/4
// (lower limit). It swings down and strikes the stop with ω⁻ = −√(2 m g L sin(π/4) / J_O),
// J_O = J + m L², and leaves it with ω⁺ = −e ω⁻.
constexpr double kMass = 1, kJ = 0.01, kL = 0.5, kG = 9.81;
const double kJO = kJ + kMass * kL * kL;
const double kImpactRate = std::sqrt(2 * kMass * kG * kL * std::sin(M_PI / 4) / kJO);

std::string pendulum(bool spatial, const std::string& stop_laws, const std::string& simulation) {
  std::string yaml = spatial ? "dimension: spatial\ngravity: [0, -9.81, 0]\n" : "gravity: [0, -9.81]\n";
  yaml += "bodies:\n  - {name: bob, mass: 1, inertia: " + std::string(spatial ? "[0.01, 0.01, 0.01]" : "0.01") +
          ", position: " + (spatial ? "[0.5, 0, 0]" : "[0.5, 0]") + "}\n";
  yaml += "joints:\n  - {name: pivot, type: revolute, bodies: [ground, bob], location: " +
          std::string(spatial ? "[0, 0, 0], axis: [0, 0, 1]" : "[0, 0]") + "}\n";
  yaml += "contacts:\n  - {name: stop, type: joint_limit, joint: pivot, lower: -45 deg, " + stop_laws + "}\n";
  yaml += "simulation: " + simulation + "\n";
  return yaml;
}

// The bob's angular velocity about z (planar omega; spatial wz, the body frame's z being the world's).
double omega(const MemorySink& out, std::size_t k, bool spatial) {
  return at(out, k, spatial ? "bob.wz" : "bob.omega");
}

// The rate a row's motion has at the stop's angle in free swing, from its energy
// J_O ω²/2 + m g L sin θ (which the free swing keeps): so rows on either side of the impact, wherever
// they fall, give the rates just before and just after it.
double rate_at_stop(const MemorySink& out, std::size_t k, bool spatial) {
  const double theta = std::atan2(at(out, k, "bob.y"), at(out, k, "bob.x")), w = omega(out, k, spatial);
  const double energy = 0.5 * kJO * w * w + kMass * kG * kL * std::sin(theta);
  return std::sqrt(2 * (energy - kMass * kG * kL * std::sin(-M_PI / 4)) / kJO);
}

// The first strike: the rates at the stop before it (the last free row) and after it (the first
// free row that moves away).
struct Rebound {
  double before = 0, after = 0;
};
Rebound first_rebound(const MemorySink& out, bool spatial) {
  Rebound r;
  std::size_t k = 0;
  for (; k < out.rows.size() && at(out, k, "stop.gap") > 1e-9 && omega(out, k, spatial) <= 0; ++k) {
    r.before = rate_at_stop(out, k, spatial);
  }
  while (k < out.rows.size() && !(at(out, k, "stop.gap") > 1e-9 && omega(out, k, spatial) > 0)) ++k;
  if (k < out.rows.size()) r.after = rate_at_stop(out, k, spatial);
  return r;
}

TEST(JointLimit, RigidStopReturnsThePendulumWithTheRestitutionCoefficient) {
  const double e = 0.6;
  for (bool spatial : {false, true}) {
    // Event-driven: the impact is located (event tolerance 1e-12 s) and Newton's law applied to the
    // coordinate's rate; the free swing on either side comes from dopri5 at rtol 1e-10, whose energy
    // error over the swing bounds that of the rates (seen 4e-10 rad/s).
    const MemorySink ed = test::run(test::model_from_yaml(pendulum(
        spatial, "impact: {law: newton, e: " + num(e) + "}",
        "{scheme: event-driven, integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 1, output_interval: 0}")));
    const Rebound r = first_rebound(ed, spatial);
    EXPECT_NEAR(r.before, kImpactRate, 1e-7) << spatial;
    EXPECT_NEAR(r.after, e * kImpactRate, 1e-7) << spatial;
    // The stop holds the coordinate: never below −π/4 by more than the integration error.
    for (std::size_t k = 0; k < ed.rows.size(); ++k) EXPECT_GT(at(ed, k, "stop.gap"), -1e-9);
    // Time-stepping (Moreau-Jean, h = 1e-4 s): the impact law acts on the rate at the start of the
    // impact step, which gravity changes by α h over it (α = m g L cos(π/4)/J_O ≈ 13.6 rad/s²), and the
    // midpoint rule's energy error is of the same order: the rebound is e |ω⁻| within 2 α h = 3e-3 rad/s
    // (seen 4.5e-4).
    const MemorySink ts = test::run(test::model_from_yaml(
        pendulum(spatial, "impact: {law: newton, e: " + num(e) + "}",
                 "{scheme: time-stepping, step: 1e-4, t_end: 1, output_interval: 0}")));
    const Rebound s = first_rebound(ts, spatial);
    EXPECT_NEAR(s.after, e * kImpactRate, 3e-3) << spatial;
  }
}

// A compliant stop without damping (a linear torsional spring, k = 1e4 N m/rad) gives the energy
// back: the pendulum leaves it at the rate it struck it (e = 1), the compliant scheme locating the
// onset and the release.
TEST(JointLimit, CompliantStopUnderTheCompliantScheme) {
  const double k_stop = 1e4, torque = kMass * kG * kL * std::cos(M_PI / 4);  // gravity's torque into the stop
  for (bool spatial : {false, true}) {
    const MemorySink out = test::run(test::model_from_yaml(
        pendulum(spatial, "normal: {law: linear_spring_damper, k: 1e4, c: 0}",
                 "{integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 1, output_interval: 0}")));
    const Rebound r = first_rebound(out, spatial);
    // Energy is conserved through the stop: to dopri5's tolerance over the half period of the stop
    // (seen 5e-8 rad/s).
    EXPECT_NEAR(r.after, kImpactRate, 1e-6) << spatial;
    // The deepest penetration: k δ²/2 = J_O ω⁻²/2 + τ_g δ, gravity's torque working over δ. The rows
    // (one per step, ~1e-4 s apart in the stop) miss the turning point by a relative 1e-4 or so (seen
    // 1.8e-4).
    const double expected = (torque + std::sqrt(torque * torque + k_stop * kJO * kImpactRate * kImpactRate)) / k_stop;
    double deepest = 0;
    for (std::size_t k = 0; k < out.rows.size(); ++k) deepest = std::min(deepest, at(out, k, "stop.gap"));
    EXPECT_NEAR(-deepest, expected, 1e-3 * expected) << spatial;
  }
}

// A slider (m = 2 kg) on a horizontal prismatic joint, pushed by 3 N towards its stop 0.1 m away
// (the lower one at s = −0.1 m, or the upper one at +0.1 m): it runs into the stop (e = 0) and rests
// there, the stop carrying exactly the push.
std::string slider(double push, const std::string& stop, const std::string& simulation) {
  return R"(
bodies:
  - {name: slider, mass: 2, inertia: 0.01, position: [0, 0]}
joints:
  - {name: guide, type: prismatic, bodies: [ground, slider], points: [[0, 0], [0, 0]], axis: [1, 0]}
forces:
  - {name: push, type: point_force, body: slider, fx: )" + num(push) + R"(}
contacts:
  - {name: end, type: joint_limit, joint: guide, )" + stop + R"(, impact: {law: newton, e: 0}}
simulation: )" + simulation + "\n";
}

TEST(JointLimit, PrismaticJointAtItsLimitHoldsTheLoadExactly) {
  for (const char* scheme : {"time-stepping", "event-driven"}) {
    for (const double side : {-1.0, 1.0}) {
      const MemorySink out = test::run(test::model_from_yaml(
          slider(3 * side, side < 0 ? "lower: -0.1" : "upper: 0.1",
                 std::string("{scheme: ") + scheme + ", step: 1e-3, integrator: dopri5, t_end: 1, output_interval: 0.01}")));
      // It reaches the stop at t = √(2 · 0.1 / 1.5) = 0.365 s, at v = 0.55 m/s; from 0.5 s on it rests.
      // Where: the event-driven scheme locates the impact and keeps the gap shut (to the event
      // tolerance); Moreau-Jean's velocity-level step ends the impact step up to h v/2 = 2.7e-4 m past
      // the stop, and nothing moves it from there (it rests: not a creep).
      const double depth = std::string(scheme) == "event-driven" ? 1e-9 : 0.5 * 1e-3 * 0.55;
      std::size_t first = 0;
      for (std::size_t k = 0; k < out.rows.size(); ++k) {
        if (at(out, k, "t") < 0.5) continue;
        if (first == 0) first = k;
        // The stop's force is the push, exactly: Lemke's solution of the step's problem
        // (time-stepping), the mode solve of the closed stop (event-driven): rounding of 3 N only.
        EXPECT_NEAR(at(out, k, "end.fn"), 3.0, 1e-12) << scheme << " t = " << at(out, k, "t");
        EXPECT_NEAR(at(out, k, "slider.vx"), 0.0, 1e-12) << scheme;
        EXPECT_LE(std::abs(at(out, k, "end.gap")), depth) << scheme;
        EXPECT_NEAR(at(out, k, "slider.x"), at(out, first, "slider.x"), 1e-12) << scheme;
      }
    }
  }
}

TEST(JointLimit, FileErrorsNameTheKey) {
  const auto error = [](const std::string& contact) {
    try {
      test::model_from_yaml("bodies:\n  - {name: b, mass: 1, inertia: 1, position: [1, 0]}\njoints:\n"
                            "  - {name: w, type: weld, bodies: [ground, b], location: [0, 0]}\n"
                            "  - {name: p, type: revolute, bodies: [ground, b], location: [1, 0]}\ncontacts:\n  - " +
                            contact + "\n");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error("{name: s, type: joint_limit, joint: w, lower: 0, impact: {law: newton, e: 0}}").find("a weld joint has no coordinate a joint limit can drive"), std::string::npos);
  EXPECT_NE(error("{name: s, type: joint_limit, joint: p, lower: 0, upper: 1, impact: {law: newton, e: 0}}").find("give either 'lower' or 'upper'"), std::string::npos);
  EXPECT_NE(error("{name: s, type: joint_limit, joint: p, lower: 0, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 1, mu_k: 1}}").find("friction"), std::string::npos);
}

}  // namespace joint_limit_test
}  // namespace stickslip
