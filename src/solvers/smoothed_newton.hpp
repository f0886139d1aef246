// The smoothed complementarity-function method of Qi, Luo & Huang 2011 (eq. (34)) with
// its scaling (eq. (35)): Newton's method on sqrt(x^2 + y^2 + eps^2) - x - y = 0 for every pair,
// with eps driven to zero. For LCPs whose matrix is not positive definite. See smoothed_newton.cpp.
#pragma once

#include "solvers/fischer_burmeister.hpp"

namespace stickslip::solvers {

enum class SmoothingScaling {
  none,       // solve the problem as given
  automatic,  // rows of (M, q) divided by the row norms ||M_i.||_inf, then all by ||q~||_inf
  custom,     // rows divided by the caller's factors (SmoothedNewtonOptions::row_scale), then by ||q~||_inf
};

struct SmoothedNewtonOptions {
  NewtonOptions newton;            // tolerance (on the unscaled residual), caps, line search
  double eps_initial = 1e-1;       // smoothing parameter eps0 of the first step (scaled problem)
  double eps_reduction = 0.1;      // eps_{k+1} = max(eps_min, min(eps_reduction eps_k, ||Phi_0||_inf))
  // > 0 keeps a fixed final eps0, as the paper does: the result is then the smoothed solution
  // (z_i w_i ~ eps^2 / 2), reported as max_iterations unless it meets the tolerance anyway.
  double eps_min = 0.0;
  SmoothingScaling scaling = SmoothingScaling::automatic;
  Vec row_scale;                   // custom: one positive divisor per row (e.g. k_f or the clearance)
};

class SmoothedNewtonSolver {
 public:
  explicit SmoothedNewtonSolver(Eigen::Index capacity = 0, SmoothedNewtonOptions options = {});
  void reserve(Eigen::Index capacity);
  SmoothedNewtonOptions& options() { return options_; }

  void solve(const MatRef& M, const VecRef& q, LcpResult& result);
  void solve(const MatRef& M, const VecRef& q, const VecRef& z_start, LcpResult& result);
  LcpResult solve(const MatRef& M, const VecRef& q);

  // The row divisors and the variable scale c of the last solve: the solver works on
  // M~ = diag(1/d) M, q~ = diag(1/d) q / c, with z = c x.
  const Vec& row_divisors() const { return div_; }
  double variable_scale() const { return c_; }

 private:
  bool scale_problem(const MatRef& M, const VecRef& q);
  void iterate(const MatRef& M, const VecRef& q, LcpResult& result);
  bool newton_step(Eigen::Index n, double eps, double merit, double& new_merit);

  SmoothedNewtonOptions options_;
  Mat ms_, h_;                                // scaled matrix, Jacobian
  Vec div_, qs_, x_, ws_, phi_, grad_, dir_;  // x = z / c, ws = M~ x + q~
  Vec trial_x_, trial_w_, trial_phi_;
  DenseLu lu_;
  double c_ = 1.0;
};

LcpResult solve_smoothed_newton(const MatRef& M, const VecRef& q, const SmoothedNewtonOptions& options = {});

}  // namespace stickslip::solvers
