// A disc thrown onto a floor without spin (v0, ω0 = 0) skids until it rolls. Analytic solution:
// the slip velocity v + ωr falls at μg(1 + m r²/I), so rolling starts at t* = v0 / (μg(1 + m r²/I));
// angular momentum about the contact line is conserved (gravity and the normal force have no
// moment about it, friction acts on it), so the rolling speed is v* = m r² v0 / (I + m r²) = 2v0/3
// for a uniform disc. The same model runs under all three schemes.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../test_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace skidding_disc_test {

constexpr double kMass = 1.0, kRadius = 0.1, kInertia = 0.5 * kMass * kRadius * kRadius;
constexpr double kV0 = 1.0, kMu = 0.3, kG = 9.81;
const double kSlipDecay = kMu * kG * (1 + kMass * kRadius * kRadius / kInertia);  // d(v + ωr)/dt
const double kStickTime = kV0 / kSlipDecay;                                       // t*
const double kRollingSpeed = kMass * kRadius * kRadius * kV0 / (kInertia + kMass * kRadius * kRadius);

struct DiscRun {
  MemorySink out;
  MemoryEventSink events;
  double stick_time = NAN;
};

// `contact_laws` completes the floor contact (its normal/impact law and friction).
DiscRun run(const std::string& contact_laws, const std::string& simulation) {
  const std::string yaml = "gravity: [0, -9.81]\n"
                           "bodies:\n  - {name: disc, mass: 1, inertia: 0.005, position: [0, 0.1], velocity: [1, 0]}\n"
                           "contacts:\n  - {name: floor, type: circle_line, bodies: [ground, disc], radius: 0.1,\n"
                           "     line: {point: [0, 0], direction: [1, 0]}, " +
                           contact_laws + "}\nsimulation: " + simulation + "\n";
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("disc.yaml", yaml));
  DiscRun r;
  simulate(mf.model, mf.options, r.out, {}, &r.events);
  for (const EventRecord& e : r.events.events) {
    if (e.kind == "stick" && std::isnan(r.stick_time)) r.stick_time = e.t;
  }
  // Touching from the start: the log opens with its onset at t = 0.
  EXPECT_FALSE(r.events.events.empty());
  if (!r.events.events.empty()) {
    EXPECT_EQ(r.events.events.front().kind, "onset");
    EXPECT_EQ(r.events.events.front().t, 0.0);
  }
  return r;
}

// Rigid contact, event-driven: the velocities are piecewise linear, which dopri5 integrates exactly,
// so the stick event is located to the event tolerance (1e-12 s) plus rounding; 1e-9 s and 1e-10 m/s
// leave room only for that.
TEST(SkiddingDisc, EventDrivenRollsAtTheAnalyticInstantAndSpeed) {
  const DiscRun r = run("impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}",
                    "{scheme: event-driven, t_end: 0.3, output_interval: 0.01, integrator: dopri5}");
  EXPECT_NEAR(r.stick_time, kStickTime, 1e-9);
  EXPECT_NEAR(r.out.series("disc.vx").back(), kRollingSpeed, 1e-10);
  EXPECT_NEAR(r.out.series("disc.omega").back(), -kRollingSpeed / kRadius, 1e-9);
  EXPECT_EQ(r.events.events.size(), 2u) << "onset, then stick: no chattering";
}

// Rigid contact, time-stepping (Moreau-Jean): the change is stamped at the end of the step in which
// the slip ends, so within one step h after t*; the impulse balance conserves the angular momentum
// about the contact line exactly at every step, so the rolling speed is exact to the LCP's rounding.
TEST(SkiddingDisc, TimeSteppingRollsWithinOneStepAtTheExactSpeed) {
  const double h = 1e-3;
  const DiscRun r = run("impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}",
                    "{scheme: time-stepping, t_end: 0.3, output_interval: 0.01, step: 1e-3}");
  EXPECT_GT(r.stick_time, kStickTime);
  EXPECT_LE(r.stick_time, kStickTime + h + 1e-12);
  EXPECT_NEAR(r.out.series("disc.vx").back(), kRollingSpeed, 1e-12);
}

// Compliant contact with Karnopp friction: sticking begins when the slip velocity enters the band
// |v_T| < dv, i.e. dv/(μg(1 + m r²/I)) before t*. The normal force's start-up transient (a stiff
// Hunt-Crossley contact settling within ~1 ms, penetration 2e-5 m) shifts that instant by a few
// 1e-9 s (measured 2.3e-9 s): 1e-7 s bounds it with margin. Entering the band sets v_T to zero by an
// impulse at the contact point, which keeps the angular momentum about it, so the rolling speed is
// 2v0/3 to the integrator's tolerance (rtol 1e-9).
TEST(SkiddingDisc, CompliantKarnoppSticksAtTheBandEdge) {
  const double dv = 1e-4;
  const DiscRun r = run("normal: {law: hunt_crossley, K: 1e8, n: 1.5, e: 0.5}, "
                    "friction: {law: karnopp, mu_s: 0.3, mu_k: 0.3, dv: 1e-4}",
                    "{scheme: compliant, t_end: 0.3, output_interval: 0.01, integrator: bdf, rtol: 1e-9, atol: 1e-12}");
  EXPECT_NEAR(r.stick_time, kStickTime - dv / kSlipDecay, 1e-7);
  EXPECT_NEAR(r.out.series("disc.vx").back(), kRollingSpeed, 1e-8);
}

}  // namespace skidding_disc_test
}  // namespace stickslip
