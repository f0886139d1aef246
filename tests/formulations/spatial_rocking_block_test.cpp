// A slender rigid block standing free on a table, in 3-D (examples/rocking_block_3d): eight rigid
// corners (box_plane, Newton impacts with e = 0, Coulomb μ = 1) against Housner's (1963) rocking
// block. Onset of rocking when the table's acceleration passes g b/h; rocking in the x-z plane under
// an excitation along x alone, with Housner's angular-velocity ratio across each impact and no
// rotation about x or z; energy that only drops, at the impacts, for a block released on one edge.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"
#include "formulations/event_log.hpp"

namespace stickslip {
namespace spatial_rocking_block_test {

using test::model_from_yaml;
using test::num;

constexpr double kG = 9.81;
// The block: 1 kg, half-extents b = 0.1 m (along x), 0.05 m (along y), h = 0.3 m (half-height).
constexpr double kB = 0.1, kBy = 0.05, kH = 0.3;

// The block standing on `support` (a prescribed table, or ground) with its centre at `position`,
// turned by `tilt` about the y axis; `simulation` is the simulation map's body.
std::string block_model(const std::string& table, const std::string& support, double x, double z, double tilt,
                        const std::string& simulation) {
  const double m = 1, a = 2 * kB, w = 2 * kBy, c = 2 * kH;
  return "dimension: spatial\ngravity: [0, 0, -9.81]\nbodies:\n" + table +
         "  - {name: block, mass: 1, inertia: [" + num(m * (w * w + c * c) / 12) + ", " + num(m * (a * a + c * c) / 12) +
         ", " + num(m * (a * a + w * w) / 12) + "], position: [" + num(x) + ", 0, " + num(z) +
         "], orientation: {axis: [0, 1, 0], angle: " + num(tilt) + "}}\ncontacts:\n  - {name: corner, type: box_plane, "
         "bodies: [" + support + ", block], plane: {point: [0, 0, 0], normal: [0, 0, 1]}, half_extents: [" + num(kB) +
         ", " + num(kBy) + ", " + num(kH) + "], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 1, mu_k: 1}}\n" +
         "simulation: {" + simulation + "}\n";
}

// A table moved along x only by x0(t) (a time function).
std::string table_along_x(const std::string& x) { return "  - {name: table, motion: prescribed, x: " + x + "}\n"; }

// Gauss-Seidel to 1e-14 m/s: the default 1e-6 leaves that much error in the corners' velocities,
// which would show as rotation of a block that must not move.
const std::string kTightSolver = "time_stepping: {tolerance: 1e-14, max_iterations: 100000}";

MemorySink run(const std::string& yaml, MemoryEventSink* events = nullptr) {
  const ModelFile mf = model_from_yaml(yaml);
  MemorySink out;
  simulate(mf.model, mf.options, out, {}, events);
  return out;
}

// Housner (1963): across a plastic impact (e = 0) on the edge about which it then rocks, a block that
// does not slide keeps its angular momentum about that edge, so ω⁺/ω⁻ = 1 − (3/2) sin²α with
// α = atan(b/h) (I_edge = 4 m R²/3, R² = b² + h²): the formula of event_driven_test.cpp.
double housner_ratio() {
  const double s = std::sin(std::atan(kB / kH));
  return 1 - 1.5 * s * s;
}

// Onset (Housner 1963): a block on a table accelerating at a along x stays put while |a| < g b/h (the
// resultant of gravity and the inertial force −m a passes inside the base) and tips about its trailing
// edge once |a| exceeds it. The table's acceleration ramps as a = k t (x0 = k t³/6, k = 2 m/s³), so the
// threshold is crossed at t* = g b/(h k) = 1.635 s. μ = 1 > b/h: the block cannot slide first.
TEST(SpatialRockingBlock, StaysPutBelowHousnersAccelerationAndTipsWithinAStepOfIt) {
  const double k = 2, step = 1e-3, t_star = kG * kB / (kH * k);
  const std::string table = table_along_x("{type: polynomial, coefficients: [0, 0, 0, " + num(k / 6) + "]}");
  const MemorySink out = run(block_model(table, "table", 0, kH, 0,
                                         "scheme: time-stepping, step: " + num(step) + ", t_end: " +
                                             num(t_star + 0.05) + ", output_interval: 0, " + kTightSolver));
  const auto t = out.series("t"), wx = out.series("block.wx"), wy = out.series("block.wy"),
             wz = out.series("block.wz"), qx = out.series("block.qx"), qy = out.series("block.qy"),
             qz = out.series("block.qz"), vx = out.series("block.vx"), table_vx = out.series("table.vx");
  std::size_t first = t.size();
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] <= t_star + 1e-9) {
      // At rest on the table: the rotation is what Gauss-Seidel leaves at its 1e-14 m/s tolerance
      // (1e-14 / 0.05 m ≈ 2e-13 rad/s per step; 1.0e-12 rad/s seen), and the block moves with the table.
      EXPECT_LT(std::max({std::abs(wx[i]), std::abs(wy[i]), std::abs(wz[i])}), 1e-11) << "t = " << t[i];
      EXPECT_LT(std::max({std::abs(qx[i]), std::abs(qy[i]), std::abs(qz[i])}), 1e-12) << "t = " << t[i];
      EXPECT_NEAR(vx[i], table_vx[i], 1e-11) << "t = " << t[i];
    } else if (first == t.size() && std::abs(wy[i]) > 1e-9) {
      first = i;
    }
  }
  ASSERT_LT(first, t.size()) << "the block never tipped";
  // The scheme sees the acceleration at the step's end, so the first step that ends past t* tips it.
  EXPECT_LE(t[first], t_star + step + 1e-9);
  // The table pulls +x, the inertial force pushes the top towards −x: a negative turn about y, about
  // the −x edge, which grows from then on.
  EXPECT_LT(wy.back(), 0);
  EXPECT_LT(wy.back(), 100 * wy[first]);
}

// A table pulse along x only, x0 = A (1 − cos ω t) with ω = 4π rad/s and peak acceleration
// A ω² = 1.5 g b/h: the block rocks on its two long edges, in the x-z plane, like the planar block.
std::string shaken_along_x(const std::string& simulation) {
  const double omega = 4 * std::numbers::pi, amplitude = 1.5 * kG * kB / kH / (omega * omega);
  const std::string x = "{type: sine, amplitude: " + num(-amplitude) + ", omega: " + num(omega) +
                        ", phase: " + num(std::numbers::pi / 2) + ", offset: " + num(amplitude) + "}";
  return block_model(table_along_x(x), "table", 0, kH, 0, simulation);
}

// Event-driven: each impact is one LCP over the eight corners, solved by pivoting, so the striking
// edge's two corners stop and the old edge's two lift off with v_N⁺/v_N⁻ = Housner's ratio; the
// table's velocity is continuous and does not enter. What is left is the old edge's own normal
// velocity just before the impact (the integration error of the rocking phase, which should be
// zero): at rtol 1e-11 it is below 2e-12 m/s and the ratio is within 6e-12 of Housner's (at rtol
// 1e-10 the error grows to 1e-10), so the planar test's rtol and bound, 1e-10. The rotation about
// x and z stays zero: no force has a moment about them (1e-12, rounding).
TEST(SpatialRockingBlock, ShakenAlongXRocksInTheXZPlaneWithHousnersRatioEventDriven) {
  MemoryEventSink events;
  const MemorySink out =
      run(shaken_along_x("scheme: event-driven, t_end: 0.9, output_interval: 0.001, rtol: 1e-11, atol: 1e-13"),
          &events);
  int impacts = 0;
  for (const EventRecord& strike : events.events) {
    if (strike.kind != "impact" || !(strike.vn_before < -1e-3)) continue;
    for (const EventRecord& lift : events.events) {
      if (lift.kind != "impact" || lift.t != strike.t || lift.to != ContactState::open) continue;
      ++impacts;
      // Corners 2 apart lie on the same long edge (box_plane numbers them by the bits x, y, z).
      EXPECT_NEAR(lift.vn_after / -strike.vn_before, housner_ratio(), 1e-10) << strike.contact << " at " << strike.t;
    }
  }
  EXPECT_GE(impacts, 4);  // two edge impacts (each: two striking corners × two lifting ones) at least
  for (const char* c : {"block.wx", "block.wz", "block.qx", "block.qz", "block.y"}) {
    for (double v : out.series(c)) EXPECT_LT(std::abs(v), 1e-12) << c;
  }
}

// Time-stepping (Moreau-Jean, h = 1e-4): the ratio over the impact step, from the rows before and
// after it, matches Housner's to 2e-3, the planar test's bound (time_stepping_impacts_test.cpp: the
// block is off flat by up to ω h, and gravity and here the table's 4.9 m/s² act over the step;
// 5e-4 seen). About x and z: Gauss-Seidel solves the corners in order, so the y-mirror corners split
// the impulse symmetrically only to its tolerance (1e-14 m/s: ~2e-13 rad/s per step); over 6600
// steps that is ≤ 1.3e-9 rad/s (3.8e-10 seen), hence 2e-9.
TEST(SpatialRockingBlock, ShakenAlongXRocksInTheXZPlaneWithHousnersRatioTimeStepping) {
  MemoryEventSink events;
  const MemorySink out =
      run(shaken_along_x("scheme: time-stepping, step: 1e-4, t_end: 0.66, output_interval: 0, " + kTightSolver),
          &events);
  const auto t = out.series("t"), wy = out.series("block.wy");
  int impacts = 0;
  for (const EventRecord& e : events.events) {
    if (e.kind != "impact" || (e.contact != "corner_1" && e.contact != "corner_2")) continue;
    for (std::size_t k = 1; k < t.size(); ++k) {
      if (t[k] != e.t) continue;
      ++impacts;
      EXPECT_NEAR(wy[k] / wy[k - 1], housner_ratio(), 2e-3) << e.contact << " at " << e.t;
    }
  }
  EXPECT_EQ(impacts, 2);  // onto the +x edge at 0.18 s, onto the −x edge at 0.647 s
  for (const char* c : {"block.wx", "block.wz"}) {
    for (double v : out.series(c)) EXPECT_LT(std::abs(v), 2e-9) << c;
  }
}

// Released tilted by 0.15 rad (< α = 0.32 rad) on its +x edge on a fixed floor, the block rocks back
// and forth with plastic impacts (e = 0). Between impacts its energy is conserved, to the integration
// error (dopri5 at rtol 1e-10: ≤ 1.3e-11 J between rows seen, against E ≈ 3 J; bound 1e-9 J); at each
// impact it drops by the kinetic energy Housner's ratio takes away, (1 − r²) ½ I_edge ω⁻², with
// ω⁻ = |v_N⁻| / 2b from the striking corner.
TEST(SpatialRockingBlock, EnergyNeverIncreasesAndDropsAtEachImpact) {
  const double tilt = 0.15, c = std::cos(tilt), s = std::sin(tilt);
  // The +x bottom edge on the floor at x = b: centre = (b, 0) − R_y(tilt) (b, −h).
  const double x = kB - (kB * c - kH * s), z = kB * s + kH * c;
  MemoryEventSink events;
  const MemorySink out = run(
      block_model("", "ground", x, z, tilt, "scheme: event-driven, t_end: 1.5, output_interval: 0.001, rtol: 1e-10, atol: 1e-12"),
      &events);
  const auto t = out.series("t"), energy = out.series("energy.total");
  for (std::size_t k = 1; k < t.size(); ++k) EXPECT_LE(energy[k], energy[k - 1] + 1e-9) << "t = " << t[k];
  const double r = housner_ratio(), i_edge = 4.0 / 3.0 * (kB * kB + kH * kH);
  int impacts = 0;
  for (const EventRecord& e : events.events) {
    if (e.kind != "impact" || (e.contact != "corner_1" && e.contact != "corner_2") || !(e.vn_before < -1e-3)) continue;
    std::size_t after = 0;
    while (after < t.size() && t[after] <= e.t) ++after;
    std::size_t before = after - 1;
    while (before > 0 && t[before] >= e.t) --before;
    ASSERT_LT(after, t.size());
    ++impacts;
    const double w_minus = -e.vn_before / (2 * kB);
    EXPECT_NEAR(energy[before] - energy[after], (1 - r * r) * 0.5 * i_edge * w_minus * w_minus, 1e-9) << "t = " << e.t;
    EXPECT_GT(energy[before] - energy[after], 1e-4) << "t = " << e.t;
  }
  EXPECT_GE(impacts, 5);  // 0.26, 0.64, 0.93, 1.17, 1.37 s
}

}  // namespace spatial_rocking_block_test
}  // namespace stickslip
