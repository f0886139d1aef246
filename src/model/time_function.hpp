// Functions of time that drive the model: prescribed coordinates (rheonomic constraints), prescribed
// body motion, applied forces. Each returns its value and its first and second time derivatives
// from the function itself; the derivatives enter the constraint right-hand side γ, so they are
// never obtained by finite differences.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "math/cubic_spline.hpp"

namespace stickslip {

struct TimeValue {
  double value = 0, first = 0, second = 0;  // f(t), f'(t), f''(t)
};

class TimeFunction {
 public:
  class Impl {
   public:
    virtual ~Impl() = default;
    virtual TimeValue evaluate(double t) const = 0;
  };

  TimeFunction();  // the zero function

  static TimeFunction constant(double c);
  // A sin(ω t + φ) + offset
  static TimeFunction sine(double amplitude, double omega, double phase, double offset);
  // c0 + c1 t + c2 t² + ...
  static TimeFunction polynomial(std::vector<double> coefficients);
  // value + rate (t − t0) + ½ acceleration (t − t0)²: an input set between the steps of a stepped
  // simulation (formulations/stepping.hpp), from the instant t0 it was set.
  static TimeFunction segment(double t0, double value, double rate = 0, double acceleration = 0);
  // Natural cubic spline through a tabulated series; outside the table the end values are held.
  static TimeFunction tabulated(std::vector<double> t, std::vector<double> x);

  TimeValue operator()(double t) const { return impl_->evaluate(t); }
  double value(double t) const { return impl_->evaluate(t).value; }

 private:
  explicit TimeFunction(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Impl> impl_;
};

}  // namespace stickslip
