#include "formulations/time_stepping/stick_slip_decision.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {

ContactState slip_state(const TangentVector& vt, int tangent_rows, double stick_speed) {
  const double speed = tangent_rows == 1 ? std::abs(vt[0]) : vt.norm();
  if (speed <= stick_speed) return ContactState::stick;
  return tangent_rows > 1 || vt[0] > 0 ? ContactState::slip_positive : ContactState::slip_negative;
}

ContactState stick_slip_state(const ContactOutcome& c, double stick_speed) {
  return c.inside_cone() ? ContactState::stick : slip_state(c.slip_velocity, c.tangent_rows, stick_speed);
}

bool decision_hangs(const ContactOutcome& c, ContactState before, double stick_speed) {
  if (before != ContactState::stick || (c.inside_cone() && !(c.normal_impulse > 0.0))) return false;
  const double slip = c.slip_speed();
  return slip > kLeftoverShare * stick_speed && slip <= kHangSpeedFactor * stick_speed;
}

}  // namespace stickslip
