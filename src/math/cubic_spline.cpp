#include "math/cubic_spline.hpp"

#include <algorithm>
#include <stdexcept>

namespace stickslip {

CubicSpline::CubicSpline(std::vector<double> t, std::vector<double> x)
    : t_(std::move(t)), x_(std::move(x)) {
  const std::size_t n = t_.size();
  if (n < 2 || x_.size() != n) throw std::invalid_argument("a spline needs at least two (t, x) pairs");
  for (std::size_t k = 1; k < n; ++k) {
    if (!(t_[k] > t_[k - 1])) throw std::invalid_argument("spline times must increase strictly");
  }
  // Tridiagonal system for the knot curvatures m_k (natural end conditions), Thomas algorithm.
  m_.assign(n, 0.0);
  if (n == 2) return;
  std::vector<double> diag(n, 0.0), rhs(n, 0.0), upper(n, 0.0);
  for (std::size_t k = 1; k + 1 < n; ++k) {
    const double h0 = t_[k] - t_[k - 1], h1 = t_[k + 1] - t_[k];
    const double lower = h0 / 6.0;
    diag[k] = (h0 + h1) / 3.0;
    upper[k] = h1 / 6.0;
    rhs[k] = (x_[k + 1] - x_[k]) / h1 - (x_[k] - x_[k - 1]) / h0;
    if (k > 1) {  // eliminate the sub-diagonal entry against row k-1
      const double w = lower / diag[k - 1];
      diag[k] -= w * upper[k - 1];
      rhs[k] -= w * rhs[k - 1];
    }
  }
  for (std::size_t k = n - 2; k >= 1; --k) {
    m_[k] = (rhs[k] - upper[k] * m_[k + 1]) / diag[k];
  }
}

SplineValue CubicSpline::operator()(double t) const {
  if (t < t_.front()) return {x_.front(), 0.0, 0.0};
  if (t > t_.back()) return {x_.back(), 0.0, 0.0};
  // The segment holding t (the last one for t = t_back): the table's own ends keep the spline's slope.
  const auto it = std::upper_bound(t_.begin(), t_.end(), t);
  const std::size_t k = std::min(static_cast<std::size_t>(it - t_.begin()) - 1, t_.size() - 2);
  const double h = t_[k + 1] - t_[k];
  const double a = (t_[k + 1] - t) / h, b = (t - t_[k]) / h;
  const double m0 = m_[k], m1 = m_[k + 1];
  SplineValue s;
  s.value = a * x_[k] + b * x_[k + 1] + ((a * a * a - a) * m0 + (b * b * b - b) * m1) * h * h / 6.0;
  s.first = (x_[k + 1] - x_[k]) / h + ((1.0 - 3.0 * a * a) * m0 + (3.0 * b * b - 1.0) * m1) * h / 6.0;
  s.second = a * m0 + b * m1;
  return s;
}

}  // namespace stickslip
