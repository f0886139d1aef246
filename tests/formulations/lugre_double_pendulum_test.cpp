// Xing, Zheng & Wang 2019, the double pendulum with LuGre friction in both revolute joints
// (examples/lugre_double_pendulum), run with the shipped model files.
#include <gtest/gtest.h>

#include <cmath>

#include "../test_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace lugre_double_pendulum_test {

MemorySink run(const char* file) {
  const ModelFile mf = read_model_file(test::source_path(file));
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

// Case 1: released from the horizontal, no drive. Friction only dissipates: the energy never rises by
// more than the integration noise (rtol 1e-6 on an energy scale of 50 J; 1e-5 J allowed), and the
// links end at rest hanging down (θ ≈ 0, within the small angle static friction can hold: 0.05 rad).
TEST(LugreDoublePendulum, Case1LosesEnergyAndComesToRestHangingDown) {
  const MemorySink out = run("examples/lugre_double_pendulum/case1.yaml");
  const auto e = out.series("energy.total");
  for (std::size_t k = 1; k < e.size(); ++k) ASSERT_LE(e[k], e[k - 1] + 1e-5) << "row " << k;
  const auto w1 = out.series("link1.omega"), w2 = out.series("link2.omega");
  const auto th1 = out.series("link1.theta"), th2 = out.series("link2.theta");
  const std::size_t last = e.size() - 1;
  for (std::size_t k = last - 200; k <= last; ++k) {  // the last second
    EXPECT_LT(std::abs(w1[k]), 1e-5);
    EXPECT_LT(std::abs(w2[k]), 1e-5);
  }
  EXPECT_LT(std::abs(th1[last]), 0.05);
  EXPECT_LT(std::abs(th2[last]), 0.05);
  // Energy of both links hanging straight down along gravity (+x): −(m1 g L1/2 + m2 g (L1 + L2/2)).
  EXPECT_NEAR(e[last], -(2.0 * 9.8 * 1.0 + 1.0 * 9.8 * 3.0), 0.05);
}

// Case 2: drive torques 6 sin(2πt) N m. After the transient (80 s) the motion repeats with the drive
// period: one period later θ1 differs by less than 2e-3 rad (the transient decays by ~3× per 10 s and
// is ~4e-4 rad at 80 s), while half a period later it differs by the order of the amplitude.
TEST(LugreDoublePendulum, Case2ReachesAPeriodicSteadyState) {
  const MemorySink out = run("examples/lugre_double_pendulum/case2.yaml");
  const auto t = out.series("t"), th = out.series("link1.theta");
  const std::size_t rows_per_second = 200, last = t.size() - 1;
  ASSERT_NEAR(t[last] - t[last - rows_per_second], 1.0, 1e-9);
  double period_diff = 0, half_diff = 0, lo = 1e9, hi = -1e9;
  for (std::size_t k = last - rows_per_second; k <= last; ++k) {
    period_diff = std::max(period_diff, std::abs(th[k] - th[k - rows_per_second]));
    half_diff = std::max(half_diff, std::abs(th[k] - th[k - rows_per_second / 2]));
    lo = std::min(lo, th[k]);
    hi = std::max(hi, th[k]);
  }
  EXPECT_LT(period_diff, 2e-3);
  EXPECT_GT(half_diff, 0.3 * (hi - lo));
  EXPECT_GT(hi - lo, 0.02);  // it does move: a periodic motion, not a rest state
}

}  // namespace lugre_double_pendulum_test
}  // namespace stickslip
