// The contact region from the overlap of slider and guide, and the reaction moved to its centre
// (Qi, Luo & Huang 2011, eq. (10)-(16), read as in src/assembly/prismatic_contact/contact_region.hpp).
#include <gtest/gtest.h>

#include <random>

#include "assembly/prismatic_contact/contact_region.hpp"

namespace stickslip::prismatic_contact {
namespace contact_region_test {

// The paper's example 1: guide [0, 0.5] (P1 at its left end, r1 = 0.5), slider of length 0.2 with
// its joint point P2 at its left end (r2 = 0), at s = P1P2.
TEST(ContactRegion, OverlapIsTheSliderInsideAndTheSecondBranchOfEq10Outside) {
  const AxialExtent guide{0.0, 0.5};
  for (double s : {0.0, 0.1, 0.3}) {
    const ContactRegion r = contact_region({s, s + 0.2}, guide);
    EXPECT_DOUBLE_EQ(r.half_length, 0.1) << s;
    EXPECT_DOUBLE_EQ(r.centre, s + 0.1) << s;
  }
  for (double s : {0.3, 0.35, 0.42, 0.4999}) {
    const ContactRegion r = contact_region({s, s + 0.2}, guide);
    EXPECT_NEAR(r.half_length, 0.5 * (0.5 + 0.0 - s), 1e-15) << s;  // eq. (10), second line
    EXPECT_NEAR(r.centre, 0.5 * (s + 0.5), 1e-15) << s;
  }
  EXPECT_EQ(contact_region({0.5, 0.7}, guide).half_length, 0.0);  // end faces flush: no overlap
  EXPECT_LT(contact_region({0.6, 0.8}, guide).half_length, 0.0);  // out of the guide
}

TEST(ContactRegion, GuideShorterThanSliderIsTheGuide) {
  const ContactRegion r = contact_region({-1.0, 2.0}, {0.25, 0.75});
  EXPECT_DOUBLE_EQ(r.half_length, 0.25);
  EXPECT_DOUBLE_EQ(r.centre, 0.5);
}

// A force F at a point X of the slider is equivalent to (F, (X - P) x F) at an axis point P; moved
// to p0 it must be (F, (X - p0) x F), whichever P it was given at.
TEST(ReactionTransfer, MovesTheMomentLikeAPointForce) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    const Vec3 F(u(rng), u(rng), u(rng)), X(u(rng), u(rng), u(rng));
    const double P = u(rng), p0 = u(rng);
    const Wrench at_P{F, (X - Vec3(P, 0, 0)).cross(F)};
    const Wrench at_p0 = transfer_along_axis(at_P, P, p0);
    EXPECT_EQ(at_p0.force, F);
    EXPECT_LT((at_p0.moment - (X - Vec3(p0, 0, 0)).cross(F)).cwiseAbs().maxCoeff(), 1e-14);  // rounding of O(1) terms
  }
}

// Example 1: the guide's reaction on the slider at P2 (its left end) is m g e3 and -(l/2) m g e2;
// at the centre of the overlap the moment is (c - l/2) m g e2: zero while the slider is inside.
TEST(ReactionTransfer, RestingSliderHasNoMomentAtItsContactCentre) {
  const double mg = 15.602 * 9.8, l = 0.2;
  const Wrench at_P2{Vec3(0, 0, mg), Vec3(0, -0.5 * l * mg, 0)};
  for (double s : {0.0, 0.2, 0.3, 0.4}) {
    const ContactRegion r = contact_region({s, s + l}, {0.0, 0.5});
    const Wrench at_p0 = transfer_along_axis(at_P2, s, r.centre);
    EXPECT_NEAR(at_p0.moment.y(), (r.half_length - 0.5 * l) * mg, 1e-12) << s;  // rounding of mg ~ 150
    EXPECT_EQ(at_p0.moment.x(), 0.0);
    EXPECT_EQ(at_p0.moment.z(), 0.0);
  }
}

TEST(ReactionTransfer, AffineReactionTransfersBothParts) {
  const AffineWrench w{{Vec3(1, 2, 3), Vec3(4, 5, 6)}, {Vec3(1, 0, 0.5), Vec3(0, 0.25, 0)}};
  const AffineWrench t = transfer_along_axis(w, 0.3, -0.2);
  for (double eta : {-2.0, 0.0, 3.5}) {
    const Wrench direct = transfer_along_axis(w.at(eta), 0.3, -0.2);
    EXPECT_LT((t.at(eta).force - direct.force).norm(), 1e-14);
    EXPECT_LT((t.at(eta).moment - direct.moment).norm(), 1e-13);
  }
}

}  // namespace contact_region_test
}  // namespace stickslip::prismatic_contact
