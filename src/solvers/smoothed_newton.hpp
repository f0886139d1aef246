// The smoothed complementarity-function method of Qi, Luo & Huang 2011 (eq. (34)) with
// its scaling (eq. (35), SmoothingScaling::custom): Newton's method on
// sqrt(x^2 + y^2 + eps^2) - x - y = 0 for every pair, with eps driven to zero. For LCPs whose matrix
// is not positive definite. See smoothed_newton.cpp.
#pragma once

#include "solvers/fischer_burmeister.hpp"

namespace stickslip::solvers {

enum class SmoothingScaling {
  none,       // solve the problem as given
  automatic,  // a heuristic: rows of (M, q) divided by ||M_i.||_inf, every z_i by one factor ||q~||_inf
  custom,     // eq. (35): w_i divided by row_scale_i, z_i by variable_scale_i (the units of each pair)
};

struct SmoothedNewtonOptions {
  NewtonOptions newton;            // tolerance (on the unscaled residual), caps, line search
  double eps_initial = 1e-1;       // smoothing parameter eps0 of the first step (scaled problem)
  double eps_reduction = 0.1;      // eps_{k+1} = max(eps_min, min(eps_reduction eps_k, ||Phi_0||_inf))
  // > 0 keeps a fixed final eps0, as the paper does: the result is then the smoothed solution
  // (z_i w_i ~ eps^2 / 2), reported as max_iterations unless it meets the tolerance anyway.
  double eps_min = 0.0;
  SmoothingScaling scaling = SmoothingScaling::automatic;
  // custom: the magnitude of each w_i (k_f for a force row, the clearance for a gap row) and of each
  // z_i (the clearance for a gap variable, k_f for a force variable); positive. An empty
  // variable_scale means all ones.
  Vec row_scale;
  Vec variable_scale;
};

class SmoothedNewtonSolver {
 public:
  explicit SmoothedNewtonSolver(Eigen::Index capacity = 0, SmoothedNewtonOptions options = {});
  void reserve(Eigen::Index capacity);
  SmoothedNewtonOptions& options() { return options_; }

  void solve(const MatRef& M, const VecRef& q, LcpResult& result);
  void solve(const MatRef& M, const VecRef& q, const VecRef& z_start, LcpResult& result);
  LcpResult solve(const MatRef& M, const VecRef& q);

  // The row divisors d and variable scales c of the last solve (entries [0, n)): the solver works on
  // M~ = diag(1/d) M diag(c), q~ = q ./ d, with z = c .* x and w = d .* y.
  const Vec& row_divisors() const { return div_; }
  const Vec& variable_scales() const { return col_; }

 private:
  bool scale_problem(const MatRef& M, const VecRef& q);
  void iterate(const MatRef& M, const VecRef& q, LcpResult& result);
  bool newton_step(Eigen::Index n, double eps, double merit, double& new_merit);
  double residual(const MatRef& M, const VecRef& q, LcpResult& result);

  SmoothedNewtonOptions options_;
  Mat ms_, h_;                                // scaled matrix, Jacobian
  Vec div_, col_, qs_, x_, ws_, phi_, grad_, dir_;  // x = z ./ c, ws = M~ x + q~
  Vec trial_x_, trial_w_, trial_phi_;
  DenseLu lu_;
  RowAcceptance rows_;
};

LcpResult solve_smoothed_newton(const MatRef& M, const VecRef& q, const SmoothedNewtonOptions& options = {});

}  // namespace stickslip::solvers
