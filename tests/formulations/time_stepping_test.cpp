// The time-stepping scheme against closed forms: a bouncing ball (apex heights e^{2k} h0, rest), a
// block sliding to a stop on a rough floor (distance v0²/(2 μ g), and the order of its error in h),
// a block on an incline (stick below the friction angle, slide above it), and a rocking block
// (Housner's angular-velocity ratio across an impact).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace time_stepping_test {

using test::num;

constexpr double kG = 9.81;


MemorySink run(const ModelFile& mf, MemoryEventSink* events = nullptr) {
  MemorySink out;
  simulate(mf.model, mf.options, out, {}, events);
  return out;
}

// A ball of radius 0.1 m whose lowest point starts h0 above the floor, frictionless, Newton e.
ModelFile ball(double h0, double e, double step, double t_end) {
  return test::model_from_yaml("gravity: [0, -9.81]\nbodies:\n  - {name: ball, mass: 1.0, inertia: 0.004, position: [0, " +
                   num(0.1 + h0) +
                   "]}\ncontacts:\n  - {name: floor, type: circle_line, bodies: [ground, ball], radius: 0.1, "
                   "impact: {law: newton, e: " +
                   num(e) + "}}\nsimulation: {scheme: time-stepping, t_end: " + num(t_end) +
                   ", output_interval: 0, step: " + num(step) + "}\n");
}

// Apex heights of the gap between impacts, from rows written after every step.
std::vector<double> apexes(const MemorySink& out) {
  const auto gap = out.series("floor.gap"), vy = out.series("ball.vy");
  std::vector<double> peaks;
  for (std::size_t k = 1; k + 1 < gap.size(); ++k)
    if (vy[k - 1] > 0 && vy[k] <= 0) peaks.push_back(std::max(gap[k - 1], gap[k]));
  return peaks;
}

// Apex k after k bounces is e^{2k} h0. Per impact the scheme misplaces the rebound by at most the
// distance travelled in one step (penetration ≤ v h / 2 before the impulse, and the impact speed
// is the one at the start of the step, off by ≤ g h, which moves the apex by ≤ v h): ≤ 2 v0 h per
// impact, and earlier errors shrink by e² at each bounce, so 2 (k + 1) v0 h bounds apex k.
TEST(TimeStepping, BouncingBallApexesDecayAsRestitutionSquared) {
  const double h0 = 1.0, e = 0.8, step = 1e-4;
  const MemorySink out = run(ball(h0, e, step, 3.0));
  const std::vector<double> peaks = apexes(out);
  ASSERT_GE(peaks.size(), 4u);
  const double v0 = std::sqrt(2 * kG * h0);
  for (std::size_t k = 0; k < 4; ++k) {
    const double expected = std::pow(e, 2.0 * static_cast<double>(k + 1)) * h0;
    EXPECT_NEAR(peaks[k], expected, 2.0 * static_cast<double>(k + 2) * v0 * step) << "apex " << k + 1;
  }
}

// The bounces accumulate at t∞ = t0 + 2 e v0 / (g (1 − e)) (≈ 4.06 s here); afterwards the ball
// rests: zero velocity to rounding, the contact closed and carrying the weight. The resting
// penetration is the last bounce's (below one step of travel, v h), and is not pushed out.
TEST(TimeStepping, BouncingBallComesToRest) {
  const double h0 = 1.0, e = 0.8, step = 1e-3;
  MemoryEventSink events;
  const MemorySink out = run(ball(h0, e, step, 5.0), &events);
  const auto& last = out.rows.back();
  EXPECT_NEAR(last[out.column("ball.vy")], 0.0, 1e-12);
  EXPECT_EQ(last[out.column("floor.state")], static_cast<double>(ContactState::stick));
  EXPECT_NEAR(last[out.column("floor.fn")], 1.0 * kG, 1e-9);  // m g, rounding of h g / h
  EXPECT_LT(std::abs(last[out.column("floor.gap")]), std::sqrt(2 * kG * h0) * step);
  // The first impact: Newton's law on the normal velocities around it.
  ASSERT_FALSE(events.events.empty());
  const EventRecord& impact = events.events.front();
  EXPECT_EQ(impact.kind, "impact");
  EXPECT_NEAR(impact.vn_after, -e * impact.vn_before, 1e-12);
}

// A 1 kg block 0.2 m × 0.1 m on two corner contacts, on the floor or on a line through the origin at
// angle `incline`, with initial speed v0 along the surface. Rows every 0.02 s, a multiple of every
// step size used, so that every step is exactly h.
ModelFile block(double incline, double v0, const std::string& friction, double step, double theta, double t_end) {
  const double c = std::cos(incline), s = std::sin(incline);
  std::string yaml = "gravity: [0, -9.81]\nbodies:\n  - {name: block, mass: 1.0, inertia: 0.004166666666666667, "
                     "position: [" + num(-0.05 * s) + ", " + num(0.05 * c) + "], angle: " + num(incline) +
                     ", velocity: [" + num(v0 * c) + ", " + num(v0 * s) + "]}\ncontacts:\n";
  for (const char* corner : {"left", "right"}) {
    yaml += std::string("  - {name: ") + corner + ", type: point_line, bodies: [ground, block], line: {direction: [" +
            num(c) + ", " + num(s) + "]}, point: [" + (std::string(corner) == "left" ? "-0.1" : "0.1") +
            ", -0.05], impact: {law: newton, e: 0}, friction: " + friction + "}\n";
  }
  yaml += "simulation: {scheme: time-stepping, t_end: " + num(t_end) + ", output_interval: 0.02, step: " + num(step) +
          ", time_stepping: {theta: " + num(theta) + "}}\n";
  return test::model_from_yaml(yaml);
}

double final_distance(const MemorySink& out, double incline) {
  const auto x = out.series("block.x"), y = out.series("block.y");
  return std::cos(incline) * (x.back() - x.front()) + std::sin(incline) * (y.back() - y.front());
}

// While sliding, every step removes exactly μ g h of speed, so the velocities are exact at the step
// ends; the error is in the position update. With θ = 1 (q_{k+1} = q_k + h v_{k+1}) the distance is
// short by v0 h / 2 + O(h²): first order, checked by the ratio of errors as h halves (2 up to the
// O(h²) term and the position of the stop inside the last step: ±10 %).
TEST(TimeStepping, SlidingBlockStopsAfterTheCoulombDistanceWithFirstOrderError) {
  const double mu = 0.3, v0 = 2.0, exact = v0 * v0 / (2 * mu * kG);
  std::vector<double> errors;
  for (double step : {4e-3, 2e-3, 1e-3, 5e-4}) {
    const MemorySink out = run(block(0, v0, "{law: coulomb, mu_s: 0.3, mu_k: 0.3}", step, 1.0, 1.0));
    errors.push_back(final_distance(out, 0) - exact);
    EXPECT_NEAR(errors.back() / step, -v0 / 2, 0.05 * v0) << "h = " << step;
    EXPECT_NEAR(out.series("block.vx").back(), 0.0, 1e-12);
  }
  for (std::size_t k = 1; k < errors.size(); ++k) EXPECT_NEAR(errors[k - 1] / errors[k], 2.0, 0.2);
}

// With the midpoint rule (θ = 1/2) the trapezoidal position update is exact for the piecewise linear
// velocity except in the step where the block stops: the error is below μ g h² / 8 (second order).
TEST(TimeStepping, SlidingBlockMidpointErrorIsSecondOrder) {
  const double mu = 0.3, v0 = 2.0, exact = v0 * v0 / (2 * mu * kG);
  for (double step : {4e-3, 1e-3}) {
    const MemorySink out = run(block(0, v0, "{law: coulomb, mu_s: 0.3, mu_k: 0.3}", step, 0.5, 1.0));
    EXPECT_LE(std::abs(final_distance(out, 0) - exact), mu * kG * step * step / 8 + 1e-12) << "h = " << step;
  }
}

// Below the friction angle the block stays where it is, exactly: the step's friction impulse lies
// inside the cone, so the solution has v = 0 to rounding (Lemke). Over 2 s (2000 steps) the
// rounding of each step (1e-16 m/s) cannot add up to 1e-12 m.
TEST(TimeStepping, BlockOnInclineSticksBelowTheFrictionAngle) {
  const double mu = 0.5, incline = std::atan(0.8 * mu);
  const MemorySink out = run(block(incline, 0, "{law: coulomb, mu_s: 0.5, mu_k: 0.5}", 1e-3, 0.5, 2.0));
  EXPECT_LT(std::abs(final_distance(out, incline)), 1e-12);
  EXPECT_EQ(out.rows.back()[out.column("left.state")], static_cast<double>(ContactState::stick));
}

// The documented choice for μ_s > μ_k: a contact that stuck in the previous step is held by μ_s, so a
// block at rest with μ_k < tan θ < μ_s stays at rest.
TEST(TimeStepping, StaticCoefficientHoldsABlockAtRest) {
  const double incline = std::atan(0.45);
  const MemorySink out = run(block(incline, 0, "{law: coulomb, mu_s: 0.5, mu_k: 0.4}", 1e-3, 0.5, 1.0));
  EXPECT_LT(std::abs(final_distance(out, incline)), 1e-12);
}

// Above the friction angle the block slides with a = g (sin θ − μ cos θ) along the incline; the
// scheme removes exactly h times that per step, so the speed after 1 s is exact to rounding (1e-12).
TEST(TimeStepping, BlockOnInclineSlidesAboveTheFrictionAngle) {
  const double mu = 0.3, incline = 0.5;
  const MemorySink out = run(block(incline, 0, "{law: coulomb, mu_s: 0.3, mu_k: 0.3}", 1e-3, 0.5, 1.0));
  const auto vx = out.series("block.vx"), vy = out.series("block.vy");
  const double speed = std::cos(incline) * vx.back() + std::sin(incline) * vy.back();
  EXPECT_NEAR(speed, -kG * (std::sin(incline) - mu * std::cos(incline)) * 1.0, 1e-12);
  EXPECT_EQ(out.rows.back()[out.column("left.state")], static_cast<double>(ContactState::slip_negative));
}

// Bilateral constraints at velocity level drift at O(h²) per step without correction; the drift
// term β ê / h removes the predicted position error each step, and projection puts positions back
// on the constraints to the projection tolerance. Slider-crank on the rough guide, 2 s, h = 1e-3:
// measured 3.0e-3 (β = 0), 1.2e-5 (β = 1), 1e-12 (projection); the bounds leave a factor 3-10.
TEST(TimeStepping, DriftCorrectionAndProjectionKeepTheJointsClosed) {
  ModelFile mf = read_model_file(test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"));
  mf.options.t_end = 2.0;
  auto drift = [&mf](double beta, bool projection) {
    ModelFile m = mf;
    m.options.time_stepping.drift_correction = beta;
    m.options.projection = projection;
    MemorySink out;
    return simulate(m.model, m.options, out).max_drift;
  };
  const double none = drift(0.0, false), corrected = drift(1.0, false), projected = drift(1.0, true);
  EXPECT_GT(none, 1e-3);
  EXPECT_LT(corrected, 1e-4);
  EXPECT_LT(corrected, none / 100);
  EXPECT_LT(projected, 1e-10);
}

// The drift term predicts the end-of-step error from the midpoint q_θ = q + θ h v where Φ is taken:
// ê = Φ(q_θ) + (1 − 2θ) h Φ̇ = Φ_k + (1 − θ) h Φ̇_k, and the step leaves (1 − βθ) ê of it (plus the
// O(h²) curvature drift). At θ = 1, β = 1 that is dead-beat; without the (1 − 2θ) h Φ̇ part the linear
// error recursion becomes e_{k+2} = e_k − e_{k+1}, whose root −1.618 grows without bound. Slider-crank
// on the rough guide, 2 s, h = 1e-3: the corrected drift at θ = 1 and 0.75 stays at the level the test
// above bounds for θ = 0.5 (1e-4: the curvature drift h² |v|² / ℓ ~ 1e-6 per step, removed each step).
TEST(TimeStepping, DriftCorrectionHoldsForEveryTheta) {
  ModelFile mf = read_model_file(test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"));
  mf.options.t_end = 2.0;
  mf.options.projection = false;
  mf.options.time_stepping.drift_correction = 1.0;
  for (const double theta : {0.75, 1.0}) {
    ModelFile m = mf;
    m.options.time_stepping.theta = theta;
    MemorySink out;
    EXPECT_LT(simulate(m.model, m.options, out).max_drift, 1e-4) << "theta = " << theta;
  }
}

// Options set from C++ (not through the model file's reader) are checked all the same: a fixed
// step that is zero, and time-stepping settings out of their ranges, are refused as bad input
// naming the option, before any step.
TEST(TimeStepping, OptionsFromCodeAreChecked) {
  const ModelFile base = ball(0.1, 0.5, 1e-3, 0.1);
  const auto refused = [&base](void (*change)(SimulationOptions&), const std::string& key) {
    ModelFile m = base;
    change(m.options);
    MemorySink out;
    try {
      simulate(m.model, m.options, out);
      ADD_FAILURE() << key << " was accepted";
    } catch (const ModelError& e) {
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
    EXPECT_TRUE(out.rows.empty()) << key;
  };
  refused([](SimulationOptions& o) { o.integrator_options.step = 0; }, "simulation.step");
  refused([](SimulationOptions& o) { o.time_stepping.relaxation = 2.5; }, "relaxation");
  refused([](SimulationOptions& o) { o.time_stepping.max_iterations = 0; }, "max_iterations");
  refused([](SimulationOptions& o) { o.time_stepping.subspace_rounds = -1; }, "subspace_rounds");
  refused([](SimulationOptions& o) { o.time_stepping.drift_correction = 2; }, "drift_correction");
}

// A contact problem that ends above the Gauss-Seidel tolerance is counted, with its residual, in the
// summary and a warning; `unconverged: error` stops the run at the first such step instead. The
// wall's problems cannot meet a tolerance of 1e-14 m/s (below the rounding of impulses of ~1e2 N s
// in W p + b) within 5 sweeps, so every problem ends unconverged.
// Lemke's rescue is off here (rescue_variables: 0): it would finish some of them (LemkeRescue.*).
TEST(TimeStepping, UnconvergedProblemsAreCountedOrAnError) {
  const std::string yaml =
      "gravity: [0, -9.81]\ngenerators:\n  - {type: block_wall, name: w, rows: 3, columns: 3, bond: running, "
      "block: {width: 0.4, height: 0.2, mass: 16}, impact: {law: newton, e: 0}, "
      "friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n"
      "simulation: {scheme: time-stepping, t_end: 0.01, output_interval: 0, step: 1e-3,\n"
      "  time_stepping: {solver: pgs, tolerance: 1e-14, max_iterations: 5, subspace_after: 0, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0";
  {
    const ModelFile mf = test::model_from_yaml(yaml + "}}\n");
    MemorySink out;
    const SimulationSummary s = simulate(mf.model, mf.options, out);
    EXPECT_EQ(s.complementarity_solves, 10);
    EXPECT_EQ(s.complementarity_unconverged, 10);
    EXPECT_EQ(s.complementarity_max_iterations, 5);
    EXPECT_GT(s.complementarity_max_residual, 1e-14);
    EXPECT_EQ(s.complementarity_tolerance, 1e-14);
    bool warned = false;
    for (const std::string& w : s.warnings) warned = warned || w.find("10 of 10 contact problems") != std::string::npos;
    EXPECT_TRUE(warned);
    EXPECT_EQ(out.rows.size(), 11u);  // accepted: the run goes on to t_end
  }
  {
    // stall_sweeps: a solve whose residual has not halved over that many sweeps stops. Gauss-Seidel
    // on the wall gains less than a factor 2 per sweep, so with 1 every solve stops as stalled
    // after its first sweeps; with 0 each runs to the cap of 50.
    for (const int stall : {0, 1}) {
      const ModelFile mf = test::model_from_yaml(yaml + ", stall_sweeps: " + std::to_string(stall) + "}}\n");
      ModelFile capped = mf;
      capped.options.time_stepping.max_iterations = 50;
      MemorySink out;
      const SimulationSummary s = simulate(capped.model, capped.options, out);
      EXPECT_EQ(s.complementarity_unconverged, 10) << stall;
      EXPECT_EQ(s.complementarity_stalled, stall == 0 ? 0 : 10) << stall;
      if (stall == 0) EXPECT_EQ(s.complementarity_iterations, 500);
      else EXPECT_LT(s.complementarity_iterations, 100);
    }
  }
  const ModelFile mf = test::model_from_yaml(yaml + ", unconverged: error}}\n");
  EXPECT_TRUE(mf.options.time_stepping.unconverged_error);
  MemorySink out;
  try {
    simulate(mf.model, mf.options, out);
    ADD_FAILURE() << "an unconverged problem was accepted";
  } catch (const NumericalError& e) {
    EXPECT_NEAR(e.t(), 1e-3, 1e-15);  // the first step
    EXPECT_NE(std::string(e.what()).find("did not converge"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("after 5 sweeps"), std::string::npos) << e.what();
  }
  EXPECT_EQ(out.rows.size(), 1u);  // the initial row stays; nothing of the failed step
}

// Every row ends a step, so an output interval shorter than the step shortens every step to it: the
// run says so once, naming both; an interval of at least the step (or 0: a row per step) says nothing.
TEST(TimeStepping, AnOutputIntervalShorterThanTheStepIsAWarning) {
  const auto warnings_of = [](double output_interval) {
    ModelFile mf = ball(0.1, 0.5, 1e-3, 0.01);
    mf.options.output_interval = output_interval;
    SimulationCallbacks cb;
    std::vector<std::string> warnings;
    cb.warning = [&warnings](const std::string& w) { warnings.push_back(w); };
    MemorySink out;
    const SimulationSummary s = simulate(mf.model, mf.options, out, cb);
    EXPECT_EQ(s.stats.steps, std::lround(0.01 / std::min(1e-3, output_interval > 0 ? output_interval : 1e-3)));
    return warnings;
  };
  const std::vector<std::string> w = warnings_of(2.5e-4);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("the output interval (0.00025 s) is shorter than the step (0.001 s)"), std::string::npos) << w[0];
  EXPECT_NE(w[0].find("every step is 0.00025 s"), std::string::npos) << w[0];
  for (const double interval : {0.0, 1e-3, 2e-3}) EXPECT_TRUE(warnings_of(interval).empty()) << interval;
}

}  // namespace time_stepping_test
}  // namespace stickslip
