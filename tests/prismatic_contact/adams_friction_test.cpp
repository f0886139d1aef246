// The Adams approximation of translational-joint friction, N_eq = |F_perp| + |T_bend|/X + |T_tors|/R,
// against hand values and against the contact analysis on example 1 of Qi, Luo & Huang 2011.
#include <gtest/gtest.h>

#include "assembly/prismatic_contact/adams_friction.hpp"
#include "assembly/prismatic_contact/joint_contact.hpp"
#include "example_load.hpp"

namespace stickslip::prismatic_contact {
namespace adams_friction_test {

using namespace example;

TEST(AdamsFriction, EquivalentNormalForceOfEachPart) {
  AdamsFrictionParameters p{0.2, BendingArm::overlap, 0.0, 0.04};
  const Wrench w{Vec3(7.0, 3.0, 4.0), Vec3(2.0, 0.6, 0.8)};  // |F_perp| = 5, |T_bend| = 1, |T_tors| = 2
  const AdamsFriction a = adams_friction(w, 0.25, p);
  ASSERT_TRUE(a.ok);
  EXPECT_DOUBLE_EQ(a.normal_force, 5.0 + 1.0 / 0.5 + 2.0 / 0.04);  // the axial 7 N is not a normal force
  EXPECT_DOUBLE_EQ(a.magnitude, 0.2 * a.normal_force);
  p.bending_arm = BendingArm::half_overlap;
  EXPECT_DOUBLE_EQ(adams_friction(w, 0.25, p).normal_force, 5.0 + 1.0 / 0.25 + 2.0 / 0.04);
  p.bending_arm = BendingArm::fixed;
  p.fixed_arm = 0.1;
  EXPECT_DOUBLE_EQ(adams_friction(w, 0.25, p).normal_force, 5.0 + 1.0 / 0.1 + 2.0 / 0.04);
}

TEST(AdamsFriction, VanishingArmsAreNamed) {
  const Wrench w{Vec3(0, 1, 0), Vec3(0, 1, 0)};
  EXPECT_FALSE(adams_friction(w, 0.0, {0.3, BendingArm::overlap, 0.0, 0.05}).ok);
  EXPECT_FALSE(adams_friction(w, -0.01, {0.3, BendingArm::half_overlap, 0.0, 0.05}).ok);
  EXPECT_FALSE(adams_friction(w, 0.1, {0.3, BendingArm::fixed, 0.0, 0.05}).ok);
  EXPECT_FALSE(adams_friction(w, 0.1, {0.3, BendingArm::overlap, 0.0, 0.0}).ok);
  EXPECT_FALSE(adams_friction(w, 0.1, {0.3, BendingArm::overlap, 0.0, NAN}).ok);
}

// Example 1: inside the guide the reaction at the contact centre has no moment, and both give mu m g.
// Overhanging, the bending moment (l/2 - c) m g adds (l/2 - c) m g / X: with the paper's X = c the
// Adams friction is mu m g l / (2c); the contact analysis gives mu m g (l/2 - c + mu b) / c once
// tipped (mu m g before): close for a thin slider, as the paper's figure 16 suggests.
TEST(AdamsFriction, ExampleOneAgainstTheContactAnalysis) {
  PrismaticContactSolver solver(kSection);
  for (double c : {0.1, 0.08, 0.05, 0.02}) {
    const PrismaticContactInput in = input(kGuide - 2 * c, 0.5);
    PrismaticContactResult r;
    solver.solve(in, r);
    ASSERT_TRUE(r.ok());
    const Wrench w = in.reaction.at(r.eta);
    const AdamsFriction overlap = adams_friction(w, c, {kMu, BendingArm::overlap, 0.0, 0.05});
    const AdamsFriction paper = adams_friction(w, c, {kMu, BendingArm::half_overlap, 0.0, 0.05});
    ASSERT_TRUE(overlap.ok && paper.ok);
    const double bend = (0.5 * kLength - c) * kWeight;
    EXPECT_NEAR(overlap.magnitude, kMu * (kWeight + bend / (2 * c)), 1e-12 * kWeight) << c;
    EXPECT_NEAR(paper.magnitude, kMu * kWeight * 0.5 * kLength / c, 1e-12 * kWeight) << c;
    if (c == 0.1) {
      EXPECT_NEAR(paper.magnitude, std::abs(r.friction_force), 1e-12 * kWeight);
    }
  }
}

// eq. (36) with the Adams friction when the transverse reaction depends on eta (a loop).
TEST(AdamsFriction, SlidingClosureSolvesForEta) {
  AffineWrench w{{Vec3(0, 30, -200), Vec3(5, -8, 3)}, {Vec3(-1, 0.1, 0.2), Vec3(0.01, 0.02, -0.01)}};
  const AdamsFrictionParameters p{0.25, BendingArm::overlap, 0.0, 0.06};
  for (double k : {-0.25, 0.25}) {
    const AdamsSliding s = adams_sliding(w, 0.08, k, p);
    ASSERT_TRUE(s.ok) << k;
    EXPECT_NEAR(s.friction_force, k * s.friction.normal_force, 1e-10 * s.friction.normal_force) << k;
    EXPECT_DOUBLE_EQ(s.friction_force, w.at(s.eta).force.x());
  }
}

}  // namespace adams_friction_test
}  // namespace stickslip::prismatic_contact
