// The generalized-α method of the time-stepping scheme (time_stepping/generalized_alpha.cpp,
// `method: generalized_alpha`): the smooth forces by Chung & Hulbert's (1993) method, the impulses of
// joints, contacts and friction as in the θ-method. A linear oscillator against the method's own
// recurrence, written out here (the coefficients from ρ∞, the springs' iteration matrix, the
// predictor, the pseudo-acceleration's history), and the damping of a mode h does not resolve, which
// is the reason to choose it; the impulses (impacts, exact stiction, sliding) are the θ-method's.
// Its second order on spinning bodies is measured in spinning_bodies_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"

namespace stickslip {
namespace generalized_alpha_test {

using test::model_from_yaml;
using test::num;
using test::run;

// A planar body of mass m = 1 kg on a spring of stiffness k from the ground, along x, no gravity,
// released x0 = 1 mm from rest: a linear oscillator of ω = √(k/m) (the spring is linear along its
// line; the scheme's central-difference stiffness is exact for it to rounding).
std::string oscillator(double k, double h, int steps, const std::string& keys) {
  return R"(
gravity: [0, 0]
bodies:
  - {name: mass, mass: 1, inertia: 0.01, position: [1.001, 0]}
forces:
  - {name: coil, type: spring_damper, bodies: [ground, mass], points: [[0, 0], [0, 0]], stiffness: )" + num(k) +
         R"(, damping: 0, rest_length: 1}
simulation: {scheme: time-stepping, step: )" + num(h) + ", t_end: " + num(steps * h) +
         ", output_interval: 0, time_stepping: " + keys + "}\n";
}

// The generalized-α recurrence for m ẍ = −k x, written from its definition: α_m, α_f, γ, β from ρ∞;
// (1 − α_m) a₁ + α_m a = (1 − α_f) ẍ₁ + α_f ẍ; v₁ = v + h(1 − γ) a + hγ a₁; x₁ = x + h v + h²(½ − β) a
// + h²β a₁; ẍ₁ = −(k/m) x₁, solved for a₁; a₀ = ẍ₀.
std::vector<double> recurrence(double rho, double k, double h, int steps) {
  const double am = (2 * rho - 1) / (rho + 1), af = rho / (rho + 1), g = 0.5 + af - am, b = 0.25 * (g + 0.5) * (g + 0.5);
  double x = 1e-3, v = 0, xdd = -k * x, a = xdd;
  std::vector<double> out = {x};
  for (int n = 0; n < steps; ++n) {
    // a₁ (1 − α_m) = −(1 − α_f) k (x + h v + h²(½ − β) a + h²β a₁) + α_f ẍ − α_m a
    const double a1 = (-(1 - af) * k * (x + h * v + h * h * (0.5 - b) * a) + af * xdd - am * a) / (1 - am + (1 - af) * k * h * h * b);
    const double x1 = x + h * v + h * h * ((0.5 - b) * a + b * a1);
    v += h * ((1 - g) * a + g * a1);
    x = x1;
    a = a1;
    xdd = -k * x;
    out.push_back(x);
  }
  return out;
}

// At hω = 0.1 (resolved) and hω = 100 (not at all), for ρ∞ = 1, 0.8, 0.5, 0: the run's positions are
// the recurrence's. What separates them is the spring's stiffness in W̃, a central difference with
// rounding of 1e-16/δ = 1e-10 relative (spring_jacobians.cpp, δ = 1e-6), which changes each step's
// map by as much: over 200 steps at most 2e-8 of the amplitude, bound 1e-7 of x0.
TEST(GeneralizedAlpha, LinearOscillatorFollowsTheMethodsRecurrence) {
  const double h = 1e-2, x0 = 1e-3;
  const int steps = 200;
  for (const double rho : {1.0, 0.8, 0.5, 0.0}) {
    for (const double k : {1e2, 1e8}) {
      const std::string keys = "{method: generalized_alpha, spectral_radius: " + num(rho) + "}";
      const MemorySink out = run(model_from_yaml(oscillator(k, h, steps, keys)));
      const std::vector<double> expected = recurrence(rho, k, h, steps);
      const auto x = out.series("mass.x");
      ASSERT_EQ(x.size(), expected.size());
      for (std::size_t n = 0; n < x.size(); ++n) EXPECT_NEAR(x[n] - 1, expected[n], 1e-7 * x0) << rho << " " << k << " " << n;
    }
  }
}

// The reason to choose the method: a mode the step does not resolve (hω = 100, a stiff spring) is
// damped by about ρ∞ per step, where the θ-method with θ = ½ keeps it ringing at full amplitude and θ
// = 1 damps it but is of first order. The amplitude in the energy norm, √(E_n/E_0), first grows (the
// method's first steps overshoot the velocity) and then falls by the spectral radius of its
// amplification matrix at hω = 100, ρ∞ + O(1/hω) (0.537 for ρ∞ = 0.5), with a transient of the second
// root on top: from step 20 to 40, 0.5 ± 0.06 per step. θ = ½ keeps the energy, up to the
// central-difference stiffness in W̃ (1e-10 relative, amplified by (hω)²/4 = 2500 in each step's
// solve: bound 1e-6 over 40 steps).
TEST(GeneralizedAlpha, DampsAModeTheStepDoesNotResolve) {
  const double k = 1e8, h = 1e-2;
  const MemorySink alpha = run(model_from_yaml(oscillator(k, h, 40, "{method: generalized_alpha, spectral_radius: 0.5}")));
  const MemorySink theta = run(model_from_yaml(oscillator(k, h, 40, "{method: theta}")));
  const auto e_alpha = alpha.series("energy.total"), e_theta = theta.series("energy.total");
  ASSERT_EQ(e_alpha.size(), 41u);
  EXPECT_NEAR(std::pow(e_alpha[40] / e_alpha[20], 1.0 / 40), 0.5, 0.06);  // √ of the energy's ratio, per step
  EXPECT_NEAR(e_theta.back() / e_theta.front(), 1.0, 1e-6);
}

// The impulses are the θ-method's (same complementarity problem, same rows, Coulomb at the step's
// end): with gravity the only smooth force, the pseudo-acceleration is g in every step and the
// generalized-α step is the θ-method's with θ = ½ to rounding. A ball bouncing with e = 0.8: apexes
// e^{2k} h0 as under the θ-method (time_stepping_test.cpp: within 2(k + 2) v0 h); a block below the
// friction angle does not move at all (exact stiction: < 1e-12 m in 2 s), and above it slides at
// g (sin α − μ cos α) to rounding.
std::string block_on_incline(double incline, double mu) {
  const double c = std::cos(incline), s = std::sin(incline);
  std::string yaml = "gravity: [0, -9.81]\nbodies:\n  - {name: block, mass: 1.0, inertia: 0.004166666666666667, position: [" +
                     num(-0.05 * s) + ", " + num(0.05 * c) + "], angle: " + num(incline) + "}\ncontacts:\n";
  for (const char* corner : {"-0.1", "0.1"})
    yaml += std::string("  - {name: c") + (corner[0] == '-' ? "l" : "r") + ", type: point_line, bodies: [ground, block], line: {direction: [" +
            num(c) + ", " + num(s) + "]}, point: [" + corner + ", -0.05], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: " +
            num(mu) + ", mu_k: " + num(mu) + "}}\n";
  return yaml + "simulation: {scheme: time-stepping, t_end: 2, output_interval: 0.02, step: 1e-3, time_stepping: {method: generalized_alpha}}\n";
}

TEST(GeneralizedAlpha, KeepsTheImpulsesExactStictionAndSliding) {
  const double g = 9.81;
  {
    const double mu = 0.5, incline = std::atan(0.8 * mu);
    const MemorySink out = run(model_from_yaml(block_on_incline(incline, mu)));
    const auto x = out.series("block.x"), y = out.series("block.y");
    EXPECT_LT(std::hypot(x.back() - x.front(), y.back() - y.front()), 1e-12);
  }
  {
    const double mu = 0.3, incline = 0.5;
    const MemorySink out = run(model_from_yaml(block_on_incline(incline, mu)));
    const double speed = std::cos(incline) * out.series("block.vx").back() + std::sin(incline) * out.series("block.vy").back();
    EXPECT_NEAR(speed, -g * (std::sin(incline) - mu * std::cos(incline)) * 2.0, 1e-11);
  }
  {
    const double h0 = 1, e = 0.8, h = 1e-4, v0 = std::sqrt(2 * g * h0);
    const MemorySink out = run(model_from_yaml(
        "gravity: [0, -9.81]\nbodies:\n  - {name: ball, mass: 1.0, inertia: 0.004, position: [0, 1.1]}\ncontacts:\n"
        "  - {name: floor, type: circle_line, bodies: [ground, ball], radius: 0.1, impact: {law: newton, e: 0.8}}\n"
        "simulation: {scheme: time-stepping, t_end: 3, output_interval: 0, step: 1e-4, time_stepping: {method: generalized_alpha}}\n"));
    const auto gap = out.series("floor.gap"), vy = out.series("ball.vy");
    std::vector<double> apexes;
    for (std::size_t k = 1; k < gap.size(); ++k)
      if (vy[k - 1] > 0 && vy[k] <= 0) apexes.push_back(std::max(gap[k - 1], gap[k]));
    ASSERT_GE(apexes.size(), 4u);
    for (std::size_t k = 0; k < 4; ++k)
      EXPECT_NEAR(apexes[k], std::pow(e, 2.0 * static_cast<double>(k + 1)) * h0, 2.0 * static_cast<double>(k + 2) * v0 * h) << k;
  }
}

}  // namespace generalized_alpha_test
}  // namespace stickslip
