// Step control near a contact onset in the compliant scheme: dopri5 integrates free flight exactly
// and would grow its step without bound, so only the closing-step cap keeps it from stepping over a
// contact. A ball must be caught by a short line it reaches from beyond the line's end, fall past a
// line it only passes beside, and bounce off an ordinary floor.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "../test_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace contact_onset_test {

constexpr double kG = 9.81;

// A ball of radius 0.1 m against the line y = 0 (extent given as "[a, b]", or "" for unbounded),
// undamped Hertz K = 1e9, output at every step and event. rtol 1e-10 as in compliant_contact_test.
ModelFile ball_and_line(double x, double y, double vx, double vy, const std::string& extent, bool gravity,
                        double t_end) {
  test::TempDir dir;
  const auto num = [](double v) { return std::to_string(v); };
  const std::string yaml = std::string(gravity ? "gravity: [0, -9.81]\n" : "") +
                           "bodies:\n  - {name: ball, mass: 2.0, inertia: 0.008, position: [" + num(x) + ", " +
                           num(y) + "], velocity: [" + num(vx) + ", " + num(vy) +
                           "]}\n"
                           "contacts:\n  - name: ledge\n    type: circle_line\n    bodies: [ground, ball]\n"
                           "    line: {point: [0, 0], direction: [1, 0]" +
                           (extent.empty() ? "" : ", extent: " + extent) +
                           "}\n    radius: 0.1\n    normal: {law: hertz, K: 1e9, n: 1.5}\n"
                           "simulation: {t_end: " + num(t_end) +
                           ", output_interval: 0, integrator: dopri5, rtol: 1e-10, atol: 1e-13}\n";
  return read_model_file(dir.write("ball.yaml", yaml));
}

struct Flight {
  MemorySink out;
  MemoryEventSink events;
  double at(const std::string& column, double t) const {  // value on the row written at time t
    const auto ts = out.series("t");
    const auto row = static_cast<std::size_t>(std::lower_bound(ts.begin(), ts.end(), t) - ts.begin());
    return out.series(column)[row];
  }
  double last(const std::string& column) const { return out.series(column).back(); }
  double event_time(const std::string& kind) const {
    for (const EventRecord& e : events.events) {
      if (e.kind == kind) return e.t;
    }
    return std::nan("");
  }
};

Flight run(const ModelFile& mf) {
  Flight r;
  simulate(mf.model, mf.options, r.out, {}, &r.events);
  return r;
}

// The report's case: a ball at (10, −0.1) m/s whose gap closes at x = 0, inside the extent
// [−0.5, 0.5], starting beyond the line's end (near it and far from it). It must touch down at
// t = −x₀/10 and leave with v_y = +0.1 m/s.
TEST(ContactOnset, ShortLineCatchesABallComingFromBeyondItsEnd) {
  for (const double x0 : {-0.6, -2.0, -50.0}) {
    SCOPED_TRACE("x0 = " + std::to_string(x0));
    const double t_touch = -x0 / 10;
    const Flight r = run(ball_and_line(x0, 0.1 + 0.1 * t_touch, 10, -0.1, "[-0.5, 0.5]", false, t_touch + 1));
    ASSERT_EQ(r.events.events.size(), 2u);
    // Free flight up to the onset is exact (no force), and events are located to 1e-13 s.
    EXPECT_NEAR(r.event_time("onset"), t_touch, 1e-9);
    // Undamped Hertz returns all the energy: the rebound equals the approach speed up to the
    // integration error at rtol 1e-10 (1e-7 relative in compliant_contact_test; 1e-6 leaves margin).
    EXPECT_NEAR(r.last("ball.vy"), 0.1, 1e-6 * 0.1);
    EXPECT_NEAR(r.last("ball.vx"), 10.0, 1e-9);  // frictionless: the normal force is along y
  }
}

// A ball that passes over a short line and crosses the line's extension beyond its far end (gap
// closes at x = 1 > 0.5), and one dropped beside its end: neither touches the line, and both fly
// freely (exact for dopri5 up to rounding).
TEST(ContactOnset, BallPassingBesideAShortLineFallsPast) {
  {
    const Flight r = run(ball_and_line(-2, 0.13, 10, -0.1, "[-0.5, 0.5]", false, 1.0));
    EXPECT_TRUE(r.events.events.empty());
    EXPECT_NEAR(r.last("ball.y"), 0.13 - 0.1 * 1.0, 1e-12);  // rounding of a force-free flight
    EXPECT_NEAR(r.last("ball.vy"), -0.1, 1e-12);
  }
  {
    const Flight r = run(ball_and_line(0.7, 0.5, 0, 0, "[-0.5, 0.5]", true, 1.0));
    EXPECT_TRUE(r.events.events.empty());
    EXPECT_NEAR(r.last("ball.y"), 0.5 - 0.5 * kG, 1e-9);  // exact quadratic up to rounding, rtol 1e-10
    EXPECT_NEAR(r.last("ball.vy"), -kG, 1e-9);
  }
}

// An ordinary drop on an unbounded floor from 1 m: the ball meets the floor at √(2h/g) and leaves it
// at the speed it arrived with, √(2gh) (gravity and the undamped law are both conservative). A point
// that crosses an unbounded line stays beyond it, so the crossing is seen at the step's end even
// without the cap: this guards that the capped steps leave the ordinary case exact.
TEST(ContactOnset, DropOntoAnUnboundedLineBounces) {
  const double h = 1.0, v = std::sqrt(2 * kG * h);
  const Flight r = run(ball_and_line(0, 0.1 + h, 0, 0, "", true, 0.6));
  ASSERT_EQ(r.events.events.size(), 2u);
  // Free fall is a quadratic, which dopri5 integrates exactly: the onset time to rounding, 1e-9.
  EXPECT_NEAR(r.event_time("onset"), std::sqrt(2 * h / kG), 1e-9);
  EXPECT_NEAR(-r.at("ball.vy", r.event_time("onset")), v, 1e-9 * v);
  // The contact phase is integrated at rtol 1e-10: 1e-6 relative as in the test above.
  EXPECT_NEAR(r.at("ball.vy", r.event_time("separation")), v, 1e-6 * v);
}

}  // namespace contact_onset_test
}  // namespace stickslip
