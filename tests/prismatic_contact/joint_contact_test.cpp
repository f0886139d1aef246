// The joint-local contact analysis of Qi, Luo & Huang 2011 (eq. (31)-(36)) on the paper's example 1,
// where statics gives the answer in closed form, and on randomised loads, where the corner forces
// must reproduce the reaction they were split from.
#include <gtest/gtest.h>

#include <random>

#include "assembly/prismatic_contact/joint_contact.hpp"
#include "example_load.hpp"

namespace stickslip::prismatic_contact {
namespace joint_contact_test {

using namespace example;

double sum(const std::array<double, 8>& v, std::initializer_list<int> corners) {
  double s = 0.0;
  for (int i : corners) s += v[i - 1];
  return s;
}

PrismaticContactResult solve(const PrismaticContactInput& in, PrismaticContactOptions options = {}) {
  PrismaticContactSolver solver(in.section, options);
  PrismaticContactResult r;
  solver.solve(in, r);
  return r;
}

// Every force >= 0, every gap >= 0, and a loaded contact has a closed gap.
void expect_complementary(const PrismaticContactResult& r, const std::string& what) {
  const double fs = r.force_scale;
  for (int j = 0; j < kContacts; ++j) {
    const double n = contact_value(r.forces, j), g = gap_value(r.gaps, j);
    EXPECT_GE(n, -1e-12 * fs) << what << " contact " << j;   // the LCP's tolerance, 1e-12 in units of k_f
    EXPECT_GE(g, -1e-10) << what << " contact " << j;        // gaps in units of the clearance
    if (n > 1e-9 * fs) {
      EXPECT_LE(g, 1e-8) << what << " contact " << j;
    }
  }
}

// In the constant phase (the slider wholly inside) the lower face carries the weight, and the
// friction's moment about the contact centre, k b W, shifts load to the leading end:
// f1 + f2 - f5 - f6 = k b W / c with k = -mu sgn(v). The minimum-norm forces share each end's load
// equally between its two corners (no torsion).
TEST(JointContact, ConstantPhaseCarriesTheWeightOnTheLowerFace) {
  for (double s : {0.0, 0.15, 0.3}) {
    for (double v : {0.4, -0.4}) {
      const PrismaticContactResult r = solve(input(s, v));
      ASSERT_EQ(r.condition, ContactCondition::solved) << s;
      const double k = -kMu * (v > 0 ? 1 : -1), c = 0.1, b = 0.05;
      const double left = 0.5 * kWeight * (1 + k * b / c), right = 0.5 * kWeight * (1 - k * b / c);
      // Statics of O(W) forces: rounding of the LCP and the selection, relative 1e-12.
      const double tol = 1e-12 * kWeight;
      EXPECT_NEAR(r.forces.f[0], 0.5 * left, tol);
      EXPECT_NEAR(r.forces.f[1], 0.5 * left, tol);
      EXPECT_NEAR(r.forces.f[4], 0.5 * right, tol);
      EXPECT_NEAR(r.forces.f[5], 0.5 * right, tol);
      EXPECT_NEAR(r.normal_force, kWeight, tol);
      EXPECT_NEAR(r.eta, k * kWeight, tol);  // eq. (36): eta = k sum N
      EXPECT_EQ(r.mode.loaded, 0b00110011u);
      EXPECT_EQ(describe(r.mode), "lower: face");
      EXPECT_EQ(r.motion, JointMotion::sliding);
      expect_complementary(r, "constant phase");
      // (F - mu m g) / m exactly, the acceleration issue 12 asks of example 1
      if (v > 0) {
        EXPECT_NEAR(r.relative_acceleration, (kPush - kMu * kWeight) / kMass, 1e-12);
      }
    }
  }
}

// Running out of the guide (c < l/2): the reaction moment (c - l/2) W at the contact centre lifts
// the left end. The lower face alone carries it while f1 + f2 = W (2c - l/2 + k b) / (2c) >= 0, i.e.
// for 2c >= l/2 - k b (0.115 m here); then the slider tips onto the upper-left and lower-right
// edges, and F3, M2 give sum N = W (l/2 - c - k b) / c: the friction grows as c shrinks.
TEST(JointContact, OverhangingSliderTipsOntoTwoEdgesAtTheStaticLimit) {
  const double k = -kMu, b = 0.05, l = kLength;
  const double tip = 0.5 * (0.5 * l - k * b);  // c at which f1 + f2 reaches zero
  EXPECT_NEAR(tip, 0.0575, 1e-15);
  for (double c : {0.1, 0.08, 0.06, 0.058, 0.057, 0.05, 0.03, 0.01, 0.002}) {
    const double s = kGuide - 2 * c;
    const PrismaticContactResult r = solve(input(s, 0.3));
    ASSERT_EQ(r.condition, ContactCondition::solved) << c;
    const double tol = 1e-11 * r.normal_force;  // statics; forces grow like 1/c
    if (c > tip) {
      EXPECT_NEAR(sum(r.forces.f, {1, 2}), kWeight * (2 * c - 0.5 * l + k * b) / (2 * c), tol) << c;
      EXPECT_NEAR(r.normal_force, kWeight, tol) << c;
      EXPECT_EQ(describe(r.mode), c == 0.1 ? "lower: face" : "lower: face") << c;
    } else {
      const double total = kWeight * (0.5 * l - c - k * b) / c;
      EXPECT_NEAR(r.normal_force, total, tol) << c;
      EXPECT_NEAR(sum(r.forces.f, {3, 4}), 0.5 * (total - kWeight), tol) << c;
      EXPECT_NEAR(sum(r.forces.f, {5, 6}), 0.5 * (total + kWeight), tol) << c;
      EXPECT_NEAR(r.forces.f[2], r.forces.f[3], tol) << c;  // symmetric about the e1-e3 plane
      EXPECT_EQ(describe(r.mode), "lower: right edge, upper: left edge") << c;
      EXPECT_NEAR(r.eta, k * total, tol) << c;
    }
    expect_complementary(r, "overhang c = " + std::to_string(c));
  }
}

// Exact stick: below mu m g the push is carried by friction, eta = -F, and the tangential ratio
// kappa = -F / W is the same at every corner; the load shifts to the leading end by kappa b W / c.
TEST(JointContact, RestingSliderSticksBelowTheFrictionLimit) {
  for (double push : {0.0, 20.0, -30.0, 0.99 * kMu * kWeight}) {
    const PrismaticContactResult r = solve(input(0.1, 0.0, push));
    ASSERT_EQ(r.condition, ContactCondition::solved) << push;
    EXPECT_EQ(r.motion, JointMotion::sticking) << push;
    EXPECT_NEAR(r.eta, -push, 1e-12 * kWeight) << push;
    EXPECT_NEAR(r.friction_force, -push, 1e-12 * kWeight) << push;
    // eq. (36) with kappa: Brent to a few ulps of kappa.
    EXPECT_NEAR(r.coefficient * r.normal_force, r.friction_force, 1e-13 * kWeight) << push;
    EXPECT_NEAR(r.coefficient, -push / kWeight, 1e-13) << push;
    EXPECT_NEAR(sum(r.forces.f, {1, 2}) - sum(r.forces.f, {5, 6}), r.coefficient * 0.05 * kWeight / 0.1, 1e-11 * kWeight)
        << push;
    EXPECT_NEAR(r.relative_acceleration, 0.0, 1e-14 * kPush / kMass);  // F/m - F/m, rounding
  }
}

TEST(JointContact, RestingSliderStartsToSlideAboveTheFrictionLimit) {
  for (double push : {100.0, -100.0, 1.01 * kMu * kWeight}) {
    const PrismaticContactResult r = solve(input(0.1, 0.0, push));
    ASSERT_EQ(r.condition, ContactCondition::solved) << push;
    EXPECT_EQ(r.motion, JointMotion::starting_to_slide) << push;
    const double dir = push > 0 ? 1.0 : -1.0;
    EXPECT_NEAR(r.eta, -dir * kMu * kWeight, 1e-12 * kWeight) << push;
    EXPECT_NEAR(r.relative_acceleration, (push - dir * kMu * kWeight) / kMass, 1e-12) << push;
  }
}

// The paper's rule: sgn(v) -> v / 1e-3 near rest, so a resting joint has no friction.
TEST(JointContact, RegularisedSignScalesTheFrictionNearRest) {
  PrismaticContactOptions o;
  o.rule = FrictionRule::regularised_sign;
  for (double v : {0.0, 2e-4, -5e-4, 1e-3, 0.2}) {
    const PrismaticContactResult r = solve(input(0.1, v), o);
    ASSERT_EQ(r.condition, ContactCondition::solved) << v;
    const double k = -kMu * std::clamp(v / 1e-3, -1.0, 1.0);
    EXPECT_NEAR(r.eta, k * kWeight, 1e-12 * kWeight) << v;
    EXPECT_EQ(r.motion, JointMotion::sliding);
  }
}

}  // namespace joint_contact_test
}  // namespace stickslip::prismatic_contact
