// Shipped mechanisms (examples/) against closed forms and conservation laws.
#include <gtest/gtest.h>

#include <cmath>

#include "../test_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"
#include "model/model.hpp"

namespace stickslip {
namespace mechanisms_test {

MemorySink run_example(const std::string& file, void (*tweak)(SimulationOptions&) = nullptr) {
  ModelFile mf = read_model_file(test::source_path(file));
  if (tweak) tweak(mf.options);
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

double max_abs_deviation(const std::vector<double>& x) {
  double m = 0;
  for (double v : x) m = std::max(m, std::abs(v - x.front()));
  return m;
}

// Conservative double pendulum at rtol 1e-10: the energy error relative to the energy the system
// can exchange (E0 - E_min = 2 g · (0.5 + 1.5) kg m = 19.62 J, from both rods hanging down) stays
// below 1e-8 over 10 s (the requirement).
TEST(DoublePendulum, ConservesEnergy) {
  const MemorySink out = run_example("examples/double_pendulum/double_pendulum.yaml");
  const std::vector<double> t = out.series("t"), e = out.series("energy.total");
  ASSERT_NEAR(t.back(), 10.0, 1e-12);
  EXPECT_LT(max_abs_deviation(e) / 19.62, 1e-8);
}

// Slider position against x = r cos φ + sqrt(l² − r² sin² φ), φ = 2π t: the rheonomic driver and the
// prismatic guide must reproduce the closed form to the integration tolerance (rtol 1e-9 on
// coordinates of 0.5 m → 1e-8 m allowed).
TEST(SliderCrank, FollowsTheClosedFormKinematics) {
  const MemorySink out = run_example("examples/slider_crank/slider_crank.yaml");
  const std::vector<double> t = out.series("t"), x = out.series("slider.x"), vx = out.series("slider.vx");
  const double r = 0.1, l = 0.4;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double phi = 2 * M_PI * t[k], s = std::sin(phi), c = std::cos(phi);
    const double root = std::sqrt(l * l - r * r * s * s);
    EXPECT_NEAR(x[k], r * c + root, 1e-8) << "t = " << t[k];
    const double v = -r * s * 2 * M_PI - r * r * s * c * 2 * M_PI / root;
    EXPECT_NEAR(vx[k], v, 1e-7) << "t = " << t[k];
  }
}

// Four-bar under gravity: energy conserved (relative to the initial kinetic + potential exchange,
// here the potential drop of ~1 J; rtol 1e-10 → 1e-8 allowed).
TEST(FourBar, ConservesEnergy) {
  const MemorySink out = run_example("examples/four_bar/four_bar.yaml");
  EXPECT_LT(max_abs_deviation(out.series("energy.total")), 1e-8);
}

// Redundant parallelogram: detected and warned; the motion is unique even though λ is not, so it
// must conserve energy, keep the constraints and keep the links parallel; the minimum-norm
// multipliers stay finite.
TEST(FourBar, RedundantParallelogramRunsWithAWarning) {
  ModelFile mf = read_model_file(test::source_path("examples/four_bar/four_bar_redundant.yaml"));
  MemorySink out;
  const SimulationSummary s = simulate(mf.model, mf.options, out);
  ASSERT_FALSE(s.warnings.empty());
  EXPECT_NE(s.warnings[0].find("redundant constraints"), std::string::npos);
  EXPECT_LT(max_abs_deviation(out.series("energy.total")), 1e-8);
  EXPECT_LT(s.max_drift, 1e-8);
  for (double f : out.series("C2.fy")) EXPECT_TRUE(std::isfinite(f));
  // The links stay parallel: θ1 = θ2 = θ3 (rigid parallelogram kinematics).
  const auto t1 = out.series("link1.theta"), t3 = out.series("link3.theta");
  for (std::size_t k = 0; k < t1.size(); ++k) EXPECT_NEAR(t1[k], t3[k], 1e-8);
}

TEST(FourBar, RedundantConstraintsCanBeRefused) {
  ModelFile mf = read_model_file(test::source_path("examples/four_bar/four_bar_redundant.yaml"));
  mf.options.allow_redundant = false;
  MemorySink out;
  EXPECT_THROW(simulate(mf.model, mf.options, out), ModelError);
}

}  // namespace mechanisms_test
}  // namespace stickslip
