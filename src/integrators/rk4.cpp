#include "integrators/rk4.hpp"

#include <cmath>
#include <stdexcept>

#include "math/errors.hpp"

namespace stickslip {

Rk4Integrator::Rk4Integrator(double step) : h_(step) {
  if (!(step > 0) || !std::isfinite(step)) throw std::invalid_argument("rk4 needs a step > 0");
}

void Rk4Integrator::reset(OdeSystem& sys, double t0, const Vec& y0) {
  const int n = sys.dimension();
  t_ = t_prev_ = t0;
  y_ = y0;
  f_.resize(n);
  k2_.resize(n);
  k3_.resize(n);
  k4_.resize(n);
  tmp_.resize(n);
  y_prev_ = y0;
  f_prev_.resize(n);
  evaluate(sys, t_, y_, f_);
  f_prev_ = f_;
}

void Rk4Integrator::step(OdeSystem& sys, double t_limit) {
  double h = std::min(h_, sys.max_step(t_, y_));
  // A remainder of rounding size (t_limit a sum of output intervals) is taken into this step rather
  // than left for a step of ~1e-16 s.
  if (t_ + h * (1 + 1e-6) > t_limit) h = t_limit - t_;
  if (!(h > 0)) throw NumericalError(t_, "integrator", "rk4: no room to step (t_limit <= t)");
  y_prev_ = y_;
  f_prev_ = f_;  // k1
  tmp_ = y_ + 0.5 * h * f_;
  evaluate(sys, t_ + 0.5 * h, tmp_, k2_);
  tmp_ = y_ + 0.5 * h * k2_;
  evaluate(sys, t_ + 0.5 * h, tmp_, k3_);
  tmp_ = y_ + h * k3_;
  evaluate(sys, t_ + h, tmp_, k4_);
  y_ += (h / 6.0) * (f_prev_ + 2.0 * k2_ + 2.0 * k3_ + k4_);
  t_prev_ = t_;
  // Land exactly on t_limit when the step was cut to reach it.
  t_ = (t_ + h >= t_limit) ? t_limit : t_ + h;
  if (!y_.allFinite()) throw NumericalError(t_, "integrator", "rk4: the state became NaN or infinite");
  evaluate(sys, t_, y_, f_);
  ++stats_.steps;
}

void Rk4Integrator::interpolate(double t, Vec& y) const {
  const double h = t_ - t_prev_;
  if (h <= 0) {
    y = y_;
    return;
  }
  // Cubic Hermite basis on s = (t - t0)/h.
  const double s = (t - t_prev_) / h, s2 = s * s, s3 = s2 * s;
  const double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
  y = h00 * y_prev_ + (h10 * h) * f_prev_ + h01 * y_ + (h11 * h) * f_;
}

void Rk4Integrator::set_state(OdeSystem& sys, const Vec& y) {
  y_ = y;
  evaluate(sys, t_, y_, f_);
  // The last step no longer ends where its dense output does: collapse it to the current point.
  t_prev_ = t_;
  y_prev_ = y_;
  f_prev_ = f_;
}

// The last step's ends (for its dense output) with the base state; the stages are scratch.
void Rk4Integrator::save(Snapshot& snapshot, const std::string& prefix) const {
  Integrator::save(snapshot, prefix);
  snapshot.put(prefix + "y_previous", y_prev_);
  snapshot.put(prefix + "dydt_previous", f_prev_);
}

void Rk4Integrator::restore(OdeSystem& sys, const Snapshot& snapshot, const std::string& prefix) {
  Integrator::restore(sys, snapshot, prefix);
  const auto n = static_cast<std::size_t>(sys.dimension());
  snapshot.reals(prefix + "y_previous", n);
  snapshot.reals(prefix + "dydt_previous", n);
  y_prev_ = snapshot.vector(prefix + "y_previous");
  f_prev_ = snapshot.vector(prefix + "dydt_previous");
  for (Vec* v : {&k2_, &k3_, &k4_, &tmp_}) v->resize(sys.dimension());
}

}  // namespace stickslip
