#include "laws/hunt_crossley.hpp"

#include <gtest/gtest.h>

#include "laws/hertz.hpp"
#include "normal_law_checks.hpp"

namespace stickslip::laws {
namespace {

constexpr double kK = 1e7, kM = 1.0;

TEST(HuntCrossley, Properties) {
  test::expect_normal_law_properties(HuntCrossley({.K = kK, .n = 1.5, .e = 0.9}), 1e-3, 1.0);
  test::expect_normal_law_properties(HuntCrossley({.K = kK, .n = 1.5, .e = 0.2}), 1e-3, 1.0);
  test::expect_normal_law_properties(HuntCrossleyChi({.K = kK, .n = 1.5, .chi = 0.3}), 1e-3, 1.0);
  EXPECT_TRUE(HuntCrossley({.K = kK, .n = 1.5, .e = 0.9}).uses_impact_speed());
  EXPECT_FALSE(HuntCrossleyChi({.K = kK, .n = 1.5, .chi = 0.3}).uses_impact_speed());
}

TEST(HuntCrossley, FormulaAndHertzLimit) {
  const HuntCrossley hc({.K = kK, .n = 1.5, .e = 0.8});
  // F = K δ^1.5 (1 + 1.5 (1 - e) δ̇/v⁻) at δ = 1e-4, δ̇ = 0.5, v⁻ = 2: 1e7·1e-6·(1 + 0.3·0.25).
  EXPECT_NEAR(hc.force(1e-4, 0.5, 2.0), 10.0 * 1.075, 1e-13);
  const HuntCrossley elastic({.K = kK, .n = 1.5, .e = 1.0});
  const HuntCrossleyChi undamped({.K = kK, .n = 1.5, .chi = 0.0});
  const Hertz hertz({.K = kK, .n = 1.5});
  for (const auto& [d, v] : test::kProbePoints) {
    EXPECT_EQ(elastic.force(d, v, 1.0), hertz.force(d, v, 1.0));
    EXPECT_EQ(undamped.force(d, v, 1.0), hertz.force(d, v, 1.0));
  }
  // Without a recorded impact speed the damping term is dropped (documented fallback).
  EXPECT_EQ(hc.force(1e-4, 0.5, 0.0), hertz.force(1e-4, 0.5, 0.0));
}

// At e = 0.9 Hunt-Crossley's linearised damping yields e_eff = 0.9090 exactly (the relation of
// Marhefka & Orin 1999, hysteretic_damping.hpp): it under-dissipates by 0.009. The simulation must
// reproduce the exact relation to integration accuracy (1e-9, see simulated_restitution) and thus
// match e only within that known model error: tolerance 0.01 = 0.009 + margin.
TEST(HuntCrossley, ImpactRestitutionAtE09) {
  const HuntCrossley hc({.K = kK, .n = 1.5, .e = 0.9});
  const double e_sim = test::simulated_restitution(hc, kK, 1.5, kM, 1.0);
  EXPECT_NEAR(e_sim, hc.effective_restitution(), 1e-9);
  EXPECT_NEAR(hc.effective_restitution(), 0.90902, 1e-5);  // value of the relation, 5 digits
  EXPECT_NEAR(e_sim, 0.9, 0.01);
  EXPECT_GT(e_sim, 0.9);  // the sign of the model error: under-dissipation
}

// The restitution of the relation does not depend on K, n, m or v⁻ for the e-form.
TEST(HuntCrossley, RestitutionIndependentOfMassStiffnessAndSpeed) {
  const HuntCrossley a({.K = kK, .n = 1.5, .e = 0.7});
  const HuntCrossley b({.K = 3e5, .n = 1.0, .e = 0.7});
  const double ea = test::simulated_restitution(a, kK, 1.5, 2.0, 0.3);
  const double eb = test::simulated_restitution(b, 3e5, 1.0, 0.5, 4.0);
  EXPECT_NEAR(ea, eb, 2e-9);  // both within 1e-9 of the same exact value
  EXPECT_NEAR(ea, a.effective_restitution(), 1e-9);
}

// The chi-form: restitution falls with impact speed, e_eff(v) = relation(χ v).
TEST(HuntCrossleyChi, RestitutionFallsWithImpactSpeed) {
  const HuntCrossleyChi law({.K = kK, .n = 1.5, .chi = 0.2});
  const double e_slow = test::simulated_restitution(law, kK, 1.5, kM, 0.5);
  const double e_fast = test::simulated_restitution(law, kK, 1.5, kM, 2.0);
  EXPECT_NEAR(e_slow, law.effective_restitution(0.5), 1e-9);
  EXPECT_NEAR(e_fast, law.effective_restitution(2.0), 1e-9);
  EXPECT_GT(e_slow, e_fast);
}

TEST(HuntCrossley, RejectsNonPhysicalParameters) {
  EXPECT_THROW(HuntCrossley({.K = kK, .n = 1.5, .e = 0.0}), ParameterError);
  EXPECT_THROW(HuntCrossley({.K = kK, .n = 1.5, .e = 1.2}), ParameterError);
  EXPECT_THROW(HuntCrossleyChi({.K = kK, .n = 1.5, .chi = -0.1}), ParameterError);
  try {
    HuntCrossley({.K = -kK, .n = 1.5, .e = 0.5});
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "K");
  }
}

}  // namespace
}  // namespace stickslip::laws
