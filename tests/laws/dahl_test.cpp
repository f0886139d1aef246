#include "laws/dahl.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "friction_law_checks.hpp"

namespace stickslip::laws {
namespace dahl_test {

const Dahl kLaw({.mu = 0.3, .sigma0 = 1e5});

// z after moving a distance x at constant sign of v from z0: the ODE dz/dx = 1 - σ0 z sgn(v)/μ is
// linear in x, so for v > 0: z(x) = μ/σ0 + (z0 - μ/σ0) exp(-σ0 x/μ).
double exact_z(double z0, double x) {
  const double zs = 0.3 / 1e5;
  return zs + (z0 - zs) * std::exp(-1e5 * x / 0.3);
}

// RK4 of ż = f(v, z) at constant v for a time t.
double integrate_state(const FrictionLaw& law, double v, double z0, double t, int steps) {
  double z[1] = {z0};
  const double dt = t / steps;
  for (int i = 0; i < steps; ++i) {
    double k1[1], k2[1], k3[1], k4[1], zt[1];
    law.state_rate({v, 1.0}, z, k1);
    zt[0] = z[0] + 0.5 * dt * k1[0];
    law.state_rate({v, 1.0}, zt, k2);
    zt[0] = z[0] + 0.5 * dt * k2[0];
    law.state_rate({v, 1.0}, zt, k3);
    zt[0] = z[0] + dt * k3[0];
    law.state_rate({v, 1.0}, zt, k4);
    z[0] += dt / 6.0 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]);
  }
  return z[0];
}

TEST(Dahl, Properties) {
  EXPECT_EQ(kLaw.state_size(), 1);
  double z0[1] = {42.0};
  kLaw.initial_state(z0);
  EXPECT_EQ(z0[0], 0.0);
  test::expect_odd_symmetry(kLaw, 0.3 / 1e5);
  const double z[1] = {1e-6};
  test::expect_proportional_to_normal_force(kLaw, z);
  EXPECT_DOUBLE_EQ(kLaw.force({0.1, 10.0}, z), -1e5 * 1e-6 * 10.0);
}

// Steady state at constant v: z = μ sgn(v)/σ0, where ż = 0, and F = -μ F_N sgn(v).
TEST(Dahl, SteadyStateIsCoulomb) {
  for (double v : {1e-4, 0.1, -2.0}) {
    const double zs = 0.3 * (v > 0 ? 1 : -1) / 1e5;
    const double zsa[1] = {zs};
    double rate[1];
    kLaw.state_rate({v, 10.0}, zsa, rate);
    EXPECT_NEAR(rate[0], 0.0, 1e-15 * std::abs(v));  // v - v·(rounded 1): a few ulps of v
    EXPECT_DOUBLE_EQ(kLaw.force({v, 10.0}, zsa), -3.0 * (v > 0 ? 1 : -1));
    // From z = 0 the state relaxes as exp(-σ0|v| t/μ): after 25 time constants e^{-25} ≈ 1.4e-11
    // of z_s remains; RK4 at 0.1 time constant per step has a fixed point exactly at z_s (the rate
    // is linear in z) and decays at the exact rate to 1e-7 relative per step. Tolerance 1e-10 z_s.
    const double tau = 0.3 / (1e5 * std::abs(v));
    const double z_end = integrate_state(kLaw, v, 0.0, 25 * tau, 250);
    EXPECT_NEAR(z_end, zs, 1e-10 * std::abs(zs));
  }
}

// Presliding: from rest the force grows as a spring of stiffness σ0 F_N, then saturates at μ F_N,
// following exp (exact_z); reversal from steady sliding retraces with the same law (hysteresis).
TEST(Dahl, PreslidingFollowsTheExactBristleCurve) {
  const double v = 1e-3, x = 2e-6;  // 2 µm, comparable to μ/σ0 = 3 µm
  const double t = x / v;
  // RK4 with 1000 steps over 0.67 time constants: error ~ (dt/τ)^4/120 ~ 1e-14 relative.
  EXPECT_NEAR(integrate_state(kLaw, v, 0.0, t, 1000), exact_z(0.0, x), 1e-12 * 3e-6);
  // Small displacement: F ≈ -σ0 F_N x (a spring); the exact z = x (1 - σ0 x/(2μ) + ...) differs by
  // the relative amount σ0 x/(2μ) = 0.00167 at x = 10 nm: tolerance 0.0025 relative.
  const double xs = 1e-8;
  const double zs[1] = {integrate_state(kLaw, v, 0.0, xs / v, 100)};
  EXPECT_NEAR(kLaw.force({v, 10.0}, zs), -1e5 * 10.0 * xs, 0.0025 * 1e5 * 10.0 * xs);
  // Reversal from +μ/σ0 moving backwards by x: by symmetry z = -exact_z(-z0, x).
  EXPECT_NEAR(integrate_state(kLaw, -v, 3e-6, t, 1000), -exact_z(-3e-6, x), 1e-12 * 3e-6);
}

}  // namespace dahl_test
}  // namespace stickslip::laws
