// The joint-local data of Qi, Luo & Huang 2011, example 1, for the tests and the benchmark: a
// 0.2 x 0.1 x 0.1 m steel slider (7801 kg/m^3) pushed along a fixed 0.5 m guide by 100 N, gravity
// towards the guide's lower face, mu = 0.3. The slider is body 2 of the joint, its joint point P2 the
// centre of its left end face, at s along the axis from the guide's left end.
#pragma once

#include "assembly/prismatic_contact/joint_contact.hpp"

namespace stickslip::prismatic_contact::example {

constexpr double kMass = 7801.0 * 0.2 * 0.1 * 0.1;  // 15.602 kg
constexpr double kWeight = kMass * 9.8;
constexpr double kLength = 0.2;
constexpr double kGuide = 0.5;
constexpr double kPush = 100.0;
constexpr double kMu = 0.3;
inline const SliderSection kSection{0.05, 0.05, 1.0};

// The guide's reaction on the slider at P2 is m g e3 and the moment -(l/2) m g e2 that holds the
// overhanging weight; the friction multiplier eta acts along e1 on the slider (slider = body 2), so
// m s'' = F + eta. Moved to the contact centre.
inline PrismaticContactInput input(double s, double velocity, double push = kPush) {
  const ContactRegion region = contact_region({s, s + kLength}, {0.0, kGuide});
  PrismaticContactInput in;
  in.section = kSection;
  in.friction_coefficient = kMu;
  in.half_length = region.half_length;
  const AffineWrench at_P2{{Vec3(0, 0, kWeight), Vec3(0, -0.5 * kLength * kWeight, 0)}, {Vec3(1, 0, 0), Vec3::Zero()}};
  in.reaction = transfer_along_axis(at_P2, s, region.centre);
  in.slip_velocity = velocity;
  in.acceleration = push / kMass;
  in.acceleration_per_eta = 1.0 / kMass;
  return in;
}

}  // namespace stickslip::prismatic_contact::example
