// The modes of frictional joints (spatial revolute joints with `friction:`) decided at an event of the
// event-driven scheme, after the contacts' (event_settle.hpp): a joint whose slip is zero there (its
// slip reversal located, or at rest at the start) or whose friction saturated sticks when the
// friction that holds it, the other joints as they are, lies within μ_s F_N, and otherwise slips the
// way that friction would have held it back from; a joint sliding at a speed keeps sliding that way.
// Each change goes to the event log under the joint's name (stick, slip, reversal).
#pragma once

#include <vector>

#include "formulations/event_driven/modal_dynamics.hpp"

namespace stickslip {

// `due[k]` per joint: decide joint k. Leaves the modes set in dyn; returns the changes logged.
long decide_joint_friction(ModalDynamics& dyn, const State& s, const std::vector<char>& due, EventSink* events);

}  // namespace stickslip
