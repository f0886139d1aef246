// Shared checks for the normal-law tests: the properties every NormalLaw must have, and a tight
// fixed-step RK4 simulation of the one-degree-of-freedom impact m δ̈ = -F(δ, δ̇, v⁻).
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <numbers>

#include "laws/normal_law.hpp"

namespace stickslip::laws::test {

// Properties of any normal law, probed on a grid spanning 1e-3..10 × (delta_ref, v_ref):
//  - F = 0 for δ <= 0, whatever δ̇ and v⁻;  F >= 0 for any δ̇ (damping never pulls);
//  - F(δ, 0, v⁻) = F_e(δ), monotone non-decreasing in δ;
//  - V(δ <= 0) = 0, V' = F_e and F_e' = stiffness, against central differences.
inline void expect_normal_law_properties(const NormalLaw& law, double delta_ref, double v_ref) {
  const std::array<double, 9> scales{1e-3, 1e-2, 0.1, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0};
  const std::array<double, 9> rates{-1e3, -10.0, -1.0, -0.3, 0.0, 0.3, 1.0, 10.0, 1e3};
  for (double r : rates) {
    const double rate = r * v_ref;
    EXPECT_EQ(law.force(0.0, rate, v_ref), 0.0) << law.name();
    EXPECT_EQ(law.force(-delta_ref, rate, v_ref), 0.0) << law.name();
    for (double s : scales) {
      const double f = law.force(s * delta_ref, rate, v_ref);
      EXPECT_GE(f, 0.0) << law.name() << " delta=" << s * delta_ref << " rate=" << rate;
      EXPECT_TRUE(std::isfinite(f)) << law.name();
    }
  }
  EXPECT_EQ(law.potential(0.0), 0.0);
  EXPECT_EQ(law.potential(-delta_ref), 0.0);
  EXPECT_EQ(law.elastic_force(-delta_ref), 0.0);
  EXPECT_EQ(law.stiffness(-delta_ref), 0.0);
  double previous = 0.0;
  for (double s : scales) {
    const double d = s * delta_ref;
    const double fe = law.elastic_force(d);
    EXPECT_EQ(law.force(d, 0.0, v_ref), fe) << law.name() << ": no rate, no damping";
    EXPECT_GE(fe, previous) << law.name() << ": F_e must be non-decreasing in delta";
    previous = fe;
    // Central differences with h = 1e-4 δ. For a power law K δ^n (1 <= n <= 2) the truncation error
    // relative to the derivative is n(n-1)/6 (h/δ)² <= 3.4e-9 for V' = F_e and |(n-1)(n-2)|/6 (h/δ)²
    // <= 1e-9 for F_e' = stiffness; rounding adds about eps·f/(h·f') ~ eps δ/h ~ 2e-12. A 1e-7
    // relative tolerance leaves a margin of ~30 over both.
    const double h = 1e-4 * d;
    const double dv = (law.potential(d + h) - law.potential(d - h)) / (2.0 * h);
    EXPECT_NEAR(dv, fe, 1e-7 * fe) << law.name() << ": V' = F_e at delta=" << d;
    const double df = (law.elastic_force(d + h) - law.elastic_force(d - h)) / (2.0 * h);
    const double k = law.stiffness(d);
    EXPECT_NEAR(df, k, 1e-7 * k) << law.name() << ": F_e' = stiffness at delta=" << d;
  }
}

// Analytic impact of the clamped Kelvin-Voigt contact F = max{k δ + c δ̇, 0} (damping ratio
// ζ = c/(2√(k m)) < 1/√2). While F > 0 the motion is the damped oscillation
// δ = (v/ω_d) e^{-ζω t} sin(ω_d t); F first vanishes at
//   ω_d t_s = π − atan(2ζ√(1 − ζ²)/(1 − 2ζ²)),
// after which the mass leaves at the constant speed v⁺ = −δ̇(t_s) (it separates before δ = 0). The
// restitution v⁺/v⁻ depends on ζ only.
inline double clamped_kelvin_voigt_restitution(double zeta) {
  const double root = std::sqrt(1 - zeta * zeta), ratio = zeta / root;  // ζω/ω_d
  const double phase = std::numbers::pi - std::atan(2 * zeta * root / (1 - 2 * zeta * zeta));  // ω_d t_s
  return -std::exp(-ratio * phase) * (std::cos(phase) - ratio * std::sin(phase));
}

struct ImpactOutcome {
  double exit_speed = 0.0;       // v⁺ = -δ̇ when δ returns to 0 [m/s]
  double duration = 0.0;         // contact time [s]
  double max_penetration = 0.0;  // [m]
};

// m δ̈ = -F(δ, δ̇, v_in), δ(0) = 0, δ̇(0) = v_in, with classical RK4 at step dt until δ returns to 0.
// The exit instant inside the last step is found on the cubic Hermite interpolant of (δ, δ̇) at the
// step ends (bisection to machine precision), so it carries the integrator's accuracy, not dt's.
inline ImpactOutcome simulate_impact(const NormalLaw& law, double m, double v_in, double dt) {
  auto acc = [&](double d, double v) { return -law.force(d, v, v_in) / m; };
  double t = 0.0, d = 0.0, v = v_in;
  ImpactOutcome out;
  for (long step = 0; step < 100'000'000; ++step) {
    const double k1d = v, k1v = acc(d, v);
    const double k2d = v + 0.5 * dt * k1v, k2v = acc(d + 0.5 * dt * k1d, v + 0.5 * dt * k1v);
    const double k3d = v + 0.5 * dt * k2v, k3v = acc(d + 0.5 * dt * k2d, v + 0.5 * dt * k2v);
    const double k4d = v + dt * k3v, k4v = acc(d + dt * k3d, v + dt * k3v);
    const double dn = d + dt / 6.0 * (k1d + 2.0 * k2d + 2.0 * k3d + k4d);
    const double vn = v + dt / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    out.max_penetration = std::max(out.max_penetration, dn);
    if (step > 0 && dn <= 0.0) {
      // Hermite cubic on [0, 1]: p(s) = h00 d + h10 dt v + h01 dn + h11 dt vn.
      auto p = [&](double s) {
        const double s2 = s * s, s3 = s2 * s;
        return (2 * s3 - 3 * s2 + 1) * d + (s3 - 2 * s2 + s) * dt * v + (-2 * s3 + 3 * s2) * dn +
               (s3 - s2) * dt * vn;
      };
      auto dp = [&](double s) {  // dp/dt
        const double s2 = s * s;
        return ((6 * s2 - 6 * s) * d + (-6 * s2 + 6 * s) * dn) / dt + (3 * s2 - 4 * s + 1) * v +
               (3 * s2 - 2 * s) * vn;
      };
      double lo = 0.0, hi = 1.0;
      for (int i = 0; i < 200 && hi - lo > 1e-16; ++i) {
        const double mid = 0.5 * (lo + hi);
        (p(mid) > 0.0 ? lo : hi) = mid;
      }
      out.duration = t + hi * dt;
      out.exit_speed = -dp(hi);
      return out;
    }
    t += dt;
    d = dn;
    v = vn;
  }
  ADD_FAILURE() << law.name() << ": the contact did not end";
  return out;
}

// Contact time of an undamped Hertz impact F = K δ^n of a mass m at speed v (energy conservation):
//   δ_max = ((n+1) m v² / (2K))^{1/(n+1)},
//   t* = 2 ∫_0^δmax dδ/δ̇ = (2 δ_max/v) ∫_0^1 (1 - x^{n+1})^{-1/2} dx
//      = (2 δ_max/v) B(1/(n+1), 1/2)/(n+1)      (substituting y = x^{n+1}).
// For n = 3/2 the constant 2 B(2/5, 1/2)/(5/2) = 2.9432... (Johnson, Contact Mechanics, 1985, ch. 11;
// Goldsmith, Impact, 1960).
inline double hertz_max_penetration(double K, double n, double m, double v) {
  return std::pow((n + 1.0) * m * v * v / (2.0 * K), 1.0 / (n + 1.0));
}
inline double hertz_contact_time(double K, double n, double m, double v) {
  const double a = 1.0 / (n + 1.0);
  const double beta = std::tgamma(a) * std::tgamma(0.5) / std::tgamma(a + 0.5);
  return 2.0 * hertz_max_penetration(K, n, m, v) / v * beta * a;
}

}  // namespace stickslip::laws::test

namespace stickslip::laws::test {

// Restitution v⁺/v⁻ of a simulated point-mass impact, with dt = (undamped Hertz contact time)/2e4:
// damping only lengthens the contact (the restitution phase is slower), so every run takes at
// least 2e4 RK4 steps. Measured accuracy against the exact relation of hysteretic_damping.hpp:
// ~2e-13 (e = 0.9 and e = 0.5), so tests comparing with it use 1e-9.
inline double simulated_restitution(const NormalLaw& law, double K, double n, double m, double v) {
  const double dt = hertz_contact_time(K, n, m, v) / 20000.0;
  return simulate_impact(law, m, v, dt).exit_speed / v;
}

// Random-ish but reproducible probe points (δ, δ̇) for comparing two laws pointwise.
inline constexpr std::array<std::array<double, 2>, 6> kProbePoints{{
    {1e-5, 0.7}, {3e-4, -0.2}, {1e-3, 1.5}, {2e-3, -1.0}, {5e-4, 0.0}, {4e-3, 20.0}}};

}  // namespace stickslip::laws::test
