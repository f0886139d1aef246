#include "math/root_finding.hpp"

#include <cmath>
#include <limits>
#include <utility>

namespace stickslip {

// Brent's method: inverse quadratic interpolation or secant steps, falling back to bisection
// whenever they would not shrink the bracket fast enough.
RootResult find_root(const std::function<double(double)>& f, double a, double b, double fa, double fb,
                     double x_tol, int max_evaluations) {
  RootResult r;
  if (fa == 0) return {a, fa, a, a, 0, true};
  if (fb == 0) return {b, fb, b, b, 0, true};
  if ((fa > 0) == (fb > 0)) return {a, fa, a, b, 0, false};
  constexpr double eps = std::numeric_limits<double>::epsilon();
  double c = a, fc = fa, d = b - a, e = d;
  for (;;) {
    if ((fb > 0) == (fc > 0)) {
      c = a;
      fc = fa;
      d = e = b - a;
    }
    if (std::abs(fc) < std::abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const double tol = 2 * eps * std::abs(b) + 0.5 * x_tol;
    const double m = 0.5 * (c - b);
    if (std::abs(m) <= tol || fb == 0 || r.evaluations >= max_evaluations) break;
    if (std::abs(e) >= tol && std::abs(fa) > std::abs(fb)) {
      double p, q;
      const double s = fb / fa;
      if (a == c) {  // secant
        p = 2 * m * s;
        q = 1 - s;
      } else {  // inverse quadratic interpolation
        const double qa = fa / fc, rb = fb / fc;
        p = s * (2 * m * qa * (qa - rb) - (b - a) * (rb - 1));
        q = (qa - 1) * (rb - 1) * (s - 1);
      }
      if (p > 0) q = -q; else p = -p;
      if (2 * p < std::min(3 * m * q - std::abs(tol * q), std::abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = e = m;
      }
    } else {
      d = e = m;
    }
    a = b;
    fa = fb;
    b += std::abs(d) > tol ? d : (m > 0 ? tol : -tol);
    fb = f(b);
    ++r.evaluations;
  }
  r.x = b;
  r.fx = fb;
  // b and c bracket the root (or f(b) = 0).
  r.lower = fb == 0 ? b : std::min(b, c);
  r.upper = fb == 0 ? b : std::max(b, c);
  return r;
}

}  // namespace stickslip
