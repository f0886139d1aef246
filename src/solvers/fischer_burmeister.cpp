// Semismooth Newton method for the LCP / MLCP through the Fischer-Burmeister function (Fischer,
// A special Newton-type optimization method, Optimization 24, 1992; De Luca, Facchinei & Kanzow,
// A semismooth equation approach to the solution of nonlinear complementarity problems, Math.
// Programming 75, 1996).
//
// phi(a, b) = sqrt(a^2 + b^2) - a - b vanishes exactly when a >= 0, b >= 0 and a b = 0, so the LCP
// is the nonsmooth system Phi(z) = 0 with Phi_i = phi(z_i, (M z + q)_i) (an equality row of an
// MLCP contributes Phi_i = w_i instead). Phi is strongly semismooth; an element of its generalised
// Jacobian is H = D_a + D_b M with D_a = diag(a/r - 1), D_b = diag(b/r - 1), r = ||(a, b)||, and
// any (xi - 1, rho - 1) with xi^2 + rho^2 <= 1 at the kink a = b = 0. Newton steps H d = -Phi
// converge locally quadratically at a solution where every element is nonsingular (e.g. M a
// P-matrix). Globalisation: Psi = ||Phi||^2 / 2 is continuously differentiable with gradient
// H^T Phi; the Newton direction is used when it is a sufficient descent direction
// (grad.d <= -rho ||d||^p), otherwise the steepest descent -grad; then an Armijo backtracking search
// on Psi. Each step costs one dense LU (O(n^3)).
#include "solvers/fischer_burmeister.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {

// Where a + b > 0 the difference √(a² + b² + ε²) − (a + b) cancels: with b = 1 and a = 1e-17 it
// rounds to 0 although φ ≈ −a, and Newton's method stops with a row still wrong (issue 37: z₂ of
// 1e-8 beside w₂ of 1e9). There the equal quotient (ε² − 2ab) / (√(...) + a + b) is used.
double fb_phi(double a, double b, double eps) {
  const double r = std::sqrt(a * a + b * b + eps * eps);
  if (a + b <= 0.0) return r - a - b;
  return (eps * eps - 2.0 * a * b) / (r + a + b);
}

void fb_gradient(double a, double b, double eps, double& da, double& db) {
  const double r = std::sqrt(a * a + b * b + eps * eps);
  if (r > 0.0) {
    da = a / r - 1.0;
    db = b / r - 1.0;
  } else {
    da = db = std::sqrt(0.5) - 1.0;
  }
}

double fb_merit(const MatRef& K, const VecRef& q, const VecRef& z, Eigen::Index n_free, double eps,
                Eigen::Ref<Vec> w, Eigen::Ref<Vec> phi) {
  const Eigen::Index n = q.size();
  w = q;
  w.noalias() += K * z;
  for (Eigen::Index i = 0; i < n; ++i) phi[i] = i < n_free ? w[i] : fb_phi(z[i], w[i], eps);
  return 0.5 * phi.squaredNorm();
}

void fb_jacobian(const MatRef& K, const VecRef& z, const VecRef& w, Eigen::Index n_free, double eps,
                 Eigen::Ref<Mat> H) {
  const Eigen::Index n = z.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    double da = 0.0, db = 1.0;
    if (i >= n_free) fb_gradient(z[i], w[i], eps, da, db);
    H.row(i) = db * K.row(i);
    H(i, i) += da;
  }
}

FischerBurmeisterSolver::FischerBurmeisterSolver(Eigen::Index capacity, NewtonOptions options)
    : options_(options) {
  reserve(capacity);
}

void FischerBurmeisterSolver::reserve(Eigen::Index capacity) {
  if (capacity <= h_.rows()) return;
  h_.resize(capacity, capacity);
  for (Vec* v : {&phi_, &grad_, &dir_, &trial_z_, &trial_w_, &trial_phi_}) v->resize(capacity);
  lu_.reserve(capacity);
  rows_.reserve(capacity);
}

LcpResult FischerBurmeisterSolver::solve(const MatRef& M, const VecRef& q) {
  LcpResult result;
  solve(M, q, result);
  return result;
}

LcpResult solve_fischer_burmeister(const MatRef& M, const VecRef& q, const NewtonOptions& options) {
  FischerBurmeisterSolver solver(q.size(), options);
  return solver.solve(M, q);
}

void FischerBurmeisterSolver::solve(const MatRef& M, const VecRef& q, LcpResult& result) {
  solve_mlcp(M, q, 0, result);
}

void FischerBurmeisterSolver::solve(const MatRef& M, const VecRef& q, const VecRef& z_start,
                                    LcpResult& result) {
  solve_mlcp(M, q, 0, z_start, result);
}

void FischerBurmeisterSolver::solve_mlcp(const MatRef& K, const VecRef& q, Eigen::Index n_free,
                                         LcpResult& result) {
  if (!is_valid_lcp(K, q) || n_free < 0 || n_free > q.size()) return set_invalid(result);
  prepare_result(result, q.size());
  iterate(K, q, n_free, result);
}

void FischerBurmeisterSolver::solve_mlcp(const MatRef& K, const VecRef& q, Eigen::Index n_free,
                                         const VecRef& z_start, LcpResult& result) {
  if (!is_valid_lcp(K, q) || n_free < 0 || n_free > q.size() || z_start.size() != q.size() ||
      !z_start.allFinite())
    return set_invalid(result);
  reserve(q.size());
  const Eigen::Index n = q.size();
  trial_z_.head(n) = z_start;  // z_start may alias result.z
  prepare_result(result, n);
  result.z = trial_z_.head(n);
  iterate(K, q, n_free, result);
}

// Newton direction into dir_ (H d = -Phi) if H is nonsingular and d is a sufficient descent
// direction of Psi; steepest descent -grad otherwise. slope = grad.d.
bool FischerBurmeisterSolver::direction(Eigen::Index n, double& slope) {
  auto g = grad_.head(n);
  auto d = dir_.head(n);
  g.noalias() = h_.topLeftCorner(n, n).transpose() * phi_.head(n);
  if (lu_.factor(h_.topLeftCorner(n, n))) {
    d = -phi_.head(n);
    lu_.solve_in_place(d);
    slope = g.dot(d);
    if (d.allFinite() && slope <= -options_.descent_rho * std::pow(d.norm(), options_.descent_power))
      return true;
  }
  d = -g;
  slope = -g.squaredNorm();
  return slope < 0.0;
}

// Armijo backtracking along dir_; on success z and phi_/w are those of the accepted point.
bool FischerBurmeisterSolver::line_search(const MatRef& K, const VecRef& q, Eigen::Index n_free,
                                          Vec& z, double merit, double slope, double& new_merit) {
  const Eigen::Index n = q.size();
  double t = 1.0;
  for (int k = 0; k < options_.max_backtracks; ++k, t *= options_.backtrack) {
    trial_z_.head(n) = z + t * dir_.head(n);
    new_merit = fb_merit(K, q, trial_z_.head(n), n_free, 0.0, trial_w_.head(n), trial_phi_.head(n));
    if (new_merit <= merit + options_.armijo * t * slope) {
      z = trial_z_.head(n);
      phi_.head(n) = trial_phi_.head(n);
      return true;
    }
  }
  return false;
}

void FischerBurmeisterSolver::iterate(const MatRef& K, const VecRef& q, Eigen::Index n_free,
                                      LcpResult& result) {
  const Eigen::Index n = q.size();
  reserve(n);
  const int cap = options_.max_iterations > 0 ? options_.max_iterations : static_cast<int>(100 + 2 * n);
  const double goal = options_.tolerance * lcp_scale(q);
  Vec& z = result.z;
  double merit = fb_merit(K, q, z, n_free, 0.0, result.w, phi_.head(n));
  result.status = LcpStatus::max_iterations;
  rows_.reset();
  for (result.iterations = 0; result.iterations < cap; ++result.iterations) {
    // Convergence is judged on the point that will be returned: z projected on its bounds, w
    // recomputed (projecting tiny negative z_i moves w, so the raw iterate's residual can lie).
    auto zp = trial_z_.head(n);
    zp = z;
    zp.tail(n - n_free) = zp.tail(n - n_free).cwiseMax(0.0);
    trial_w_.head(n) = q;
    trial_w_.head(n).noalias() += K * zp;
    if (lcp_residual(zp, trial_w_.head(n), n_free) <= goal &&
        rows_.met(K, q, zp, trial_w_.head(n), options_.tolerance, n_free)) {
      z = zp;
      result.status = LcpStatus::solved;
      break;
    }
    result.w = q;
    result.w.noalias() += K * z;
    fb_jacobian(K, z, result.w, n_free, 0.0, h_.topLeftCorner(n, n));
    double slope = 0.0, new_merit = 0.0;
    if (!direction(n, slope) || !line_search(K, q, n_free, z, merit, slope, new_merit)) {
      result.status = LcpStatus::singular;  // stationary point of Psi that is not a solution
      break;
    }
    merit = new_merit;
  }
  for (Eigen::Index i = n_free; i < n; ++i) z[i] = std::max(z[i], 0.0);
  result.residual = recompute_w_and_residual(K, q, z, result.w, n_free);
  if (result.status == LcpStatus::solved &&
      (result.residual > goal || !rows_.met(K, q, z, result.w, options_.tolerance, n_free)))
    result.status = LcpStatus::max_iterations;
}

}  // namespace stickslip::solvers
