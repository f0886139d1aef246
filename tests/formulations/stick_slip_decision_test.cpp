// When a stick/slip decision after an iterative solve is refined (stick_slip_decision.hpp): the
// decision of a contact on its cone that hangs on the sweeps' leftover, and the slip of a loaded
// contact inside its cone, which the complementarity conditions make zero, so that all of it is the
// leftover (a grip at a tenth of its friction crept by it: python/tests/test_urdf.py's gripper).
#include <gtest/gtest.h>

#include "formulations/time_stepping/stick_slip_decision.hpp"

namespace stickslip::test {
namespace {

constexpr double kStickSpeed = 1e-6;  // iterative_stick_speed at the default tolerance [m/s]

// A spatial contact with μ = 0.8, P_N = 0.01 N s, friction `share` of its cone along t₁, slipping
// at `slip` along t₁.
ContactOutcome spatial_contact(double share, double slip) {
  const double normal_impulse = 0.01;
  ContactOutcome c;
  c.tangent_rows = 2;
  c.mu = 0.8;
  c.normal_impulse = normal_impulse;
  c.friction_impulse << share * c.mu * normal_impulse, 0.0;
  c.slip_velocity << slip, 0.0;
  return c;
}

TEST(StickSlipDecision, OnTheConeALeftoverSlipHangs) {
  EXPECT_TRUE(decision_hangs(spatial_contact(1.0, 1e-7), ContactState::stick, kStickSpeed));
  EXPECT_FALSE(decision_hangs(spatial_contact(1.0, 1e-7), ContactState::slip_positive, kStickSpeed));
}

TEST(StickSlipDecision, ALoadedContactInsideItsConeWithALeftoverSlipIsRefined) {
  // A tenth of the cone, slipping 1.5e-5 m/s: the goal's share of a problem whose largest free
  // velocity is 15 m/s (the gripper's finger joints), within the band kLeftoverShare..kHangSpeedFactor.
  EXPECT_TRUE(decision_hangs(spatial_contact(0.1, 1.5e-5), ContactState::stick, kStickSpeed));
  // Below the band: too small to move anything (kLeftoverShare × stick speed × h per step).
  EXPECT_FALSE(decision_hangs(spatial_contact(0.1, 0.5 * kLeftoverShare * kStickSpeed), ContactState::stick, kStickSpeed));
  // Above it: no leftover of a converged solve.
  EXPECT_FALSE(decision_hangs(spatial_contact(0.1, 2 * kHangSpeedFactor * kStickSpeed), ContactState::stick, kStickSpeed));
  // One that slid before the step: its slip is the mechanics', decided as it is.
  EXPECT_FALSE(decision_hangs(spatial_contact(0.1, 1.5e-5), ContactState::slip_positive, kStickSpeed));
}

}  // namespace
}  // namespace stickslip::test
