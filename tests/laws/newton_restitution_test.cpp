#include "laws/newton_restitution.hpp"

#include <gtest/gtest.h>

#include "impact_process.hpp"
#include "laws/parameter.hpp"

namespace stickslip::laws {
namespace newton_restitution_test {

TEST(NewtonRestitution, KinematicLaw) {
  const NewtonRestitution law({.e = 0.8, .e_t = 0.0});
  EXPECT_EQ(law.kind(), RestitutionKind::kNewton);
  EXPECT_EQ(law.normal_coefficient(), 0.8);
  EXPECT_EQ(law.tangential_coefficient(), 0.0);
  EXPECT_DOUBLE_EQ(law.post_impact_normal_velocity(-2.0), 1.6);
  EXPECT_DOUBLE_EQ(law.restitution_offset(-2.0), -1.6);
  // ξ = v⁺ + e v⁻ vanishes on the law.
  EXPECT_EQ(law.post_impact_normal_velocity(-2.0) + law.restitution_offset(-2.0), 0.0);
  EXPECT_EQ(law.post_impact_tangential_velocity(0.7), -0.0);
  const NewtonRestitution rough({.e = 0.5, .e_t = 0.3});
  EXPECT_DOUBLE_EQ(rough.post_impact_tangential_velocity(0.7), -0.21);
  EXPECT_EQ(NewtonRestitution({.e = 0.0, .e_t = 0.0}).post_impact_normal_velocity(-3.0), 0.0);
}

// A point mass m hitting a wall: P = m(v⁺ - v⁻) = m(1 + e)|v⁻|, kinetic energy ratio e².
TEST(NewtonRestitution, PointMassEnergyRatio) {
  const NewtonRestitution law({.e = 0.6, .e_t = 0.0});
  const double m = 2.0, v_minus = -3.0;
  const double v_plus = law.post_impact_normal_velocity(v_minus);
  EXPECT_DOUBLE_EQ(m * (v_plus - v_minus), 2.0 * 1.6 * 3.0);
  EXPECT_DOUBLE_EQ((v_plus * v_plus) / (v_minus * v_minus), 0.36);
  // Through the impulse process (a = 1/m, frictionless): the impulse reaching v⁺.
  const test::ImpulseProcess process{.a = 1.0 / m, .vn0 = v_minus};
  EXPECT_DOUBLE_EQ(process.p_at(v_plus), m * (v_plus - v_minus));
}

TEST(NewtonRestitution, RejectsCoefficientsOutsideUnitInterval) {
  EXPECT_THROW(NewtonRestitution({.e = 1.1, .e_t = 0.0}), ParameterError);
  try {
    NewtonRestitution({.e = 0.5, .e_t = -0.1});
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "e_t");
  }
}

}  // namespace newton_restitution_test
}  // namespace stickslip::laws
