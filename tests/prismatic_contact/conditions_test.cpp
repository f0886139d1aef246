// Named conditions instead of NaN: zero load, a vanishing overlap, invalid input; and the contact
// mode names.
#include <gtest/gtest.h>

#include <cmath>

#include "assembly/prismatic_contact/joint_contact.hpp"
#include "example_load.hpp"

namespace stickslip::prismatic_contact {
namespace conditions_test {

using namespace example;

bool all_finite(const PrismaticContactResult& r) {
  bool ok = std::isfinite(r.eta) && std::isfinite(r.friction_force) && std::isfinite(r.coefficient) &&
            std::isfinite(r.normal_force) && std::isfinite(r.relative_acceleration) && std::isfinite(r.force_scale);
  for (int j = 0; j < kContacts; ++j) ok = ok && std::isfinite(contact_value(r.forces, j)) && std::isfinite(gap_value(r.gaps, j));
  return ok;
}

PrismaticContactResult solve(const PrismaticContactInput& in, PrismaticContactOptions o = {}) {
  PrismaticContactSolver solver(in.section, o);
  PrismaticContactResult r;
  solver.solve(in, r);
  return r;
}

TEST(Conditions, ZeroLoadIsUnloadedWithTheSliderCentred) {
  PrismaticContactInput in = input(0.1, 0.5);
  in.reaction.constant = Wrench{};
  for (double v : {0.5, -0.5}) {
    in.slip_velocity = v;
    const PrismaticContactResult r = solve(in);
    EXPECT_EQ(r.condition, ContactCondition::unloaded);
    EXPECT_TRUE(r.ok());
    EXPECT_TRUE(all_finite(r));
    EXPECT_EQ(r.eta, 0.0);
    EXPECT_EQ(r.normal_force, 0.0);
    EXPECT_EQ(r.mode.loaded, 0u);
    EXPECT_EQ(describe(r.mode), "none");
    for (int i = 0; i < 8; ++i) {
      EXPECT_EQ(r.gaps.v[i], 1.0);
      EXPECT_EQ(r.gaps.h[i], 1.0);
    }
  }
  // At rest it cannot stick without a normal force: it starts to slide with no friction.
  in.slip_velocity = 0.0;
  const PrismaticContactResult r = solve(in);
  EXPECT_EQ(r.condition, ContactCondition::unloaded);
  EXPECT_EQ(r.motion, JointMotion::starting_to_slide);
  EXPECT_EQ(r.eta, 0.0);
  EXPECT_NEAR(r.relative_acceleration, kPush / kMass, 1e-14 * kPush / kMass);
  // No transverse load but an axial one (a spring on the joint, say): eta from eq. (36) cancels it.
  in.slip_velocity = 0.5;
  in.reaction.constant.force.x() = 7.0;
  const PrismaticContactResult axial = solve(in);
  EXPECT_EQ(axial.condition, ContactCondition::unloaded);
  EXPECT_EQ(axial.eta, -7.0);
  EXPECT_EQ(axial.friction_force, 0.0);
}

TEST(Conditions, VanishingOverlapIsNamed) {
  for (double s : {0.5, 0.5 + 1e-12, 0.6, 0.5 - 1e-12}) {  // flush, out, out, 5e-13 m of overlap
    const PrismaticContactInput in = input(s, 0.3);
    const PrismaticContactResult r = solve(in);
    EXPECT_EQ(r.condition, ContactCondition::vanishing_overlap) << s;
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(all_finite(r)) << s;
    EXPECT_EQ(r.normal_force, 0.0);
  }
  // A small but real overlap still has an answer, with forces growing like 1/c.
  const PrismaticContactResult r = solve(input(0.5 - 2e-6, 0.3));
  EXPECT_EQ(r.condition, ContactCondition::solved);
  EXPECT_TRUE(all_finite(r));
  EXPECT_GT(r.normal_force, 1e4 * kWeight);
}

TEST(Conditions, InvalidInputIsNamed) {
  const PrismaticContactInput good = input(0.1, 0.3);
  std::vector<PrismaticContactInput> bad(8, good);
  bad[0].section.half_width = 0.0;
  bad[1].section.half_height = -0.05;
  bad[2].section.clearance_ratio = 0.0;
  bad[3].friction_coefficient = -0.1;
  bad[4].reaction.constant.moment.y() = NAN;
  bad[5].reaction.per_eta.force.x() = 0.0;  // eta would not act along the axis
  bad[6].half_length = INFINITY;
  bad[7].slip_velocity = 0.0;  // at rest, with the axial dynamics of the wrong sign
  bad[7].acceleration_per_eta = -1.0;
  for (std::size_t i = 0; i < bad.size(); ++i) {
    const PrismaticContactResult r = solve(bad[i]);
    EXPECT_EQ(r.condition, ContactCondition::invalid_input) << i;
    EXPECT_TRUE(all_finite(r)) << i;
  }
}

// alpha = f1c_eta - k 1^T A_c fc_eta = 0: the LCP of eq. (31) cannot carry eta; the walk over the
// faces, with every force an unknown, still answers, and eq. (36) holds.
TEST(Conditions, FrictionLockingStopsOnlyTheLcpMethods) {
  PrismaticContactInput in = input(0.1, 0.3);
  const double k = -kMu;
  // eta twists the slider (m1c); for a square section the other four directions add nothing to
  // 1^T A_c fc_eta
  const Vec5 direction(0.0, 0.0, 1.0, 0.0, 0.0);
  const double per_unit = (equivalence_blocks(in.section, in.half_length, k).Ac * direction).sum();
  ASSERT_NE(per_unit, 0.0);
  in.reaction.per_eta.moment.x() = 1.0 / (k * per_unit);  // alpha = 1 - k per_unit m1c_eta = 0
  PrismaticContactOptions lcp;
  lcp.method = LcpMethod::smoothed_newton;
  EXPECT_EQ(solve(in, lcp).condition, ContactCondition::friction_locking);
  const PrismaticContactResult r = solve(in);
  ASSERT_TRUE(r.ok()) << to_string(r.condition);
  EXPECT_NEAR(r.friction_force, k * r.normal_force, 1e-12 * r.normal_force);
  EXPECT_NEAR(in.reaction.at(r.eta).force.x(), r.friction_force, 1e-12 * r.normal_force);
}

TEST(ContactModeNames, WallsEdgesAndCorners) {
  const auto mode = [](std::initializer_list<int> contacts) {
    ContactMode m;
    for (int j : contacts) m.loaded |= static_cast<std::uint16_t>(1u << j);
    return m;
  };
  EXPECT_EQ(describe(mode({0, 1, 4, 5})), "lower: face");
  EXPECT_EQ(describe(mode({2, 3, 4, 5})), "lower: right edge, upper: left edge");  // example 1 tipped
  EXPECT_EQ(describe(mode({0, 4})), "lower: long edge");
  EXPECT_EQ(describe(mode({0, 5})), "lower: two opposite corners");
  EXPECT_EQ(describe(mode({0, 1, 4})), "lower: three corners");
  EXPECT_EQ(describe(mode({7})), "upper: right corner");
  EXPECT_EQ(describe(mode({8 + 2, 8 + 7})), "+e2: right corner, -e2: left corner");  // a wedged yaw
  EXPECT_EQ(describe(mode({8 + 0, 8 + 3, 8 + 4, 8 + 7})), "+e2: face");
  EXPECT_EQ(wall_contact(mode({8 + 1, 8 + 2}), Wall::minus_e2), WallContact::left_edge);
  CornerForces f;
  f.f[4] = 2.0;
  f.g[3] = 0.5;
  EXPECT_EQ(contact_mode(f, 1.0).loaded, 1u << 4);
  EXPECT_EQ(contact_mode(f, 0.1).loaded, (1u << 4) | (1u << 11));
}

}  // namespace conditions_test
}  // namespace stickslip::prismatic_contact
