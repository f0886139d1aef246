// Sign functions of the friction laws (Zhang & Wang 2017, eqs. (6)-(7)):
//   sgn(x) = +1 (x > 0), 0 (x = 0), -1 (x < 0)            single-valued sign
//   Sgn(x) = {+1} (x > 0), [-1, +1] (x = 0), {-1} (x < 0)   set-valued sign (subdifferential of |x|)
// and the regularised signs that replace Sgn in the smooth laws, with transition velocity v_t > 0:
//   sgn_tanh(v, v_t)   = tanh(v/v_t)                        smooth; |sgn| > 0.999 for |v| > 3.8 v_t
//   sgn_linear(v, v_t) = clamp(v/v_t, -1, 1)                 linear saturation (Qi, Luo & Huang 2011
//                                                            use it with v_t = 1e-3 m/s)
#pragma once

#include <algorithm>
#include <cmath>

namespace stickslip::laws {

// A closed interval [lo, hi].
struct Interval {
  double lo = 0.0;
  double hi = 0.0;
  bool contains(double x) const noexcept { return lo <= x && x <= hi; }
};

inline double sgn(double x) noexcept { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

inline Interval Sgn(double x) noexcept {
  if (x > 0.0) return {1.0, 1.0};
  if (x < 0.0) return {-1.0, -1.0};
  return {-1.0, 1.0};
}

inline double sgn_tanh(double v, double v_t) noexcept { return std::tanh(v / v_t); }

inline double sgn_linear(double v, double v_t) noexcept { return std::clamp(v / v_t, -1.0, 1.0); }

// The Stribeck curve g(v) = μ_k + (μ_s - μ_k) exp(-|v/v_s|^p): μ_s at v = 0, → μ_k for |v| >> v_s
// (Stribeck 1902; the form of Canudas de Wit et al. 1995 and Xing, Zheng & Wang 2019, eq. (1)).
inline double stribeck_curve(double v, double mu_s, double mu_k, double v_s, double p) noexcept {
  const double r = std::abs(v / v_s);
  const double shape = p == 2.0 ? r * r : std::pow(r, p);
  return mu_k + (mu_s - mu_k) * std::exp(-shape);
}

}  // namespace stickslip::laws
