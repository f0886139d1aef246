#include "laws/extended_hertz.hpp"

#include <gtest/gtest.h>

#include "laws/hertz.hpp"
#include "laws/hunt_crossley.hpp"
#include "normal_law_checks.hpp"

namespace stickslip::laws {
namespace extended_hertz_test {

TEST(ExtendedHertz, Properties) {
  // Zhang & Wang 2017, Table 1 values: K1 = 1e6, c2 = 1e7, n = 1.5.
  test::expect_normal_law_properties(ExtendedHertz({.K1 = 1e6, .n = 1.5, .c2 = 1e7}), 1e-3, 1.0);
  test::expect_normal_law_properties(ExtendedHertz({.K1 = 2e7, .n = 1.5, .c2 = 0.0}), 1e-3, 1.0);
  EXPECT_FALSE(ExtendedHertz({.K1 = 1e6, .n = 1.5, .c2 = 1e7}).uses_impact_speed());
}

TEST(ExtendedHertz, FormulaClampAndHertzLimit) {
  const ExtendedHertz law({.K1 = 1e6, .n = 1.5, .c2 = 1e7});
  // K1 δ^1.5 + c2 δ δ̇ at δ = 1e-4, δ̇ = 0.01: 1e6·1e-6 + 1e7·1e-4·0.01 = 1 + 10 N.
  EXPECT_NEAR(law.force(1e-4, 0.01, 0.0), 11.0, 1e-13);
  // Separating fast: 1 + 1e7·1e-4·(-0.01) = -9 < 0 → clamped to 0.
  EXPECT_EQ(law.force(1e-4, -0.01, 0.0), 0.0);
  const ExtendedHertz undamped({.K1 = 2e7, .n = 1.5, .c2 = 0.0});
  const Hertz hertz({.K = 2e7, .n = 1.5});
  for (const auto& [d, v] : test::kProbePoints) EXPECT_EQ(undamped.force(d, v, 1.0), hertz.force(d, v, 1.0));
}

// For n = 1, K1 δ + c2 δ δ̇ = K1 δ (1 + (c2/K1) δ̇): Hunt-Crossley with χ = c2/K1, whose impact
// restitution is the exact relation at d = χ v⁻ (1e-9: integration accuracy, see
// simulated_restitution). Zhang & Wang's c2 thus gives a restitution that falls with impact speed.
TEST(ExtendedHertz, LinearExponentIsHuntCrossleyWithChiC2OverK1) {
  const double K1 = 1e6, c2 = 2e5, m = 1.0;
  const ExtendedHertz law({.K1 = K1, .n = 1.0, .c2 = c2});
  const HuntCrossleyChi hc({.K = K1, .n = 1.0, .chi = c2 / K1});
  for (double v : {0.5, 1.0}) {
    const double e_sim = test::simulated_restitution(law, K1, 1.0, m, v);
    EXPECT_NEAR(e_sim, hc.effective_restitution(v), 1e-9) << "v=" << v;
  }
}

TEST(ExtendedHertz, DissipatesWithDampingForHertzExponent) {
  const ExtendedHertz law({.K1 = 1e7, .n = 1.5, .c2 = 1e6});
  const double e_sim = test::simulated_restitution(law, 1e7, 1.5, 1.0, 1.0);
  EXPECT_LT(e_sim, 1.0);
  EXPECT_GT(e_sim, 0.0);
}

}  // namespace extended_hertz_test
}  // namespace stickslip::laws
