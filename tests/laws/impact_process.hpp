// A planar single-contact impact with Coulomb friction followed in impulse space (Routh's method;
// Stronge, Impact Mechanics, 2000, ch. 4), to apply the restitution laws to an analytic case.
// Contact-space inverse inertia [[a, b], [b, c]] (normal N, tangential T; a, c > 0, ac > b²):
//   dv_N = a dP_N + b dP_T,  dv_T = b dP_N + c dP_T,  parameterised by the normal impulse p = P_N.
// While slipping (s = sgn v_T ≠ 0): dP_T = -μ s dp. Once v_T reaches 0 the contact sticks if
// |b/c| <= μ (dP_T = -(b/c) dp keeps v_T = 0) — the only case used here.
#pragma once

#include <cmath>

namespace stickslip::laws::test {

struct ImpulseProcess {
  double a = 1.0, b = 0.0, c = 1.0, mu = 0.0;
  double vn0 = -1.0, vt0 = 0.0;

  double slip_sign() const { return vt0 > 0 ? 1.0 : (vt0 < 0 ? -1.0 : 0.0); }
  double slope_slip() const { return a - mu * slip_sign() * b; }    // dv_N/dp while slipping
  double slope_stick() const { return a - b * b / c; }              // dv_N/dp while sticking
  // Normal impulse at which slip stops (infinity if it never does).
  double p_stick() const {
    const double s = slip_sign();
    if (s == 0.0) return 0.0;
    const double dvt = b - mu * s * c;
    return (dvt * s < 0.0) ? -vt0 / dvt : INFINITY;
  }
  double vn(double p) const {
    const double ps = p_stick();
    if (p <= ps) return vn0 + slope_slip() * p;
    return vn0 + slope_slip() * ps + slope_stick() * (p - ps);
  }
  // The normal impulse at which v_N reaches `target` (v_N increases with p).
  double p_at(double target) const {
    const double ps = p_stick();
    const double at_ps = vn0 + slope_slip() * ps;
    if (target <= at_ps) return (target - vn0) / slope_slip();
    return ps + (target - at_ps) / slope_stick();
  }
};

}  // namespace stickslip::laws::test
