// examples/spinning_top: a heavy symmetric top on a spherical joint at its tip, released with pure
// spin (cuspidal motion). Against the closed forms of the Lagrange top (Goldstein, Classical
// Mechanics, §5.7): with u = cos ϑ, the conserved p_φ = J_C ω₃ u₀ and p_ψ = J_C ω₃ and the energy give
// the turning points of the nutation as the roots of
//   (J_C ω₃)² (u₀ − u) = 2 I₁ m g l (1 − u²),    I₁ = J_A + m l² (the transverse moment about the tip),
// u = u₀ (the release tilt, the highest point: the top starts at rest in ϑ and φ) and the root in
// (−1, u₀), the lowest. The spin ω₃ about the axis stays constant (symmetric body, no moment about
// its axis); energy and the vertical angular momentum about the pivot are conserved.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"

namespace stickslip {
namespace spinning_top_test {

TEST(SpinningTop, NodsBetweenTheTurningPointsOfTheLagrangeTop) {
  const MemorySink out = test::run_model_file("examples/spinning_top/spinning_top.yaml");
  const double m = 0.5, l = 0.05, g = 9.81, JA = 3.5e-4, JC = 5e-4, w3 = 150;
  const double I1 = JA + m * l * l, u0 = std::cos(20 * std::numbers::pi / 180);
  const double a = 2 * I1 * m * g * l, b = (JC * w3) * (JC * w3);  // a u² − b u + (b u₀ − a) = 0
  const double u_low = (b - std::sqrt(b * b - 4 * a * (b * u0 - a))) / (2 * a);
  ASSERT_GT(u_low, -1);
  ASSERT_LT(u_low, u0);
  const auto z = out.series("top.z"), wz = out.series("top.wz"), energy = out.series("energy.total");
  double u_min = 1, u_max = -1;
  for (const double zk : z) {
    u_min = std::min(u_min, zk / l);
    u_max = std::max(u_max, zk / l);
  }
  // The tilt at a turning point is stationary, so rows 1 ms apart miss the extreme by at most
  // ϑ̈ (0.5 ms)²/2 ~ 60 rad/s² × 1.25e-7 s² ~ 1e-5 in u; the integration (rtol 1e-10) and the joint's
  // drift (1e-10 m over l = 0.05 m) are far below. Without the gyroscopic term the top would fall.
  EXPECT_NEAR(u_max, u0, 1e-9);  // the release point itself is a row
  EXPECT_NEAR(u_min, u_low, 1e-5);
  EXPECT_GT(u_min, u_low - 1e-9);  // never below the turning point
  // ω₃ and the energy: conserved to the integrator's tolerance (rtol 1e-10 on ~6 J and 150 rad/s).
  for (std::size_t k = 0; k < wz.size(); ++k) {
    EXPECT_NEAR(wz[k], w3, 1e-6) << k;
    EXPECT_NEAR(energy[k], energy[0], 1e-8) << k;
  }
}

}  // namespace spinning_top_test
}  // namespace stickslip
