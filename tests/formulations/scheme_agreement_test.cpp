// The same model files under the event-driven and the time-stepping schemes: the time-stepping
// solution approaches the event-driven one as its step shrinks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "../test_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace {

MemorySink run(ModelFile mf, Scheme scheme, double step) {
  mf.options.scheme = scheme;
  if (scheme == Scheme::event_driven) {
    mf.options.integrator = "dopri5";
    mf.options.integrator_options.rtol = 1e-10;
    mf.options.integrator_options.atol = 1e-12;
  } else {
    mf.options.integrator_options.step = step;
  }
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

double max_difference(const MemorySink& a, const MemorySink& b, const std::string& column) {
  const auto x = a.series(column), y = b.series(column);
  double d = 0;
  for (std::size_t k = 0; k < std::min(x.size(), y.size()); ++k) d = std::max(d, std::abs(x[k] - y[k]));
  return d;
}

// The slider-crank on a rough guide (examples/slider_crank_rough_guide, the kind of system of Fu &
// Yue 2011): the slider's position from the time-stepping scheme converges to the event-driven one
// (dopri5 at rtol 1e-10, events to 1e-12 s: a reference far more accurate than any step here) with
// order one, the order of the Moreau-Jean scheme across stick-slip transitions: halving h halves the
// error (ratio 2 within ±25 %, the spread of the asymptotic ratio at these steps).
TEST(SchemeAgreement, TimeSteppingConvergesToEventDrivenOnTheRoughGuideSliderCrank) {
  const ModelFile mf = read_model_file(test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"));
  const MemorySink reference = run(mf, Scheme::event_driven, 0);
  std::vector<double> errors;
  for (double h : {1e-3, 5e-4, 2.5e-4}) {
    errors.push_back(max_difference(run(mf, Scheme::time_stepping, h), reference, "slider.x"));
    RecordProperty("error_h_" + std::to_string(h), std::to_string(errors.back()));
  }
  EXPECT_LT(errors.front(), 1e-3);
  for (std::size_t k = 1; k < errors.size(); ++k) EXPECT_NEAR(errors[k - 1] / errors[k], 2.0, 0.5) << "step " << k;
}

// A rigid block rocking on a floor that does not let it slide (Housner 1963): under both schemes
// its impacts keep Housner's ratio, so the rocking angle agrees; the time-stepping error shrinks
// with h at first order (a 4× smaller step gives a 4× smaller error, within ±50 % for the phase
// error of the impact instants at these steps).
TEST(SchemeAgreement, RockingBlockImpactsAgree) {
  const double b = 0.2, h = 0.5, m = 3.0, phi = 0.1;
  char yaml[2048];
  std::snprintf(yaml, sizeof yaml, R"(gravity: [0, -9.81]
bodies:
  - {name: block, mass: %.17g, inertia: %.17g, position: [%.17g, %.17g], angle: %.17g}
contacts:
  - {name: left, type: point_line, bodies: [ground, block], point: [%.17g, %.17g], impact: {law: newton, e: 0},
     friction: {law: coulomb, mu_s: 2, mu_k: 2}}
  - {name: right, type: point_line, bodies: [ground, block], point: [%.17g, %.17g], impact: {law: newton, e: 0},
     friction: {law: coulomb, mu_s: 2, mu_k: 2}}
simulation: {t_end: 0.8, output_interval: 0.01}
)",
                m, m * (b * b + h * h) / 3, -b * std::cos(phi) + h * std::sin(phi), b * std::sin(phi) + h * std::cos(phi),
                -phi, -b, -h, b, -h);
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("rock.yaml", yaml));
  const MemorySink reference = run(mf, Scheme::event_driven, 0);
  const double coarse = max_difference(run(mf, Scheme::time_stepping, 4e-4), reference, "block.theta");
  const double fine = max_difference(run(mf, Scheme::time_stepping, 1e-4), reference, "block.theta");
  RecordProperty("coarse", std::to_string(coarse));
  RecordProperty("fine", std::to_string(fine));
  // The tilt is 0.1 rad; the time-stepping scheme resolves the impact to within its step.
  EXPECT_LT(fine, 2e-3);
  EXPECT_NEAR(coarse / fine, 4.0, 2.0);
}

}  // namespace
}  // namespace stickslip
