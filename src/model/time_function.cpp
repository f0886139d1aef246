#include "model/time_function.hpp"

#include <cmath>

namespace stickslip {
namespace {

class ConstantFunction final : public TimeFunction::Impl {
 public:
  explicit ConstantFunction(double c) : c_(c) {}
  TimeValue evaluate(double) const override { return {c_, 0.0, 0.0}; }

 private:
  double c_;
};

class SineFunction final : public TimeFunction::Impl {
 public:
  SineFunction(double a, double w, double p, double o) : a_(a), w_(w), p_(p), o_(o) {}
  TimeValue evaluate(double t) const override {
    const double s = std::sin(w_ * t + p_), c = std::cos(w_ * t + p_);
    return {a_ * s + o_, a_ * w_ * c, -a_ * w_ * w_ * s};
  }

 private:
  double a_, w_, p_, o_;
};

class PolynomialFunction final : public TimeFunction::Impl {
 public:
  explicit PolynomialFunction(std::vector<double> c) : c_(std::move(c)) {}
  TimeValue evaluate(double t) const override {
    // Horner's scheme carried for the value and both derivatives.
    TimeValue r;
    for (auto it = c_.rbegin(); it != c_.rend(); ++it) {
      r.second = r.second * t + 2.0 * r.first;
      r.first = r.first * t + r.value;
      r.value = r.value * t + *it;
    }
    return r;
  }

 private:
  std::vector<double> c_;
};

class TabulatedFunction final : public TimeFunction::Impl {
 public:
  TabulatedFunction(std::vector<double> t, std::vector<double> x) : spline_(std::move(t), std::move(x)) {}
  TimeValue evaluate(double t) const override {
    const SplineValue s = spline_(t);
    return {s.value, s.first, s.second};
  }

 private:
  CubicSpline spline_;
};

class SegmentFunction final : public TimeFunction::Impl {
 public:
  SegmentFunction(double t0, double value, double rate, double acceleration)
      : t0_(t0), value_(value), rate_(rate), acceleration_(acceleration) {}
  TimeValue evaluate(double t) const override {
    const double dt = t - t0_;
    return {value_ + dt * (rate_ + 0.5 * acceleration_ * dt), rate_ + acceleration_ * dt, acceleration_};
  }

 private:
  double t0_, value_, rate_, acceleration_;
};

}  // namespace

TimeFunction::TimeFunction() : impl_(std::make_shared<ConstantFunction>(0.0)) {}

TimeFunction TimeFunction::segment(double t0, double value, double rate, double acceleration) {
  return TimeFunction(std::make_shared<SegmentFunction>(t0, value, rate, acceleration));
}

TimeFunction TimeFunction::constant(double c) { return TimeFunction(std::make_shared<ConstantFunction>(c)); }

TimeFunction TimeFunction::sine(double amplitude, double omega, double phase, double offset) {
  return TimeFunction(std::make_shared<SineFunction>(amplitude, omega, phase, offset));
}

TimeFunction TimeFunction::polynomial(std::vector<double> coefficients) {
  return TimeFunction(std::make_shared<PolynomialFunction>(std::move(coefficients)));
}

TimeFunction TimeFunction::tabulated(std::vector<double> t, std::vector<double> x) {
  return TimeFunction(std::make_shared<TabulatedFunction>(std::move(t), std::move(x)));
}

}  // namespace stickslip
