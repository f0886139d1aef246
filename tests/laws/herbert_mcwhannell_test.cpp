#include "laws/herbert_mcwhannell.hpp"

#include <gtest/gtest.h>

#include "laws/hertz.hpp"
#include "normal_law_checks.hpp"

namespace stickslip::laws {
namespace herbert_mcwhannell_test {

constexpr double kK = 1e7, kM = 1.0;

TEST(HerbertMcWhannell, Properties) {
  test::expect_normal_law_properties(HerbertMcWhannell({.K = kK, .n = 1.5, .e = 0.8}), 1e-3, 1.0);
}

TEST(HerbertMcWhannell, FormulaAndHertzLimit) {
  // d = 6(1 - e)/((2e - 1)² + 3): 6·0.2/(0.36 + 3) at e = 0.8; at e = 0.5: 3/3 = 1 (exact in binary).
  EXPECT_NEAR(HerbertMcWhannell({.K = kK, .n = 1.5, .e = 0.8}).damping_number(), 1.2 / 3.36, 1e-15);
  EXPECT_DOUBLE_EQ(HerbertMcWhannell::damping_number_of(0.5), 1.0);
  const HerbertMcWhannell elastic({.K = kK, .n = 1.5, .e = 1.0});
  const Hertz hertz({.K = kK, .n = 1.5});
  for (const auto& [d, v] : test::kProbePoints) EXPECT_EQ(elastic.force(d, v, 1.0), hertz.force(d, v, 1.0));
}

// At e = 0.9 the exact restitution of this damping is 0.9009 (error 0.0009, the smallest of the
// family there); the simulation reproduces the relation to 1e-9 and e within 0.002.
TEST(HerbertMcWhannell, ImpactRestitutionAtE09) {
  const HerbertMcWhannell law({.K = kK, .n = 1.5, .e = 0.9});
  const double e_sim = test::simulated_restitution(law, kK, 1.5, kM, 1.0);
  EXPECT_NEAR(e_sim, law.effective_restitution(), 1e-9);
  EXPECT_NEAR(e_sim, 0.9, 0.002);
}

}  // namespace herbert_mcwhannell_test
}  // namespace stickslip::laws
