// Natural cubic spline through (t_k, x_k): value, first and second derivative, all exact for the
// interpolant (no finite differences). Used for tabulated excitations such as recorded ground motion.
#pragma once

#include <vector>

namespace stickslip {

struct SplineValue {
  double value = 0, first = 0, second = 0;
};

class CubicSpline {
 public:
  // Requires at least two points and strictly increasing t; throws std::invalid_argument otherwise.
  CubicSpline(std::vector<double> t, std::vector<double> x);

  // Inside [t_front, t_back] (ends included) the spline; outside, the end value held with zero
  // derivatives (a recorded motion that has ended stays where it ended).
  SplineValue operator()(double t) const;

  double t_front() const { return t_.front(); }
  double t_back() const { return t_.back(); }

 private:
  std::vector<double> t_, x_, m_;  // m_: second derivatives at the knots (natural: m_0 = m_n = 0)
};

}  // namespace stickslip
