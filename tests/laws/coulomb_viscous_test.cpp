#include "laws/coulomb_viscous.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "friction_law_checks.hpp"

namespace stickslip::laws {
namespace coulomb_viscous_test {

const CoulombViscous kLaw({.mu = 0.2, .c_v = 5.0, .v_t = 1e-4});

TEST(CoulombViscous, Properties) {
  test::expect_odd_symmetry(kLaw, 0.0);
  test::expect_dissipative(kLaw);
  EXPECT_EQ(kLaw.static_coefficient(), 0.2);
}

// The viscous part does not scale with F_N: at F_N = 0 only -c_v v remains.
TEST(CoulombViscous, ViscousPartIndependentOfNormalForce) {
  EXPECT_DOUBLE_EQ(kLaw.force({0.5, 0.0}, nullptr), -2.5);
  // Fast slip (tanh(5000) = 1 in double): -(0.2·100 + 5·0.5) = -22.5.
  EXPECT_DOUBLE_EQ(kLaw.force({0.5, 100.0}, nullptr), -22.5);
  EXPECT_DOUBLE_EQ(kLaw.force({1e-4, 100.0}, nullptr), -(20.0 * std::tanh(1.0) + 5e-4));
}

}  // namespace coulomb_viscous_test
}  // namespace stickslip::laws
