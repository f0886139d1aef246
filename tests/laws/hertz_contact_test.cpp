#include "laws/hertz_contact.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "laws/parameter.hpp"

namespace stickslip::laws {
namespace hertz_contact_test {

// Steel E = 210 GPa, ν = 0.3 on both sides: E* = E/(2(1 - ν²)) = 115.38 GPa.
constexpr double kE = 210e9, kNu = 0.3;

TEST(HertzContact, EffectiveModulusAndRadius) {
  // Closed forms evaluated with a handful of operations: 1e-14 relative.
  EXPECT_NEAR(effective_modulus(kE, kNu, kE, kNu), kE / (2 * (1 - kNu * kNu)), 1e-14 * kE);
  EXPECT_NEAR(effective_radius(0.01, 0.03), 0.0075, 1e-16);
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_DOUBLE_EQ(effective_radius(0.02, inf), 0.02);   // plane
  EXPECT_NEAR(effective_radius(0.01, -0.011), 0.11, 1e-14);  // concave: R1 R2/(R2 - R1)
  EXPECT_THROW(effective_radius(0.02, -0.01), ParameterError);  // bore smaller than the pin
}

TEST(HertzContact, StiffnessFormulas) {
  const double es = kE / (2 * (1 - kNu * kNu));
  // K = 4/3 E* sqrt(R*): sphere of 10 mm on a plane.
  EXPECT_NEAR(hertz_stiffness_sphere_plane(0.01, kE, kNu, kE, kNu), 4.0 / 3.0 * es * std::sqrt(0.01),
              1e-13 * es);
  // Two equal spheres: R* = R/2.
  EXPECT_NEAR(hertz_stiffness_sphere_sphere(0.01, 0.01, kE, kNu, kE, kNu),
              4.0 / 3.0 * es * std::sqrt(0.005), 1e-13 * es);
  // Pin 9.9 mm in a 10 mm bore: R* = 9.9·10/0.1 mm = 0.99 m.
  EXPECT_NEAR(hertz_stiffness_cylinder_in_bore(0.0099, 0.01, kE, kNu, kE, kNu),
              4.0 / 3.0 * es * std::sqrt(0.99), 1e-10 * es);
}

TEST(HertzContact, RejectsBadInputsNamingThem) {
  try {
    effective_modulus(kE, 0.7, kE, kNu);
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "nu1");
  }
  try {
    hertz_stiffness_cylinder_in_bore(0.01, 0.009, kE, kNu, kE, kNu);
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "R_bore");
  }
  EXPECT_THROW(hertz_stiffness_sphere_plane(-0.01, kE, kNu, kE, kNu), ParameterError);
  EXPECT_THROW(effective_modulus(0.0, kNu, kE, kNu), ParameterError);
}

}  // namespace hertz_contact_test
}  // namespace stickslip::laws
