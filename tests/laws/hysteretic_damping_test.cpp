#include "laws/hysteretic_damping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace stickslip::laws {
namespace hysteretic_damping_test {

// The defining relation u - ln(1 + u) = -w - ln(1 - w), w = e_eff·u, checked by its residual. The
// residual of a correctly rounded w is not zero: g(w) = -w - ln(1 - w) has slope w/(1 - w), so an
// error of one ulp in w (eps·w) moves it by eps·w²/(1 - w), and the two sides carry rounding of
// eps·(their size). Tolerance: 4 eps (target + w²/(1 - w)) — a few ulps of w, whatever u.
TEST(HystereticRestitution, SatisfiesItsDefiningRelation) {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  for (double u : {0.01, 0.05, 0.15, 0.5, 1.0, 3.0, 10.0, 30.0}) {
    const double w = hysteretic_restitution(u) * u;
    const double target = u - std::log1p(u);
    const double residual = target - (-w - std::log1p(-w));
    EXPECT_NEAR(residual, 0.0, 4 * eps * (target + w * w / (1 - w))) << "u=" << u;
    EXPECT_GT(w, 0.0);
    EXPECT_LT(w, 1.0);
  }
}

TEST(HystereticRestitution, LimitsAndSeries) {
  EXPECT_EQ(hysteretic_restitution(0.0), 1.0);
  EXPECT_EQ(hysteretic_restitution(-1.0), 1.0);
  // Series e_eff = 1 - (2/3) d + (4/9) d² + O(d³) (hysteretic_damping.hpp): at d = 1e-3 the O(d³)
  // remainder is ~1e-9, at d = 1e-6 it is ~1e-18 (below rounding, 1e-16).
  EXPECT_NEAR(hysteretic_restitution(1e-3), 1 - 2e-3 / 3 + 4e-6 / 9, 2e-9);
  EXPECT_NEAR(hysteretic_restitution(1e-6), 1 - 2e-6 / 3 + 4e-12 / 9, 1e-15);
  // Large damping: 1 - w = exp(-w - target) makes w = 1 to double precision, e_eff = 1/d.
  EXPECT_NEAR(hysteretic_restitution(100.0), 0.01, 1e-15);
  // Strictly decreasing in d.
  double previous = 1.0;
  for (double d = 0.01; d < 50.0; d *= 1.5) {
    const double e = hysteretic_restitution(d);
    EXPECT_LT(e, previous) << d;
    EXPECT_GT(e, 0.0);
    previous = e;
  }
}

TEST(HystereticForce, ClampsAndVanishesOutsideContact) {
  EXPECT_EQ(hysteretic_force(1e6, 1.5, 1.0, 0.0, 1.0), 0.0);
  EXPECT_EQ(hysteretic_force(1e6, 1.5, 1.0, -1e-3, 1.0), 0.0);
  // 1 + χ δ̇ < 0: the damping would pull, the force is clamped to zero.
  EXPECT_EQ(hysteretic_force(1e6, 1.5, 1.0, 1e-3, -2.0), 0.0);
  // K δ^n (1 + χ δ̇) = 1e6 · 1e-3 · (1 + 0.5) with n = 1: a few operations, 1e-14 relative.
  EXPECT_NEAR(hysteretic_force(1e6, 1.0, 1.0, 1e-3, 0.5), 1500.0, 1500.0 * 1e-14);
}

}  // namespace hysteretic_damping_test
}  // namespace stickslip::laws
