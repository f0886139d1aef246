// Long validations of the free-standing body (label `long`, `make test-long`): the paper's own
// integrator settings and the full case 2.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace free_standing_body_long_test {

MemorySink run(const std::string& name, void (*tweak)(SimulationOptions&) = nullptr) {
  return test::run_model_file("examples/free_standing_body/" + name + ".yaml", tweak);
}

// The drop test with the paper's integrator: RK4 at h = 1e-6 s (Zhang & Wang 2017 §3.1). RK4's error
// over a 2.7 ms contact of 2700 steps is ~(h/t_c)⁴ ≈ 2e-14 relative, so the bound is the same as with
// the adaptive integrator: apexes within 1e-5 of the drop height, energy to 1e-7.
TEST(FreeStandingBodyLong, DropTestWithRk4AtThePapersStep) {
  const MemorySink out = run("drop_test", [](SimulationOptions& o) {
    o.integrator = "rk4";
    o.integrator_options.step = 1e-6;
  });
  const auto t = out.series("t"), y = out.series("body.y"), e = out.series("energy.total");
  int apexes = 0;
  for (std::size_t k = 1; k + 1 < y.size(); ++k) {
    if (y[k] > y[k - 1] && y[k] >= y[k + 1] && t[k] > 0.1) {
      EXPECT_NEAR(y[k], y.front(), 4e-6) << "t = " << t[k];
      ++apexes;
    }
  }
  EXPECT_GE(apexes, 5);
  for (double ek : e) EXPECT_NEAR(ek, e.front(), 1e-7 * std::abs(e.front()));
}

// Case 2 (vertical excitation Y0 = 0.99 mm at 15 Hz, μ0 = 0.2): the symmetric body has no horizontal
// motion at all (mirror-image contacts keep mirror-image modes; rounding only, 1e-9 m), the offset one
// (e = −3.673 m) moves sideways (the paper's fig. 9).
TEST(FreeStandingBodyLong, Case2OnlyTheOffsetBodyMovesSideways) {
  const MemorySink sym = run("case2_e0");
  for (double x : sym.series("body.x")) EXPECT_NEAR(x, 0.0, 1e-9);
  const MemorySink off = run("case2_e-3.673");
  const auto x = off.series("body.x");
  EXPECT_GT(std::abs(x.back() - x.front()), 1e-3);
}

}  // namespace free_standing_body_long_test
}  // namespace stickslip
