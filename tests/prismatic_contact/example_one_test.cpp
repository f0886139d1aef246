// Qi, Luo & Huang 2011, example 1, reduced to its one degree of freedom: the slider runs along a
// fixed guide, m s'' = F + eta, with eta from the joint-local contact analysis at every evaluation.
// (The spatial model of the example is for the wiring of issue 12; the guide being fixed and the
// load through the slider's axis, the joint coordinate s is the whole motion.) The paper's statements
// are checked: constant acceleration (F - mu m g)/m while the slider is wholly inside the guide, the
// overhang from the time that acceleration gives, the friction growing once the slider tips, and the
// slider stopping, and sticking, before it leaves the guide.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "assembly/prismatic_contact/joint_contact.hpp"
#include "example_load.hpp"

namespace stickslip::prismatic_contact {
namespace example_one_test {

using namespace example;

struct Motion {
  double s = 0.0, v = 0.0;
};

class SliderOde {
 public:
  // s'' for the state, and the result of the contact analysis there.
  double acceleration(const Motion& m, PrismaticContactResult& r) {
    solver_.solve(input(m.s, m.v), r);
    EXPECT_TRUE(r.ok()) << "s = " << m.s << ": " << to_string(r.condition);
    return (kPush + r.eta) / kMass;
  }

  // One RK4 step of length h.
  Motion step(const Motion& m, double h) {
    PrismaticContactResult r;
    const double a1 = acceleration(m, r);
    const Motion m2{m.s + 0.5 * h * m.v, m.v + 0.5 * h * a1};
    const double a2 = acceleration(m2, r);
    const Motion m3{m.s + 0.5 * h * m2.v, m.v + 0.5 * h * a2};
    const double a3 = acceleration(m3, r);
    const Motion m4{m.s + h * m3.v, m.v + h * a3};
    const double a4 = acceleration(m4, r);
    return {m.s + h / 6 * (m.v + 2 * m2.v + 2 * m3.v + m4.v), m.v + h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)};
  }

 private:
  PrismaticContactSolver solver_{kSection};
};

TEST(ExampleOne, ConstantPhaseThenOverhangThenStop) {
  SliderOde ode;
  const double a0 = (kPush - kMu * kWeight) / kMass;      // 3.4694 m/s^2
  const double t_limit = std::sqrt(2 * (kGuide - kLength) / a0);  // right ends flush: 0.4159 s
  EXPECT_NEAR(t_limit, 0.41586, 5e-6);
  // Starting from rest, the slider must slide at once (F > mu m g).
  PrismaticContactResult r;
  SliderOde probe;
  EXPECT_NEAR(probe.acceleration({0.0, 0.0}, r), a0, 1e-12);
  EXPECT_EQ(r.motion, JointMotion::starting_to_slide);

  const double h = 1e-4;
  Motion m{0.0, 0.0};
  double t = 0.0, t_tip = 0.0, max_friction = 0.0;
  bool tipped = false;
  while (m.v >= 0.0 && t < 2.0) {
    const Motion next = ode.step(m, h);
    if (next.v < 0.0) {  // the stop within this step: linear in v
      const double f = m.v / (m.v - next.v);
      m = {m.s + f * (next.s - m.s), 0.0};
      t += f * h;
      break;
    }
    m = next;
    t += h;
    const double a = ode.acceleration(m, r);
    if (m.s + kLength <= kGuide) {
      // Wholly inside: the acceleration of the acceptance, exactly (rounding of F + eta).
      EXPECT_NEAR(a, a0, 1e-12) << "t = " << t;
      EXPECT_NEAR(m.s, 0.5 * a0 * t * t, 1e-9) << "t = " << t;  // RK4 is exact on a quadratic
    }
    if (!tipped && describe(r.mode) == "lower: right edge, upper: left edge") {
      tipped = true;
      t_tip = t;
      // It tips when the overlap is l/2 + mu b (joint_contact_test.cpp): one step late at most.
      EXPECT_NEAR(kGuide - m.s, 0.5 * kLength + kMu * 0.05, 1.5 * h * m.v) << "t = " << t;
    }
    max_friction = std::max(max_friction, -r.friction_force);
  }
  EXPECT_TRUE(tipped);
  EXPECT_GT(max_friction, kPush);  // the friction outgrows the push, and the slider stops
  EXPECT_EQ(m.v, 0.0);
  EXPECT_LT(m.s + 1e-3, kGuide);   // before its left end leaves the guide
  EXPECT_GT(m.s, kGuide - kLength);
  // At rest there, the push is held by friction: the joint sticks.
  SliderOde rest;
  EXPECT_NEAR(rest.acceleration(m, r), 0.0, 1e-14 * a0);
  EXPECT_EQ(r.motion, JointMotion::sticking) << "s = " << m.s;
  EXPECT_LT(std::abs(r.coefficient), kMu);
  std::printf("example 1 (one degree of freedom): right ends flush at %.4f s; tips at %.4f s; stops at %.4f s, "
              "s = %.4f m (overlap %.2f mm), peak friction %.1f N\n",
              t_limit, t_tip, t, m.s, (kGuide - m.s) * 1e3, max_friction);
}

}  // namespace example_one_test
}  // namespace stickslip::prismatic_contact
