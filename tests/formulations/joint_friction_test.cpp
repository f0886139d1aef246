// Frictional revolute joints (Xing, Zheng & Wang 2019): closed forms and the ideal-joint limit.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace joint_friction_test {


// A disc (m = 2 kg, J = 0.05 kg m²) spinning on a fixed axle of radius R = 0.02 m under gravity.
// Its centre does not move, so the axle carries the total force T = m g (upwards). In the pin model
// the normal force is the multiplier, the friction force F_f = μ F_N acts tangentially at the contact
// point, and |T|² = F_N² + F_f², so the friction torque is R μ m g/√(1 + μ²) and the disc decelerates
// uniformly at α = R μ m g / (J √(1 + μ²)) while it slips. Sliding at R ω ≫ v_t makes tanh(v/v_t) = 1
// to 1e-12; the rest is integration error (rtol 1e-10): 1e-7 relative.
TEST(JointFriction, SpinningDiscDeceleratesAtTheClosedFormRate) {
  const ModelFile mf = test::model_from_yaml(R"(gravity: [0, -9.81]
bodies:
  - {name: disc, mass: 2.0, inertia: 0.05, position: [0, 0], angular_velocity: 50}
joints:
  - name: axle
    type: revolute
    bodies: [ground, disc]
    location: [0, 0]
    friction: {law: coulomb_tanh, mu: 0.3, v_t: 1e-5, pin_radius: 0.02}
simulation: {t_end: 1.0, output_interval: 0.1, rtol: 1e-10, atol: 1e-12}
)");
  MemorySink out;
  const SimulationSummary s = simulate(mf.model, mf.options, out);
  const auto w = out.series("disc.omega"), fn = out.series("axle.fn"), ff = out.series("axle.ff");
  const double mu = 0.3, R = 0.02, m = 2.0, g = 9.81, J = 0.05;
  const double alpha = R * mu * m * g / (J * std::sqrt(1 + mu * mu));
  EXPECT_NEAR((w.front() - w.back()) / 1.0, alpha, 1e-7 * alpha);
  EXPECT_NEAR(fn[5], m * g / std::sqrt(1 + mu * mu), 1e-7 * m * g);
  EXPECT_NEAR(ff[5], -mu * fn[5], 1e-7 * m * g);
  EXPECT_GT(s.newton_solves, 0);
  EXPECT_LE(s.newton_max_iterations, 10);  // Newton from a warm start converges in a few steps
}

// Friction between two moving bodies acts on their relative rate: a wheel (J1 = 0.1 kg m²) on a
// frictionless axle, and a disc (m2 = 2 kg, J2 = 0.05 kg m²) on a frictional pin of the wheel at the
// same centre, spinning at ω1 = 30 and ω2 = 10 rad/s. The pin carries the disc's weight, so as above
// F_N = m2 g/√(1 + μ²), and the friction torque μ R F_N drives the disc forward and brakes the wheel
// (the slip R(ω2 − ω1) is negative although both spin forwards): ω2 = 10 + (μ R F_N/J2) t,
// ω1 = 30 − (μ R F_N/J1) t until they meet (after 5.9 s). Tolerance as above.
TEST(JointFriction, FrictionBetweenTwoSpinningBodiesActsOnTheirRelativeRate) {
  const ModelFile mf = test::model_from_yaml(R"(gravity: [0, -9.81]
bodies:
  - {name: wheel, mass: 3.0, inertia: 0.1, position: [0, 0], angular_velocity: 30}
  - {name: disc, mass: 2.0, inertia: 0.05, position: [0, 0], angular_velocity: 10}
joints:
  - {name: axle, type: revolute, bodies: [ground, wheel], location: [0, 0]}
  - name: pin
    type: revolute
    bodies: [wheel, disc]
    location: [0, 0]
    friction: {law: coulomb_tanh, mu: 0.3, v_t: 1e-5, pin_radius: 0.02}
simulation: {t_end: 1.0, output_interval: 0.1, rtol: 1e-10, atol: 1e-12}
)");
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const auto t = out.series("t"), w1 = out.series("wheel.omega"), w2 = out.series("disc.omega");
  const auto vt = out.series("pin.vt"), ff = out.series("pin.ff");
  const double mu = 0.3, R = 0.02, m2 = 2.0, g = 9.81, J1 = 0.1, J2 = 0.05;
  const double torque = mu * R * m2 * g / std::sqrt(1 + mu * mu);
  ASSERT_EQ(t.size(), 11u);
  for (std::size_t k = 0; k < t.size(); ++k) {
    EXPECT_NEAR(w2[k], 10 + torque / J2 * t[k], 1e-7 * 30) << "t = " << t[k];
    EXPECT_NEAR(w1[k], 30 - torque / J1 * t[k], 1e-7 * 30) << "t = " << t[k];
    EXPECT_NEAR(vt[k], R * (w2[k] - w1[k]), 1e-12) << "t = " << t[k];
    EXPECT_NEAR(ff[k], mu * m2 * g / std::sqrt(1 + mu * mu), 1e-7 * m2 * g) << "t = " << t[k];  // forwards on the disc
  }
}

// A 3 kg slider in a horizontal prismatic guide, pushed off at 2 m/s. The guide carries the weight
// (F_⊥ = m g, no moment: the joint point is the centre of mass), so F_N = m g and the slider
// decelerates at μ g until it stops. Tolerance as above.
TEST(JointFriction, SliderInAGuideDeceleratesAtMuG) {
  const ModelFile mf = test::model_from_yaml(R"(gravity: [0, -9.81]
bodies:
  - {name: slider, mass: 3.0, inertia: 0.1, position: [0, 0], velocity: [2, 0]}
joints:
  - name: guide
    type: prismatic
    bodies: [ground, slider]
    points: [[0, 0], [0, 0]]
    axis: [1, 0]
    friction: {law: coulomb_tanh, mu: 0.2, v_t: 1e-6, contact_length: 0.3}
simulation: {t_end: 0.5, output_interval: 0.1, rtol: 1e-10, atol: 1e-12}
)");
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const auto v = out.series("slider.vx"), fn = out.series("guide.fn");
  EXPECT_NEAR(v.front() - v.back(), 0.2 * 9.81 * 0.5, 1e-7);
  EXPECT_NEAR(fn[3], 3.0 * 9.81, 1e-7);
}

// The same slider with its centre of mass a distance d ahead of its joint point: the guide now also
// carries the moment M = m g d, the two end contacts of a slider of length L carry
// N_1,2 = F_⊥/2 ± M/L, and F_N = |N_1| + |N_2| = m g max(1, 2d/L). The friction force acts along
// the axis through the centre of mass, so the deceleration is μ g max(1, 2d/L).
TEST(JointFriction, GuideMomentRaisesTheNormalForce) {
  const double L = 0.3, mu = 0.2, g = 9.81;
  for (const double d : {0.1, 0.3}) {
    std::string yaml = R"(gravity: [0, -9.81]
bodies:
  - {name: slider, mass: 3.0, inertia: 0.1, position: [0, 0], velocity: [2, 0]}
joints:
  - name: guide
    type: prismatic
    bodies: [ground, slider]
    points: [[0, 0], [-OFFSET, 0]]
    axis: [1, 0]
    friction: {law: coulomb_tanh, mu: 0.2, v_t: 1e-6, contact_length: 0.3}
simulation: {t_end: 0.2, output_interval: 0.1, rtol: 1e-10, atol: 1e-12}
)";
    yaml.replace(yaml.find("OFFSET"), 6, std::to_string(d));
    const ModelFile mf = test::model_from_yaml(yaml);
    MemorySink out;
    simulate(mf.model, mf.options, out);
    const auto v = out.series("slider.vx");
    const double factor = std::max(1.0, 2 * d / L);
    EXPECT_NEAR((v.front() - v.back()) / 0.2, mu * g * factor, 1e-6) << "d = " << d;
    EXPECT_NEAR(out.series("guide.fn")[1], 3.0 * g * factor, 1e-6) << "d = " << d;
    EXPECT_NEAR(out.series("guide.torque")[1], 3.0 * g * d, 1e-6) << "d = " << d;
  }
}

const char* kDoublePendulum = R"(gravity: [0, -9.81]
bodies:
  - {name: rod1, mass: 1.0, inertia: 0.0833333333333333, position: [0.5, 0]}
  - {name: rod2, mass: 1.0, inertia: 0.0833333333333333, position: [1.5, 0]}
joints:
  - {name: shoulder, type: revolute, bodies: [ground, rod1], points: [[0, 0], [-0.5, 0]]FRICTION}
  - {name: elbow, type: revolute, bodies: [rod1, rod2], points: [[0.5, 0], [-0.5, 0]]FRICTION}
simulation: {t_end: 3, output_interval: 0.01, rtol: 1e-10, atol: 1e-12}
)";

std::string pendulum_yaml(const std::string& friction) {
  std::string y = kDoublePendulum;
  for (std::size_t p; (p = y.find("FRICTION")) != std::string::npos;) y.replace(p, 8, friction);
  return y;
}

// With a zero friction coefficient the frictional joints reproduce the ideal ones: the Newton
// iteration stops at 1e-10 of the right-hand side, so trajectories agree to ~1e-9 over 3 s of
// chaotic motion (the tolerance of the integration itself).
TEST(JointFriction, ZeroFrictionReproducesTheIdealJoint) {
  const ModelFile ideal = test::model_from_yaml(pendulum_yaml(""));
  const ModelFile zero =
      test::model_from_yaml(pendulum_yaml(", friction: {law: coulomb_tanh, mu: 0, v_t: 1e-3, pin_radius: 0.1}"));
  MemorySink a, b;
  simulate(ideal.model, ideal.options, a);
  simulate(zero.model, zero.options, b);
  const auto ta = a.series("rod2.theta"), tb = b.series("rod2.theta");
  ASSERT_EQ(ta.size(), tb.size());
  for (std::size_t k = 0; k < ta.size(); ++k) EXPECT_NEAR(ta[k], tb[k], 1e-8) << "row " << k;
  const auto fa = a.series("elbow.fy"), fb = b.series("elbow.fy");
  for (std::size_t k = 0; k < fa.size(); ++k) EXPECT_NEAR(fa[k], fb[k], 1e-6) << "row " << k;
}

// Friction only removes energy: with LuGre in both joints the mechanical energy never increases
// (beyond the integration tolerance) and ends far below its start.
TEST(JointFriction, EnergyDecreasesMonotonically) {
  const ModelFile mf = test::model_from_yaml(
      pendulum_yaml(", friction: {law: lugre, mu_s: 0.4, mu_k: 0.3, sigma0: 1e4, sigma1: 30, v_s: 0.01, pin_radius: 0.05}"));
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const auto e = out.series("energy.total");
  for (std::size_t k = 1; k < e.size(); ++k) EXPECT_LE(e[k], e[k - 1] + 1e-6) << "row " << k;
  EXPECT_LT(e.back(), e.front() - 1.0);
}

// A friction moment μ R F_N that feeds back on the reaction faster than the reaction grows leaves
// Newton without multipliers (with μ = 2 this model converges at R = 0.5 m and fails from R = 1 m):
// both rods spin together at −1 rad/s, so only the shoulder slips, on pins of radius 2 m. Newton stops
// at its 50 iterations in the first evaluation and the error names the slipping joint.
TEST(JointFriction, NewtonFailureNamesTheJoint) {
  std::string yaml = pendulum_yaml(", friction: {law: coulomb_tanh, mu: 2, v_t: 1e-3, pin_radius: 2}");
  yaml.replace(yaml.find("position: [0.5, 0]}"), 19, "position: [0.5, 0], velocity: [0, -0.5], angular_velocity: -1}");
  yaml.replace(yaml.find("position: [1.5, 0]}"), 19, "position: [1.5, 0], velocity: [0, -1.5], angular_velocity: -1}");
  const ModelFile mf = test::model_from_yaml(yaml);
  MemorySink out;
  try {
    simulate(mf.model, mf.options, out);
    FAIL() << "expected a NumericalError";
  } catch (const NumericalError& e) {
    EXPECT_EQ(e.element(), "joint shoulder");
    EXPECT_EQ(e.t(), 0.0);
    const std::string what = e.what();
    EXPECT_NE(what.find("Newton iteration for the joint friction did not converge in 50 iterations"), std::string::npos)
        << what;
    EXPECT_NE(what.find("(residual "), std::string::npos) << what;
  }
}

}  // namespace joint_friction_test
}  // namespace stickslip
