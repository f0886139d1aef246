// Impacts in the time-stepping scheme: a rigid block rocking on its corners against Housner's
// angular-velocity ratio, the event log of contact changes, and the Stewart-Trinkle variant.
// (scheme_agreement_test.cpp compares the rocking block with the event-driven scheme.)
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace time_stepping_impacts_test {

using test::num;

// A 1 kg block of half-width b and half-height hh tilted by tilt about its left bottom corner (at the
// origin), at rest, on two corner contacts with e = 0 and friction μ = 2 (sticking).
ModelFile rocking_block(double b, double hh, double tilt, double step, const std::string& extra = "") {
  const double cx = std::cos(tilt) * b - std::sin(tilt) * hh, cy = std::sin(tilt) * b + std::cos(tilt) * hh;
  const double inertia = (4 * b * b + 4 * hh * hh) / 12;
  std::string yaml = "gravity: [0, -9.81]\nbodies:\n  - {name: block, mass: 1, inertia: " + num(inertia) +
                     ", position: [" + num(cx) + ", " + num(cy) + "], angle: " + num(tilt) + "}\ncontacts:\n";
  for (const char* side : {"left", "right"}) {
    yaml += std::string("  - {name: ") + side + ", type: point_line, bodies: [ground, block], point: [" +
            (std::string(side) == "left" ? num(-b) : num(b)) + ", " + num(-hh) +
            "], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 2, mu_k: 2}}\n";
  }
  yaml += "simulation: {scheme: time-stepping, t_end: 0.5, output_interval: 0, step: " + num(step) + extra + "}\n";
  test::TempDir dir;
  return read_model_file(dir.write("rocking.yaml", yaml));
}

struct Impact {
  double omega_before = 0, omega_after = 0;
};

// ω across the first impact of the right corner (rows after every step): the row before the impact
// step, and the first row from the end of that step on where the corner has stopped (|v_N| below
// 1e-3 m/s, against an approach at 0.3 m/s: the row's v_N is measured at the end of the step, where
// the midpoint's W_N leaves O(h ω² r) ≈ 3e-5 m/s). That is the same step for Moreau-Jean, one step
// later for Stewart-Trinkle, whose first impulse only brings the corner onto the surface.
Impact first_impact(const ModelFile& mf) {
  MemorySink out;
  MemoryEventSink events;
  simulate(mf.model, mf.options, out, {}, &events);
  const auto t = out.series("t"), omega = out.series("block.omega"), vn = out.series("right.vn");
  for (const EventRecord& e : events.events) {
    if (e.contact != "right" || e.kind != "impact") continue;
    for (std::size_t k = 1; k < t.size(); ++k) {
      if (t[k] != e.t) continue;
      std::size_t j = k;
      while (j + 1 < t.size() && std::abs(vn[j]) > 1e-3) ++j;
      return {omega[k - 1], omega[j]};
    }
  }
  ADD_FAILURE() << "no impact of the right corner";
  return {};
}

// Housner (1963): a rectangular block rocking on a rigid base with a plastic impact (e = 0) and no
// sliding keeps its angular momentum about the corner that hits, so ω⁺/ω⁻ = 1 − 1.5 sin²α,
// α = atan(b/h). The scheme resolves the impact in the step where the corner's midpoint gap closes:
// the block is then off flat by at most ω h (1.7e-4 rad here, which changes the ratio by as much),
// and gravity acts on the step (α_g h/ω ≈ 6e-4 relative): 2e-3 covers both with margin.
TEST(TimeSteppingImpacts, RockingBlockMatchesHousnersRatio) {
  for (const auto& [b, hh] : {std::pair{0.1, 0.2}, std::pair{0.05, 0.25}}) {
    const Impact i = first_impact(rocking_block(b, hh, 0.5 * std::atan(b / hh), 1e-4));
    const double alpha = std::atan(b / hh), s = std::sin(alpha);
    EXPECT_LT(i.omega_before, 0);  // falling back clockwise onto the right corner
    EXPECT_NEAR(i.omega_after / i.omega_before, 1 - 1.5 * s * s, 2e-3) << "b = " << b << ", h = " << hh;
  }
}

// The ratio converges to Housner's as h decreases (the error above is first order in h).
TEST(TimeSteppingImpacts, RockingBlockRatioConvergesWithTheStep) {
  const double b = 0.1, hh = 0.2, s2 = 0.2;  // sin²(atan(1/2)) = 1/5
  const Impact coarse = first_impact(rocking_block(b, hh, 0.2, 1e-3));
  const Impact fine = first_impact(rocking_block(b, hh, 0.2, 1e-4));
  const double expected = 1 - 1.5 * s2;
  EXPECT_LT(std::abs(fine.omega_after / fine.omega_before - expected),
            std::abs(coarse.omega_after / coarse.omega_before - expected));
}

// The event log: impacts of one corner come with the other's separation, at the same step end, and
// the impacting corner stops (e = 0: v_N⁺ = 0 to rounding).
TEST(TimeSteppingImpacts, RockingEventsPairImpactsWithSeparations) {
  const ModelFile mf = rocking_block(0.1, 0.2, 0.1, 1e-4);
  MemorySink out;
  MemoryEventSink events;
  const SimulationSummary summary = simulate(mf.model, mf.options, out, {}, &events);
  EXPECT_EQ(summary.contact_events, static_cast<long>(events.events.size()));
  int impacts = 0;
  for (const EventRecord& e : events.events) {
    if (e.kind != "impact") continue;
    ++impacts;
    EXPECT_NEAR(e.vn_after, 0.0, 1e-12) << e.t;
    const std::string other = e.contact == "left" ? "right" : "left";
    bool separated = false;
    for (const EventRecord& f : events.events)
      separated = separated || (f.contact == other && f.kind == "separation" && std::abs(f.t - e.t) <= 2.5e-4);
    EXPECT_TRUE(separated) << e.contact << " impact at " << e.t;
  }
  EXPECT_GE(impacts, 4);
}

// The Stewart-Trinkle / Anitescu-Potra variant is inelastic and closes gaps at position level: the
// rocking block settles flat without penetration beyond rounding, and the ratio over its two-step
// impact matches Housner's (e = 0 there too) with the bound above plus one more step of gravity
// (α_g h / ω ≈ 6e-4).
TEST(TimeSteppingImpacts, StewartTrinkleVariantRocksLikeMoreauJeanWithPlasticImpacts) {
  const double b = 0.1, hh = 0.2;
  const ModelFile mf =
      rocking_block(b, hh, 0.5 * std::atan(b / hh), 1e-4, ", time_stepping: {formulation: stewart_trinkle}");
  const Impact i = first_impact(mf);
  EXPECT_NEAR(i.omega_after / i.omega_before, 0.7, 3e-3);
  MemorySink out;
  simulate(mf.model, mf.options, out);
  // Gaps are driven to zero from above (ĝ/h per step) and penetration is removed: what is left is
  // rounding and the step's own O(h²) motion, far below 1e-9 m.
  EXPECT_GT(out.rows.back()[out.column("left.gap")], -1e-9);
  EXPECT_GT(out.rows.back()[out.column("right.gap")], -1e-9);
}

// Stacks and a running-bond wall on the ground, generated by block_wall, at rest for 10 s: 5 blocks
// (Lemke), 10 and 30 slender blocks (a tall stack's Delassus operator has condition ~ N², which
// Gauss-Seidel alone resolves only in thousands of sweeps: the subspace steps do it) and 3 rows of
// a wall (42 contacts). Lemke is exact, so nothing moves beyond rounding; Gauss-Seidel leaves at
// most its tolerance (1e-6 m/s) of velocity error per step, which over 10 s bounds the motion by
// 1e-5 m.
TEST(TimeSteppingImpacts, StackAndWallAtRestStayAtRest) {
  struct Case {
    const char* layout;
    const char* block;
    const char* solver;
    double bound;
  };
  for (const Case& c : {Case{"rows: 5, columns: 1", "width: 0.4, height: 0.2", "lemke", 1e-12},
                        Case{"rows: 10, columns: 1", "width: 0.2, height: 0.4", "pgs", 1e-5},
                        Case{"rows: 30, columns: 1", "width: 0.2, height: 0.4", "pgs", 1e-5},
                        Case{"rows: 3, columns: 3, bond: running", "width: 0.4, height: 0.2", "pgs", 1e-5}}) {
    const std::string yaml = std::string("gravity: [0, -9.81]\ngenerators:\n  - {type: block_wall, name: w, ") +
                             c.layout + ", block: {" + c.block +
                             ", mass: 16}, impact: {law: newton, e: 0}, "
                             "friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n"
                             "simulation: {scheme: time-stepping, t_end: 10, output_interval: 1, step: 1e-3}\n";
    test::TempDir dir;
    const ModelFile mf = read_model_file(dir.write("stack.yaml", yaml));
    MemorySink out;
    MemoryEventSink events;
    const SimulationSummary s = simulate(mf.model, mf.options, out, {}, &events);
    EXPECT_EQ(s.complementarity_solver, std::string(c.solver)) << c.layout;
    EXPECT_EQ(s.complementarity_unconverged, 0) << c.layout;
    double motion = 0;
    for (const Body& b : mf.model.bodies) {
      if (!b.is_dynamic()) continue;
      for (const char* col : {".x", ".y", ".theta"}) {
        const auto x = out.series(b.name + col);
        for (double v : x) motion = std::max(motion, std::abs(v - x.front()));
      }
    }
    EXPECT_LT(motion, c.bound) << c.layout;
    // The onsets at t = 0 of the contacts touching from the start are the only events.
    EXPECT_EQ(s.contact_events, static_cast<long>(events.events.size())) << c.layout;
    EXPECT_FALSE(events.events.empty()) << c.layout;
    for (const EventRecord& e : events.events) {
      EXPECT_EQ(e.t, 0.0) << c.layout << ": " << e.contact << " " << e.kind;
      EXPECT_EQ(e.kind, "onset") << c.layout << ": " << e.contact;
    }
  }
}

}  // namespace time_stepping_impacts_test
}  // namespace stickslip
