// Friction on a slip-velocity vector (spatial contacts, two tangent rows): FrictionLaw::force_vector
// and state_rate_vector. Stateless laws: the force opposes the slip velocity and its magnitude is the
// scalar law's at |v|, in every direction. Dahl and LuGre: a 2-component bristle z that reduces to the
// scalar law when v and z lie on one line, stays inside its bound in a rotating slip and reaches the
// closed-form steady state of that slip; LuGre's steady bristle gives the Stribeck law's vector.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "friction_law_checks.hpp"
#include "laws/coulomb_viscous.hpp"
#include "laws/dahl.hpp"
#include "laws/lugre.hpp"
#include "laws/regularised_coulomb.hpp"
#include "laws/stribeck.hpp"

namespace stickslip::laws {
namespace isotropic_friction_test {

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kPi = std::numbers::pi;

const RegularisedCoulomb kTanh(Regularisation::kTanh, {.mu = 0.3, .v_t = 1e-3});
const RegularisedCoulomb kLinear(Regularisation::kLinear, {.mu = 0.3, .v_t = 1e-3});
const CoulombViscous kViscous({.mu = 0.2, .c_v = 5.0, .v_t = 1e-3});
const Stribeck kStribeck({.mu_s = 0.5, .mu_k = 0.3, .v_s = 0.01, .p = 2.0, .sigma2 = 0.4, .v_t = 1e-4});
const Dahl kDahl({.mu = 0.3, .sigma0 = 1000.0});
const LuGre kLuGre({.mu_s = 0.5, .mu_k = 0.3, .sigma0 = 1000.0, .sigma1 = 2.0, .sigma2 = 0.4, .v_s = 0.01, .p = 2.0});

// Directions in the tangent plane: the axes, the diagonals and a few odd angles.
constexpr std::array kAngles{0.0, kPi / 2, kPi, -kPi / 2, kPi / 4, -3 * kPi / 4, 0.3, 2.1, -1.2};

TEST(IsotropicFriction, StatelessForceOpposesTheSlipWithTheScalarMagnitude) {
  for (const FrictionLaw* law : {static_cast<const FrictionLaw*>(&kTanh), static_cast<const FrictionLaw*>(&kLinear),
                                 static_cast<const FrictionLaw*>(&kViscous), static_cast<const FrictionLaw*>(&kStribeck)}) {
    ASSERT_EQ(law->state_size(), 0) << law->name();
    for (double speed : test::kSlipVelocities) {
      for (double fn : test::kNormalForces) {
        const double scalar = law->force({speed, fn}, nullptr);
        for (double phi : kAngles) {
          const double slip[2] = {speed * std::cos(phi), speed * std::sin(phi)};
          double f[2];
          law->force_vector(slip, fn, nullptr, f);
          // F = F_law(|v|) v/|v|: |v| is hypot of the components (within 1 ulp of `speed`, which the
          // law sees through a curve of slope at most |F|/v_t), the direction two divisions and two
          // products: a few ulps of |F| each. 16 ulps of |F| (plus F's own scale at the smallest
          // speeds, where the law's slope |F|/v_t amplifies the 1-ulp speed error) covers both.
          const double tol = 16 * kEps * std::abs(scalar);
          EXPECT_NEAR(std::hypot(f[0], f[1]), std::abs(scalar), tol) << law->name() << " v=" << speed << " φ=" << phi;
          // Opposes the slip: no component across it, and F·v = F_law(|v|) |v| ≤ 0.
          EXPECT_NEAR(f[0] * slip[1] - f[1] * slip[0], 0.0, tol * speed) << law->name();
          EXPECT_LE(f[0] * slip[0] + f[1] * slip[1], 0.0) << law->name();
          EXPECT_NEAR(f[0] * slip[0] + f[1] * slip[1], scalar * speed, 2 * tol * speed) << law->name();
        }
      }
    }
    // No slip, no force (a spatial contact has no stick force to read).
    const double rest[2] = {0.0, 0.0};
    double f[2] = {1.0, 1.0};
    law->force_vector(rest, 10.0, nullptr, f);
    EXPECT_EQ(f[0], 0.0);
    EXPECT_EQ(f[1], 0.0);
  }
}

// v and z along one unit vector e (either sign of v): ż = ż_scalar(v, z) e and F = F_scalar(v, z) e,
// the scalar law on that line. Only |v| = hypot(v e) differs from the scalar |v|, by an ulp; relative
// 16 ulps of each term's scale.
TEST(IsotropicFriction, BristleLawsReduceToTheScalarLawAlongALine) {
  for (const FrictionLaw* law : {static_cast<const FrictionLaw*>(&kDahl), static_cast<const FrictionLaw*>(&kLuGre)}) {
    ASSERT_EQ(law->state_size(), 1);
    const double z_scale = law->state_scale();
    for (double phi : kAngles) {
      const double e[2] = {std::cos(phi), std::sin(phi)};
      for (double v : {-0.5, -0.01, -1e-4, 0.0, 2e-5, 0.003, 0.2}) {
        for (double zs : {0.0, 0.4 * z_scale, -0.9 * z_scale, z_scale}) {
          const double slip[2] = {v * e[0], v * e[1]}, z[2] = {zs * e[0], zs * e[1]};
          const FrictionInput in{v, 20.0};
          const double z1[1] = {zs};
          double rate1[1], rate[2], f[2];
          law->state_rate(in, z1, rate1);
          law->state_rate_vector(slip, 20.0, z, rate);
          law->force_vector(slip, 20.0, z, f);
          const double force1 = law->force(in, z1);
          const double rate_tol = 16 * kEps * (std::abs(v) + std::abs(rate1[0]));
          const double force_tol = 16 * kEps * 20.0 * (1 + std::abs(force1));
          for (int k = 0; k < 2; ++k) {
            EXPECT_NEAR(rate[k], rate1[0] * e[k], rate_tol) << law->name() << " v=" << v << " φ=" << phi;
            EXPECT_NEAR(f[k], force1 * e[k], force_tol) << law->name() << " v=" << v << " φ=" << phi;
          }
        }
      }
    }
  }
}

// A slip of constant speed V whose direction turns at Ω, v(t) = V (cos Ωt, sin Ωt). In the turning
// frame the bristle equation ż = v − k z (k = σ0 V/g(V), constant) is linear with constant
// coefficients; as a complex number z = Z e^{iΩt} with iΩ Z = V − k Z, so the steady bristle is
//   Z = V/(k + iΩ):  |z| = V/√(k² + Ω²) < V/k = g(V)/σ0, lagging the slip by atan(Ω/k),
// reached after the transient e^{−kt}. From z = 0 the bristle stays inside |z| ≤ μ_s/σ0 throughout
// (Canudas de Wit et al. 1995, Property 1, which the vector law keeps: d|z|²/dt ≤ 2|z||v|(1 − σ0|z|/g)),
// though the transient overshoots the steady |z| by up to e^{−kt} when it is half a turn behind.
// Integrated by classical RK4 with h = 1e-4 s: k h ≤ 3.4e-3 and Ω h = 2e-3, local error ~ (kh)⁵/120
// of |z| per step, damped by the exact flow's e^{−kh}, so the global error stays near (kh)⁴ ≈ 1e-10 of
// |z|; compared at 1e-6 of the steady |z|.
TEST(IsotropicFriction, BristleInARotatingSlipStaysBoundedAndReachesTheClosedFormSteadyState) {
  for (const FrictionLaw* law : {static_cast<const FrictionLaw*>(&kDahl), static_cast<const FrictionLaw*>(&kLuGre)}) {
    const double V = 0.01, Omega = 20.0, h = 1e-4, t_end = 3.0;
    const double g_V = law == &kDahl ? kDahl.params().mu : kLuGre.curve(V);
    const double sigma0 = law == &kDahl ? kDahl.params().sigma0 : kLuGre.params().sigma0;
    const double mu_s = law->static_coefficient();
    const double k = sigma0 * V / g_V;
    ASSERT_GT(k * t_end, 30) << law->name();  // the transient e^{−kt} is below 1e-13 at the end
    const auto rate = [&](double t, const std::array<double, 2>& z) {
      const double slip[2] = {V * std::cos(Omega * t), V * std::sin(Omega * t)};
      std::array<double, 2> r;
      law->state_rate_vector(slip, 10.0, z.data(), r.data());
      return r;
    };
    std::array<double, 2> z{0.0, 0.0};
    double largest = 0;
    const long steps = std::lround(t_end / h);
    for (long n = 0; n < steps; ++n) {
      const double t = static_cast<double>(n) * h;
      const auto add = [](const std::array<double, 2>& a, const std::array<double, 2>& b, double s) {
        return std::array<double, 2>{a[0] + s * b[0], a[1] + s * b[1]};
      };
      const auto k1 = rate(t, z), k2 = rate(t + h / 2, add(z, k1, h / 2)), k3 = rate(t + h / 2, add(z, k2, h / 2));
      const auto k4 = rate(t + h, add(z, k3, h));
      for (int c = 0; c < 2; ++c) z[c] += h / 6 * (k1[c] + 2 * k2[c] + 2 * k3[c] + k4[c]);
      largest = std::max(largest, std::hypot(z[0], z[1]));
    }
    EXPECT_LE(largest, mu_s / sigma0) << law->name();
    const double size = V / std::hypot(k, Omega), lag = std::atan2(Omega, k);
    EXPECT_LT(size, g_V / sigma0);
    const double angle = Omega * t_end - lag;
    EXPECT_NEAR(z[0], size * std::cos(angle), 1e-6 * size) << law->name();
    EXPECT_NEAR(z[1], size * std::sin(angle), 1e-6 * size) << law->name();
  }
}

// At a steady slip LuGre's bristle is z = g(|v|) v̂/σ0 (ż = 0), and its force is then the Stribeck
// law's F = −(g(|v|) v̂ + σ2 v) F_N with the same parameters, once tanh(|v|/v_t) = 1 in double
// precision (|v| ≥ 20 v_t). 16 ulps of |F|, as above.
TEST(IsotropicFriction, SteadyLuGreBristleGivesTheStribeckVector) {
  for (double speed : {0.002, 0.01, 0.05, 1.0}) {
    ASSERT_GE(speed, 20 * kStribeck.params().v_t);
    for (double phi : kAngles) {
      const double slip[2] = {speed * std::cos(phi), speed * std::sin(phi)};
      const double s = kLuGre.curve(speed) / kLuGre.params().sigma0 / speed;
      const double z[2] = {s * slip[0], s * slip[1]};
      double zdot[2], f_lugre[2], f_stribeck[2];
      kLuGre.state_rate_vector(slip, 5.0, z, zdot);
      kLuGre.force_vector(slip, 5.0, z, f_lugre);
      kStribeck.force_vector(slip, 5.0, nullptr, f_stribeck);
      const double tol = 16 * kEps * std::hypot(f_stribeck[0], f_stribeck[1]);
      for (int c = 0; c < 2; ++c) {
        EXPECT_NEAR(zdot[c], 0.0, 16 * kEps * speed) << speed << " φ=" << phi;
        EXPECT_NEAR(f_lugre[c], f_stribeck[c], tol) << speed << " φ=" << phi;
      }
    }
  }
}

}  // namespace isotropic_friction_test
}  // namespace stickslip::laws
