#include "laws/coulomb.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "friction_law_checks.hpp"

namespace stickslip::laws {
namespace coulomb_test {

// Zhang & Wang 2017, Table 1 case 1: μ0 = 0.6, μ = 0.8 μ0 = 0.48.
const Coulomb kLaw({.mu_s = 0.6, .mu_k = 0.48});

TEST(Coulomb, IsSetValuedWithBothCoefficients) {
  EXPECT_TRUE(kLaw.set_valued());
  EXPECT_TRUE(kLaw.uses_stick_force());
  EXPECT_EQ(kLaw.state_size(), 0);
  EXPECT_EQ(kLaw.static_coefficient(), 0.6);
  EXPECT_EQ(kLaw.kinetic_coefficient(), 0.48);
}

TEST(Coulomb, KineticForceOpposesSlip) {
  EXPECT_DOUBLE_EQ(kLaw.kinetic_force(0.2, 100.0), -48.0);
  EXPECT_DOUBLE_EQ(kLaw.kinetic_force(-1e-9, 100.0), 48.0);
  EXPECT_EQ(kLaw.kinetic_force(0.0, 100.0), 0.0);
  EXPECT_DOUBLE_EQ(kLaw.force({0.2, 100.0}, nullptr), -48.0);
  test::expect_odd_symmetry(kLaw, 0.0);
  test::expect_dissipative(kLaw);
  test::expect_proportional_to_normal_force(kLaw, nullptr);
}

TEST(Coulomb, ConeBoundsAndForceSet) {
  EXPECT_DOUBLE_EQ(kLaw.static_bound(100.0), 60.0);
  EXPECT_DOUBLE_EQ(kLaw.kinetic_bound(100.0), 48.0);
  const Interval stick = kLaw.force_set(0.0, 100.0);
  EXPECT_DOUBLE_EQ(stick.lo, -60.0);
  EXPECT_DOUBLE_EQ(stick.hi, 60.0);
  const Interval slip = kLaw.force_set(-0.1, 100.0);
  EXPECT_DOUBLE_EQ(slip.lo, 48.0);
  EXPECT_DOUBLE_EQ(slip.hi, 48.0);
  EXPECT_TRUE(kLaw.can_stick(59.9, 100.0));
  EXPECT_TRUE(kLaw.can_stick(-60.0, 100.0));
  EXPECT_FALSE(kLaw.can_stick(60.1, 100.0));
}

// At v = 0 the force is the stick force, saturated at ±μ_s F_N; unknown → 0 (an element of the set).
TEST(Coulomb, StickForceAtZeroSlip) {
  EXPECT_DOUBLE_EQ(kLaw.force({0.0, 100.0, 25.0}, nullptr), 25.0);
  EXPECT_DOUBLE_EQ(kLaw.force({0.0, 100.0, -80.0}, nullptr), -60.0);
  EXPECT_EQ(kLaw.force({0.0, 100.0}, nullptr), 0.0);
  // Slipping: the stick force is irrelevant.
  EXPECT_DOUBLE_EQ(kLaw.force({0.1, 100.0, 25.0}, nullptr), -48.0);
}

TEST(Coulomb, RejectsStaticBelowKinetic) {
  try {
    Coulomb({.mu_s = 0.3, .mu_k = 0.4});
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "mu_s");
  }
  EXPECT_THROW(Coulomb({.mu_s = 0.3, .mu_k = -0.1}), ParameterError);
  EXPECT_NO_THROW(Coulomb({.mu_s = 0.3, .mu_k = 0.3}));
}

}  // namespace coulomb_test
}  // namespace stickslip::laws
