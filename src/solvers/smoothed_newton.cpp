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
// Scaling. Every scaling here solves LCP(M~, q~) with M~ = diag(1/d) M diag(c), q~ = q ./ d, for
// x = z ./ c, y = w ./ d: positive factors keep signs and complementarity, so the solution is the
// same, and one eps0 then means the same for every pair when x_i and y_i are both of order one.
// - custom, eq. (35) of the paper: d_i is the magnitude of w_i and c_i that of z_i. The paper
//   divides b_f by k_f (the largest joint force or moment) and b_h, b_v by the clearance; in eq. (31)
//   the force rows y_1 = A_g x_2 + A_f x_3 + b_f hold forces on both sides and the gap rows
//   y_2 = A_h x_1 + b_h, y_3 = A_v x_1 + b_v gaps on both sides, so dividing b this way is the same
//   as measuring every force variable (y_1, x_2, x_3) in k_f and every gap (x_1, y_2, y_3) in the
//   clearance: d = (k_f, eps, eps) by row block, c = (eps, k_f, k_f) by variable block, and M~ = M.
//   The stopping test is then on the residual in those units, ||min(x, y)||_inf <= tol ||q~||_inf
//   (lcp_scale: no floor, 1 only when q~ = 0).
// - automatic, a heuristic for callers who do not know the units (not eq. (35)): rows balanced by
//   r_i = ||M_i.||_inf (a zero row keeps max(1, |q_i|); the diagonal cannot be used, eq. (31) has a
//   zero diagonal), then one factor s = max_i |q_i| / r_i for every variable: c_i = s, d_i = r_i s,
//   so M~ = diag(1/r) M. On eq. (31), whose blocks are ratios of lengths of order one, this divides
//   everything by about k_f and leaves the gaps tiny: pass the units (custom) for eq. (35).
// With automatic and none the stopping test is on the unscaled residual, tol ||q||_inf (lcp_scale).
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
  for (Vec* v : {&div_, &col_, &qs_, &x_, &ws_, &phi_, &grad_, &dir_, &trial_x_, &trial_w_, &trial_phi_})
    v->resize(capacity);
  lu_.reserve(capacity);
  rows_.reserve(capacity);
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

namespace {

bool valid_scale(const Vec& s, Eigen::Index n) {
  return s.size() == n && s.allFinite() && (n == 0 || s.minCoeff() > 0.0);
}

}  // namespace

// Fills ms_, qs_, div_, col_. False when a custom scale is malformed.
bool SmoothedNewtonSolver::scale_problem(const MatRef& M, const VecRef& q) {
  const Eigen::Index n = q.size();
  auto d = div_.head(n);
  auto c = col_.head(n);
  d.setOnes();
  c.setOnes();
  if (options_.scaling == SmoothingScaling::automatic) {
    for (Eigen::Index i = 0; i < n; ++i) {
      const double row = M.row(i).cwiseAbs().maxCoeff();
      d[i] = row > 0.0 ? row : std::max(1.0, std::abs(q[i]));
    }
    // x = z / qmax and y = w ./ (d qmax): x, y and q~ of order one.
    const double qmax = n > 0 ? q.cwiseQuotient(d).cwiseAbs().maxCoeff() : 0.0;
    if (qmax > 0.0) {
      c.setConstant(qmax);
      d *= qmax;
    }
  } else if (options_.scaling == SmoothingScaling::custom) {
    const Vec& vs = options_.variable_scale;
    if (!valid_scale(options_.row_scale, n) || !(vs.size() == 0 || valid_scale(vs, n))) return false;
    d = options_.row_scale;
    if (vs.size() > 0) c = vs;
  }
  ms_.topLeftCorner(n, n) = d.cwiseInverse().asDiagonal() * M * c.asDiagonal();
  qs_.head(n) = q.cwiseQuotient(d);
  return true;
}

// Sets z = c .* x (projected), w from the unscaled M and q, result.residual; returns the residual
// the stopping test uses (in the caller's units for custom, else the unscaled one).
double SmoothedNewtonSolver::residual(const MatRef& M, const VecRef& q, LcpResult& result) {
  const Eigen::Index n = q.size();
  result.z = x_.head(n).cwiseProduct(col_.head(n)).cwiseMax(0.0);
  result.residual = recompute_w_and_residual(M, q, result.z, result.w);
  if (options_.scaling != SmoothingScaling::custom) return result.residual;
  double r = 0.0;
  for (Eigen::Index i = 0; i < n; ++i)
    r = std::max(r, std::abs(std::min(result.z[i] / col_[i], result.w[i] / div_[i])));
  return std::isfinite(result.residual) ? r : INFINITY;
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
  x_.head(q.size()) = z_start.cwiseQuotient(col_.head(q.size()));  // z_start may alias result.z
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
  const bool custom = options_.scaling == SmoothingScaling::custom;
  const double goal = o.tolerance * (custom ? lcp_scale(qs_.head(n)) : lcp_scale(q));
  const auto Ms = ms_.topLeftCorner(n, n);
  double eps = std::max(options_.eps_initial, options_.eps_min);
  double merit = fb_merit(Ms, qs_.head(n), x_.head(n), 0, eps, ws_.head(n), phi_.head(n));
  result.status = LcpStatus::max_iterations;
  rows_.reset();
  // Custom scaling already measures every row in its own units; otherwise each row is also judged
  // against its own terms.
  const auto rows_met = [&] { return custom || rows_.met(M, q, result.z, result.w, o.tolerance); };
  for (result.iterations = 0; result.iterations < cap; ++result.iterations) {
    // Judged on the point that will be returned: z = max(c x, 0), w from the unscaled M and q.
    if (residual(M, q, result) <= goal && rows_met()) {
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
  if ((residual(M, q, result) > goal || !rows_met()) && result.status == LcpStatus::solved)
    result.status = LcpStatus::max_iterations;
}

}  // namespace stickslip::solvers
