// Semismooth Newton method on the Fischer-Burmeister reformulation of the LCP / MLCP, globalised by
// an Armijo line search on the merit function; plus the (smoothed) Fischer-Burmeister function and
// its derivative, shared with the smoothing method of smoothed_newton.hpp.
#pragma once

#include "solvers/dense_lu.hpp"
#include "solvers/equilibration.hpp"
#include "solvers/lcp_problem.hpp"

namespace stickslip::solvers {

// phi_eps(a, b) = sqrt(a^2 + b^2 + eps^2) - a - b; phi_0 = 0 <=> a >= 0, b >= 0, a b = 0.
double fb_phi(double a, double b, double eps = 0.0);

// Partial derivatives (da, db) of phi_eps at (a, b). At the kink a = b = eps = 0 it returns the
// element (1/sqrt(2) - 1, 1/sqrt(2) - 1) of the generalised gradient.
void fb_gradient(double a, double b, double eps, double& da, double& db);

// Phi_i = w_i for the n_free free rows, phi_eps(z_i, w_i) for the others; w = K z + q.
// Returns 0.5 ||Phi||^2. w and phi must have size n.
double fb_merit(const MatRef& K, const VecRef& q, const VecRef& z, Eigen::Index n_free, double eps,
                Eigen::Ref<Vec> w, Eigen::Ref<Vec> phi);

// The (generalised) Jacobian H = D_a + D_b K of Phi at (z, w) into the n x n block of H.
void fb_jacobian(const MatRef& K, const VecRef& z, const VecRef& w, Eigen::Index n_free, double eps,
                 Eigen::Ref<Mat> H);

struct NewtonOptions {
  // Stop when ||min(z, w)||_inf (|w_i| on free rows) <= tolerance * ||q||_inf (lcp_scale) and every
  // row's residual is within tolerance of its own terms (RowAcceptance; the smoothed method with
  // custom scaling judges the rows in the caller's units instead).
  double tolerance = 1e-10;
  int max_iterations = 0;             // Newton steps; 0 means automatic: 100 + 2 n
  double armijo = 1e-4;               // sufficient-decrease constant sigma
  double backtrack = 0.5;             // step reduction factor
  int max_backtracks = 40;
  double descent_rho = 1e-10;         // Newton step accepted when grad.d <= -rho ||d||^p
  double descent_power = 2.1;
};

class FischerBurmeisterSolver {
 public:
  explicit FischerBurmeisterSolver(Eigen::Index capacity = 0, NewtonOptions options = {});
  void reserve(Eigen::Index capacity);
  NewtonOptions& options() { return options_; }

  // LCP from z = 0, or warm-started from z_start (which may alias result.z).
  void solve(const MatRef& M, const VecRef& q, LcpResult& result);
  void solve(const MatRef& M, const VecRef& q, const VecRef& z_start, LcpResult& result);
  // MLCP: the first n_free variables are free and their rows are equations.
  void solve_mlcp(const MatRef& K, const VecRef& q, Eigen::Index n_free, LcpResult& result);
  void solve_mlcp(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef& z_start,
                  LcpResult& result);
  LcpResult solve(const MatRef& M, const VecRef& q);

 private:
  void iterate(const MatRef& K, const VecRef& q, Eigen::Index n_free, LcpResult& result);
  bool direction(Eigen::Index n, double& slope);
  bool line_search(const MatRef& K, const VecRef& q, Eigen::Index n_free, Vec& z, double merit,
                   double slope, double& new_merit);

  NewtonOptions options_;
  Mat h_;
  Vec phi_, grad_, dir_, trial_z_, trial_w_, trial_phi_;
  DenseLu lu_;
  RowAcceptance rows_;
};

LcpResult solve_fischer_burmeister(const MatRef& M, const VecRef& q, const NewtonOptions& options = {});

}  // namespace stickslip::solvers
