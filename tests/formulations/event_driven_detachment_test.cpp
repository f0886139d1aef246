// The event-driven scheme when a rigid contact lets go: the acceleration-level LCP opens it once, at
// the instant its normal force reaches zero, and nothing closes it again at that instant.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "event_driven_support.hpp"

namespace stickslip {
namespace event_driven_detachment_test {

constexpr double kG = 9.81;

using test::events_of_kind;
using test::num;
using test::RunResult;
using test::run_yaml;

std::string table(double amplitude, double omega, double vx) {
  return "gravity: [0, -9.81]\nbodies:\n"
         "  - {name: table, motion: prescribed, y: {type: sine, amplitude: " + num(amplitude) +
         ", omega: " + num(omega) + "}}\n"
         "  - {name: block, mass: 1.0, inertia: 0.1, velocity: [" + num(vx) + ", " + num(amplitude * omega) + "]}\n"
         "contacts:\n"
         "  - {name: top, type: point_line, bodies: [table, block], point: [0, 0], impact: {law: newton, e: 0.5},\n"
         "     friction: {law: coulomb, mu_s: 0.4, mu_k: 0.3}}\n"
         "simulation: {scheme: event-driven, t_end: 0.5, output_interval: 0.01, rtol: 1e-10, atol: 1e-12}\n";
}

// A block riding a table that moves y_p = A sin ωt. While they touch the block moves with the table,
// so its normal force is N = m (g + ÿ_p) = m (g − A ω² sin ωt). N starts at m g and first reaches zero
// where the table accelerates downward at g: sin ωt* = g / (A ω²), t* = asin(g / (A ω²)) / ω, on the
// first quarter period (ÿ_p < 0 and falling; this needs A ω² > g). After t* the block's acceleration
// relative to the table, −g − ÿ_p = A ω² sin ωt − g, is positive: it leaves the table and flies
// freely (y = y_p(t*) + ẏ_p(t*) (t − t*) − g (t − t*)²/2) until it lands again at t ≈ 0.83 s.
// Sticking (vx = 0) and sliding (vx = 0.3 m/s) contacts both detach exactly once at t*.
TEST(EventDrivenDetachment, BlockLeavesAVerticallyShakenTableOnce) {
  const double A = 0.5, omega = 2 * M_PI;
  ASSERT_GT(A * omega * omega, kG);
  const double t_star = std::asin(kG / (A * omega * omega)) / omega;
  for (double vx : {0.0, 0.3}) {
    SCOPED_TRACE("vx = " + num(vx));
    const RunResult r = run_yaml(table(A, omega, vx));
    const auto detachments = events_of_kind(r, "detachment");
    ASSERT_EQ(detachments.size(), 1u);
    // While the block rides the table N depends on t alone, so t* is found to the event tolerance
    // (1e-12 s, relative 1.2e-11; measured 6.9e-12): 1e-10 relative.
    EXPECT_NEAR(detachments[0].t / t_star, 1.0, 1e-10);
    EXPECT_EQ(detachments[0].to, ContactState::open);
    // Besides the onset at t_start, the detachment is the only event of the run (no onset at t*).
    ASSERT_EQ(r.events.events.size(), 2u);
    EXPECT_EQ(r.events.events[0].kind, "onset");
    EXPECT_EQ(r.events.events[0].t, 0.0);
    EXPECT_EQ(r.summary.contact_events, 2);
    EXPECT_TRUE(r.summary.warnings.empty());
    // Free flight after t*: the integration error (rtol 1e-10 on 0.5 m: 5e-11 m) plus the event
    // tolerance times |ẏ| ≤ 3.2 m/s (3e-12 m); measured 1.2e-11 m. 1e-10 m.
    const auto t = r.out.series("t"), y = r.out.series("block.y"), state = r.out.series("top.state");
    const double y0 = A * std::sin(omega * t_star), v0 = A * omega * std::cos(omega * t_star);
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (t[i] <= t_star) continue;
      const double tau = t[i] - t_star;
      EXPECT_NEAR(y[i], y0 + v0 * tau - kG * tau * tau / 2, 1e-10) << "t = " << t[i];
      EXPECT_EQ(state[i], 0.0) << "t = " << t[i];  // open
    }
  }
}

// The shipped rigid free-standing body (Zhang & Wang 2017, case 3 with vertical excitation) rocks from
// one tip to the other: where one tip strikes, the other lets go once. Every such instant has at most
// an impact and a detachment per contact, not a contact flipping open and closed, and the run gives
// no warning of modes that would not settle. bdf runs the whole 10 s; dopri5 (the CLI's default,
// slow on the stiff leg dampers: 226 000 steps) the first 0.6 s, which hold the impacts at t = 0 and
// 0.56 s; under the sanitizers its first 0.03 s (the impacts at t = 0, one tip's detachment at
// 4.9e-5 s and the other's sticking at 2.2e-4 s; 45 s of that pass for 0.3 s, 15 s for 0.1 s).
TEST(EventDrivenDetachment, RigidFreeStandingBodyHasFewEventsPerInstant) {
  for (const auto& [integrator, t_end] :
       {std::pair<std::string, double>{"bdf", 10.0}, {"dopri5", test::release_or_sanitized(0.6, 0.03)}}) {
    SCOPED_TRACE(integrator);
    ModelFile mf = read_model_file(test::source_path("examples/free_standing_body_rigid/case3_vertical.yaml"));
    mf.options.scheme = Scheme::event_driven;
    mf.options.integrator = integrator;
    mf.options.t_end = t_end;
    MemorySink out;
    MemoryEventSink events;
    const SimulationSummary s = simulate(mf.model, mf.options, out, {}, &events);
    EXPECT_TRUE(s.warnings.empty()) << s.warnings.front();
    std::map<std::pair<double, std::string>, int> per_instant;
    int detachments = 0;
    for (const EventRecord& e : events.events) {
      ++per_instant[{e.t, e.contact}];
      detachments += e.kind == "detachment";
    }
    EXPECT_GE(detachments, t_end > 0.56 ? 2 : 1);  // the tips do lift off (one by 0.03 s)
    for (const auto& [key, n] : per_instant) EXPECT_LE(n, 2) << key.second << " at t = " << num(key.first);
  }
}

// A rigid contact on a line with an `extent` opens where its point (or circle centre) passes the end:
// a puck (circle on the table line, frictionless) and a block (point on a ledge, μ = 0.1) slide at
// 2 m/s from x = 0 towards the ends at x = 1 m. The puck reaches it at t = 0.5 s; the block, slowed at
// μ g, where 2 t − μ g t²/2 = 1. Each separates there (located to the event tolerance; 1e-9 s covers
// the integration error of x at rtol 1e-10) and then falls freely, y = y0 − g (t − t_off)²/2: the rows
// show it sliding (slip+) before and open after.
TEST(EventDrivenDetachment, ContactsSlideOffTheEndOfTheirLine) {
  const double v0 = 2.0, mu = 0.1;
  const RunResult r = run_yaml(
      "gravity: [0, -9.81]\nbodies:\n"
      "  - {name: puck, mass: 1, inertia: 0.01, position: [0, 0.1], velocity: [2, 0]}\n"
      "  - {name: block, mass: 1, inertia: 0.01, position: [0, 0.5], velocity: [2, 0]}\n"
      "contacts:\n"
      "  - {name: table, type: circle_line, bodies: [ground, puck], radius: 0.1, line: {point: [0, 0], direction: [1, 0], "
      "extent: [-1, 1]}, impact: {law: newton, e: 0}}\n"
      "  - {name: ledge, type: point_line, bodies: [ground, block], point: [0, 0], line: {point: [0, 0.5], direction: [1, 0], "
      "extent: [-1, 1]}, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.1, mu_k: 0.1}}\n"
      "simulation: {scheme: event-driven, t_end: 0.8, output_interval: 0.01, rtol: 1e-10, atol: 1e-12}\n");
  const double t_puck = 1 / v0, t_block = (v0 - std::sqrt(v0 * v0 - 2 * mu * kG)) / (mu * kG);
  const std::map<std::string, std::pair<double, double>> expected = {{"table", {t_puck, 0.1}}, {"ledge", {t_block, 0.5}}};
  for (const auto& [contact, off] : expected) {
    std::vector<EventRecord> separations;
    for (const EventRecord& e : r.events.events)
      if (e.contact == contact && e.kind == "separation") separations.push_back(e);
    ASSERT_EQ(separations.size(), 1u) << contact;
    EXPECT_NEAR(separations[0].t, off.first, 1e-9) << contact;
    const std::string body = contact == "table" ? "puck" : "block";
    const auto t = r.out.series("t"), y = r.out.series(body + ".y"), state = r.out.series(contact + ".state");
    for (std::size_t k = 0; k < t.size(); ++k) {
      const double fall = t[k] > off.first ? kG * (t[k] - off.first) * (t[k] - off.first) / 2 : 0.0;
      EXPECT_NEAR(y[k], off.second - fall, 1e-9) << contact << " t = " << t[k];
      if (std::abs(t[k] - off.first) > 1e-9) {
        EXPECT_EQ(state[k], t[k] < off.first ? 2.0 : 0.0) << contact << " t = " << t[k];
      }
    }
  }
}

}  // namespace event_driven_detachment_test
}  // namespace stickslip
