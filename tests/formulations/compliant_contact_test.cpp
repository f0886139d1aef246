// The compliant formulation against closed forms: a ball dropped on the floor (Hertz contact time
// and energy, restitution of the damped laws) and a block on an incline (stick and slide).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "../test_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"
#include "laws/hysteretic_damping.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace compliant_contact_test {

constexpr double kG = 9.81, kMass = 2.0;

// A ball thrown at the floor at speed v without gravity, so that the single-impact closed forms
// (which ignore gravity during the contact) apply exactly.
ModelFile ball_model(const std::string& normal_law, double v) {
  test::TempDir dir;
  const std::string yaml = "bodies:\n"
                           "  - {name: ball, mass: 2.0, inertia: 0.008, position: [0, 0.11], velocity: [0, " +
                           std::to_string(-v) +
                           "]}\n"
                           "contacts:\n"
                           "  - name: floor\n    type: circle_line\n    bodies: [ground, ball]\n"
                           "    radius: 0.1\n    normal: " +
                           normal_law +
                           "\n"
                           "simulation: {t_end: 0.1, output_interval: 0, rtol: 1e-10, atol: 1e-13}\n";
  return read_model_file(dir.write("ball.yaml", yaml));
}

struct Bounce {
  double v_in = 0, v_out = 0;    // speeds just before the onset and just after the separation
  double t_onset = 0, t_separation = 0;
  double energy_before = 0, energy_after = 0;
};

// First bounce: onset and separation times from the event log; speeds and energies from the rows
// written at those events (output at every step and at every event).
Bounce first_bounce(const ModelFile& mf) {
  MemorySink out;
  MemoryEventSink events;
  simulate(mf.model, mf.options, out, {}, &events);
  Bounce b;
  for (const EventRecord& e : events.events) {
    if (e.kind == "onset" && b.t_onset == 0) b.t_onset = e.t;
    if (e.kind == "separation" && b.t_separation == 0) b.t_separation = e.t;
  }
  const auto t = out.series("t"), vy = out.series("ball.vy"), en = out.series("energy.total");
  const auto row = [&](double time) {
    return static_cast<std::size_t>(std::lower_bound(t.begin(), t.end(), time) - t.begin());
  };
  const std::size_t on = row(b.t_onset), off = row(b.t_separation);
  b.v_in = -vy[on];
  b.energy_before = en[on];
  b.v_out = vy[off];
  b.energy_after = en[off];
  return b;
}

// Undamped Hertz: no energy lost, contact time t* = 2.9432 δ_max / v with δ_max = (5 m v²/(4K))^{2/5}.
// The events are located to 1e-13 s and dopri5 runs at rtol 1e-10, so both hold to 1e-7 relative.
TEST(CompliantContact, HertzContactTimeAndEnergy) {
  const double K = 1e8, v = 2.0;
  const ModelFile mf = ball_model("{law: hertz, K: 1e8, n: 1.5}", v);
  const Bounce b = first_bounce(mf);
  EXPECT_NEAR(b.v_in, v, 1e-12);
  EXPECT_NEAR(b.v_out / b.v_in, 1.0, 1e-7);
  EXPECT_NEAR(b.energy_after, b.energy_before, 1e-7 * std::abs(b.energy_before));
  const double delta_max = std::pow(5 * kMass * v * v / (4 * K), 0.4);
  // 2.9432 is given to 5 digits: the constant's own rounding (2e-5) dominates the tolerance.
  EXPECT_NEAR((b.t_separation - b.t_onset) / (2.9432 * delta_max / v), 1.0, 5e-5);
}

// Lankarani-Nikravesh and Hunt-Crossley at e = 0.9: the rebound ratio equals the law's exact
// hysteretic restitution (to the integration accuracy, 1e-6), which lies within each model's known
// accuracy of the requested e: LN gives 0.913 (its d(e) is derived for e → 1), HC 0.909.
TEST(CompliantContact, DampedLawsReboundNearTheirRestitution) {
  struct Case {
    const char* law;
    double damping_number;  // d(e) of the law at e = 0.9
    double accuracy;        // known deviation of the law's e_eff from e at e = 0.9
  };
  const double e = 0.9;
  for (const Case& c : {Case{"lankarani_nikravesh", 3 * (1 - e * e) / 4, 0.015},
                        Case{"hunt_crossley", 3 * (1 - e) / 2, 0.01}}) {
    const ModelFile mf = ball_model(std::string("{law: ") + c.law + ", K: 1e8, n: 1.5, e: 0.9}", 2.0);
    const Bounce b = first_bounce(mf);
    const double ratio = b.v_out / b.v_in;
    EXPECT_NEAR(ratio, laws::hysteretic_restitution(c.damping_number), 1e-6) << c.law;
    EXPECT_NEAR(ratio, e, c.accuracy) << c.law;
  }
}

// A 1 kg block (0.2 m × 0.1 m) on an incline of angle θ, two corner contacts with a stiff damped
// linear normal law.
ModelFile incline_model(double theta, const std::string& friction, double t_end) {
  test::TempDir dir;
  const double c = std::cos(theta), s = std::sin(theta);
  // Block centre 0.05 m above the incline surface, corners at (±0.1, −0.05) in the block frame.
  std::string yaml = "gravity: [0, -9.81]\nbodies:\n  - {name: block, mass: 1.0, inertia: 0.004166666666666667, position: [" +
                     std::to_string(-0.05 * s) + ", " + std::to_string(0.05 * c) + "], angle: " + std::to_string(theta) +
                     "}\ncontacts:\n";
  for (const char* side : {"left", "right"}) {
    const double x = std::string(side) == "left" ? -0.1 : 0.1;
    yaml += std::string("  - name: ") + side +
            "\n    type: point_line\n    bodies: [ground, block]\n    line: {point: [0, 0], direction: [" + std::to_string(c) +
            ", " + std::to_string(s) + "]}\n    point: [" + std::to_string(x) +
            ", -0.05]\n    normal: {law: linear_spring_damper, k: 1e6, c: 2000}\n    friction: " + friction + "\n";
  }
  yaml += "simulation: {t_end: " + std::to_string(t_end) + ", output_interval: 0.01, rtol: 1e-8, atol: 1e-11}\n";
  return read_model_file(dir.write("incline.yaml", yaml));
}

double displacement_along_incline(const MemorySink& out, double theta, std::size_t row) {
  return std::cos(theta) * out.series("block.x")[row] + std::sin(theta) * out.series("block.y")[row];
}

// Below the friction angle a regularised law creeps at the speed where μ tanh(v/v_t) = tan θ:
// v_creep = v_t atanh(tan θ / μ) = 1e-5 · atanh(0.8) ≈ 1.1e-5 m/s. Over 2 s the block moves at most
// that times 2 s plus the settling of the stiff contact (≈ m g cos θ / k ≈ 1e-5 m): bound 5e-5 m.
TEST(CompliantContact, BlockOnInclineSticksBelowTheFrictionAngle) {
  const double mu = 0.5, theta = std::atan(0.8 * mu);
  const ModelFile mf = incline_model(theta, "{law: coulomb_tanh, mu: 0.5, v_t: 1e-5}", 2.0);
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const double creep = std::abs(displacement_along_incline(out, theta, out.rows.size() - 1) -
                                displacement_along_incline(out, theta, 0));
  EXPECT_LT(creep, 5e-5);
}

// Above the friction angle the block slides with a = g (sin θ − μ_k cos θ): measured from the
// velocity gained between 0.5 s and 1.5 s (after the contact settles). Sliding at > 1 m/s puts
// tanh(v/v_t) and LuGre's g(v) at μ_k to 1e-12, so the only error is the integration (1e-6).
TEST(CompliantContact, BlockOnInclineSlidesAboveTheFrictionAngle) {
  const double theta = 0.5;  // tan θ = 0.546
  struct Case {
    const char* friction;
    double mu_k;
  };
  for (const Case& c : {Case{"{law: coulomb_tanh, mu: 0.3, v_t: 1e-4}", 0.3},
                        Case{"{law: lugre, mu_s: 0.4, mu_k: 0.3, sigma0: 1e5, sigma1: 300, sigma2: 0, v_s: 0.01}", 0.3}}) {
    const ModelFile mf = incline_model(theta, c.friction, 1.5);
    MemorySink out;
    simulate(mf.model, mf.options, out);
    const auto vx = out.series("block.vx"), vy = out.series("block.vy");
    const auto speed = [&](std::size_t k) { return std::cos(theta) * vx[k] + std::sin(theta) * vy[k]; };
    const double a = -(speed(150) - speed(50)) / 1.0;  // the incline rises to the right: sliding is −x
    EXPECT_NEAR(a, kG * (std::sin(theta) - c.mu_k * std::cos(theta)), 1e-5) << c.friction;
  }
}

// Karnopp's law in the compliant scheme gets the force that holds the contact from the constrained
// inverse mass: inside its velocity band (|v| < dv) the tangential acceleration is zero, so a block
// below the friction angle keeps the small velocity it has when its contacts settle (< dv) and moves
// at most dv·T plus the settling of the contact springs (1e-5 m); above it the block slides with
// a = g (sin θ − μ_k cos θ) as with any Coulomb-like law. (Between μ_k and μ_s a Karnopp block that
// starts moving while its normal force builds up keeps sliding, as the law says; the test stays
// below μ_k.)
TEST(CompliantContact, KarnoppHoldsBelowAndSlidesAboveTheFrictionAngle) {
  const std::string karnopp = "{law: karnopp, mu_s: 0.5, mu_k: 0.3, dv: 1e-4}";
  {
    const double theta = std::atan(0.25);
    const ModelFile mf = incline_model(theta, karnopp, 1.0);
    MemorySink out;
    simulate(mf.model, mf.options, out);
    EXPECT_LT(std::abs(displacement_along_incline(out, theta, out.rows.size() - 1) -
                       displacement_along_incline(out, theta, 0)),
              1e-4 * 1.0 + 1e-5);
  }
  {
    const double theta = 0.6;  // tan θ = 0.68 > μ_s
    const ModelFile mf = incline_model(theta, karnopp, 1.5);
    MemorySink out;
    simulate(mf.model, mf.options, out);
    const auto vx = out.series("block.vx"), vy = out.series("block.vy");
    const auto speed = [&](std::size_t k) { return std::cos(theta) * vx[k] + std::sin(theta) * vy[k]; };
    EXPECT_NEAR(-(speed(150) - speed(50)), kG * (std::sin(theta) - 0.3 * std::cos(theta)), 1e-5);
  }
}

}  // namespace compliant_contact_test
}  // namespace stickslip

namespace stickslip {
namespace compliant_contact_test {

// RK4 on a linear contact of frequency ω = √(k/m) (k = 1e7 N/m, m = 2 kg: ω = 2236 rad/s) is stable
// for h·ω < 2.78 (its stability boundary, 2.785 on the real axis and 2√2 on the imaginary one):
// h = 1e-3 s (h·ω = 2.24) runs quietly and keeps a ball resting on the floor, h = 1.5e-3 s
// (h·ω = 3.35) is reported once, naming the contact and a step that would do.
TEST(CompliantContact, Rk4StepBeyondTheContactsStabilityIsReported) {
  for (const double h : {1e-3, 1.5e-3}) {
    test::TempDir dir;
    // Resting 1e-7 m above its static penetration m g / k = 1.962e-6 m.
    const std::string yaml = "gravity: [0, -9.81]\nbodies:\n"
                             "  - {name: ball, mass: 2.0, inertia: 0.008, position: [0, 0.0999981]}\n"
                             "contacts:\n  - {name: floor, type: circle_line, bodies: [ground, ball], radius: 0.1,\n"
                             "     normal: {law: linear_spring_damper, k: 1e7, c: 20}}\n"
                             "simulation: {t_end: 0.2, output_interval: 0.01, integrator: rk4, step: " +
                             std::to_string(h) + "}\n";
    const ModelFile mf = read_model_file(dir.write("ball.yaml", yaml));
    MemorySink out;
    std::vector<std::string> warnings;
    SimulationCallbacks callbacks;
    callbacks.warning = [&warnings](const std::string& w) { warnings.push_back(w); };
    const bool stable = h < 1.2e-3;
    try {
      simulate(mf.model, mf.options, out, callbacks);
    } catch (const NumericalError&) {
      EXPECT_FALSE(stable) << "the diverging run may end in a numerical failure, after the report";
    }
    std::size_t reports = 0;
    for (const std::string& w : warnings) {
      if (w.find("stability limit") == std::string::npos) continue;
      ++reports;
      EXPECT_NE(w.find("contact floor"), std::string::npos) << w;
      EXPECT_NE(w.find("h·ρ = 3.35"), std::string::npos) << w;
    }
    EXPECT_EQ(reports, stable ? 0u : 1u) << "h = " << h;
    if (stable) {
      for (double y : out.series("ball.y")) EXPECT_NEAR(y, 0.1 - 1.962e-6, 2e-7);
    }
  }
}

}  // namespace compliant_contact_test
}  // namespace stickslip
