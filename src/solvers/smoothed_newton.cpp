// Smoothing Newton method with the smoothed Fischer-Burmeister function (Kanzow, Some noninterior
// continuation methods for linear complementarity problems, SIAM J. Matrix Anal. Appl. 17, 1996;
// used by Qi, Luo & Huang 2011, eq. (34)-(35), for a joint-contact LCP that is not
// positive definite).
//
// For eps > 0, phi_eps(x, y) = sqrt(x^2 + y^2 + eps^2) - x - y is smooth and phi_eps(x, y) = 0 holds
// exactly when x > 0, y > 0 and x y = eps^2 / 2: the pairs sit on a smooth central path that tends
// to the complementary solution as eps -> 0. Every pair of the LCP is replaced by it and Newton's
// method runs on the whole system Phi_eps(x) = 0, y = M x + q, with the Jacobian
// H = diag(x/r - 1) + diag(y/r - 1) M, r = sqrt(x^2 + y^2 + eps^2) (nonsingular for every eps > 0
// when M is a P0-matrix), an Armijo line search on ||Phi_eps||^2 / 2 (steepest descent when the
// Newton system is singular) and, after each step, eps <- min(0.1 eps, ||Phi_0||_inf): the
// smoothing shrinks with the true residual, and the last steps are semismooth Newton steps on the
// Fischer-Burmeister function itself. The paper keeps eps0 fixed and small; eps_min > 0 does that.
//
// Scaling (eq. (35)). The paper divides the blocks of the right-hand side by the magnitude of the
// quantities they hold (the largest joint force or moment k_f for the force rows, the clearance for
// the gap rows), so that both members of every pair x_i, y_i are of order one and a single eps0 is
// meaningful for all of them. This library knows no mechanics, so it does the same with what the
// matrix tells: (1) each row i of (M, q) is divided by d_i = ||M_i.||_inf (row equilibration; this
// only rescales y_i, so complementarity and the solution are unchanged, and it balances y_i against
// x_i: a unit change of x moves each scaled y_i by at most one; the diagonal cannot be used because
// the seed-001 matrix has a zero diagonal); (2) the variables are scaled by c = ||q~||_inf, i.e.
// x = z / c and q~ / c, so that x, y and eps are all of order one. A zero row keeps d_i = max(1,|q_i|).
// With SmoothingScaling::custom the caller passes d_i directly, e.g. k_f for the force rows and the
// clearance for the gap rows, which is eq. (35) verbatim. The stopping test is on the residual of the
// unscaled problem.
#include "solvers/smoothed_newton.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {

SmoothedNewtonSolver::SmoothedNewtonSolver(Eigen::Index capacity, SmoothedNewtonOptions options)
    : options_(std::move(options)) {
  reserve(capacity);
}

void SmoothedNewtonSolver::reserve(Eigen::Index capacity) {
  if (capacity <= h_.rows()) return;
  ms_.resize(capacity, capacity);
  h_.resize(capacity, capacity);
  for (Vec* v : {&div_, &qs_, &x_, &ws_, &phi_, &grad_, &dir_, &trial_x_, &trial_w_, &trial_phi_})
    v->resize(capacity);
  lu_.reserve(capacity);
}

LcpResult SmoothedNewtonSolver::solve(const MatRef& M, const VecRef& q) {
  LcpResult result;
  solve(M, q, result);
  return result;
}

LcpResult solve_smoothed_newton(const MatRef& M, const VecRef& q, const SmoothedNewtonOptions& options) {
  SmoothedNewtonSolver solver(q.size(), options);
  return solver.solve(M, q);
}

// Fills ms_, qs_, div_, c_. False when a custom scale is malformed.
bool SmoothedNewtonSolver::scale_problem(const MatRef& M, const VecRef& q) {
  const Eigen::Index n = q.size();
  auto d = div_.head(n);
  switch (options_.scaling) {
    case SmoothingScaling::none: d.setOnes(); break;
    case SmoothingScaling::automatic:
      for (Eigen::Index i = 0; i < n; ++i) {
        const double row = n > 0 ? M.row(i).cwiseAbs().maxCoeff() : 0.0;
        d[i] = row > 0.0 ? row : std::max(1.0, std::abs(q[i]));
      }
      break;
    case SmoothingScaling::custom:
      if (options_.row_scale.size() != n || !options_.row_scale.allFinite() ||
          !(options_.row_scale.minCoeff() > 0.0))
        return false;
      d = options_.row_scale;
      break;
  }
  ms_.topLeftCorner(n, n) = d.cwiseInverse().asDiagonal() * M;
  qs_.head(n) = q.cwiseQuotient(d);
  const double qmax = n > 0 ? qs_.head(n).cwiseAbs().maxCoeff() : 0.0;
  c_ = options_.scaling == SmoothingScaling::none || !(qmax > 0.0) ? 1.0 : qmax;
  qs_.head(n) /= c_;
  return true;
}

void SmoothedNewtonSolver::solve(const MatRef& M, const VecRef& q, LcpResult& result) {
  if (!is_valid_lcp(M, q)) return set_invalid(result);
  reserve(q.size());
  if (!scale_problem(M, q)) return set_invalid(result);
  prepare_result(result, q.size());
  x_.head(q.size()).setZero();
  iterate(M, q, result);
}

void SmoothedNewtonSolver::solve(const MatRef& M, const VecRef& q, const VecRef& z_start,
                                 LcpResult& result) {
  if (!is_valid_lcp(M, q) || z_start.size() != q.size() || !z_start.allFinite())
    return set_invalid(result);
  reserve(q.size());
  if (!scale_problem(M, q)) return set_invalid(result);
  x_.head(q.size()) = z_start / c_;  // before prepare_result: z_start may alias result.z
  prepare_result(result, q.size());
  iterate(M, q, result);
}

// One damped Newton step on Phi_eps from x_ (phi_, ws_ current). False when no descent is possible.
bool SmoothedNewtonSolver::newton_step(Eigen::Index n, double eps, double merit, double& new_merit) {
  const auto Ms = ms_.topLeftCorner(n, n);
  auto H = h_.topLeftCorner(n, n);
  fb_jacobian(Ms, x_.head(n), ws_.head(n), 0, eps, H);
  auto g = grad_.head(n);
  auto d = dir_.head(n);
  g.noalias() = H.transpose() * phi_.head(n);
  double slope = 0.0;
  bool newton = false;
  if (lu_.factor(H)) {
    d = -phi_.head(n);
    lu_.solve_in_place(d);
    slope = g.dot(d);
    newton = d.allFinite() && slope < 0.0;
  }
  if (!newton) {
    d = -g;
    slope = -g.squaredNorm();
    if (!(slope < 0.0)) return false;
  }
  double t = 1.0;
  const auto& o = options_.newton;
  for (int k = 0; k < o.max_backtracks; ++k, t *= o.backtrack) {
    trial_x_.head(n) = x_.head(n) + t * d;
    new_merit = fb_merit(Ms, qs_.head(n), trial_x_.head(n), 0, eps, trial_w_.head(n), trial_phi_.head(n));
    if (new_merit <= merit + o.armijo * t * slope) {
      x_.head(n) = trial_x_.head(n);
      ws_.head(n) = trial_w_.head(n);
      phi_.head(n) = trial_phi_.head(n);
      return true;
    }
  }
  return false;
}

void SmoothedNewtonSolver::iterate(const MatRef& M, const VecRef& q, LcpResult& result) {
  const Eigen::Index n = q.size();
  const auto& o = options_.newton;
  const int cap = o.max_iterations > 0 ? o.max_iterations : static_cast<int>(100 + 2 * n);
  const double goal = o.tolerance * residual_scale(q);
  const auto Ms = ms_.topLeftCorner(n, n);
  double eps = std::max(options_.eps_initial, options_.eps_min);
  double merit = fb_merit(Ms, qs_.head(n), x_.head(n), 0, eps, ws_.head(n), phi_.head(n));
  result.status = LcpStatus::max_iterations;
  for (result.iterations = 0; result.iterations < cap; ++result.iterations) {
    // Judged on the point that will be returned: z = max(c x, 0), w from the unscaled M and q.
    result.z = (c_ * x_.head(n)).cwiseMax(0.0);
    if (recompute_w_and_residual(M, q, result.z, result.w) <= goal) {
      result.status = LcpStatus::solved;
      break;
    }
    double new_merit = 0.0;
    if (!newton_step(n, eps, merit, new_merit)) {
      // With a fixed final eps (eps_min > 0) a stall means the smoothed system is solved: its
      // point is returned as not converged. A stall at a small eps > 0 (rounding in the merit of a
      // nearly solved smoothed system) is retried once with eps = 0, i.e. a plain semismooth
      // Fischer-Burmeister step. A stall at eps = 0: no descent is possible, a singular Jacobian.
      const bool at_fixed_eps = options_.eps_min > 0.0 && eps <= options_.eps_min;
      if (!at_fixed_eps && eps > 0.0) {
        eps = 0.0;
        merit = fb_merit(Ms, qs_.head(n), x_.head(n), 0, eps, ws_.head(n), phi_.head(n));
        continue;
      }
      result.status = at_fixed_eps ? LcpStatus::max_iterations : LcpStatus::singular;
      break;
    }
    double phi0 = 0.0;  // ||Phi_0||_inf at the new point drives the next eps
    for (Eigen::Index i = 0; i < n; ++i) phi0 = std::max(phi0, std::abs(fb_phi(x_[i], ws_[i])));
    const double next = std::max(options_.eps_min, std::min(options_.eps_reduction * eps, phi0));
    if (next != eps) {
      eps = next;
      merit = fb_merit(Ms, qs_.head(n), x_.head(n), 0, eps, ws_.head(n), phi_.head(n));
    } else {
      merit = new_merit;
    }
  }
  result.z = (c_ * x_.head(n)).cwiseMax(0.0);
  result.residual = recompute_w_and_residual(M, q, result.z, result.w);
  if (result.status == LcpStatus::solved && result.residual > goal) result.status = LcpStatus::max_iterations;
}

}  // namespace stickslip::solvers
