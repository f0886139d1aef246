#include "laws/regularised_coulomb.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "friction_law_checks.hpp"
#include "laws/coulomb.hpp"

namespace stickslip::laws {
namespace regularised_coulomb_test {

TEST(RegularisedCoulomb, Properties) {
  for (const auto shape : {Regularisation::kTanh, Regularisation::kLinear}) {
    const RegularisedCoulomb law(shape, {.mu = 0.3, .v_t = 1e-3});
    test::expect_odd_symmetry(law, 0.0);
    test::expect_dissipative(law);
    test::expect_proportional_to_normal_force(law, nullptr);
    EXPECT_FALSE(law.set_valued());
    EXPECT_EQ(law.static_coefficient(), 0.3);
    EXPECT_EQ(law.kinetic_coefficient(), 0.3);
    // Never exceeds the Coulomb bound μ F_N.
    for (double v : test::kSlipVelocities) EXPECT_LE(std::abs(law.force({v, 10.0}, nullptr)), 3.0);
  }
  EXPECT_EQ(RegularisedCoulomb(Regularisation::kTanh, {.mu = 0.3, .v_t = 1e-3}).name(), "coulomb_tanh");
  EXPECT_EQ(RegularisedCoulomb(Regularisation::kLinear, {.mu = 0.3, .v_t = 1e-3}).name(),
            "coulomb_linear");
}

TEST(RegularisedCoulomb, Formulas) {
  const RegularisedCoulomb tanh_law(Regularisation::kTanh, {.mu = 0.3, .v_t = 1e-3});
  const RegularisedCoulomb lin_law(Regularisation::kLinear, {.mu = 0.3, .v_t = 1e-3});
  EXPECT_DOUBLE_EQ(tanh_law.force({1e-3, 10.0}, nullptr), -3.0 * std::tanh(1.0));
  EXPECT_DOUBLE_EQ(lin_law.force({0.5e-3, 10.0}, nullptr), -1.5);
  EXPECT_DOUBLE_EQ(lin_law.force({2e-3, 10.0}, nullptr), -3.0);
}

// As v_t → 0 both shapes converge to Coulomb's -μ F_N sgn(v) at every fixed v ≠ 0: the linear one is
// exactly Coulomb once v_t <= |v|; the tanh one errs by μ F_N (1 - tanh(|v|/v_t)) ≈ 2 μ F_N e^{-2|v|/v_t},
// which is checked to fall monotonically and to vanish below 1e-12 μ F_N at v_t = |v|/20.
TEST(RegularisedCoulomb, ConvergesToCoulombAsTransitionVelocityVanishes) {
  const Coulomb coulomb({.mu_s = 0.3, .mu_k = 0.3});
  const double v = 0.01, fn = 10.0;
  double previous = 1e300;
  for (double vt : {1e-1, 1e-2, 2e-3, 1e-3, 5e-4}) {
    const RegularisedCoulomb tanh_law(Regularisation::kTanh, {.mu = 0.3, .v_t = vt});
    const double err = std::abs(tanh_law.force({v, fn}, nullptr) - coulomb.force({v, fn}, nullptr));
    EXPECT_LT(err, previous) << vt;
    EXPECT_NEAR(err, 0.3 * fn * (1.0 - std::tanh(v / vt)), 1e-15);
    previous = err;
    const RegularisedCoulomb lin_law(Regularisation::kLinear, {.mu = 0.3, .v_t = vt});
    if (vt <= v) {
      EXPECT_EQ(lin_law.force({v, fn}, nullptr), coulomb.force({v, fn}, nullptr));
      EXPECT_EQ(lin_law.force({-v, fn}, nullptr), coulomb.force({-v, fn}, nullptr));
    }
  }
  EXPECT_LT(previous, 1e-12 * 0.3 * fn);
}

TEST(RegularisedCoulomb, RejectsNonPositiveTransitionVelocity) {
  try {
    RegularisedCoulomb(Regularisation::kTanh, {.mu = 0.3, .v_t = 0.0});
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "v_t");
  }
}

}  // namespace regularised_coulomb_test
}  // namespace stickslip::laws
