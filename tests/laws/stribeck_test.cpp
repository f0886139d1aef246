#include "laws/stribeck.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "friction_law_checks.hpp"

namespace stickslip::laws {
namespace stribeck_test {

// Xing, Zheng & Wang 2019 values: μ = 0.3, μ' = 0.4, v_s = 1e-3 m/s; v_t = 1e-6 m/s.
const Stribeck kLaw({.mu_s = 0.4, .mu_k = 0.3, .v_s = 1e-3, .p = 2.0, .sigma2 = 0.0, .v_t = 1e-6});

TEST(Stribeck, Properties) {
  test::expect_odd_symmetry(kLaw, 0.0);
  test::expect_dissipative(kLaw);
  test::expect_proportional_to_normal_force(kLaw, nullptr);
  const Stribeck viscous({.mu_s = 0.4, .mu_k = 0.3, .v_s = 1e-3, .p = 1.0, .sigma2 = 2.0, .v_t = 1e-6});
  test::expect_odd_symmetry(viscous, 0.0);
  test::expect_dissipative(viscous);
  test::expect_proportional_to_normal_force(viscous, nullptr);
  EXPECT_EQ(kLaw.static_coefficient(), 0.4);
  EXPECT_EQ(kLaw.kinetic_coefficient(), 0.3);
}

// The curve: ≈ μ_s just past the regularisation (v_t << v << v_s), μ_k far beyond v_s, and
// F = -g(v) F_N for v >> v_t (tanh = 1 to double precision beyond 19 v_t).
TEST(Stribeck, FollowsTheStribeckCurve) {
  const double fn = 10.0;
  // At v = 2e-5 = 20 v_t: tanh = 1 - 8e-18 → 1; g = 0.3 + 0.1 exp(-4e-4) = 0.39996.
  EXPECT_NEAR(kLaw.force({2e-5, fn}, nullptr), -fn * (0.3 + 0.1 * std::exp(-4e-4)), 1e-14);
  EXPECT_NEAR(-kLaw.force({2e-5, fn}, nullptr) / fn, 0.4, 1e-4);  // static peak
  EXPECT_DOUBLE_EQ(kLaw.force({0.1, fn}, nullptr), -3.0);         // kinetic level
  // Decreasing magnitude over the Stribeck range (negative damping region). Stops at 4 v_s, where
  // the step in g (~Δμ e^{-16}) is still far above the ulp of μ_k, so the decrease is strict.
  double previous = 1e300;
  for (double v = 2e-5; v < 4e-3; v *= 1.5) {
    const double f = -kLaw.force({v, fn}, nullptr);
    EXPECT_LT(f, previous);
    previous = f;
  }
  // σ2 adds σ2 v F_N.
  const Stribeck viscous({.mu_s = 0.4, .mu_k = 0.3, .v_s = 1e-3, .p = 2.0, .sigma2 = 2.0, .v_t = 1e-6});
  EXPECT_DOUBLE_EQ(viscous.force({0.1, fn}, nullptr), -(0.3 + 0.2) * fn);
}

TEST(Stribeck, RejectsBadParameters) {
  EXPECT_THROW(Stribeck({.mu_s = 0.2, .mu_k = 0.3, .v_s = 1e-3, .p = 2, .sigma2 = 0, .v_t = 1e-6}),
               ParameterError);
  EXPECT_THROW(Stribeck({.mu_s = 0.4, .mu_k = 0.3, .v_s = 0.0, .p = 2, .sigma2 = 0, .v_t = 1e-6}),
               ParameterError);
  EXPECT_THROW(Stribeck({.mu_s = 0.4, .mu_k = 0.3, .v_s = 1e-3, .p = 0, .sigma2 = 0, .v_t = 1e-6}),
               ParameterError);
}

}  // namespace stribeck_test
}  // namespace stickslip::laws
