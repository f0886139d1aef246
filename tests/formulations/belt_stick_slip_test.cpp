// Stick-slip of a block on a moving belt, held back by a spring: the classic friction oscillator, whose
// limit cycle is known in closed form piece by piece. The time-stepping scheme converges to it at first
// order in h (stick-slip transitions are seen at step ends); the event-driven scheme follows it to its
// integration tolerance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace belt_stick_slip_test {

using test::num;

// m = 1 kg, spring k = 100 N/m anchored at the origin (rest at x = 0), belt at v_b = 0.5 m/s,
// μ_s = 0.5, μ_k = 0.3, g = 9.81.
constexpr double kMass = 1, kK = 100, kBelt = 0.5, kMuS = 0.5, kMuK = 0.3, kG = 9.81;

// The closed form. The block starts stuck to the belt at x = 0: x = v_b t until the spring force
// reaches the static limit, k x = μ_s m g. It then slips behind the belt (v < v_b), friction +μ_k m g
// pushing it forwards: m ẍ = −k x + μ_k m g, a harmonic motion about x_k = μ_k m g / k at ω = √(k/m),
// starting at x_k + A (A = (μ_s − μ_k) m g / k) with ẋ = v_b. On the circle (x − x_k)² ω² + ẋ² =
// A² ω² + v_b² it regains the belt's speed at x_k − A, after ω τ = 2π − 2φ, φ = atan(A ω / v_b); there
// the spring force (2 μ_k − μ_s) m g is below μ_s m g and it sticks, riding the belt over 2A until the
// next slip. Periodic from the first slip on.
struct BeltCycle {
  double omega = std::sqrt(kK / kMass);
  double x_k = kMuK * kMass * kG / kK;
  double A = (kMuS - kMuK) * kMass * kG / kK;
  double x_slip = kMuS * kMass * kG / kK;  // where a stick ends
  double t_first = x_slip / kBelt;         // the first slip
  double t_slip = (2 * M_PI - 2 * std::atan(A * omega / kBelt)) / omega;
  double t_stick = 2 * A / kBelt;

  double position(double t) const {
    if (t <= t_first) return kBelt * t;
    const double period = t_slip + t_stick;
    const double tau = std::fmod(t - t_first, period);
    if (tau <= t_slip) return x_k + A * std::cos(omega * tau) + kBelt / omega * std::sin(omega * tau);
    return x_k - A + kBelt * (tau - t_slip);
  }
};

std::string belt_model(const std::string& simulation) {
  return "gravity: [0, " + num(-kG) + "]\nbodies:\n"
         "  - {name: belt, motion: prescribed, x: {type: polynomial, coefficients: [0, " + num(kBelt) + "]}}\n"
         "  - {name: block, mass: " + num(kMass) + ", inertia: 0.01, velocity: [" + num(kBelt) + ", 0]}\n"
         "forces:\n  - {name: spring, type: spring_damper, bodies: [ground, block], points: [[-1, 0], [0, 0]], stiffness: " +
         num(kK) + ", rest_length: 1}\n"
         "contacts:\n  - {name: belt_contact, type: point_line, bodies: [belt, block], point: [0, 0], "
         "impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: " + num(kMuS) + ", mu_k: " + num(kMuK) + "}}\n"
         "simulation: {t_end: 2, output_interval: 0.01, " + simulation + "}\n";
}

double max_error(const MemorySink& out) {
  const BeltCycle cycle;
  const auto t = out.series("t"), x = out.series("block.x");
  double e = 0;
  for (std::size_t k = 0; k < t.size(); ++k) e = std::max(e, std::abs(x[k] - cycle.position(t[k])));
  return e;
}

MemorySink run(const std::string& simulation, MemoryEventSink* events = nullptr) {
  const ModelFile mf = test::model_from_yaml(belt_model(simulation));
  MemorySink out;
  simulate(mf.model, mf.options, out, {}, events);
  return out;
}

// The event-driven scheme locates every breakaway and restick: it follows the cycle to the integration
// tolerance (rtol 1e-10 on positions of 0.05 m; 1e-9 m allowed), and its events fall on the closed
// form's instants (1e-8 s: the restick is located on v_T, which crosses zero at rate A ω² ≈ 2 m/s²).
TEST(BeltStickSlip, EventDrivenFollowsTheClosedFormCycle) {
  MemoryEventSink events;
  const MemorySink out = run("scheme: event-driven, rtol: 1e-10, atol: 1e-12", &events);
  EXPECT_LT(max_error(out), 1e-9);
  const BeltCycle c;
  std::vector<double> slips, sticks;
  for (const EventRecord& e : events.events) {
    if (e.kind == "slip") slips.push_back(e.t);
    if (e.kind == "stick") sticks.push_back(e.t);
  }
  ASSERT_GE(slips.size(), 3u);
  ASSERT_GE(sticks.size(), 3u);
  for (std::size_t n = 0; n < slips.size(); ++n)
    EXPECT_NEAR(slips[n], c.t_first + static_cast<double>(n) * (c.t_slip + c.t_stick), 1e-8) << "slip " << n;
  for (std::size_t n = 0; n < sticks.size(); ++n)
    EXPECT_NEAR(sticks[n], c.t_first + c.t_slip + static_cast<double>(n) * (c.t_slip + c.t_stick), 1e-8) << "stick " << n;
}

// The time-stepping scheme (Moreau-Jean, θ = 1/2) over three cycles: within a phase the midpoint rule
// is second order, but a breakaway or restick is only seen at the end of the step in which it happens:
// each of the 6 transitions of the run is late by at most h, which shifts the motion after it by at
// most h in time, so the position error is at most 6 h max |ẋ − v_b| with max |ẋ − v_b| =
// v_b + √(A²ω² + v_b²) (the slip circle). The lateness depends on where the transitions fall in the
// step grid, so the error does not halve exactly from one h to the next; the least-squares slope of
// log e against log h over four octaves is 1 (first order) within 0.15.
TEST(BeltStickSlip, TimeSteppingConvergesAtFirstOrder) {
  const BeltCycle c;
  const double speed_gap = kBelt + std::sqrt(c.A * c.A * c.omega * c.omega + kBelt * kBelt);
  std::vector<double> log_h, log_e;
  for (double h : {2e-3, 1e-3, 5e-4, 2.5e-4, 1.25e-4}) {
    const double e = max_error(run("scheme: time-stepping, step: " + num(h)));
    EXPECT_LE(e, 6 * h * speed_gap) << "h = " << h;
    log_h.push_back(std::log(h));
    log_e.push_back(std::log(e));
  }
  const double n = static_cast<double>(log_h.size());
  double sh = 0, se = 0, shh = 0, she = 0;
  for (std::size_t k = 0; k < log_h.size(); ++k) {
    sh += log_h[k], se += log_e[k], shh += log_h[k] * log_h[k], she += log_h[k] * log_e[k];
  }
  const double slope = (n * she - sh * se) / (n * shh - sh * sh);
  EXPECT_NEAR(slope, 1.0, 0.15);
}

}  // namespace belt_stick_slip_test
}  // namespace stickslip
