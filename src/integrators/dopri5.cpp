#include "math/number_format.hpp"
#include "integrators/dopri5.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "math/errors.hpp"

namespace stickslip {
namespace {

// Butcher tableau of Dormand & Prince (1980).
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                 a65 = -5103.0 / 18656;
constexpr double a71 = 35.0 / 384, a73 = 500.0 / 1113, a74 = 125.0 / 192, a75 = -2187.0 / 6784, a76 = 11.0 / 84;
// Error estimate: difference between the 5th and the embedded 4th order weights.
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                 e6 = 22.0 / 525, e7 = -1.0 / 40;
// Dense output of order 4 (Hairer, Nørsett & Wanner).
constexpr double d1 = -12715105075.0 / 11282082432, d3 = 87487479700.0 / 32700410799,
                 d4 = -10690763975.0 / 1880347072, d5 = 701980252875.0 / 199316789632,
                 d6 = -1453857185.0 / 822651844, d7 = 69997945.0 / 29380423;

// Step-size controller (PI, Hairer's constants for DOPRI5).
constexpr double kSafety = 0.9, kMinFactor = 0.2, kMaxFactor = 10.0, kAlpha = 0.2 - 0.04 * 0.75, kBeta = 0.04;

}  // namespace

Dopri5Integrator::Dopri5Integrator(const IntegratorOptions& options) : opt_(options) {
  if (!(opt_.rtol > 0) || !(opt_.atol >= 0)) throw std::invalid_argument("dopri5 needs rtol > 0 and atol >= 0");
}

void Dopri5Integrator::reset(OdeSystem& sys, double t0, const Vec& y0) {
  const int n = sys.dimension();
  for (Vec* v : {&f_, &k2_, &k3_, &k4_, &k5_, &k6_, &k7_, &y_new_, &tmp_, &err_, &r1_, &r2_, &r3_, &r4_, &r5_}) {
    v->setZero(n);
  }
  t_ = t_prev_ = t0;
  y_ = y0;
  sys.tolerance_scales(atol_);
  atol_ *= opt_.atol;
  evaluate(sys, t_, y_, f_);
  r1_ = y_;  // degenerate dense output until the first step
  h_ = opt_.step > 0 ? opt_.step : initial_step(sys);
  err_prev_ = 1e-4;
}

// Starting step from the size of y and ẏ (Hairer, Nørsett & Wanner §II.4).
double Dopri5Integrator::initial_step(OdeSystem& sys) {
  const Vec scale = atol_.array() + opt_.rtol * y_.array().abs();
  const double d0 = std::sqrt((y_.array() / scale.array()).square().mean());
  const double d1n = std::sqrt((f_.array() / scale.array()).square().mean());
  double h0 = (d0 < 1e-5 || d1n < 1e-5) ? 1e-6 : 0.01 * d0 / d1n;
  h0 = std::min(h0, opt_.max_step);
  tmp_ = y_ + h0 * f_;
  evaluate(sys, t_ + h0, tmp_, k2_);
  const double d2 = std::sqrt((((k2_ - f_).array() / scale.array()).square()).mean()) / h0;
  const double dmax = std::max(d1n, d2);
  const double h1 = dmax <= 1e-15 ? std::max(1e-6, h0 * 1e-3) : std::pow(0.01 / dmax, 1.0 / 5.0);
  return std::min({100 * h0, h1, opt_.max_step});
}

double Dopri5Integrator::error_norm() const {
  double sum = 0;
  const Eigen::Index n = y_.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    const double sc = atol_[i] + opt_.rtol * std::max(std::abs(y_[i]), std::abs(y_new_[i]));
    const double r = err_[i] / sc;
    sum += r * r;
  }
  return n > 0 ? std::sqrt(sum / static_cast<double>(n)) : 0.0;
}

void Dopri5Integrator::step(OdeSystem& sys, double t_limit) {
  if (!(t_limit > t_)) throw NumericalError(t_, "integrator", "dopri5: no room to step (t_limit <= t)");
  const double min_step = opt_.min_step > 0 ? opt_.min_step : 1e-14 * std::max(1.0, std::abs(t_));
  for (;;) {
    double h = std::min({h_, opt_.max_step, sys.max_step(t_, y_)});
    const bool last = t_ + h >= t_limit;
    if (last) h = t_limit - t_;
    if (!(h >= min_step) && !last) {  // also a step that is NaN (the loop would never end)
      if (last_failure_) throw NumericalError(*last_failure_);
      throw NumericalError(t_, "integrator", "dopri5: step size underflow (h = " + number_text(h, 3) +
                                                 "); the problem may be too stiff or discontinuous");
    }
    double err = 0;
    try {
      attempt(sys, h, last ? t_limit : t_ + h);
      err = error_norm();
    } catch (const NumericalError& e) {
      // A trial step that produced no valid derivative (NaN, a singular solve) is rejected like one
      // with a huge error; the failure is reported only if the step size then underflows.
      last_failure_ = std::make_unique<NumericalError>(e);
      err = 1e10;
    }
    if (!std::isfinite(err)) err = 1e10;  // NaN from a too-large step: reject and shrink

    if (err <= 1.0) {

      // Accept. PI control of the next step; no growth right after a rejection.
      const double factor = std::clamp(kSafety * std::pow(err, -kAlpha) * std::pow(err_prev_, kBeta),
                                       kMinFactor, kMaxFactor);
      err_prev_ = std::max(err, 1e-4);
      // Dense-output coefficients.
      r1_ = y_;
      r2_ = y_new_ - y_;
      r3_ = h * f_ - r2_;
      r4_ = r2_ - h * k7_ - r3_;
      r5_ = h * (d1 * f_ + d3 * k3_ + d4 * k4_ + d5 * k5_ + d6 * k6_ + d7 * k7_);
      t_prev_ = t_;
      t_ = last ? t_limit : t_ + h;
      last_failure_.reset();
      y_.swap(y_new_);
      f_.swap(k7_);
      if (!last || factor < 1.0) h_ = h * factor;
      ++stats_.steps;
      return;
    }
    ++stats_.rejected_steps;
    h_ = h * std::max(kMinFactor, kSafety * std::pow(err, -0.2));
    if (!(h_ >= min_step)) {
      if (last_failure_) throw NumericalError(*last_failure_);
      throw NumericalError(t_, "integrator", "dopri5: step size underflow; the problem may be too stiff or discontinuous");
    }
  }
}

int Dopri5Integrator::limiting_component() const {
  int worst = -1;
  double largest = -1;
  for (Eigen::Index i = 0; i < err_.size(); ++i) {
    const double r = std::abs(err_[i]) / (atol_[i] + opt_.rtol * std::abs(y_[i]));
    if (r > largest) {
      largest = r;
      worst = static_cast<int>(i);
    }
  }
  return largest > 0 ? worst : restarted_worst_;  // no step since a restart: the one before it
}

// The six stages and the FSAL derivative of a trial step of size h ending at t_new; fills y_new_, err_.
void Dopri5Integrator::attempt(OdeSystem& sys, double h, double t_new) {
  tmp_ = y_ + h * a21 * f_;
  evaluate(sys, t_ + c2 * h, tmp_, k2_);
  tmp_ = y_ + h * (a31 * f_ + a32 * k2_);
  evaluate(sys, t_ + c3 * h, tmp_, k3_);
  tmp_ = y_ + h * (a41 * f_ + a42 * k2_ + a43 * k3_);
  evaluate(sys, t_ + c4 * h, tmp_, k4_);
  tmp_ = y_ + h * (a51 * f_ + a52 * k2_ + a53 * k3_ + a54 * k4_);
  evaluate(sys, t_ + c5 * h, tmp_, k5_);
  tmp_ = y_ + h * (a61 * f_ + a62 * k2_ + a63 * k3_ + a64 * k4_ + a65 * k5_);
  evaluate(sys, t_ + h, tmp_, k6_);
  y_new_ = y_ + h * (a71 * f_ + a73 * k3_ + a74 * k4_ + a75 * k5_ + a76 * k6_);
  evaluate(sys, t_new, y_new_, k7_);
  err_ = h * (e1 * f_ + e3 * k3_ + e4 * k4_ + e5 * k5_ + e6 * k6_ + e7 * k7_);
}

void Dopri5Integrator::interpolate(double t, Vec& y) const {
  const double h = t_ - t_prev_;
  if (h <= 0) {
    y = y_;
    return;
  }
  const double s = (t - t_prev_) / h, s1 = 1.0 - s;
  y = r1_ + s * (r2_ + s1 * (r3_ + s * (r4_ + s1 * r5_)));
}

void Dopri5Integrator::restart(OdeSystem& sys, double t, const Vec& y) {
  const double step = opt_.step;
  opt_.step = 0;  // automatic first step (Hairer, Nørsett & Wanner §II.4)
  restarted_worst_ = limiting_component();  // what limited the steps before (reset clears the estimate)
  reset(sys, t, y);
  opt_.step = step;
}

void Dopri5Integrator::set_state(OdeSystem& sys, const Vec& y) {
  y_ = y;
  evaluate(sys, t_, y_, f_);
  t_prev_ = t_;
  r1_ = y_;
}

// The step-size controller's state and the last step's dense output with the base state (the FSAL
// derivative is the base's dydt); the stages are scratch.
void Dopri5Integrator::save(Snapshot& snapshot, const std::string& prefix) const {
  Integrator::save(snapshot, prefix);
  snapshot.put(prefix + "h", h_);
  snapshot.put(prefix + "error_previous", err_prev_);
  const char* names[] = {"dense1", "dense2", "dense3", "dense4", "dense5"};
  const Vec* dense[] = {&r1_, &r2_, &r3_, &r4_, &r5_};
  for (int i = 0; i < 5; ++i) snapshot.put(prefix + names[i], *dense[i]);
}

void Dopri5Integrator::restore(OdeSystem& sys, const Snapshot& snapshot, const std::string& prefix) {
  Integrator::restore(sys, snapshot, prefix);
  const int n = sys.dimension();
  for (Vec* v : {&k2_, &k3_, &k4_, &k5_, &k6_, &k7_, &y_new_, &tmp_, &err_}) v->setZero(n);
  sys.tolerance_scales(atol_);
  atol_ *= opt_.atol;
  h_ = snapshot.real(prefix + "h");
  err_prev_ = snapshot.real(prefix + "error_previous");
  const char* names[] = {"dense1", "dense2", "dense3", "dense4", "dense5"};
  Vec* dense[] = {&r1_, &r2_, &r3_, &r4_, &r5_};
  for (int i = 0; i < 5; ++i) {
    snapshot.reals(prefix + names[i], static_cast<std::size_t>(n));
    *dense[i] = snapshot.vector(prefix + names[i]);
  }
  last_failure_.reset();
}

}  // namespace stickslip
