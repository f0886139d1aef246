// A slipping rigid contact whose friction couples into its normal direction: a rod (a heavy ball on a
// light stick) sliding on its lower end. The event-driven scheme folds the slip friction −μ_k N sgn v_T
// into the contact's normal direction (W̃_N = W_N − μ_k sgn(v_T) W_T) in its smooth phases and in the
// mode LCP; the normal force, the detachment time and, sliding the other way, the Painlevé paradox
// all depend on that sign. The reference below is written in minimal coordinates and integrated by
// its own fixed-step RK4, with N in closed form.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>

#include "event_driven_support.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace event_driven_sliding_rod_test {

using test::num;

// Rod of half-length l, mass m, inertia J = m ρ² (mass concentrated near the centre: ρ = 0.1 m against
// l = 0.5 m), leaning at θ from the floor with its lower end P on it, friction μ (static = kinetic).
constexpr double kG = 9.81, kMass = 1.0, kInertia = 0.01, kHalf = 0.5, kMu = 0.8;

// Minimal coordinates while P slides on the floor with slip direction s = sgn(ẋ_P): x_c, θ with
// y_c = l sin θ. With r = P − c = −l (cos θ, sin θ) and the force (−μ s N, N) at P:
//   m ẍ_c = −μ s N,   m ÿ_c = N − m g,   J θ̈ = r × F = −l N (cos θ + μ s sin θ),
//   ÿ_c = l (cos θ θ̈ − sin θ θ̇²)
// give N D = m (g − l sin θ θ̇²) with D = 1 + (m l²/J) cos θ (cos θ + μ s sin θ). D is the normal
// acceleration of P per unit N (times m): positive, P is pushed off by N; negative (sliding the
// other way here), no N ≥ 0 is consistent with P staying on the floor: Painlevé's paradox.
struct RodState {
  double x, theta, vx, omega;
};

double normal_force(const RodState& s, double slip_sign) {
  const double D = 1 + kMass * kHalf * kHalf / kInertia * std::cos(s.theta) *
                           (std::cos(s.theta) + kMu * slip_sign * std::sin(s.theta));
  return kMass * (kG - kHalf * std::sin(s.theta) * s.omega * s.omega) / D;
}

RodState rate(const RodState& s, double slip_sign) {
  const double N = normal_force(s, slip_sign);
  return {s.vx, s.omega, -kMu * slip_sign * N / kMass,
          -kHalf * N * (std::cos(s.theta) + kMu * slip_sign * std::sin(s.theta)) / kInertia};
}

RodState rk4_step(const RodState& s, double h, double sgn) {
  const auto add = [](const RodState& a, const RodState& b, double f) {
    return RodState{a.x + f * b.x, a.theta + f * b.theta, a.vx + f * b.vx, a.omega + f * b.omega};
  };
  const RodState k1 = rate(s, sgn), k2 = rate(add(s, k1, h / 2), sgn), k3 = rate(add(s, k2, h / 2), sgn),
                 k4 = rate(add(s, k3, h), sgn);
  return {s.x + h / 6 * (k1.x + 2 * k2.x + 2 * k3.x + k4.x), s.theta + h / 6 * (k1.theta + 2 * k2.theta + 2 * k3.theta + k4.theta),
          s.vx + h / 6 * (k1.vx + 2 * k2.vx + 2 * k3.vx + k4.vx),
          s.omega + h / 6 * (k1.omega + 2 * k2.omega + 2 * k3.omega + k4.omega)};
}

// The rod with P at the origin, sliding at ẋ_c = v0 and turning at ω0 (ẏ_c = l cos θ0 ω0 keeps P on
// the floor).
std::string rod_model(double theta0, double v0, double omega0) {
  const double cx = kHalf * std::cos(theta0), cy = kHalf * std::sin(theta0), vy = kHalf * std::cos(theta0) * omega0;
  return "gravity: [0, " + num(-kG) + "]\nbodies:\n  - {name: rod, mass: " + num(kMass) + ", inertia: " + num(kInertia) +
         ", position: [" + num(cx) + ", " + num(cy) + "], angle: " + num(theta0) + ", velocity: [" + num(v0) +
         ", " + num(vy) + "], angular_velocity: " + num(omega0) + "}\ncontacts:\n  - {name: end, type: point_line, bodies: [ground, rod], point: [" + num(-kHalf) +
         ", 0], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: " + num(kMu) + ", mu_k: " + num(kMu) +
         "}}\nsimulation: {scheme: event-driven, t_end: 0.3, output_interval: 0.005, rtol: 1e-10, atol: 1e-12}\n";
}

// Sliding forwards (s = +1) at 2 m/s from θ = 70° while turning up at 4.5 rad/s: l sin θ θ̇² = 9.5 m/s²
// is just short of g, so N starts small (0.03 N); friction and N slow the rotation while sin θ grows,
// and N falls to zero at θ = 79.5° (t = 0.037 s), where P leaves the floor (detachment). The
// reference's RK4 at 1e-6 s has errors near 1e-15; the scheme's (dopri5, rtol 1e-10, the contact held
// by its acceleration-level row without Baumgarte terms) stay below 1e-8 in N, θ and v_T, and the
// detachment is located on N, which falls at about 1 N/s there: within 1e-8 s.
// Had friction entered W̃_N with the other sign, D = 1 + (m l²/J) cos θ (cos θ − μ sin θ) = −2.5 at the
// start: the contact-mode LCP at t = 0 would have no solution for this well-posed motion.
TEST(EventDrivenSlidingRod, NormalForceAndDetachmentMatchMinimalCoordinates) {
  const double theta0 = 70 * M_PI / 180, v0 = 2.0, omega0 = 4.5;
  const test::RunResult r = test::run_yaml(rod_model(theta0, v0, omega0));
  // Reference up to N = 0 (s stays +1: ẋ_P = ẋ_c + l sin θ θ̇ checked positive on the way).
  RodState s{kHalf * std::cos(theta0), theta0, v0, omega0};
  const double h = 1e-6;
  double t = 0, t_detach = NAN;
  const auto rows_t = r.out.series("t"), rows_fn = r.out.series("end.fn"), rows_vt = r.out.series("end.vt");
  const auto rows_theta = r.out.series("rod.theta");
  std::size_t row = 0;
  int compared = 0;
  while (t < 0.3) {
    const double N = normal_force(s, 1.0);
    ASSERT_GT(s.vx + kHalf * std::sin(s.theta) * s.omega, 0.0) << "the reference's slip reversed at t = " << t;
    while (row < rows_t.size() && rows_t[row] <= t + h / 2) {
      if (std::abs(rows_t[row] - t) < h / 2) {
        EXPECT_NEAR(rows_fn[row], N, 1e-8) << "t = " << t;
        EXPECT_NEAR(rows_theta[row], s.theta, 1e-9) << "t = " << t;
        EXPECT_NEAR(rows_vt[row], s.vx + kHalf * std::sin(s.theta) * s.omega, 1e-9) << "t = " << t;
        ++compared;
      }
      ++row;
    }
    const RodState next = rk4_step(s, h, 1.0);
    const double N_next = normal_force(next, 1.0);
    if (N_next <= 0) {
      t_detach = t + h * N / (N - N_next);  // linear between the last two steps: O(h²) = 1e-12 s
      break;
    }
    s = next;
    t += h;
  }
  ASSERT_TRUE(std::isfinite(t_detach)) << "the reference rod did not lift off within 0.3 s";
  EXPECT_GE(compared, 7);
  const auto detachments = test::events_of_kind(r, "detachment");
  ASSERT_EQ(detachments.size(), 1u);
  EXPECT_NEAR(detachments[0].t, t_detach, 1e-8);
  EXPECT_EQ(detachments[0].from, ContactState::slip_positive);
  // Once off the floor P rises: the rows after the detachment show a positive gap and no force.
  const auto gap = r.out.series("end.gap");
  for (std::size_t k = 0; k < rows_t.size(); ++k) {
    if (rows_t[k] > t_detach + 0.01 && rows_t[k] < t_detach + 0.03) {
      EXPECT_GT(gap[k], 0.0) << "t = " << rows_t[k];
      EXPECT_EQ(rows_fn[k], 0.0) << "t = " << rows_t[k];
    }
  }
}

// Sliding backwards (s = −1) at rest in rotation from θ = 60°: D = 1 + 25 cos θ (cos θ − 0.8 sin θ) =
// −1.4 < 0, so keeping P on the floor needs N D = m g, N < 0; and P cannot lift off either (its
// acceleration without N is −g). No contact force is consistent (Painlevé's paradox): the mode LCP
// has no solution and the run stops at t = 0 with the error that says so.
TEST(EventDrivenSlidingRod, PainleveParadoxIsReportedAsNoSolution) {
  try {
    test::run_yaml(rod_model(M_PI / 3, -2.0, 0.0));
    FAIL() << "expected a NumericalError";
  } catch (const NumericalError& e) {
    EXPECT_EQ(e.t(), 0.0);
    EXPECT_EQ(e.element(), "contacts");
    const std::string what = e.what();
    EXPECT_NE(what.find("the contact-mode LCP has no solution"), std::string::npos) << what;
    EXPECT_NE(what.find("Painlev"), std::string::npos) << what;
  }
}

}  // namespace event_driven_sliding_rod_test
}  // namespace stickslip
