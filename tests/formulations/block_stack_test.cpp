// A stack of rigid blocks under the event-driven scheme: every interface is two corners on one face,
// so the friction (and, at an impact, the friction impulse) of the two corners is indeterminate and
// the mode and impact problems are singular (solvers/dependent_contact_lcp.hpp). Analytic cases:
//   a stack at rest on the ground stays exactly where it is;
//   a block dropped flat onto the stack with a small horizontal speed stops dead in a plastic impact
//   (e = 0), and the stack under it, resting on rigid ground, does not move;
//   the shaken stack of examples/block_wall rocks, and every impact leaves every struck or resting
//   corner with v_N⁺ ≥ 0 (Newton's law with e = 0), the condition the impact problem must meet.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../simulation_support.hpp"

namespace stickslip::test {
namespace block_stack_test {

constexpr double kWidth = 0.2, kHeight = 0.4, kMass = 16, kG = 9.81;

std::string stack_yaml(int rows, const std::string& extra_bodies, const std::string& extra_contacts, double t_end) {
  std::string s = "name: stack\ngravity: [0, " + num(-kG) + "]\n";
  s += extra_bodies.empty() ? "" : "bodies:\n" + extra_bodies;
  s += "generators:\n  - {type: block_wall, name: stack, rows: " + std::to_string(rows) +
       ", columns: 1, block: {width: 0.2, height: 0.4, mass: 16}, impact: {law: newton, e: 0}, "
       "friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n";
  s += extra_contacts.empty() ? "" : "contacts:\n" + extra_contacts;
  s += "simulation: {scheme: event-driven, t_end: " + num(t_end) + ", output_interval: 0.01}\n";
  return s;
}

MemorySink run(const std::string& yaml) {
  ModelFile mf = model_from_yaml(yaml);
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

double largest_change(const MemorySink& out, const std::string& column) {
  const auto v = out.series(column);
  double d = 0;
  for (const double x : v) d = std::max(d, std::abs(x - v.front()));
  return d;
}

// Ten blocks at rest on the ground for 1 s: nothing moves. Every quantity is exact up to rounding of
// positions of order 1 m (the stack is 4 m tall): 1e-12 m, 1e-12 rad.
TEST(BlockStack, AtRestStaysAtRestUnderTheEventDrivenScheme) {
  const int rows = 10;
  const MemorySink out = run(stack_yaml(rows, "", "", 1.0));
  ASSERT_NEAR(out.series("t").back(), 1.0, 1e-12);
  for (int r = 0; r < rows; ++r) {
    const std::string b = "stack_" + std::to_string(r) + "_0";
    SCOPED_TRACE(b);
    EXPECT_LT(largest_change(out, b + ".x"), 1e-12);
    EXPECT_LT(largest_change(out, b + ".y"), 1e-12);
    EXPECT_LT(largest_change(out, b + ".theta"), 1e-12);
    EXPECT_NEAR(out.series(b + ".y").front(), (r + 0.5) * kHeight, 1e-12);
  }
}

// A block like the others dropped flat from 1 cm above a stack of three with vx = 0.02 m/s. It lands at
// t_i = √(2 d/g) with vy = −g t_i. Everything stops dead if the ground can take the block's momentum
// with both corners pushing: the friction needed, m vx, is below μ m |vy| (0.045 of it), and the
// block's angular momentum about either bottom corner of the stack, H m vx against b m |vy| (H = 1.41 m
// the block's height above the ground, b = 0.1 m), keeps its sign: H vx = 0.028 < b |vy| = 0.044 m²/s.
// (At vx = 0.1 m/s the stack rightly rocks onto its right corner.) The impulse passes through the
// stack and nothing under the block moves; afterwards the block rests at x = vx t_i.
TEST(BlockStack, BlockDroppedOntoTheStackStopsDead) {
  const int rows = 3;
  const double drop = 0.01, vx = 0.02, top = rows * kHeight;
  const std::string lid = "  - {name: lid, mass: 16, inertia: " + num(kMass * (kWidth * kWidth + kHeight * kHeight) / 12) +
                          ", position: [0, " + num(top + 0.5 * kHeight + drop) + "], velocity: [" + num(vx) + ", 0]}\n";
  std::string corners;
  for (const char* side : {"l", "r"}) {
    const double x = side[0] == 'l' ? -0.5 * kWidth : 0.5 * kWidth;
    corners += std::string("  - {name: lid_") + side +
               ", type: point_line, bodies: [stack_2_0, lid], line: {point: [0, 0.2], direction: [1, 0]}, point: [" +
               num(x) + ", -0.2], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n";
  }
  const MemorySink out = run(stack_yaml(rows, lid, corners, 0.5));
  const double t_i = std::sqrt(2 * drop / kG);
  ASSERT_NEAR(out.series("t").back(), 0.5, 1e-12);
  // Rounding of positions of order 1 m and of the located impact time (event tolerance 1e-12 s).
  EXPECT_NEAR(out.series("lid.x").back(), vx * t_i, 1e-10);
  EXPECT_NEAR(out.series("lid.y").back(), top + 0.5 * kHeight, 1e-10);
  EXPECT_LT(std::abs(out.series("lid.vx").back()), 1e-10);
  EXPECT_LT(std::abs(out.series("lid.vy").back()), 1e-10);
  EXPECT_LT(std::abs(out.series("lid.theta").back()), 1e-10);
  for (int r = 0; r < rows; ++r) {
    const std::string b = "stack_" + std::to_string(r) + "_0";
    SCOPED_TRACE(b);
    EXPECT_LT(largest_change(out, b + ".x"), 1e-12);
    EXPECT_LT(largest_change(out, b + ".y"), 1e-12);
    EXPECT_LT(largest_change(out, b + ".theta"), 1e-12);
  }
}

// examples/block_wall/stack.yaml, its table shaking at 8.9 m/s² peak: the blocks rock, and every landing
// of a corner is an impact with all the other corners of the stack closed, two per face, so the impact
// problem is singular; the plain pivoting met singular bases at its impacts from t = 0.07 s on. Over
// the first 0.3 s (tens of impacts): every impact leaves v_N⁺ ≥ 0 to rounding of velocities of order
// 1 m/s, and no corner approaches its face after one.
TEST(BlockStack, ShakenStackPassesItsImpacts) {
  ModelFile mf = read_model_file(source_path("examples/block_wall/stack.yaml"));
  mf.options.scheme = Scheme::event_driven;
  mf.options.t_end = 0.3;
  MemorySink out;
  MemoryEventSink events;
  simulate(mf.model, mf.options, out, {}, &events);
  int impacts = 0;
  for (const EventRecord& e : events.events) {
    if (e.kind != "impact") continue;
    ++impacts;
    SCOPED_TRACE(e.contact + " at t = " + num(e.t));
    EXPECT_GE(e.vn_after, -1e-12);
  }
  EXPECT_GT(impacts, 10);
}

}  // namespace block_stack_test
}  // namespace stickslip::test
