// Scalar root finding for event location: Brent's method (Brent 1973, "Algorithms for Minimization
// without Derivatives", ch. 4) on a bracket [a, b] with f(a), f(b) of opposite signs (or one zero).
#pragma once

#include <functional>

namespace stickslip {

struct RootResult {
  double x = 0;        // the root (within tolerance)
  double fx = 0;       // f there
  // The final bracket [lower, upper] (lower ≤ x ≤ upper) with f(lower), f(upper) of the signs of
  // f(a), f(b): an event located at `upper` is certainly past the crossing.
  double lower = 0, upper = 0;
  int evaluations = 0;
  bool bracketed = true;  // false when f(a), f(b) had the same sign (x = a then)
};

// Finds x in [a, b] with |interval| ≤ 2·(x_tol + 4 ε |x|). fa, fb are f(a), f(b), already known.
RootResult find_root(const std::function<double(double)>& f, double a, double b, double fa, double fb,
                     double x_tol, int max_evaluations = 200);

}  // namespace stickslip
