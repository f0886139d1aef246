// The same model files under the event-driven and the time-stepping schemes: the time-stepping
// solution approaches the event-driven one as its step shrinks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace scheme_agreement_test {

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
  // The tilt is 0.1 rad; the time-stepping scheme resolves each impact within its step. First order:
  // a 4× smaller step gives a 4× smaller error (within ±1 for the impact instants' phase). Then the
  // fine run's own error is estimated by the difference of the two runs (Richardson: e_fine ≈
  // |θ_coarse − θ_fine| / 3 when e ∝ h): it must not exceed half that difference.
  const double between = test::max_difference(run(mf, Scheme::time_stepping, 4e-4), run(mf, Scheme::time_stepping, 1e-4),
                                              "block.theta");
  EXPECT_NEAR(coarse / fine, 4.0, 1.0);
  EXPECT_LT(fine, 0.5 * between);
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

// The column "P<i + 1><quantity>" of pivot i, built by appending: GCC 12 warns falsely
// (-Wstringop-overflow) on "P" + std::to_string(...) + ".fx" once inlined here.
std::string pivot_column(int i, const char* quantity) {
  std::string column = "P";
  column += std::to_string(i + 1);
  column += quantity;
  return column;
}

// The parallelogram four-bar with a redundant third link under the time-stepping scheme: the
// bilateral block of the step's problem is singular, which the regularisation of redundant rows
// resolves, so every step is solved by the mixed LCP (no Gauss-Seidel fallback, no warning about
// one), and the motion converges to the compliant scheme's at second order, the order of the
// midpoint rule (θ = 1/2) without contacts: halving h divides the error by 4 (± 1). How the load
// splits between the redundant links is not unique (a self-stress along the parallel links changes no
// motion), so only what the motion determines is compared: the resultant the three pivots exert on
// the mechanism, Σ F_x, Σ F_y and its moment Σ x_i F_y,i about the origin. The time-stepping reaction
// is an impulse over the step divided by h, the mean over the step reported at its end: off by
// h/2 |dF/dt| + h²/6 |d²F/dt²| (derivatives from the reference's rows by differences) plus the
// reaction's share of the O(h²) error of the motion, within 10 % of the first term at these steps.
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
    const double dt = mf.options.output_interval;
    const auto resultants = [](const MemorySink& sink) {
      std::vector<std::vector<double>> r(3, std::vector<double>(sink.rows.size(), 0.0));
      const double pivot_x[] = {0.0, 0.2, 0.4};
      for (int i = 0; i < 3; ++i) {
        const auto fx = sink.series(pivot_column(i, ".fx")), fy = sink.series(pivot_column(i, ".fy"));
        for (std::size_t k = 0; k < fx.size(); ++k) {
          r[0][k] += fx[k];
          r[1][k] += fy[k];
          r[2][k] += pivot_x[i] * fy[k];
        }
      }
      return r;
    };
    const auto x_all = resultants(out), y_all = resultants(reference);
    for (int c = 0; c < 3; ++c) {
      const auto &x = x_all[static_cast<std::size_t>(c)], &y = y_all[static_cast<std::size_t>(c)];
      double diff = 0, rate = 0, curvature = 0;
      for (std::size_t k = 1; k + 1 < x.size(); ++k) {  // the time-stepping row at t_start has no reactions
        diff = std::max(diff, std::abs(x[k] - y[k]));
        rate = std::max(rate, std::abs(y[k + 1] - y[k - 1]) / (2 * dt));
        curvature = std::max(curvature, std::abs(y[k + 1] - 2 * y[k] + y[k - 1]) / (dt * dt));
      }
      EXPECT_LT(diff, 1.1 * (h / 2 * rate + h * h / 6 * curvature)) << "resultant " << c << ", h = " << h;
    }
  }
  EXPECT_NEAR(errors[0] / errors[1], 4.0, 1.0);
}

}  // namespace scheme_agreement_test
}  // namespace stickslip
