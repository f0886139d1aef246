// examples/rolling_sphere: one spatial model file under the three schemes (issue 11: "the three
// schemes agree on one spatial model"), each against the analytic solution of a solid sphere thrown
// without spin on a rough floor: v = v0 − μ g t and ω = 5 μ g t /(2 r) until t* = 2 v0/(7 μ g),
// then rolling at 5/7 v0. Friction acts at the contact point and the normal force through the
// centre, so the angular momentum about the contact point, m v r + J ω, is conserved by every
// scheme whatever its friction history (the compliant scheme's settling into its contact included).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "../simulation_support.hpp"

namespace stickslip {
namespace rolling_sphere_test {

constexpr double kV0 = 2, kMu = 0.2, kG = 9.81, kR = 0.1, kJ = 0.004, kM = 1;

MemorySink run(Scheme scheme) {
  ModelFile mf = read_model_file(test::source_path("examples/rolling_sphere/rolling_sphere.yaml"));
  mf.options.scheme = scheme;
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

// Conserved to rounding: ~1e-16 per step over at most ~1e4 steps, on L = 0.2 kg m²/s.
void expect_momentum_about_the_contact_conserved(const MemorySink& out, const char* scheme) {
  const auto v = out.series("ball.vx"), w = out.series("ball.wy");
  for (std::size_t k = 0; k < v.size(); ++k) EXPECT_NEAR(kM * v[k] * kR + kJ * w[k], kM * kV0 * kR, 1e-12) << scheme << " row " << k;
}

// The rows after the slip has ended (t > t* + 10 ms) roll at 5/7 v0 and ω = v/r.
void expect_rolling_at_five_sevenths(const MemorySink& out, double tolerance, const char* scheme) {
  const double t_star = 2 * kV0 / (7 * kMu * kG);
  const auto t = out.series("t"), v = out.series("ball.vx"), w = out.series("ball.wy");
  int rows = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    if (t[k] < t_star + 0.01) continue;
    ++rows;
    EXPECT_NEAR(v[k], 5 * kV0 / 7, tolerance) << scheme << " t = " << t[k];
    EXPECT_NEAR(w[k] * kR, v[k], tolerance) << scheme << " t = " << t[k];
  }
  EXPECT_GT(rows, 50) << scheme;
}

// Rigid contact, one constant friction impulse μ m g h per step until the step in which the slip ends,
// which the impulse LCP ends exactly: the analytic solution at every row, to rounding.
TEST(RollingSphere, TimeSteppingFollowsTheAnalyticSolutionAtEveryRow) {
  const MemorySink out = run(Scheme::time_stepping);
  const auto t = out.series("t"), v = out.series("ball.vx"), w = out.series("ball.wy");
  for (std::size_t k = 0; k < t.size(); ++k) {
    EXPECT_NEAR(v[k], std::max(kV0 - kMu * kG * t[k], 5 * kV0 / 7), 1e-12) << "t = " << t[k];
    EXPECT_NEAR(w[k], std::min(5 * kMu * kG * t[k] / (2 * kR), 5 * kV0 / (7 * kR)), 1e-11) << "t = " << t[k];
  }
  expect_momentum_about_the_contact_conserved(out, "time-stepping");
}

// Event-driven (compliant normal law, Coulomb friction with a located slip-to-roll event): rolling at
// 5/7 v0 to rounding after the event, since the momentum about the contact is conserved and the slip
// is exactly zero in the rolling mode.
TEST(RollingSphere, EventDrivenRollsAtFiveSeventhsAfterItsEvent) {
  const MemorySink out = run(Scheme::event_driven);
  expect_momentum_about_the_contact_conserved(out, "event-driven");
  expect_rolling_at_five_sevenths(out, 1e-12, "event-driven");
}

// Compliant (tanh-regularised friction): the slip decays with time constant v_t /(3.5 μ g) ≈ 15 µs
// after t*, so the rows roll to the accuracy of dopri5 at the file's default tolerances (rtol 1e-6 on
// speeds of 2 m/s, over ~7e3 steps through the stiff contact): 1e-4 m/s.
TEST(RollingSphere, CompliantRollsAtFiveSeventhsAfterTheSlip) {
  const MemorySink out = run(Scheme::compliant);
  expect_momentum_about_the_contact_conserved(out, "compliant");
  expect_rolling_at_five_sevenths(out, 1e-4, "compliant");
}

}  // namespace rolling_sphere_test
}  // namespace stickslip
