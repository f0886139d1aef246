// Accelerated projected gradient for frictional contact (accelerated_gradient.hpp has the method and
// its references).
#include "solvers/accelerated_gradient.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {

namespace {

bool valid_operator(const MatRef& W, Eigen::Index n) { return W.rows() == n && W.cols() == n && W.allFinite(); }
bool valid_operator(const SparseMat& W, Eigen::Index n) {
  if (W.rows() != n || W.cols() != n) return false;
  for (Eigen::Index k = 0; k < W.nonZeros(); ++k)
    if (!std::isfinite(W.valuePtr()[k])) return false;
  return true;
}

// out = W x (no allocation: a matrix-vector product into preallocated storage).
void apply(const MatRef& W, const Vec& x, Vec& out) { out.noalias() = W * x; }
void apply(const SparseMat& W, const Vec& x, Vec& out) { out.noalias() = W * x; }

}  // namespace

ApgdContactSolver::ApgdContactSolver(Eigen::Index capacity, ApgdOptions options) : options_(options) {
  reserve(capacity);
}

void ApgdContactSolver::reserve(Eigen::Index capacity) {
  // Sized for problems of `capacity` rows (a solve of another size resizes once).
  if (capacity <= x_.size()) return;
  for (Vec* v : {&x_, &wx_, &y_, &wy_, &xn_, &wxn_, &power_, &power_w_}) v->setZero(capacity);
  bounds_.lo.resize(capacity);
  bounds_.hi.resize(capacity);
  bounds_.coupled_to.reserve(static_cast<std::size_t>(capacity));
  bounds_.disc_with.reserve(static_cast<std::size_t>(capacity));
}

void ApgdContactSolver::solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                              const VecRef& p_start, LcpResult& result) {
  run(W, b, contacts, p_start, result);
}

void ApgdContactSolver::solve(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts,
                              const VecRef& p_start, LcpResult& result) {
  run(W, b, contacts, p_start, result);
}

// Normal impulses onto p_N >= 0 first, then each tangent impulse into ±μ p_N of its new normal (a
// disc cone: the tangential pair scaled into the disc of radius μ p_N).
void ApgdContactSolver::project(Vec& p) const {
  for (const FrictionContact& c : contacts_) {
    const double pn = std::max(p[c.normal], 0.0);
    p[c.normal] = pn;
    if (c.cone == FrictionCone::disc) {
      project_onto_disc(p[c.tangent], p[c.tangent + 1], c.mu * pn);
      continue;
    }
    p[c.tangent] = std::clamp(p[c.tangent], -c.mu * pn, c.mu * pn);
  }
}

// The largest eigenvalue of W (symmetric positive semidefinite) by power iteration from the
// previous solve's vector: a lower bound, raised by backtracking where it falls short.
template <class Matrix>
double ApgdContactSolver::estimate_lipschitz(const Matrix& W, Eigen::Index n) {
  if (power_.size() != n || !(power_.squaredNorm() > 0.0) || !power_.allFinite()) power_.setOnes(n);
  if (power_w_.size() != n) power_w_.setZero(n);
  double lambda = 0.0;
  for (int k = 0; k < std::max(1, options_.power_iterations); ++k) {
    power_.normalize();
    apply(W, power_, power_w_);
    lambda = power_w_.norm();
    if (!(lambda > 0.0)) break;
    std::swap(power_, power_w_);
  }
  return lambda > 0.0 && std::isfinite(lambda) ? lambda : 1.0;
}

template <class Matrix>
void ApgdContactSolver::run(const Matrix& W, const VecRef& b, std::span<const FrictionContact> contacts,
                            const VecRef& p_start, LcpResult& result) {
  const Eigen::Index n = b.size();
  stalled_ = false;
  if (!valid_operator(W, n) || !b.allFinite() || p_start.size() != n || !p_start.allFinite() ||
      !contact_box_bounds(contacts, n, bounds_))
    return set_invalid(result);
  reserve(n);
  for (Vec* v : {&x_, &wx_, &y_, &wy_, &xn_, &wxn_})  // allocates only when n changes
    if (v->size() != n) v->setZero(n);
  contacts_ = contacts;
  x_ = p_start;  // before prepare_result: p_start may view result.z
  prepare_result(result, n);
  project(x_);
  apply(W, x_, wx_);
  result.z = x_;
  result.w = wx_ + b;
  result.residual = box_residual(result.z, result.w, bounds_);
  result.iterations = 0;
  result.status = LcpStatus::max_iterations;
  const int cap = options_.max_iterations > 0 ? options_.max_iterations
                                              : static_cast<int>(std::max<Eigen::Index>(1000, 100 * n));
  const double goal = options_.tolerance * residual_scale(b);
  double L = estimate_lipschitz(W, n), t = 1.0;
  double reference = result.residual;  // the residual last halved, at iteration reference_at
  int reference_at = 0;
  y_ = x_;
  wy_ = wx_;
  for (int k = 0; k < cap && (result.residual > goal || k < options_.min_iterations); ++k) {
    // The projected gradient step from y with step 1/L, L doubled until ½ dᵀWd <= ½ L |d|².
    for (int backtrack = 0;; ++backtrack) {
      xn_ = y_ - (wy_ + b) / L;
      project(xn_);
      apply(W, xn_, wxn_);
      const double curvature = (xn_ - y_).dot(wxn_ - wy_), length = (xn_ - y_).squaredNorm();
      if (curvature <= L * length * (1.0 + 1e-12) || backtrack == 30) break;
      L *= 2.0;
    }
    result.iterations = k + 1;
    // The natural residual at the new point (wy_ is free until the extrapolation below).
    const bool restart = (wy_ + b).dot(xn_ - x_) > 0.0;
    wy_ = wxn_ + b;
    const double residual = box_residual(xn_, wy_, bounds_);
    if (!std::isfinite(residual)) break;
    if (residual < result.residual) {
      result.z = xn_;
      result.w = wy_;
      result.residual = residual;
    }
    if (result.residual <= 0.5 * reference) {
      reference = result.residual;
      reference_at = k + 1;
    }
    if (options_.stall_iterations > 0 && k + 1 - reference_at >= options_.stall_iterations &&
        result.residual > goal) {
      stalled_ = true;
      break;
    }
    // Momentum (Nesterov's t-sequence), or a restart from the new point.
    if (restart) {
      t = 1.0;
      y_ = xn_;
      wy_ = wxn_;
    } else {
      const double tn = 0.5 * (1.0 + std::sqrt(1.0 + 4.0 * t * t)), beta = (t - 1.0) / tn;
      y_ = xn_ + beta * (xn_ - x_);
      wy_ = wxn_ + beta * (wxn_ - wx_);
      t = tn;
    }
    std::swap(x_, xn_);
    std::swap(wx_, wxn_);
    L *= 0.9;
  }
  lipschitz_ = L;
  // The returned point's velocities recomputed from it (the kept ones carry no drift, but the
  // contract is w = W z + b to rounding).
  apply(W, result.z, wx_);
  result.w = wx_ + b;
  result.residual = box_residual(result.z, result.w, bounds_);
  if (result.residual <= goal && unrounded_box_residual(result.z, result.w, bounds_) <= goal) {
    result.status = LcpStatus::solved;
  }
}

}  // namespace stickslip::solvers
