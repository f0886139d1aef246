// Static equilibrium on compliant contacts (formulations/static_equilibrium.hpp, `simulation: initial:
// static_equilibrium`). A box (m = 1 kg, 0.2 m × 0.1 m: corners at x = ±b, h below the centre) on its
// two bottom corners:
//   linear corners (F = k δ), centred:   δ = W / 2k on both, no tilt;
//   Hertz corners (F = K δⁿ), centred:   δ = (W / 2K)^(1/n);
//   Hertz corners, a vertical load P at x = a on the box: the balance of forces and moments in the
//   tilted pose (corners at x_i cos θ + h sin θ from the centre) fixes N0 + N1 = W + P and
//   Σ N_i (x_i cos θ + h sin θ) = P a cos θ, and each corner's penetration from the pose equals
//   (N_i / K)^(1/n).
// Started there, nothing moves: no sinking transient under the compliant and event-driven schemes.
// And the free-standing body of Zhang & Wang (2017) on a platform held still: started at zero
// penetration it sinks by centimetres into its heavily damped tips; started at equilibrium it stays.
// And a stool: a body on two legs hinged to it with torsional springs, their tips on stiff linear
// contacts (k = 1e7 N/m) held by friction; its settled pose and friction forces have a closed form
// (StoolOnStiffTips below), whose held tangential direction shows only through a Schur complement.
#include "formulations/static_equilibrium.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/initial_state.hpp"
#include "math/errors.hpp"

namespace stickslip::test {
namespace static_equilibrium_test {

constexpr double kG = 9.81, kMass = 1.0, kB = 0.1, kH = 0.05, kW = kMass * kG;

std::string box_yaml(const std::string& normal_law, double load, double load_x, const std::string& scheme,
                     const std::string& initial, const std::string& friction = "{law: coulomb, mu_s: 0.5, mu_k: 0.4}") {
  std::string s = "name: box\ngravity: [0, " + num(-kG) + "]\nbodies:\n";
  s += "  - {name: box, mass: 1.0, inertia: 0.004166666666666667, position: [0, 0.05]}\n";
  if (load != 0) s += "forces:\n  - {name: load, type: point_force, body: box, point: [" + num(load_x) + ", 0], fy: " + num(-load) + "}\n";
  s += "contacts:\n";
  for (int i = 0; i < 2; ++i) {
    s += "  - {name: p" + std::to_string(i) + ", type: point_line, bodies: [ground, box], point: [" + num(i ? kB : -kB) +
         ", -0.05], normal: " + normal_law + ", friction: " + friction + "}\n";
  }
  s += "simulation: {scheme: " + scheme + ", t_end: 0.5, output_interval: 0.05, initial: " + initial + "}\n";
  return s;
}

StaticEquilibrium equilibrium_of(const std::string& yaml) {
  const ModelFile mf = model_from_yaml(yaml);
  Workspace ws(mf.model);
  return static_equilibrium(mf.model, mf.options, assembled_initial_state(mf.model, mf.options, ws));
}

// Newton's method stops when its step is below 1e-13 of the coordinates, after which the error is
// far below that step (quadratic convergence); rounding of y ≈ 0.05 m is ~1e-17 m. The forces then
// balance to rounding of the weight, 1e-12 W with margin.
constexpr double kPositionTolerance = 1e-13, kForceTolerance = 1e-12 * kW;

TEST(StaticEquilibrium, LinearCornersCentred) {
  const double k = 1e6;
  const StaticEquilibrium eq =
      equilibrium_of(box_yaml("{law: linear_spring_damper, k: 1e6, c: 100}", 0, 0, "compliant", "as_given"));
  EXPECT_LT(eq.force_residual, kForceTolerance);
  EXPECT_NEAR(eq.state.q[1], kH - kW / (2 * k), kPositionTolerance);
  EXPECT_NEAR(eq.state.q[0], 0.0, kPositionTolerance);
  EXPECT_NEAR(eq.state.q[2], 0.0, kPositionTolerance);
  EXPECT_NEAR(eq.contact_forces[0].normal, kW / 2, kForceTolerance);
  EXPECT_NEAR(eq.contact_forces[0].tangential[0], 0.0, kForceTolerance);
  EXPECT_GT(eq.friction_margin, 0.0);
}

TEST(StaticEquilibrium, HertzCornersCentred) {
  const double K = 1e7, n = 1.5;
  const StaticEquilibrium eq =
      equilibrium_of(box_yaml("{law: hunt_crossley, K: 1e7, n: 1.5, e: 0.5}", 0, 0, "event-driven", "as_given"));
  EXPECT_LT(eq.force_residual, kForceTolerance);
  EXPECT_NEAR(eq.state.q[1], kH - std::pow(kW / (2 * K), 1 / n), kPositionTolerance);
  EXPECT_NEAR(eq.state.q[2], 0.0, kPositionTolerance);
}

// P = 5 N at a = 0.06 m: the right corner carries 12.3 N, the left 2.5 N; the box tilts by ~1e-4 rad.
TEST(StaticEquilibrium, HertzCornersOffCentreLoad) {
  const double K = 1e7, n = 1.5, P = 5.0, a = 0.06;
  const StaticEquilibrium eq =
      equilibrium_of(box_yaml("{law: hunt_crossley, K: 1e7, n: 1.5, e: 0.5}", P, a, "event-driven", "as_given"));
  EXPECT_LT(eq.force_residual, kForceTolerance);
  const double y = eq.state.q[1], th = eq.state.q[2];
  EXPECT_LT(th, -1e-5);  // it leans towards the load
  const double n0 = eq.contact_forces[0].normal, n1 = eq.contact_forces[1].normal;
  EXPECT_NEAR(n0 + n1, kW + P, kForceTolerance);
  const double arm0 = -kB * std::cos(th) + kH * std::sin(th), arm1 = kB * std::cos(th) + kH * std::sin(th);
  EXPECT_NEAR(n0 * arm0 + n1 * arm1, P * a * std::cos(th), kForceTolerance * kB);
  for (int i = 0; i < 2; ++i) {
    const double x = i ? kB : -kB, delta = -(y + x * std::sin(th) - kH * std::cos(th));
    EXPECT_NEAR(delta, std::pow(eq.contact_forces[static_cast<std::size_t>(i)].normal / K, 1 / n), kPositionTolerance);
  }
  // No horizontal load: no friction, and the corners did not slide while the box tilted.
  EXPECT_NEAR(eq.contact_forces[0].tangential[0] + eq.contact_forces[1].tangential[0], 0.0, kForceTolerance);
}

// Started at the equilibrium, the box does not move (measured: 3e-15 m over 0.5 s under both schemes,
// rounding of the equilibrium and of the steps; 1e-12 m leaves room for other compilers); started at
// zero penetration it sinks by the static penetration (4e-5 to 8e-5 m) and rocks while its damping
// settles it.
TEST(StaticEquilibrium, NoSinkingTransientFromIt) {
  for (const std::string scheme : {"compliant", "event-driven"}) {
    SCOPED_TRACE(scheme);
    const std::string law = "{law: hunt_crossley, K: 1e7, n: 1.5, e: 0.5}";
    const std::string friction = scheme == "compliant" ? "{law: karnopp, mu_s: 0.5, mu_k: 0.4, dv: 1e-4}"
                                                       : "{law: coulomb, mu_s: 0.5, mu_k: 0.4}";
    const auto sink = [&](const std::string& initial) {
      ModelFile mf = model_from_yaml(box_yaml(law, 5.0, 0.06, scheme, initial, friction));
      MemorySink out;
      simulate(mf.model, mf.options, out);
      double d = 0;
      for (const char* c : {"box.x", "box.y"}) {
        const auto v = out.series(c);
        for (const double x : v) d = std::max(d, std::abs(x - v.front()));
      }
      return d;
    };
    EXPECT_LT(sink("static_equilibrium"), 1e-12);
    EXPECT_GT(sink("as_given"), 1e-5);
  }
}

// A box above the floor touches nothing: there is no equilibrium, and the run says so before it starts.
TEST(StaticEquilibrium, NoneForABodyInTheAir) {
  std::string yaml = box_yaml("{law: hertz, K: 1e7, n: 1.5}", 0, 0, "event-driven", "static_equilibrium");
  yaml = replace_all(yaml, "position: [0, 0.05]", "position: [0, 1.0]");
  ModelFile mf = model_from_yaml(yaml);
  MemorySink out;
  EXPECT_THROW(simulate(mf.model, mf.options, out), NumericalError);
  EXPECT_TRUE(out.rows.empty());
}

// Zhang & Wang 2017 case 1 (examples/free_standing_body) with the platform held still: the 520 kg of
// body and legs rest on two extended-Hertz tips (K1 = 1e6, n = 1.5: ~2.6 kN each sinks them ~2 cm)
// with heavy damping (c2 = 1e7). Holding the tips where the file puts them takes 4315 N of friction
// on normal forces of 3139 N and 1962 N, above the file's μ0 = 0.6 (the tips slide from the start,
// tests/references/free_standing_body.py); here μ0 = 3 holds them (it takes 2.2). From zero
// penetration the body sinks by centimetres (1.1 cm in the first 0.3 s, measured); from the
// equilibrium it stays put: 2e-13 m measured over 0.3 s, the rounding of the equilibrium (positions of
// ~5 m) through bdf at rtol 1e-10 and the hinges' Baumgarte terms; 1e-10 m leaves room.
TEST(StaticEquilibrium, FreeStandingBodyStartsAtRest) {
  std::string yaml = read_text(source_path("examples/free_standing_body/case1_e-0.915.yaml"));
  yaml = replace_all(yaml, "x: {type: sine, amplitude: 0.8, omega: 3.141592653589793}", "x: 0");
  yaml = replace_all(yaml, "velocity: [2.5132741228718345, 0.0]", "velocity: [0, 0]");
  yaml = replace_all(yaml, "mu_s: 0.6, mu_k: 0.48", "mu_s: 3, mu_k: 2.4");
  const auto drift = [&](const std::string& initial) {
    ModelFile mf = model_from_yaml(replace_all(yaml, "initial: static_equilibrium", "initial: " + initial));
    mf.options.t_end = 0.3;
    mf.options.output_interval = 0.1;
    MemorySink out;
    simulate(mf.model, mf.options, out);
    const auto y = out.series("body.y");
    double d = 0;
    for (const double v : y) d = std::max(d, std::abs(v - y.front()));
    return d;
  };
  EXPECT_LT(drift("static_equilibrium"), 1e-10);
  EXPECT_GT(drift("as_given"), 5e-3);
}

// A stool: a body (M = 10 kg) on two legs (m = 1 kg, length 2l = 0.5 m) hinged to it at (±0.3, −0.2) m
// and splayed by θ = 30° from the vertical, held there by torsional springs (1e4 N m/rad, at rest in
// the file's pose); the tips stand on the floor through linear contacts of k = 1e7 N/m, just touching,
// and friction holds them where the file puts them. By symmetry the stool sinks straight down and
// nothing turns: each tip carries N = (M + 2m) g / 2 and sinks by N / k, and a leg's moments about its
// hinge, 2l (N sin θ + λ cos θ) − m g l sin θ = 0, give the friction that holds its tip:
//   |λ| = (N − m g / 2) tan θ = 31.15 N, 0.529 of N,
// the outward splay held back. μ_s = 0.6 covers it (margin μ_s N − |λ|), μ_s = 0.45 does not: the start
// warns and the tips slide from it. The holding force is the squeeze of the two tips against the stiff
// legs: in the Newton system [J Cᵀ; C 0] it is the Schur complement C J⁻¹ Cᵀ ~ 1/k of the rows the
// contacts hold stiffly, a singular value 1e-12 of the largest (9e-6 against 1e7) unless the rows are
// scaled to J; dropped below the rank threshold, Newton's method found no equilibrium (the free-standing
// body's, 3e-8 against 3e6, found a frictionless one with the tips 0.27 mm out).
std::string stool_yaml(double mu_s) {
  constexpr double b = 0.3, h = 0.2, l = 0.25, theta = M_PI / 6;
  const double y_body = h + 2 * l * std::cos(theta);  // tips at y = 0
  std::string s = "name: stool\ngravity: [0, " + num(-kG) + "]\nbodies:\n";
  s += "  - {name: body, mass: 10, inertia: 0.3, position: [0, " + num(y_body) + "]}\n";
  for (const int side : {-1, 1}) {
    const std::string name = side < 0 ? "leg_left" : "leg_right";
    s += "  - {name: " + name + ", mass: 1, inertia: 0.020833333333333332, position: [" +
         num(side * (b + l * std::sin(theta))) + ", " + num(y_body - h - l * std::cos(theta)) +
         "], angle: " + num(side * theta) + "}\n";
  }
  s += "joints:\n";
  s += "  - {name: A, type: revolute, bodies: [body, leg_left], points: [[-0.3, -0.2], [0, 0.25]]}\n";
  s += "  - {name: B, type: revolute, bodies: [body, leg_right], points: [[0.3, -0.2], [0, 0.25]]}\n";
  s += "forces:\n";
  s += "  - {name: spring_A, type: rotational_spring_damper, bodies: [body, leg_left], stiffness: 1e4, damping: 10, rest_angle: " + num(-theta) + "}\n";
  s += "  - {name: spring_B, type: rotational_spring_damper, bodies: [body, leg_right], stiffness: 1e4, damping: 10, rest_angle: " + num(theta) + "}\n";
  s += "contacts:\n";
  for (const std::string leg : {"leg_left", "leg_right"}) {
    s += "  - {name: tip_" + leg.substr(4) + ", type: point_line, bodies: [ground, " + leg +
         "], point: [0, -0.25], normal: {law: linear_spring_damper, k: 1e7, c: 100}, friction: {law: coulomb, mu_s: " +
         num(mu_s) + ", mu_k: " + num(0.8 * mu_s) + "}}\n";
  }
  s += "simulation: {scheme: event-driven, t_end: 0.01, output_interval: 0.001, initial: static_equilibrium}\n";
  return s;
}

// Tolerances. Positions: Newton stops at a step of 1e-13 of the coordinates (~0.6 m) and the pose is
// exact but for rounding (1e-16 m measured); 1e-12 m with margin. Forces: a rounding of the height
// (1.1e-16 m at 0.6 m) is 1.1e-9 N of the contacts' k δ (measured 1e-10 N on the normal forces, 6e-11 N
// on the friction); 1e-8 N leaves room.
TEST(StaticEquilibrium, StoolOnStiffTips) {
  constexpr double k = 1e7, theta = M_PI / 6, m_leg = 1.0;
  const double n = (10 + 2 * m_leg) * kG / 2, lambda = (n - m_leg * kG / 2) * std::tan(theta);
  for (const double mu_s : {0.6, 0.45}) {
    SCOPED_TRACE(mu_s);
    const ModelFile mf = model_from_yaml(stool_yaml(mu_s));
    Workspace ws(mf.model);
    SimulationOptions as_given = mf.options;
    as_given.initial = InitialCondition::as_given;
    const State file = assembled_initial_state(mf.model, as_given, ws);
    const StaticEquilibrium eq = static_equilibrium(mf.model, mf.options, file);
    EXPECT_LT(eq.force_residual, 1e-8);
    // Straight down by N / k; nothing turns, nothing moves sideways (the tips stay where they are).
    for (std::size_t i = 0; i < 9; ++i) {
      const double expected = file.q[static_cast<Eigen::Index>(i)] - (i % 3 == 1 ? n / k : 0.0);
      EXPECT_NEAR(eq.state.q[static_cast<Eigen::Index>(i)], expected, 1e-12) << "coordinate " << i;
    }
    EXPECT_NEAR(eq.contact_forces[0].normal, n, 1e-8);
    EXPECT_NEAR(eq.contact_forces[1].normal, n, 1e-8);
    EXPECT_NEAR(eq.contact_forces[0].tangential[0], lambda, 1e-8);   // left tip: pushed back to +x
    EXPECT_NEAR(eq.contact_forces[1].tangential[0], -lambda, 1e-8);  // right tip: to −x
    EXPECT_NEAR(eq.friction_margin, mu_s * n - lambda, 1e-8);
    // The start warns exactly when μ_s N does not cover the hold.
    std::vector<std::string> warnings;
    Workspace ws2(mf.model);
    assembled_initial_state(mf.model, mf.options, ws2, [&](const std::string& w) { warnings.push_back(w); });
    bool warned = false;
    for (const std::string& w : warnings) warned = warned || w.find("friction cannot hold it") != std::string::npos;
    EXPECT_EQ(warned, mu_s * n < lambda);
  }
}

}  // namespace static_equilibrium_test
}  // namespace stickslip::test
