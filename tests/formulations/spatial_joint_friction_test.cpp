// Friction in spatial revolute, spherical and cylindrical joints, its normal force from the joint's
// reaction (assembly/spatial_joint_friction.hpp): the spatial double pendulum of Xing, Zheng & Wang
// (2019) in a vertical plane reproduces the planar LuGre example's columns; a shaft under a radial
// load decelerates at μ_k R |F_r| / J, stops, and holds any torque below μ_s R |F_r| exactly
// (time-stepping and event-driven) and breaks away above it; a balanced ball joint and a sleeve on a cylindrical
// joint stop as Coulomb's law on their slip says.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "formulations/stepping.hpp"
#include "io/input_error.hpp"

namespace stickslip {
namespace spatial_joint_friction_test {

using test::at;
using test::num;

// The spatial twin of examples/lugre_double_pendulum/case1.yaml: the same links (rods along their
// x axes, J_z as the planar J), the plane z = 0, revolute joints about z with the same LuGre friction.
std::string spatial_double_pendulum(double t_end) {
  return R"(
dimension: spatial
gravity: [9.8, 0, 0]
bodies:
  - {name: link1, mass: 2.0, inertia: [0.01, 0.6666666666666666, 0.6666666666666666], position: [0, 1, 0],
     orientation: {axis: [0, 0, 1], angle: 1.5707963267948966}}
  - {name: link2, mass: 1.0, inertia: [0.005, 0.3333333333333333, 0.3333333333333333], position: [0, 3, 0],
     orientation: {axis: [0, 0, 1], angle: 1.5707963267948966}}
joints:
  - {name: joint1, type: revolute, bodies: [ground, link1], points: [[0, 0, 0], [-1, 0, 0]], axis: [0, 0, 1],
     friction: &lugre {law: lugre, mu_k: 0.3, mu_s: 0.4, sigma0: 1e6, sigma1: 100, sigma2: 0, v_s: 0.001, p: 1,
                       pin_radius: 0.2}}
  - {name: joint2, type: revolute, bodies: [link1, link2], points: [[1, 0, 0], [-1, 0, 0]], axis: [0, 0, 1],
     friction: *lugre}
simulation: {t_end: )" + num(t_end) + R"(, output_interval: 0.005, integrator: bdf, rtol: 1e-8, atol: 1e-11,
             baumgarte: {alpha: 100, beta: 2500}}
)";
}

TEST(SpatialJointFriction, SpatialDoublePendulumReproducesThePlanarLuGreColumns) {
  const double t_end = test::release_or_sanitized(3.0, 0.5);
  ModelFile planar = read_model_file(test::source_path("examples/lugre_double_pendulum/case1.yaml"));
  planar.options.t_end = t_end;
  planar.options.integrator_options.rtol = 1e-8;
  planar.options.integrator_options.atol = 1e-11;
  const MemorySink flat = test::run(planar);
  const MemorySink space = test::run(test::model_from_yaml(spatial_double_pendulum(t_end)));
  ASSERT_EQ(flat.rows.size(), space.rows.size());
  double worst_position = 0, worst_force = 0, worst_slip = 0;
  for (std::size_t k = 0; k < flat.rows.size(); ++k) {
    for (const char* c : {"link1.x", "link1.y", "link2.x", "link2.y"}) {
      worst_position = std::max(worst_position, std::abs(at(flat, k, c) - at(space, k, c)));
    }
    for (const char* c : {"joint1.fn", "joint1.ff", "joint2.fn", "joint2.ff"}) {
      worst_force = std::max(worst_force, std::abs(at(flat, k, c) - at(space, k, c)));
    }
    for (const char* c : {"joint1.vt", "joint2.vt"}) worst_slip = std::max(worst_slip, std::abs(at(flat, k, c) - at(space, k, c)));
    EXPECT_NEAR(at(space, k, "link1.z"), 0.0, 1e-12);
  }
  // The same equations in other coordinates (quaternions, the spatial joints' five rows), each run
  // integrated by bdf at rtol 1e-8: the columns differ by the integrations' errors, which shrink with
  // the tolerance (at rtol 1e-7, 1e-8, 1e-9 over 3 s: positions 6.0e-6, 8.8e-7, 5.8e-8 m; forces
  // 1.6e-3, 3.0e-4, 3.2e-5 N of up to 68 N; slips 1.5e-5, 1.0e-6, 2.9e-7 m/s), not by the models. The
  // bounds are the differences at rtol 1e-7, ten times the tolerance asked here.
  EXPECT_LT(worst_position, 6e-6);
  EXPECT_LT(worst_force, 1.6e-3);
  EXPECT_LT(worst_slip, 1.5e-5);
}

// A rotor (m = 4 kg, J_z = 0.05 kg m²) on a shaft along z through its centre of mass, gravity −y,
// Coulomb friction μ_s = 0.3, μ_k = 0.2 on a pin of R = 0.02 m, a motor (joint actuator) in the shaft.
// The friction acts on the rotor at the loaded point of the pin, so the joint's reaction F_r balances
// the weight together with it: (m g)² = |F_r|² + F_f², and sliding (F_f = μ_k |F_r|) the pin carries
// |F_r| = m g / √(1 + μ_k²) and brakes with the torque μ_k R |F_r| (the journal bearing's friction
// circle: m g R sin φ, tan φ = μ). Held by a torque τ, F_f = τ/R and |F_r| = √((m g)² − F_f²), which
// gives way at τ = μ_s R m g / √(1 + μ_s²).
std::string shaft(const std::string& law, double spin, const std::string& simulation) {
  return R"(
dimension: spatial
gravity: [0, -9.81, 0]
bodies:
  - {name: rotor, mass: 4, inertia: [0.03, 0.03, 0.05], angular_velocity: [0, 0, )" + num(spin) + R"(]}
joints:
  - {name: shaft, type: revolute, bodies: [ground, rotor], location: [0, 0, 0], axis: [0, 0, 1],
     friction: {)" + law + R"(, pin_radius: 0.02}}
forces:
  - {name: motor, type: joint_actuator, joint: shaft, effort: 0}
simulation: )" + simulation + "\n";
}

constexpr double kRotorMass = 4, kJz = 0.05, kR = 0.02, kG = 9.81, kMuS = 0.3, kMuK = 0.2;

double friction_circle(double mu) { return mu * kR * kRotorMass * kG / std::sqrt(1 + mu * mu); }

// Under the time-stepping scheme (h = 1 ms) and the event-driven one (dopri5, the stop located). What
// is left of the motion at rest: rounding of the holding impulse (time-stepping), or the slip at the
// located stop, α R times the event tolerance of 1e-12 s (event-driven): below 1e-12 m/s either way.
TEST(SpatialJointFriction, ShaftUnderARadialLoadStopsAtTheTorqueMuRF) {
  const double torque_k = friction_circle(kMuK), torque_s = friction_circle(kMuS);
  const double w0 = 10, alpha = torque_k / kJz, t_stop = w0 / alpha;  // 3.19 s
  for (const char* scheme : {"{scheme: time-stepping, step: 1e-3", "{scheme: event-driven, integrator: dopri5, rtol: 1e-10"}) {
    const ModelFile mf = test::model_from_yaml(
        shaft("law: coulomb, mu_s: 0.3, mu_k: 0.2", w0, std::string(scheme) + ", t_end: 6, output_interval: 0.01}"));
    Simulation sim(mf.model, mf.options);
    sim.advance(4.0);
    const MemorySink& out = sim.rows();
    for (std::size_t k = 0; k < out.rows.size(); ++k) {
      const double t = at(out, k, "t");
      // The friction is constant while it slides: the midpoint rule (and dopri5, exact on a linear
      // motion) follows ω = ω0 − α t to rounding; the step that would reverse it stops it exactly (the
      // holding impulse is inside the cone), or the located stop does, after which nothing creeps.
      EXPECT_NEAR(at(out, k, "rotor.wz"), std::max(0.0, w0 - alpha * t), 1e-10) << scheme << " t = " << t;
      if (t > 0 && t < t_stop - 0.01) {
        EXPECT_NEAR(at(out, k, "shaft.fn"), torque_k / (kMuK * kR), 1e-9) << scheme << " t = " << t;
        EXPECT_NEAR(at(out, k, "shaft.ff"), -torque_k / kR, 1e-9) << scheme << " t = " << t;
      }
      if (t > t_stop + 0.01) {
        EXPECT_NEAR(at(out, k, "shaft.fn"), kRotorMass * kG, 1e-9) << scheme << " t = " << t;  // at rest: the load
        EXPECT_NEAR(at(out, k, "shaft.vt"), 0.0, 1e-12) << scheme << " t = " << t;
      }
    }
    // Held: a torque of 0.9 of the breakaway torque turns nothing (the friction holds it exactly).
    sim.set_actuator("motor", 0.9 * torque_s);
    sim.advance(5.0);
    EXPECT_NEAR(sim.body_state("rotor").angular_velocity.z(), 0.0, 1e-10) << scheme;
    EXPECT_NEAR(sim.current_row()[static_cast<std::size_t>(sim.rows().column("shaft.ff"))], -0.9 * torque_s / kR, 1e-9)
        << scheme;
    // Above it the shaft breaks away and accelerates at (τ − μ_k R |F_r|) / J.
    sim.set_actuator("motor", 1.1 * torque_s);
    sim.advance(6.0);
    EXPECT_NEAR(sim.body_state("rotor").angular_velocity.z(), (1.1 * torque_s - torque_k) / kJz * 1.0, 1e-9) << scheme;
  }
}

// The same shaft with LuGre friction under the compliant scheme: while it slides fast (R ω ≫ v_s) the
// friction is μ_k R m g plus the bristle damping σ1 ż (ż ≈ 0 at steady sliding), so it decelerates at
// α; it comes to rest at t* and stays (the bristles hold it, creeping at most by the bristle's
// relaxation).
TEST(SpatialJointFriction, LuGreShaftUnderTheCompliantScheme) {
  const double w0 = 10, alpha = friction_circle(kMuK) / kJz, t_stop = w0 / alpha;
  const MemorySink out = test::run(test::model_from_yaml(shaft(
      "law: lugre, mu_s: 0.3, mu_k: 0.2, sigma0: 1e5, sigma1: 300, sigma2: 0, v_s: 0.001, p: 2", w0,
      "{integrator: bdf, rtol: 1e-8, atol: 1e-10, t_end: " + num(test::release_or_sanitized(4.0, 1.0)) +
          ", output_interval: 0.01}")));
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    // Sliding: the Stribeck term has died out (e^{-(Rω/v_s)²} for R ω > 0.02 m/s, ω > 1 rad/s) and
    // the bristles follow the slip, ż = v (1 − σ0 z / g) ≈ 0: the deceleration is α to the transient of
    // the bristles at the start (σ0/σ1 ~ 300 /s), 1e-4 of ω0.
    if (t > 0.05 && t < t_stop - 0.3) {
      EXPECT_NEAR(at(out, k, "rotor.wz"), w0 - alpha * t, 1e-3) << t;
    }
    if (t > t_stop + 0.3) {
      EXPECT_NEAR(at(out, k, "rotor.wz"), 0.0, 1e-5) << t;
    }
  }
}

// The shaft beside a ball resting on a floor (a contact active in every step), and a balanced rotor
// with a frictional pin swinging against its own stop: the joint's friction and the contacts are
// decided in one step together (joint_friction_step.cpp, settle_joint_friction_with_contacts).
std::string beside_a_contact(const std::string& shaft_yaml) {
  std::string yaml = test::replace_all(shaft_yaml, "joints:\n",
                                       "  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [1, 0.1, 0]}\njoints:\n");
  return test::replace_all(yaml, "simulation:", R"(contacts:
  - {name: floor, type: sphere_plane, bodies: [ground, ball], plane: {point: [0, 0, 0], normal: [0, 1, 0]},
     radius: 0.1, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.5, mu_k: 0.5}}
simulation:)");
}

// The closed forms of ShaftUnderARadialLoadStopsAtTheTorqueMuRF under time-stepping, with the contact
// beside: the rounds of the step's problem and the friction settle to rounding, and the ball stays at
// rest on its floor.
TEST(SpatialJointFriction, ShaftBesideAContactStopsAtTheTorqueMuRF) {
  const double torque_k = friction_circle(kMuK), torque_s = friction_circle(kMuS);
  const double w0 = 10, alpha = torque_k / kJz, t_stop = w0 / alpha;
  const ModelFile mf = test::model_from_yaml(beside_a_contact(
      shaft("law: coulomb, mu_s: 0.3, mu_k: 0.2", w0, "{scheme: time-stepping, step: 1e-3, t_end: 6, output_interval: 0.01}")));
  Simulation sim(mf.model, mf.options);
  sim.advance(4.0);
  const MemorySink& out = sim.rows();
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    EXPECT_NEAR(at(out, k, "rotor.wz"), std::max(0.0, w0 - alpha * t), 1e-10) << t;
    if (t > 0 && t < t_stop - 0.01) {
      EXPECT_NEAR(at(out, k, "shaft.fn"), torque_k / (kMuK * kR), 1e-9) << t;
      EXPECT_NEAR(at(out, k, "shaft.ff"), -torque_k / kR, 1e-9) << t;
    }
    if (t > t_stop + 0.01) {
      EXPECT_NEAR(at(out, k, "shaft.vt"), 0.0, 1e-12) << t;
    }
    // The ball rests: its weight on the floor, no motion (the rigid contact at e = 0 from gap 0).
    if (t > 0) {
      EXPECT_NEAR(at(out, k, "floor.fn"), 9.81, 1e-9) << t;
    }
    EXPECT_NEAR(at(out, k, "ball.vy"), 0.0, 1e-12) << t;
  }
  sim.set_actuator("motor", 0.9 * torque_s);
  sim.advance(5.0);
  EXPECT_NEAR(sim.body_state("rotor").angular_velocity.z(), 0.0, 1e-10);
  EXPECT_NEAR(sim.current_row()[static_cast<std::size_t>(sim.rows().column("shaft.ff"))], -0.9 * torque_s / kR, 1e-9);
  sim.set_actuator("motor", 1.1 * torque_s);
  sim.advance(6.0);
  EXPECT_NEAR(sim.body_state("rotor").angular_velocity.z(), (1.1 * torque_s - torque_k) / kJz * 1.0, 1e-9);
}

// The shaft's rotor turning at ω0 = 10 rad/s into a stop at θ = 1 rad (e = 0.5). Its pin brakes it at
// α = μ_k R |F_r| / J before and after the strike; the stop is a torque about the axis, which leaves
// the pin's radial load (the friction circle) unchanged, so the friction torque is μ_k R |F_r| in the
// strike's step too, only its sense follows the rebound. Newton's law at the step's velocities gives
// ω⁺ = −e ω_k in that step whatever the friction (the stop's impulse takes it up): the motion after
// it is ω = −e ω_k + α (t − t_k+1) until the rotor stops away from the stop, all to rounding.
TEST(SpatialJointFriction, RotorWithAFrictionalPinReboundsFromItsStop) {
  const double torque_k = friction_circle(kMuK), alpha = torque_k / kJz, e = 0.5, h = 1e-3;
  std::string yaml = shaft("law: coulomb, mu_s: 0.3, mu_k: 0.2", 10, "{scheme: time-stepping, step: 1e-3, t_end: 2, output_interval: 1e-3}");
  yaml = test::replace_all(yaml, "simulation:", "contacts:\n  - {name: stop, type: joint_limit, joint: shaft, upper: 1, impact: {law: newton, e: 0.5}}\nsimulation:");
  const MemorySink out = test::run(test::model_from_yaml(yaml));
  std::size_t strike = 1;
  while (strike < out.rows.size() && at(out, strike, "rotor.wz") >= 0) ++strike;
  ASSERT_LT(strike, out.rows.size());
  const double before = at(out, strike - 1, "rotor.wz"), t_strike = at(out, strike, "t");
  EXPECT_GT(before, 9);  // it strikes at speed, after ~0.1 s of braking
  for (std::size_t k = 1; k < strike; ++k) EXPECT_NEAR(at(out, k, "rotor.wz"), 10 - alpha * at(out, k, "t"), 1e-10);
  EXPECT_NEAR(at(out, strike, "rotor.wz"), -e * before, 1e-10);
  bool stopped = false;
  for (std::size_t k = strike; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), expected = std::min(0.0, -e * before + alpha * (t - t_strike));
    EXPECT_NEAR(at(out, k, "rotor.wz"), expected, 1e-10) << t;
    if (expected < -alpha * h) {
      EXPECT_NEAR(at(out, k, "shaft.fn"), torque_k / (kMuK * kR), 1e-9) << t;
      EXPECT_NEAR(at(out, k, "shaft.ff"), torque_k / kR, 1e-9) << t;  // against the rebound
    }
    stopped = stopped || expected == 0.0;
  }
  EXPECT_TRUE(stopped);
  EXPECT_NEAR(at(out, strike - 1, "shaft.ff"), -torque_k / kR, 1e-9);  // against the approach
}

// A body balanced on a ball joint at its centre of mass (m = 2 kg, J = diag(0.02, 0.02, 0.04)),
// gravity −z: the ball carries m g upwards, the ball presses on its socket at the top (n = +z).
// Spinning about x, the ball slides at R ω_x along −y there, and Coulomb's friction at R brakes it at
// μ_k R F_N / J_x with F_N = m g / √(1 + μ_k²) (the friction's own force on the body is balanced by
// the joint, as for the shaft); spinning about z, the load direction, it does not slide at all.
TEST(SpatialJointFriction, BallJointBrakesASpinAcrossItsLoadOnly) {
  const std::string body = R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: top, mass: 2, inertia: [0.02, 0.02, 0.04], angular_velocity: SPIN}
joints:
  - {name: ball, type: spherical, bodies: [ground, top], location: [0, 0, 0],
     friction: {law: coulomb, mu_s: 0.25, mu_k: 0.25, ball_radius: 0.01}}
simulation: {scheme: time-stepping, step: 1e-3, t_end: 1, output_interval: 0.01}
)";
  const double normal = 2 * 9.81 / std::sqrt(1 + 0.25 * 0.25), alpha = 0.25 * 0.01 * normal / 0.02;
  const MemorySink across = test::run(test::model_from_yaml(test::replace_all(body, "SPIN", "[2, 0, 0]")));
  const MemorySink along = test::run(test::model_from_yaml(test::replace_all(body, "SPIN", "[0, 0, 3]")));
  for (std::size_t k = 0; k < across.rows.size(); ++k) {
    const double t = at(across, k, "t");
    // Exact under the midpoint rule (a constant friction impulse), as for the shaft.
    EXPECT_NEAR(at(across, k, "top.wx"), std::max(0.0, 2 - alpha * t), 1e-10) << t;
    if (t > 0 && 2 - alpha * t > 0.01) {
      EXPECT_NEAR(at(across, k, "ball.fn"), normal, 1e-9) << t;
    }
    EXPECT_EQ(at(along, k, "top.wz"), 3.0) << t;
  }
}

// A sleeve (m = 1 kg, J about the axis = m R², R = 0.02 m) on a horizontal cylindrical joint along x,
// gravity −y (no moment), sliding at u0 = 1 m/s and spinning at 50 rad/s (R ω0 = 1 m/s). Its slip
// (u, R ω) meets Coulomb's friction μ_k F_N against it; with J = m R² both parts decelerate alike, so
// the slip keeps its direction ŝ = (1, 1)/√2 and both stop together at t* = |s0| m / (μ_k F_N). The
// friction's circumferential part acts at the pin's loaded point, which the joint balances with the
// weight: (m g)² = F_N² + (μ_k F_N ŝ₂)², F_N = m g / √(1 + μ_k²/2).
TEST(SpatialJointFriction, SleeveOnACylindricalJointStopsSlideAndSpinTogether) {
  const MemorySink out = test::run(test::model_from_yaml(R"(
dimension: spatial
gravity: [0, -9.81, 0]
bodies:
  - {name: sleeve, mass: 1, inertia: [0.0004, 0.01, 0.01], velocity: [1, 0, 0], angular_velocity: [50, 0, 0]}
joints:
  - {name: pin, type: cylindrical, bodies: [ground, sleeve], location: [0, 0, 0], axis: [1, 0, 0],
     friction: {law: coulomb, mu_s: 0.2, mu_k: 0.2, pin_radius: 0.02, contact_length: 0.1}}
simulation: {scheme: time-stepping, step: 1e-3, t_end: 1, output_interval: 0.01}
)"));
  const double normal = 9.81 / std::sqrt(1 + 0.04 / 2), t_stop = std::sqrt(2.0) / (0.2 * normal);  // 0.73 s
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), left = std::max(0.0, 1 - t / t_stop);
    // W_kᵀ B_k = diag(1/m, R²/J) is isotropic here, so the sliding impulse along the holding one is
    // Coulomb's exactly: linear decay to rounding.
    EXPECT_NEAR(at(out, k, "sleeve.vx"), left, 1e-10) << t;
    EXPECT_NEAR(at(out, k, "sleeve.wx"), 50 * left, 1e-8) << t;
    if (t > 0 && left > 0.01) {
      EXPECT_NEAR(at(out, k, "pin.fn"), normal, 1e-9) << t;
    }
  }
}

TEST(SpatialJointFriction, RefusalsNameTheKey) {
  const auto error = [](const std::string& joint, const char* scheme = "compliant") {
    try {
      const ModelFile mf = test::model_from_yaml(std::string("dimension: spatial\nbodies:\n  - {name: b, mass: 1, inertia: [1, 1, 1]}\njoints:\n  - ") +
                                                 joint + "\nsimulation: {scheme: " + scheme + "}\n");
      MemorySink out;
      simulate(mf.model, mf.options, out);
    } catch (const InputError& e) {
      return std::string(e.what());
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error("{name: u, type: universal, bodies: [ground, b], location: [0, 0, 0], axis: [1, 0, 0], axis_j: [0, 1, 0], "
                  "friction: {law: coulomb_tanh, mu: 0.1, v_t: 1e-3, pin_radius: 0.01}}").find("takes no 'friction:'"), std::string::npos);
  EXPECT_NE(error("{name: s, type: spherical, bodies: [ground, b], location: [0, 0, 0], "
                  "friction: {law: coulomb_tanh, mu: 0.1, v_t: 1e-3, pin_radius: 0.01}}").find("'ball_radius'"), std::string::npos);
  EXPECT_NE(error("{name: r, type: revolute, bodies: [ground, b], location: [0, 0, 0], axis: [0, 0, 1], "
                  "friction: {law: coulomb, mu_s: 0.2, mu_k: 0.1, pin_radius: 0.01}}").find("needs --scheme event-driven or time-stepping"), std::string::npos);
  EXPECT_NE(error("{name: r, type: revolute, bodies: [ground, b], location: [0, 0, 0], axis: [0, 0, 1], "
                  "friction: {law: lugre, mu_s: 0.2, mu_k: 0.1, sigma0: 1e5, sigma1: 300, sigma2: 0, v_s: 0.001, p: 2, pin_radius: 0.01}}",
                  "time-stepping").find("internal state"), std::string::npos);
  // The event-driven scheme decides one slip row (revolute joints); a ball joint's two are refused.
  EXPECT_NE(error("{name: s, type: spherical, bodies: [ground, b], location: [0, 0, 0], "
                  "friction: {law: coulomb, mu_s: 0.2, mu_k: 0.1, ball_radius: 0.01}}",
                  "event-driven").find("spatial revolute joints only"), std::string::npos);
  EXPECT_NE(error("{name: r, type: revolute, bodies: [ground, b], location: [0, 0, 0], axis: [0, 0, 1], "
                  "friction: {law: lugre, mu_s: 0.2, mu_k: 0.1, sigma0: 1e5, sigma1: 300, sigma2: 0, v_s: 0.001, p: 2, pin_radius: 0.01}}",
                  "event-driven").find("internal state"), std::string::npos);
}

}  // namespace spatial_joint_friction_test
}  // namespace stickslip
