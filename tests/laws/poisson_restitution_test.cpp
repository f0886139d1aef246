#include "laws/poisson_restitution.hpp"

#include <gtest/gtest.h>

#include "impact_process.hpp"
#include "laws/newton_restitution.hpp"
#include "laws/parameter.hpp"

namespace stickslip::laws {
namespace poisson_restitution_test {

TEST(PoissonRestitution, KineticLaw) {
  const PoissonRestitution law({.e = 0.8});
  EXPECT_EQ(law.kind(), RestitutionKind::kPoisson);
  EXPECT_EQ(law.normal_coefficient(), 0.8);
  EXPECT_DOUBLE_EQ(law.restitution_impulse(5.0), 4.0);
  EXPECT_DOUBLE_EQ(law.total_impulse(5.0), 9.0);
  EXPECT_THROW(PoissonRestitution({.e = -0.1}), ParameterError);
}

// Post-impact normal velocity under each law, through the impulse process.
double newton_vn(const test::ImpulseProcess& p, double e) {
  const NewtonRestitution law({.e = e, .e_t = 0.0});
  return p.vn(p.p_at(law.post_impact_normal_velocity(p.vn0)));
}
double poisson_vn(const test::ImpulseProcess& p, double e) {
  const PoissonRestitution law({.e = e});
  return p.vn(law.total_impulse(p.p_at(0.0)));  // compression ends at v_N = 0
}

// Frictionless (or slipping throughout in one direction): v_N is linear in P_N, so the compression
// impulse scales with |v_N⁻| and both laws give v_N⁺ = -e v_N⁻ (to rounding: 1e-15).
TEST(PoissonRestitution, CoincidesWithNewtonWithoutFriction) {
  const test::ImpulseProcess frictionless{.a = 1.0, .b = 0.5, .c = 2.0, .mu = 0.0, .vn0 = -1.0, .vt0 = 0.9};
  EXPECT_NEAR(poisson_vn(frictionless, 0.8), 0.8, 1e-15);
  EXPECT_NEAR(newton_vn(frictionless, 0.8), 0.8, 1e-15);
  // Friction with sliding that never stops (p_stick beyond the impact): still the same.
  const test::ImpulseProcess sliding{.a = 1.0, .b = 0.5, .c = 2.0, .mu = 0.5, .vn0 = -1.0, .vt0 = 5.0};
  EXPECT_NEAR(poisson_vn(sliding, 0.8), newton_vn(sliding, 0.8), 1e-15);
}

// With friction whose slip stops during restitution the laws differ. a = 1, b = 0.5, c = 2,
// μ = 0.5, v_N⁻ = -1, v_T⁻ = 0.9: slipping, dv_N/dp = a - μb = 0.75 and dv_T/dp = b - μc = -0.5,
// so compression ends at p_c = 4/3 and slip stops at p_s = 1.8; sticking (|b/c| = 0.25 <= μ) the
// slope becomes a - b²/c = 0.875. Poisson (e = 0.8): p = 2.4, v_N⁺ = -1 + 0.75·1.8 + 0.875·0.6
// = 0.875; Newton imposes v_N⁺ = 0.8. Exact rationals, compared to rounding (1e-15).
TEST(PoissonRestitution, DiffersFromNewtonWhenSlipStopsDuringImpact) {
  const test::ImpulseProcess process{.a = 1.0, .b = 0.5, .c = 2.0, .mu = 0.5, .vn0 = -1.0, .vt0 = 0.9};
  EXPECT_NEAR(process.p_at(0.0), 4.0 / 3.0, 1e-15);
  EXPECT_NEAR(process.p_stick(), 1.8, 1e-15);
  EXPECT_NEAR(poisson_vn(process, 0.8), 0.875, 1e-15);
  EXPECT_NEAR(newton_vn(process, 0.8), 0.8, 1e-15);
}

}  // namespace poisson_restitution_test
}  // namespace stickslip::laws
