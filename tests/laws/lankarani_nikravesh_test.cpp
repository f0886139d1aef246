#include "laws/lankarani_nikravesh.hpp"

#include <gtest/gtest.h>

#include "laws/hertz.hpp"
#include "normal_law_checks.hpp"

namespace stickslip::laws {
namespace lankarani_nikravesh_test {

constexpr double kK = 1e7, kM = 1.0;

TEST(LankaraniNikravesh, Properties) {
  test::expect_normal_law_properties(LankaraniNikravesh({.K = kK, .n = 1.5, .e = 0.9}), 1e-3, 1.0);
  test::expect_normal_law_properties(LankaraniNikravesh({.K = kK, .n = 1.2, .e = 0.3}), 1e-3, 1.0);
}

TEST(LankaraniNikravesh, FormulaAndHertzLimit) {
  const LankaraniNikravesh ln({.K = kK, .n = 1.5, .e = 0.8});
  // 1 + 3(1 - 0.64)/4 · δ̇/v⁻ = 1 + 0.27 · 0.25 at δ̇ = 0.5, v⁻ = 2; K δ^1.5 = 10 N at δ = 1e-4.
  EXPECT_NEAR(ln.force(1e-4, 0.5, 2.0), 10.0 * 1.0675, 1e-13);
  EXPECT_DOUBLE_EQ(ln.damping_number(), 0.27);
  const LankaraniNikravesh elastic({.K = kK, .n = 1.5, .e = 1.0});
  const Hertz hertz({.K = kK, .n = 1.5});
  for (const auto& [d, v] : test::kProbePoints) EXPECT_EQ(elastic.force(d, v, 1.0), hertz.force(d, v, 1.0));
}

// LN is derived assuming e near 1. At e = 0.9 the exact restitution of its damping is 0.9132
// (hysteretic_damping.hpp): 0.013 above e. The simulation reproduces the relation to 1e-9 and
// matches e within 0.015 (0.0132 known model error + margin).
TEST(LankaraniNikravesh, ImpactRestitutionAtE09) {
  const LankaraniNikravesh ln({.K = kK, .n = 1.5, .e = 0.9});
  const double e_sim = test::simulated_restitution(ln, kK, 1.5, kM, 1.0);
  EXPECT_NEAR(e_sim, ln.effective_restitution(), 1e-9);
  EXPECT_NEAR(e_sim, 0.9, 0.015);
  // With ε = 1 - e, d = 3ε(2 - ε)/4 and the series of the relation give e_eff = e + 1.5 ε² + O(ε³):
  // the model error vanishes quadratically as e → 1, 1.5e-4 at e = 0.99 (tolerance 2e-4).
  const LankaraniNikravesh near_elastic({.K = kK, .n = 1.5, .e = 0.99});
  EXPECT_NEAR(test::simulated_restitution(near_elastic, kK, 1.5, kM, 1.0), 0.99, 2e-4);
}

}  // namespace lankarani_nikravesh_test
}  // namespace stickslip::laws
