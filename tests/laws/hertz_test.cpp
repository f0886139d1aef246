#include "laws/hertz.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "normal_law_checks.hpp"

namespace stickslip::laws {
namespace hertz_test {

TEST(Hertz, Properties) {
  const Hertz law({.K = 1e7, .n = 1.5});
  test::expect_normal_law_properties(law, 1e-3, 1.0);
  EXPECT_FALSE(law.uses_impact_speed());
  EXPECT_EQ(law.name(), "hertz");
}

TEST(Hertz, FormulaValues) {
  const Hertz law({.K = 2e9, .n = 1.5});
  // K δ^1.5 at δ = 1e-4: 2e9 · 1e-6 = 2000 N; V = K δ^2.5/2.5 = 2e9 · 1e-10/2.5 = 0.08 J.
  // Both are a few floating-point operations from exact: relative 1e-14.
  EXPECT_NEAR(law.force(1e-4, 5.0, 1.0), 2000.0, 2000.0 * 1e-14);
  EXPECT_NEAR(law.potential(1e-4), 0.08, 0.08 * 1e-14);
  EXPECT_NEAR(law.stiffness(1e-4), 1.5 * 2e9 * 1e-2, 3e7 * 1e-14);
  // n = 1: a linear spring.
  const Hertz lin({.K = 1e5, .n = 1.0});
  EXPECT_DOUBLE_EQ(lin.force(0.01, 0.0, 0.0), 1e3);
  EXPECT_DOUBLE_EQ(lin.stiffness(0.01), 1e5);
}

TEST(Hertz, RejectsNonPhysicalParameters) {
  EXPECT_THROW(Hertz({.K = 0.0, .n = 1.5}), ParameterError);
  EXPECT_THROW(Hertz({.K = -1.0, .n = 1.5}), ParameterError);
  EXPECT_THROW(Hertz({.K = std::nan(""), .n = 1.5}), ParameterError);
  try {
    Hertz({.K = 1e6, .n = 0.5});
    FAIL() << "n < 1 accepted";
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "n");
  }
}

// Undamped Hertz impact: energy is conserved (exit speed = entry speed) and the contact lasts
// t* = 2.9432 δ_max/v = 2.9432 (5/4)^{2/5} (m²/(K² v))^{1/5} for n = 3/2.
TEST(Hertz, ImpactConservesEnergyAndMatchesAnalyticContactTime) {
  const double m = 1.0, K = 1e7, v = 1.0;
  const Hertz law({.K = K, .n = 1.5});
  const double t_star = test::hertz_contact_time(K, 1.5, m, v);
  // The closed form of the constant, checked against the textbook value 2.9432 (4 digits given).
  EXPECT_NEAR(t_star * v / test::hertz_max_penetration(K, 1.5, m, v), 2.9432, 1e-4);
  EXPECT_NEAR(t_star, 2.9432 * std::pow(1.25, 0.4) * std::pow(m * m / (K * K * v), 0.2),
              1e-4 * t_star);
  const auto out = test::simulate_impact(law, m, v, t_star / 20000.0);
  // RK4 with 2e4 steps over the contact. The non-smooth onset/exit (δ^{3/2} has an unbounded second
  // derivative at δ = 0) keeps the error above RK4's O(dt⁴); measured when this test was written:
  // 4e-13 relative in time, 7e-13 in δ_max, rounding (1e-15) in speed, each shrinking as dt is
  // halved. 1e-9 leaves a margin of 1000 for other compilers and flags.
  EXPECT_NEAR(out.exit_speed, v, 1e-9 * v);
  EXPECT_NEAR(out.duration, t_star, 1e-9 * t_star);
  EXPECT_NEAR(out.max_penetration, test::hertz_max_penetration(K, 1.5, m, v), 1e-9 * 1e-3);
}

// The same for another exponent (n = 1: a linear spring, t* = π sqrt(m/K)).
TEST(Hertz, ContactTimeForLinearExponentIsHalfPeriod) {
  const double m = 2.0, K = 1e6, v = 0.5;
  const Hertz law({.K = K, .n = 1.0});
  const double t_star = test::hertz_contact_time(K, 1.0, m, v);
  // B(1/2, 1/2)/2 · 2 δ_max/v = π sqrt(m/K): the Beta-function formula reduces to the half period
  // (tgamma is accurate to a few ulps: 1e-14 relative).
  EXPECT_NEAR(t_star, std::numbers::pi * std::sqrt(m / K), 1e-14 * t_star);
  const auto out = test::simulate_impact(law, m, v, t_star / 20000.0);
  // Smooth except at the exit crossing: RK4 error (dt/t*)^4 ~ 1e-17 per unit; 1e-9 is loose.
  EXPECT_NEAR(out.exit_speed, v, 1e-9 * v);
  EXPECT_NEAR(out.duration, t_star, 1e-9 * t_star);
}

}  // namespace hertz_test
}  // namespace stickslip::laws
