// The same model files under the event-driven and the time-stepping schemes: the time-stepping
// solution approaches the event-driven one as its step shrinks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "../simulation_support.hpp"
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
    errors.push_back(test::max_difference(run(mf, Scheme::time_stepping, h), reference, "slider.x"));
    RecordProperty("error_h_" + std::to_string(h), std::to_string(errors.back()));
  }
  EXPECT_LT(errors.front(), 1e-3);
  for (std::size_t k = 1; k < errors.size(); ++k) EXPECT_NEAR(errors[k - 1] / errors[k], 2.0, 0.5) << "step " << k;
}

// A rigid block rocking on a floor that does not let it slide (Housner 1963): under both schemes
// its impacts keep Housner's ratio, so the rocking angle agrees; the time-stepping error shrinks
// with h at first order (a 4× smaller step gives a 4× smaller error, within ±25 % for the phase
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
  const double coarse = test::max_difference(run(mf, Scheme::time_stepping, 4e-4), reference, "block.theta");
  const double fine = test::max_difference(run(mf, Scheme::time_stepping, 1e-4), reference, "block.theta");
  RecordProperty("coarse", std::to_string(coarse));
  RecordProperty("fine", std::to_string(fine));
  // The tilt is 0.1 rad; the time-stepping scheme resolves the impact to within its step. Measured
  // 8.9e-4 and 2.1e-4 rad (ratio 4.3): first order, within ±1 for the impact instants' phase.
  EXPECT_LT(fine, 5e-4);
  EXPECT_NEAR(coarse / fine, 4.0, 1.0);
}

// examples/scheme_comparison: one file (each contact with a compliant normal law and a rigid impact
// law) runs under all three schemes with the same columns, and each stops the sliding block at
// x* = v0²/(2μg). Time-stepping: rigid feet and a constant deceleration, which the midpoint rule
// integrates exactly, so only the stop inside a step remains: measured 1e-9 m, bound 1e-7 m.
// Compliant and event-driven: the Hunt-Crossley feet settle into their static deflection
// (5e-5 m) in the first ~2e-5 s while friction builds up, which adds ~v0 · 2e-5 s = 2e-5 m.
TEST(SchemeAgreement, OneModelFileRunsUnderEveryScheme) {
  const ModelFile mf = read_model_file(test::source_path("examples/scheme_comparison/sliding_block.yaml"));
  const double stop = 1.0 / (2 * 0.3 * 9.81);
  std::vector<std::string> columns;
  for (const auto& [scheme, bound] : {std::pair{Scheme::compliant, 5e-5}, std::pair{Scheme::event_driven, 5e-5},
                                      std::pair{Scheme::time_stepping, 1e-7}}) {
    ModelFile m = mf;
    m.options.scheme = scheme;
    MemorySink out;
    simulate(m.model, m.options, out);
    if (columns.empty()) columns = out.columns;
    EXPECT_EQ(out.columns, columns) << scheme_name(scheme);
    EXPECT_NEAR(out.rows.back()[out.column("block.x")], stop, bound) << scheme_name(scheme);
    // Karnopp's stick band (1e-4 m/s) holds the compliant block; the event-driven block sticks on
    // feet that still ring vertically (1e-8 m/s); the time-stepping block stops exactly.
    const double rest = scheme == Scheme::compliant ? 1e-4 : scheme == Scheme::event_driven ? 1e-6 : 1e-9;
    EXPECT_NEAR(out.rows.back()[out.column("block.vx")], 0.0, rest) << scheme_name(scheme);
  }
}

// The parallelogram four-bar with a redundant third link under the time-stepping scheme: the
// bilateral block of the step's problem is singular, which the regularisation of redundant rows
// resolves, so every step is solved by the mixed LCP (no Gauss-Seidel fallback, no warning about
// one), and the motion converges to the compliant scheme's at second order, the order of the
// midpoint rule (θ = 1/2) without contacts: halving h divides the error by 4 (± 1). How the load splits between the redundant links is not unique; here it
// stays within 3 % of the minimum-norm split the compliant scheme reports (measured 0.4-2 %).
TEST(SchemeAgreement, RedundantJointsUnderTimeStepping) {
  ModelFile mf = read_model_file(test::source_path("examples/four_bar/four_bar_redundant.yaml"));
  mf.options.t_end = 1.0;
  MemorySink reference;
  simulate(mf.model, mf.options, reference);
  std::vector<double> errors;
  for (double h : {1e-3, 5e-4}) {
    ModelFile m = mf;
    m.options.scheme = Scheme::time_stepping;
    m.options.integrator_options.step = h;
    std::vector<std::string> warnings;
    SimulationCallbacks cb;
    cb.warning = [&warnings](const std::string& w) { warnings.push_back(w); };
    MemorySink out;
    const SimulationSummary s = simulate(m.model, m.options, out, cb);
    EXPECT_EQ(s.complementarity_solver, "lemke");
    EXPECT_EQ(s.complementarity_solves, s.stats.steps);
    for (const std::string& w : warnings) EXPECT_EQ(w.find("failed with Lemke"), std::string::npos) << w;
    errors.push_back(test::max_difference(out, reference, "link1.theta"));
    double split = 0, largest = 0;
    for (const char* c : {"P1.fx", "P1.fy", "P2.fx", "P2.fy", "P3.fx", "P3.fy"}) {
      const auto x = out.series(c), y = reference.series(c);
      for (std::size_t k = 1; k < x.size(); ++k) {  // the time-stepping row at t_start has no reactions
        split = std::max(split, std::abs(x[k] - y[k]));
        largest = std::max(largest, std::abs(y[k]));
      }
    }
    EXPECT_LT(split, 0.03 * largest) << "h = " << h;
  }
  EXPECT_NEAR(errors[0] / errors[1], 4.0, 1.0);
}

}  // namespace
}  // namespace stickslip
