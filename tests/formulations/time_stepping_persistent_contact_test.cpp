// Persistent contacts of the time-stepping scheme on rotating bodies: a rod toppling about its
// sticking foot. The velocity-level conditions keep v_N = 0 at the foot, but the position update
// q⁺ = q + h v moves the body along straight lines while it rotates: the foot leaves the floor by
// O(h² ω² r) per step. Moreau-Jean closes that gap through its persistent-contact bias; Stewart-
// Trinkle closes penetrations by the share β (drift_correction) per step.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace time_stepping_persistent_contact_test {

using test::num;

constexpr double kG = 9.81;
constexpr double kLength = 1.0;  // rod of 1 m, 1 kg, J = m L²/12

// The rod stands on its lower end at the origin, tilted by tilt0 from the vertical, at rest; the
// foot is a rigid contact (e = 0) with μ = 1.
std::string toppling_rod(double tilt0, double step, double t_end, const std::string& time_stepping) {
  const double half = kLength / 2;
  return "gravity: [0, " + num(-kG) + "]\nbodies:\n  - {name: rod, mass: 1, inertia: " + num(kLength * kLength / 12) +
         ", position: [" + num(half * std::sin(tilt0)) + ", " + num(half * std::cos(tilt0)) + "], angle: " + num(-tilt0) +
         "}\ncontacts:\n  - {name: foot, type: point_line, bodies: [ground, rod], point: [0, " + num(-half) +
         "], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 1, mu_k: 1}}\n"
         "simulation: {scheme: time-stepping, t_end: " + num(t_end) + ", output_interval: 0, step: " + num(step) +
         ", time_stepping: {" + time_stepping + "}}\n";
}

struct RodRun {
  MemorySink out;
  MemoryEventSink events;
};

RodRun run(const std::string& yaml) {
  const ModelFile mf = test::model_from_yaml(yaml);
  RodRun r;
  simulate(mf.model, mf.options, r.out, {}, &r.events);
  return r;
}

// Rows while the rod's tilt from the vertical is below max_tilt (μ = 1 holds the foot to φ ≈ 0.9 rad:
// the friction the pivot needs is F/N = 0.34 at 0.7 rad, and grows without bound as N vanishes at
// cos φ = 1/3).
std::size_t rows_below(const MemorySink& out, double max_tilt) {
  const auto theta = out.series("rod.theta");
  std::size_t n = 0;
  while (n < theta.size() && -theta[n] < max_tilt) ++n;
  return n;
}

// Moreau-Jean (θ = 1/2, h = 1 ms): the foot neither leaves the floor nor slides while the rod falls
// from 0.05 to 0.7 rad. A step moves the foot, at r = L/2 from the centre of rotation, along a chord
// instead of the arc: it lifts by at most r (1 − cos ωh) ≈ r ω² h² / 2 per step, and the persistent-
// contact bias closes the predicted end-of-step gap, so |g| stays below one step's lift, with ω at
// 0.7 rad from energy, ω² = (3 g / L)(cos φ0 − cos φ). The event log holds the onset at t = 0 and no
// other change before 0.7 rad. Without the closing term the lift accumulates, passes the activation
// gap (1e-6 m) and the foot flips open and shut every few steps; closing only θ of the gap per step
// (a bias ĝ/h instead of ĝ/(θh)) let the gap settle at about twice the lift and flip from 0.62 rad on.
TEST(TimeSteppingPersistentContact, MoreauJeanKeepsATopplingRodsFootOnTheFloor) {
  const double tilt0 = 0.05, h = 1e-3, max_tilt = 0.7;
  const RodRun r = run(toppling_rod(tilt0, h, 1.0, "theta: 0.5"));
  const std::size_t n = rows_below(r.out, max_tilt);
  ASSERT_GT(n, 500u);
  ASSERT_LT(n, r.out.rows.size());  // it does reach 0.7 rad within the run
  const double t_max_tilt = r.out.rows[n][0];
  const auto gap = r.out.series("foot.gap"), state = r.out.series("foot.state");
  const double omega2 = 3 * kG / kLength * (std::cos(tilt0) - std::cos(max_tilt));
  double max_gap = 0;
  for (std::size_t k = 0; k < n; ++k) {
    max_gap = std::max(max_gap, std::abs(gap[k]));
    EXPECT_EQ(state[k], 1.0) << "row " << k;  // stick
  }
  EXPECT_LE(max_gap, (kLength / 2) * omega2 * h * h / 2);
  ASSERT_GE(r.events.events.size(), 1u);
  EXPECT_EQ(r.events.events[0].kind, "onset");
  EXPECT_EQ(r.events.events[0].t, 0.0);
  for (std::size_t k = 1; k < r.events.events.size(); ++k) {
    EXPECT_GT(r.events.events[k].t, t_max_tilt) << r.events.events[k].kind << " at t = " << r.events.events[k].t;
  }
}

// The rod pivots about its foot: energy gives ω² = (3 g / L)(cos φ0 − cos φ) at every tilt. The scheme
// enforces the pivot at the velocity level only, which costs O(h) of the energy: the relative error of
// ω² at 0.7 rad halves with the step (first order; 0.8e-3 at h = 1 ms). A foot that came off and
// landed again (e = 0) would lose energy at each landing, independently of the step's order.
TEST(TimeSteppingPersistentContact, MoreauJeanPivotLosesEnergyAtFirstOrder) {
  const double tilt0 = 0.05, max_tilt = 0.7;
  std::vector<double> errors;
  for (double h : {1e-3, 5e-4, 2.5e-4}) {
    const RodRun r = run(toppling_rod(tilt0, h, 1.0, "theta: 0.5"));
    const std::size_t n = rows_below(r.out, max_tilt);
    const auto theta = r.out.series("rod.theta"), omega = r.out.series("rod.omega");
    double worst = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const double expected = 3 * kG / kLength * (std::cos(tilt0) - std::cos(theta[k]));
      if (expected > 0.1) worst = std::max(worst, std::abs(omega[k] * omega[k] / expected - 1));
    }
    errors.push_back(worst);
  }
  EXPECT_LT(errors[0], 2e-3);
  for (std::size_t k = 1; k < errors.size(); ++k) EXPECT_NEAR(std::log2(errors[k - 1] / errors[k]), 1.0, 0.1) << k;
}

// Stewart-Trinkle (θ = 1) removes the share β of a penetration per step: with ĝ the gap the step
// would end with at the old velocity, v_N⁺ = −β ĝ / h, so the penetration after step k is
// δ0 (1 − β)^k. A block put 1e-5 m into the floor: the upward speed β δ/h that the correction gives
// is smaller than the speed g h gravity takes away in a step (δ0 < g h² / β), so the contact stays
// active and the decay is exactly geometric (to rounding). β = 0 leaves the penetration alone.
TEST(TimeSteppingStewartTrinkle, DriftCorrectionRemovesItsShareOfAPenetrationPerStep) {
  const double depth = 1e-5, h = 1e-3;
  for (double beta : {0.25, 0.0, 0.6}) {
    const std::string yaml = "gravity: [0, -9.81]\nbodies:\n  - {name: block, mass: 2, inertia: 0.01, position: [0, " +
                             num(0.05 - depth) + "]}\ncontacts:\n"
                             "  - {name: left, type: point_line, bodies: [ground, block], point: [-0.1, -0.05], impact: {law: newton, e: 0}}\n"
                             "  - {name: right, type: point_line, bodies: [ground, block], point: [0.1, -0.05], impact: {law: newton, e: 0}}\n"
                             "simulation: {scheme: time-stepping, t_end: 0.01, output_interval: 0, step: " + num(h) +
                             ", time_stepping: {formulation: stewart_trinkle, theta: 1, drift_correction: " + num(beta) + "}}\n";
    const RodRun r = run(yaml);
    const auto gap = r.out.series("left.gap"), y = r.out.series("block.y");
    ASSERT_EQ(gap.size(), 11u);
    for (std::size_t k = 0; k < gap.size(); ++k) {
      EXPECT_NEAR(gap[k], -depth * std::pow(1 - beta, static_cast<double>(k)), 1e-15) << "β = " << beta << ", step " << k;
      EXPECT_EQ(gap[k], r.out.series("right.gap")[k]);
    }
  }
}

}  // namespace time_stepping_persistent_contact_test
}  // namespace stickslip
