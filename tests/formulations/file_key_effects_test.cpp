// File keys whose effect no other test showed (docs/testing.md lists every key of the model file with
// the test of its effect; scripts/check_file_keys.py keeps that list complete). Each case reads a small
// model file and checks what the key must change, against a closed form where there is one.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace file_key_effects_test {

using test::num;

struct KeyRun {
  MemorySink out;
  MemoryEventSink events;
  SimulationSummary summary;
};

KeyRun run(const std::string& yaml) {
  const ModelFile mf = test::model_from_yaml(yaml);
  KeyRun r;
  r.summary = simulate(mf.model, mf.options, r.out, {}, &r.events);
  return r;
}

double last(const KeyRun& r, const std::string& column) { return r.out.series(column).back(); }

// description: free text, read and ignored (the run is that of the same file without it).
TEST(FileKeyEffects, DescriptionChangesNothing) {
  const std::string body = "bodies:\n  - {name: b, mass: 1, inertia: 1, velocity: [1, 0]}\nsimulation: {t_end: 0.5}\n";
  EXPECT_EQ(run("description: a body gliding at 1 m/s\n" + body).out.rows, run(body).out.rows);
}

// t_start: the run starts there, and time functions are evaluated at the true time: a body driven
// along x = sin t from t = 1 starts at sin 1.
TEST(FileKeyEffects, TStartShiftsTheRunAndItsTimeFunctions) {
  const KeyRun r = run("bodies:\n  - {name: b, mass: 1, inertia: 1, position: [0.8414709848078965, 0]}\n"
                    "drivers:\n  - {name: d, body: b, coordinate: x, function: {type: sine, amplitude: 1, omega: 1}}\n"
                    "simulation: {t_start: 1, t_end: 2, output_interval: 0.5, rtol: 1e-10, atol: 1e-12}\n");
  EXPECT_EQ(r.out.rows.front()[0], 1.0);
  for (const auto& row : r.out.rows) EXPECT_NEAR(row[r.out.column("b.x")], std::sin(row[0]), 1e-8) << row[0];
}

// Sine functions: A sin(ω t + φ) + offset, phase an angle (in the file's angle_unit); a driver on
// coordinate y follows it; a driver on a revolute joint prescribes θ_j − θ_i.
TEST(FileKeyEffects, SinePhaseOffsetAndJointDrivers) {
  const KeyRun r = run("angle_unit: deg\nbodies:\n"
                    "  - {name: b, mass: 1, inertia: 1, position: [0, 0.2]}\n"
                    "  - {name: arm, mass: 1, inertia: 0.1, position: [1, 0]}\n"
                    "joints:\n  - {name: hinge, type: revolute, bodies: [ground, arm], location: [0.5, 0]}\n"
                    "drivers:\n"
                    "  - {name: lift, body: b, coordinate: y, function: {type: sine, amplitude: 0.1, omega: 2, phase: 90, offset: 0.1}}\n"
                    "  - {name: turn, joint: hinge, function: {type: polynomial, coefficients: [0, 30]}}\n"
                    "simulation: {t_end: 1, output_interval: 0.25, rtol: 1e-10, atol: 1e-12}\n");
  for (const auto& row : r.out.rows) {
    const double t = row[0];
    EXPECT_NEAR(row[r.out.column("b.y")], 0.1 * std::sin(2 * t + M_PI / 2) + 0.1, 1e-8) << t;
    EXPECT_NEAR(row[r.out.column("arm.theta")], 30 * M_PI / 180 * t, 1e-8) << t;
  }
}

// Table functions: time_column and value_column pick the columns, scale multiplies the values; a
// prescribed platform follows the spline through them (exact at the rows).
TEST(FileKeyEffects, TableColumnsAndScale) {
  test::TempDir dir;
  dir.write("motion.csv", "# t, junk, x\nt,junk,x\n0,9,0\n1,9,2\n2,9,0\n3,9,-2\n");
  const ModelFile mf = read_model_file(dir.write(
      "m.yaml", "bodies:\n  - {name: table, motion: prescribed, x: {type: table, file: motion.csv, time_column: 0, "
                "value_column: 2, scale: 0.5}}\n  - {name: b, mass: 1, inertia: 1}\nsimulation: {t_end: 3, output_interval: 1}\n"));
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const auto x = out.series("table.x");
  ASSERT_EQ(x.size(), 4u);
  EXPECT_DOUBLE_EQ(x[1], 1.0);
  EXPECT_DOUBLE_EQ(x[3], -1.0);
}

// motion: fixed places a body at a pose for good; a constant function {type: constant, value} holds a
// prescribed body's coordinate. A pendulum hinged to a fixed body rotated by 90° at its local point
// (0.5, 0) hangs from the global point (1, 2.5).
TEST(FileKeyEffects, FixedBodyAndConstantFunction) {
  const KeyRun r = run("angle_unit: deg\ngravity: [0, -9.81]\nbodies:\n"
                       "  - {name: frame, motion: fixed, position: [1, 2], angle: 90}\n"
                       "  - {name: cart, motion: prescribed, x: {type: constant, value: 0.3}, y: 0}\n"
                       "  - {name: bob, mass: 1, inertia: 0.01, position: [1, 2]}\n"
                       "joints:\n  - {name: pin, type: revolute, bodies: [frame, bob], points: [[0.5, 0], [0, 0.5]]}\n"
                       "simulation: {t_end: 0.5, output_interval: 0.5, rtol: 1e-10, atol: 1e-12}\n");
  EXPECT_EQ(r.out.column("frame.x"), -1);  // a fixed body has no coordinates (and no columns)
  EXPECT_EQ(r.out.series("cart.x").back(), 0.3);
  // The bob (its pin 0.5 m above its centre) swings about (1, 2.5): its centre stays 0.5 m from it,
  // and the pin's reaction at rest would carry m g; released from under the pin at (1, 2) it hangs still.
  for (const auto& row : r.out.rows) {
    EXPECT_NEAR(row[r.out.column("bob.x")], 1.0, 1e-9);
    EXPECT_NEAR(row[r.out.column("bob.y")], 2.0, 1e-9);
  }
}

// The integrator keys: rk4 takes exactly t_end / step steps; output_interval sets the rows (0: one a
// step); dopri5's error on a harmonic oscillator (x = 0.1 cos 10 t, a spring of 100 N/m on 1 kg)
// follows rtol and atol.
TEST(FileKeyEffects, IntegratorStepOutputIntervalAndTolerances) {
  const std::string model = "bodies:\n  - {name: b, mass: 1, inertia: 1, position: [0.1, 0]}\nforces:\n"
                            "  - {name: s, type: spring_damper, bodies: [ground, b], points: [[-1, 0], [0, 0]], stiffness: 100, "
                            "rest_length: 1}\nsimulation: {t_end: 1, ";
  const KeyRun fixed = run(model + "integrator: rk4, step: 0.01, output_interval: 0.25}\n");
  EXPECT_EQ(fixed.summary.stats.steps, 100);
  EXPECT_EQ(fixed.out.rows.size(), 5u);
  EXPECT_EQ(run(model + "integrator: rk4, step: 0.01, output_interval: 0}\n").out.rows.size(), 101u);
  const auto error = [&](const std::string& tolerances) {
    const KeyRun r = run(model + "output_interval: 0.05, " + tolerances + "}\n");
    double e = 0;
    for (const auto& row : r.out.rows) e = std::max(e, std::abs(row[r.out.column("b.x")] - 0.1 * std::cos(10 * row[0])));
    return e;
  };
  const double loose = error("rtol: 1e-4, atol: 1e-6"), tight = error("rtol: 1e-10, atol: 1e-12");
  EXPECT_LT(tight, 1e-8);
  EXPECT_GT(loose, 100 * tight);
}

// simulation.output_every decimates the rows and nothing else: every 7th of the 101 step rows, the
// first and the last always (1 + 14 + 1 = 16 rows), each equal to the undecimated run's row.
TEST(FileKeyEffects, OutputEveryDecimatesRowsOnly) {
  const std::string model = "bodies:\n  - {name: b, mass: 1, inertia: 1, position: [0.1, 0]}\nforces:\n"
                            "  - {name: s, type: spring_damper, bodies: [ground, b], points: [[-1, 0], [0, 0]], stiffness: 100, "
                            "rest_length: 1}\nsimulation: {t_end: 1, integrator: rk4, step: 0.01, output_interval: 0";
  const KeyRun all = run(model + "}\n");
  const KeyRun every = run(model + ", output_every: 7}\n");
  ASSERT_EQ(all.out.rows.size(), 101u);
  ASSERT_EQ(every.out.rows.size(), 16u);
  for (std::size_t k = 0; k + 1 < every.out.rows.size(); ++k) EXPECT_EQ(every.out.rows[k], all.out.rows[7 * k]) << k;
  EXPECT_EQ(every.out.rows.back(), all.out.rows.back());
}

// A point force in the body frame turns with the body: a body at 90° pushed by fx = 2 N (body frame)
// and fy = 1 N (global) accelerates at (−0 + 0, 2 + 1)/m ... in global terms: body x axis = global y.
TEST(FileKeyEffects, PointForceFrameAndFy) {
  const KeyRun r = run("angle_unit: deg\nbodies:\n  - {name: b, mass: 2, inertia: 1, angle: 90}\nforces:\n"
                    "  - {name: along, type: point_force, body: b, frame: body, fx: 2}\n"
                    "  - {name: up, type: point_force, body: b, fy: 1}\nsimulation: {t_end: 1, output_interval: 1}\n");
  EXPECT_NEAR(last(r, "b.x"), 0.0, 1e-12);
  EXPECT_NEAR(last(r, "b.y"), (2.0 + 1.0) / 2 / 2, 1e-9);  // a t²/2 with a = 3 N / 2 kg
}

// angle_offset of a weld: the welded body keeps θ_j − θ_i at the offset (here 0.3 rad, not its
// initial 0), which the initial projection imposes.
TEST(FileKeyEffects, WeldAngleOffset) {
  const KeyRun r = run("bodies:\n  - {name: a, mass: 1, inertia: 1, angular_velocity: 1}\n  - {name: b, mass: 1, inertia: 1}\n"
                    "joints:\n  - {name: w, type: weld, bodies: [a, b], location: [0, 0], angle_offset: 0.3}\n"
                    "simulation: {t_end: 1, output_interval: 0.5, rtol: 1e-10, atol: 1e-12}\n");
  for (const auto& row : r.out.rows)
    EXPECT_NEAR(row[r.out.column("b.theta")] - row[r.out.column("a.theta")], 0.3, 1e-9) << row[0];
}

// rest_angle of a rotational spring-damper: a damped body on a pivot settles at θ0 (no gravity).
TEST(FileKeyEffects, RotationalSpringRestAngle) {
  const KeyRun r = run("bodies:\n  - {name: b, mass: 1, inertia: 1}\nforces:\n"
                    "  - {name: s, type: rotational_spring_damper, bodies: [ground, b], stiffness: 100, damping: 20, rest_angle: 0.7}\n"
                    "simulation: {t_end: 3, output_interval: 1, rtol: 1e-10, atol: 1e-12}\n");
  // Critically damped (c² = 4 k J): after 3 s the error is (1 + ω t) e^{−ω t} 0.7 = 3e-12 rad.
  EXPECT_NEAR(last(r, "b.theta"), 0.7, 1e-10);
}

// Circles: a circle_line contact's `center` offsets the circle in its body, circle_circle's
// `centers` and `radii` place both circles; the gap column measures them.
TEST(FileKeyEffects, CircleCentersAndRadii) {
  const KeyRun r = run("bodies:\n  - {name: a, mass: 1, inertia: 1}\n  - {name: b, mass: 1, inertia: 1, position: [1, 0]}\n"
                    "contacts:\n"
                    "  - {name: floor, type: circle_line, bodies: [ground, a], center: [0, 0.5], radius: 0.2, line: {point: [0, -1], direction: [1, 0]}, normal: {law: hertz, K: 1e6}}\n"
                    "  - {name: pair, type: circle_circle, bodies: [a, b], centers: [[0.1, 0], [-0.2, 0]], radii: [0.1, 0.3], normal: {law: hertz, K: 1e6}}\n"
                    "simulation: {t_end: 0.01, output_interval: 0.01}\n");
  EXPECT_DOUBLE_EQ(r.out.rows.front()[r.out.column("floor.gap")], 0.5 + 1 - 0.2);
  EXPECT_DOUBLE_EQ(r.out.rows.front()[r.out.column("pair.gap")], (1 - 0.2) - 0.1 - 0.1 - 0.3);
}

// spacing of a block wall: neighbours in a row are that far apart (width + spacing between centres).
TEST(FileKeyEffects, WallSpacing) {
  const ModelFile mf = test::model_from_yaml(
      "generators:\n  - {type: block_wall, name: w, columns: 3, spacing: 0.05, block: {width: 0.2, height: 0.1, mass: 1}, "
      "impact: {law: newton, e: 0}}\n");
  const Model& m = mf.model;
  EXPECT_DOUBLE_EQ(m.bodies[m.body_index("w_0_1")].position.x() - m.bodies[m.body_index("w_0_0")].position.x(), 0.25);
  EXPECT_DOUBLE_EQ(m.bodies[m.body_index("w_0_2")].position.x() - m.bodies[m.body_index("w_0_1")].position.x(), 0.25);
}

// max_step caps dopri5's steps: a free body needs one step without it, at least t_end / max_step with.
TEST(FileKeyEffects, MaxStepCapsTheSteps) {
  const std::string body = "bodies:\n  - {name: b, mass: 1, inertia: 1, velocity: [1, 0]}\nsimulation: {t_end: 1, output_interval: 0";
  EXPECT_LE(run(body + "}\n").summary.stats.steps, 5);
  EXPECT_GE(run(body + ", max_step: 0.01}\n").summary.stats.steps, 100);
}

// baumgarte from the file acts as the options set in code do: the double pendulum's drift with the
// file's {alpha: 20, beta: 100} is the one of the Stabilization test's options (to the bit).
TEST(FileKeyEffects, BaumgarteFromTheFile) {
  std::string yaml = test::read_text(test::source_path("examples/double_pendulum/double_pendulum.yaml"));
  yaml = test::replace_all(yaml, "  rtol: 1e-10\n", "  rtol: 1e-10\n  baumgarte: {alpha: 20, beta: 100}\n");
  ModelFile from_file = test::model_from_yaml(yaml);
  ModelFile in_code = read_model_file(test::source_path("examples/double_pendulum/double_pendulum.yaml"));
  in_code.options.baumgarte = {20.0, 100.0};
  EXPECT_EQ(from_file.options.baumgarte.alpha, 20.0);
  EXPECT_EQ(from_file.options.baumgarte.beta, 100.0);
  MemorySink a, b;
  const double da = simulate(from_file.model, from_file.options, a).max_drift;
  const double db = simulate(in_code.model, in_code.options, b).max_drift;
  EXPECT_EQ(da, db);
  EXPECT_EQ(a.rows, b.rows);
}

// activation_gap (Moreau-Jean): a contact takes part in a step once its gap is below it, and the
// velocity condition v_N⁺ ≥ 0 then stops an inelastic ball there. Dropped at 1 m/s towards the
// floor from 0.1 m, the impact happens where the gap first falls below the activation gap: at about
// (0.1 − 0.05) m / 1 m/s with 0.05 m, at about 0.1 s with the default 1e-6 m.
TEST(FileKeyEffects, ActivationGap) {
  const auto impact_time = [](const std::string& extra) {
    const KeyRun r = run("bodies:\n  - {name: ball, mass: 1, inertia: 0.01, position: [0, 0.2], velocity: [0, -1]}\n"
                      "contacts:\n  - {name: floor, type: circle_line, bodies: [ground, ball], radius: 0.1, impact: {law: newton, e: 0}}\n"
                      "simulation: {scheme: time-stepping, t_end: 0.2, output_interval: 0, step: 1e-3, time_stepping: {" + extra + "}}\n");
    for (const EventRecord& e : r.events.events)
      if (e.kind == "impact") return e.t;
    return std::nan("");
  };
  EXPECT_NEAR(impact_time(""), 0.1, 2e-3);
  EXPECT_NEAR(impact_time("activation_gap: 0.05"), 0.05, 2e-3);
}

// min_impact_speed: laws written through e take their damping from the approach speed v⁻, and a
// contact that closes slower than min_impact_speed uses that instead. A Hunt-Crossley ball (e = 0.5,
// damping number d = 3(1 − e)/2 = 0.75) set down at 1e-3 m/s: with the default (1e-3 m/s) it rebounds
// with the law's exact restitution for d (solved below as in hunt_crossley_test.cpp: 0.663); with
// min_impact_speed 10 m/s its damping number is 1e4 times smaller and the rebound nearly elastic,
// 1 − (2/3)(7.5e-5) to first order.
double restitution_of_damping_number(double d) {
  const double target = d - std::log1p(d);
  double lo = 0, hi = 1;
  while (hi - lo > 1e-15) {
    const double mid = 0.5 * (lo + hi);
    (-mid - std::log1p(-mid) < target ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi) / d;
}

TEST(FileKeyEffects, MinImpactSpeed) {
  const auto rebound = [](const std::string& extra) {
    const KeyRun r = run("bodies:\n  - {name: ball, mass: 1, inertia: 0.01, position: [0, 0.1], velocity: [0, -1e-3]}\n"
                         "contacts:\n  - {name: floor, type: circle_line, bodies: [ground, ball], radius: 0.1, "
                         "normal: {law: hunt_crossley, K: 1e6, n: 1.5, e: 0.5}" + extra + "}\n"
                         "simulation: {t_end: 0.2, output_interval: 0.001, rtol: 1e-10, atol: 1e-14}\n");
    return last(r, "ball.vy") / 1e-3;  // long after the contact, in free flight
  };
  EXPECT_NEAR(rebound(""), restitution_of_damping_number(0.75), 1e-6);
  EXPECT_NEAR(rebound(", min_impact_speed: 10"), 1 - 2.0 / 3 * 7.5e-5, 1e-8);
}

// The Gauss-Seidel options of the time-stepping scheme, on a stack of five blocks on a shaken table
// (examples/block_wall/stack.yaml, shorter): the sweep cap bounds every solve (and solves stopped there
// are counted, or finished by Lemke's method: rescue_variables), a floor of sweeps raises their number, a looser tolerance lowers it, over-relaxation
// and the subspace steps (after how many sweeps, how many rounds) change it.
TEST(FileKeyEffects, GaussSeidelOptions) {
  const auto stats = [](const std::string& ts) {
    const KeyRun r = run("gravity: [0, -9.81]\nbodies:\n  - {name: table, motion: prescribed, x: {type: sine, amplitude: 0.1, "
                         "omega: 9.42477796076938}}\ngenerators:\n  - {type: block_wall, name: s, rows: 5, base: table, "
                         "block: {width: 0.2, height: 0.4, mass: 16}, impact: {law: newton, e: 0}, "
                         "friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n"
                         "simulation: {scheme: time-stepping, t_end: 0.3, output_interval: 0, step: 1e-3, "
                         "time_stepping: {solver: pgs" + ts + "}}\n");
    EXPECT_EQ(r.summary.complementarity_solver, "pgs");
    return r.summary;
  };
  const SimulationSummary base = stats("");
  EXPECT_EQ(base.complementarity_unconverged, 0);
  // Without the rescues, solves stopped at the cap are counted; with Lemke's (the default: these
  // problems lift to at most 40 variables), Lemke's method finishes every one of them exactly.
  const SimulationSummary capped = stats(", max_iterations: 2, min_iterations: 0, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0");
  EXPECT_LE(capped.complementarity_max_iterations, 2);
  EXPECT_GT(capped.complementarity_unconverged, 0);
  EXPECT_EQ(capped.complementarity_rescued, 0);
  const SimulationSummary rescued = stats(", max_iterations: 2, min_iterations: 0");
  EXPECT_EQ(rescued.complementarity_unconverged, 0);
  EXPECT_GT(rescued.complementarity_rescued, 0);
  // Lemke's rescue off, the interior-point rescue (on by default) takes those solves instead.
  const SimulationSummary by_interior_point = stats(", max_iterations: 2, min_iterations: 0, rescue_variables: 0");
  EXPECT_EQ(by_interior_point.complementarity_rescued, 0);
  EXPECT_GT(by_interior_point.complementarity_interior_point_rescued, 0);
  EXPECT_LT(by_interior_point.complementarity_unconverged, capped.complementarity_unconverged);
  // Both off, the proximal point rescue (proximal_rescue_rows, 2000 by default) takes them.
  const SimulationSummary by_proximal =
      stats(", max_iterations: 2, min_iterations: 0, rescue_variables: 0, interior_point_rescue: false");
  EXPECT_EQ(by_proximal.complementarity_interior_point_attempts, 0);
  EXPECT_GT(by_proximal.complementarity_proximal_rescued, 0);
  EXPECT_GT(by_proximal.complementarity_proximal_newton_steps, 0);
  EXPECT_LT(by_proximal.complementarity_unconverged, capped.complementarity_unconverged);
  // The warning names the solver that ran and its unit of work.
  ASSERT_FALSE(capped.warnings.empty());
  EXPECT_NE(capped.warnings.back().find("above the Gauss-Seidel tolerance"), std::string::npos) << capped.warnings.back();
  EXPECT_NE(capped.warnings.back().find("at the sweep cap"), std::string::npos) << capped.warnings.back();
  EXPECT_GT(stats(", min_iterations: 40").complementarity_iterations, base.complementarity_iterations);
  EXPECT_LT(stats(", tolerance: 1e-2").complementarity_iterations, base.complementarity_iterations);
  EXPECT_NE(stats(", relaxation: 1.5").complementarity_iterations, base.complementarity_iterations);
  EXPECT_NE(stats(", subspace_after: 0").complementarity_iterations, base.complementarity_iterations);
  EXPECT_NE(stats(", subspace_rounds: 1").complementarity_iterations, base.complementarity_iterations);
}

// time_stepping.solver: apgd (solvers/accelerated_gradient.hpp) on the same shaken stack of five blocks:
// the summary names it, its iteration count is bounded (a regression count: 67.3 per step on average
// and at most 481 when this test was written, against Gauss-Seidel's 6.3 with subspace steps, which
// is why it is not the default), and its options act as Gauss-Seidel's do (the cap bounds every solve).
TEST(FileKeyEffects, AcceleratedGradientOption) {
  const auto stats = [](const std::string& ts) {
    const KeyRun r = run("gravity: [0, -9.81]\nbodies:\n  - {name: table, motion: prescribed, x: {type: sine, amplitude: 0.1, "
                         "omega: 9.42477796076938}}\ngenerators:\n  - {type: block_wall, name: s, rows: 5, base: table, "
                         "block: {width: 0.2, height: 0.4, mass: 16}, impact: {law: newton, e: 0}, "
                         "friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n"
                         "simulation: {scheme: time-stepping, t_end: 0.3, output_interval: 0, step: 1e-3, "
                         "time_stepping: {solver: apgd" + ts + "}}\n");
    EXPECT_EQ(r.summary.complementarity_solver, "apgd");
    return r.summary;
  };
  const SimulationSummary base = stats("");
  EXPECT_EQ(base.complementarity_solves, 300);
  EXPECT_LE(static_cast<double>(base.complementarity_iterations) / 300.0, 80.0);
  EXPECT_LE(base.complementarity_max_iterations, 1000);
  EXPECT_LE(base.complementarity_unconverged, 5);
  const SimulationSummary capped = stats(", max_iterations: 2, min_iterations: 0, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0");
  EXPECT_LE(capped.complementarity_max_iterations, 2);
  EXPECT_GT(capped.complementarity_unconverged, 0);
  EXPECT_EQ(stats(", max_iterations: 2, min_iterations: 0").complementarity_unconverged, 0);  // rescued
  // The warning names the solver that ran and its unit of work, not Gauss-Seidel's.
  ASSERT_FALSE(capped.warnings.empty());
  EXPECT_NE(capped.warnings.back().find("above the APGD tolerance"), std::string::npos) << capped.warnings.back();
  EXPECT_NE(capped.warnings.back().find("at the iteration cap"), std::string::npos) << capped.warnings.back();
  EXPECT_LT(stats(", tolerance: 1e-2").complementarity_iterations, base.complementarity_iterations);
}

}  // namespace file_key_effects_test
}  // namespace stickslip
