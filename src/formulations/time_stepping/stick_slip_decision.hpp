// The stick/slip decision of one closed contact after a time step, from its own rows only (its
// impulses, its relative velocity after the step, its state before the step), so that it does not
// depend on how the contacts are found or numbered.
//
// A closed contact sticks when its friction impulse lies inside the cone (|P_T| < μ P_N: it holds)
// or when its slip speed is zero: below kExactStickSpeed after an exact (Lemke) solve, below
// kTimeSteppingStickSpeed or twice the tolerance after an iterative one, the slip such a solve may
// leave. Otherwise it slips in the direction of v_T. A saturated impulse with a slip however slow is
// a breakaway: treating it as a stick would keep μ_s until the slip passed 1e-6 m/s, a delay of
// √(2 · 1e-6 m/s / (d a/dt)) that does not shrink with h (0.2 ms for a block whose excess load grows at
// 50 N/s per kg).
//
// After an iterative solve that decision can hang on the iteration's leftover: where several contacts
// hold one body (the corners of a box) the friction split is not unique, and a split the sweeps stop
// at may have a corner on its cone with a slip of a few times the tolerance, while the converged
// problem holds it (Gauss-Seidel started cold on a box held by μ_s on an incline did exactly that,
// and every later step then used μ_k). Below the stick speed the same leftover is taken as a stick
// but is not one: the body keeps a creep of that speed, and near the breakaway load the momentum it
// gathers breaks the contact loose early (a box pulled by a ramp broke loose at 0.9997 μ_s m g).
// So the decision of a contact that stuck at the start of the step and is on its cone hangs when its
// slip lies between kLeftoverShare and kHangSpeedFactor times the stick speed (decision_hangs): the
// scheme then solves the step again from its answer to a much tighter goal (ImpulseProblem::refine)
// and decides on what that solve leaves, by the same rule: a leftover is gone, a slip of the
// mechanics is not. A slip below that band is too small to matter to the decision or to the creep
// (it moves a body by kLeftoverShare of the stick speed times h per step); one above it is a
// breakaway no solve could have left. A loaded contact inside its cone that slips in that band is
// refined too: the complementarity conditions leave it no slip at all, so its slip is the leftover
// alone, and the goal it meets is the whole problem's (a joint row's free velocity of 15 m/s lets
// the rows slip by 1.5e-5 m/s), so that a grip at a tenth of its friction crept 1e-5 m in a second.
// The refined solve leaves it below the band.
#pragma once

#include <cmath>

#include "assembly/workspace.hpp"
#include "formulations/event_log.hpp"

namespace stickslip {

constexpr double kTimeSteppingStickSpeed = 1e-6;  // [m/s]
constexpr double kExactStickSpeed = 1e-12;        // [m/s]
// Slips up to this many times the stick speed may be an iterative solve's leftover (decision_hangs).
constexpr double kHangSpeedFactor = 1e3;
// The refined solve's goal, as a share of the step's goal (ImpulseProblem::refine).
constexpr double kRefineShare = 1e-4;
// Below this share of the stick speed a slip is not worth a refined solve.
constexpr double kLeftoverShare = 1e-2;

// What one closed contact's step left: impulses over the step and relative velocity after it.
struct ContactOutcome {
  int tangent_rows = 1;
  double mu = 0;                  // the coefficient of the step (μ_s or μ_k)
  double normal_impulse = 0;      // P_N
  TangentVector friction_impulse = TangentVector::Zero();  // P_T, per tangent row
  TangentVector slip_velocity = TangentVector::Zero();     // v_T⁺, per tangent row
  double slip_speed() const { return tangent_magnitude_of(slip_velocity); }
  double friction() const { return tangent_magnitude_of(friction_impulse); }
  bool inside_cone() const { return friction() < (1 - 1e-9) * mu * normal_impulse; }

 private:
  // |x| on the fixed-size vector (tangent_magnitude's dynamic head() trips GCC 12's -Warray-bounds).
  double tangent_magnitude_of(const TangentVector& x) const { return tangent_rows == 1 ? std::abs(x[0]) : x.norm(); }
};

// The state of a contact from its slip velocity alone: stick up to `stick_speed`, otherwise the sign of
// the one tangent row's slip (planar), or slip_positive for a spatial contact (a slip in the tangent
// plane has a direction, not a sign; docs/model-format.md).
ContactState slip_state(const TangentVector& vt, int tangent_rows, double stick_speed);

// The state of a closed contact after the step (the header's rule).
ContactState stick_slip_state(const ContactOutcome& c, double stick_speed);

// True when the decision of a contact that was in state `before` may hang on an iterative solve's
// leftover, or its slip is that leftover: it stuck, its friction is on the cone (or inside it with a
// normal impulse) and its slip lies between kLeftoverShare and kHangSpeedFactor times `stick_speed`.
bool decision_hangs(const ContactOutcome& c, ContactState before, double stick_speed);

}  // namespace stickslip
