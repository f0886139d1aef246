#include "solvers/admissible_forces.hpp"

#include <algorithm>

namespace stickslip::solvers {

// Linear program  max s  s.t.  G α + c − s 1 ≥ 0,  s ≤ cap,  with α free, in the standard form
//   min t  s.t.  [G, −G, 1] (α⁺, α⁻, t) ≥ cap 1 − c,  (α⁺, α⁻, t) ≥ 0   (t = cap − s),
// solved as the LCP of its optimality conditions, z = (x, y), M = [0, −Aᵀ; A, 0], q = (e, −b)
// (Cottle, Pang & Stone 1992, sec. 1.2). M is skew-symmetric, hence positive semidefinite, and both
// the program (t large) and its dual (y = 0) are feasible, so Lemke's method ends on a solution.
double AdmissibleForceSolver::max_margin(const Vec& lambda_hat, const Mat& Z, const Mat& A, const Vec& b,
                                         double margin_cap, Vec& lambda) {
  const Eigen::Index r = Z.cols(), k = A.rows(), nx = 2 * r + 1, n = nx + k;
  G_.noalias() = A * Z;
  c_.noalias() = A * lambda_hat;
  c_ += b;
  lambda = lambda_hat;
  if (k == 0) return margin_cap;
  M_.setZero(n, n);
  q_.setZero(n);
  // Rows of the constraints: A x − b ≥ 0 with A = [G, −G, 1].
  M_.block(nx, 0, k, r) = G_;
  M_.block(nx, r, k, r) = -G_;
  M_.block(nx, 2 * r, k, 1).setOnes();
  M_.block(0, nx, nx, k) = -M_.block(nx, 0, k, nx).transpose();
  q_[2 * r] = 1.0;
  q_.tail(k) = c_.array() - margin_cap;
  lemke_.reserve(n);
  lemke_.solve(M_, q_, res_);
  if (res_.status != LcpStatus::solved) return bounded_margin(lambda_hat, Z, margin_cap, lambda);
  alpha_ = res_.z.head(r) - res_.z.segment(r, r);
  lambda.noalias() += Z * alpha_;
  return std::min(margin_cap, margin_cap - res_.z[2 * r]);
}

// The same program with α bounded below instead of split: α = a − L 1, a ≥ 0, so
//   min t  s.t.  [G, 1] (a, t) ≥ cap 1 − c + L G 1,  (a, t) ≥ 0.
// The split α = α⁺ − α⁻ gives the LCP the direction α⁺_i = α⁻_i → ∞, along which M z = 0: Lemke's
// path can leave on it and end on a secondary ray although both programs are feasible (seen on the
// four compliant corners of a box on an incline at 0.999 of μ_s, whose inequalities hold exact ties:
// the margin was then reported as −cap and the box let go). Without the split no such direction
// exists. L bounds how far the distribution may move from λ̂ (|α| = |λ − λ̂|, Z orthonormal): it
// starts well above the forces involved and grows while the bound holds the optimum.
double AdmissibleForceSolver::bounded_margin(const Vec& lambda_hat, const Mat& Z, double margin_cap, Vec& lambda) {
  const Eigen::Index r = Z.cols(), k = G_.rows(), nx = r + 1, n = nx + k;
  double bound = 1e3 * (margin_cap + lambda_hat.lpNorm<Eigen::Infinity>());
  for (int attempt = 0; attempt < 3; ++attempt, bound *= 1e3) {
    M_.setZero(n, n);
    q_.setZero(n);
    M_.block(nx, 0, k, r) = G_;
    M_.block(nx, r, k, 1).setOnes();
    M_.block(0, nx, nx, k) = -M_.block(nx, 0, k, nx).transpose();
    q_[r] = 1.0;
    q_.tail(k) = c_.array() - margin_cap;
    q_.tail(k).noalias() -= bound * G_.rowwise().sum();
    lemke_.reserve(n);
    lemke_.solve(M_, q_, res_);
    if (res_.status != LcpStatus::solved) break;
    if (res_.z.head(r).minCoeff() <= 1e-12 * bound && attempt < 2) continue;  // the bound holds the optimum
    alpha_ = res_.z.head(r).array() - bound;
    lambda = lambda_hat;
    lambda.noalias() += Z * alpha_;
    return std::min(margin_cap, margin_cap - res_.z[r]);
  }
  lambda = lambda_hat;
  return -margin_cap;  // no answer: taken as no admissible distribution
}

// min ½ ||λ̂ + Zα||²  s.t.  G α + c ≥ 0: with Z orthonormal, α = −Zᵀλ̂ + Gᵀμ at the optimum and the
// multipliers μ solve LCP(G Gᵀ, c − G Zᵀλ̂).
void AdmissibleForceSolver::solve(const Vec& lambda_hat, const Mat& Z, const Mat& A, const Vec& b, double margin_cap,
                                  AdmissibleForces& out) {
  out.margin = max_margin(lambda_hat, Z, A, b, margin_cap, out.lambda);
  out.pivots = res_.iterations;
  out.feasible = out.margin >= 0;
  if (!out.feasible || A.rows() == 0) return;
  alpha_.noalias() = -Z.transpose() * lambda_hat;
  M_.noalias() = G_ * G_.transpose();
  q_ = c_;
  q_.noalias() += G_ * alpha_;
  if (q_.minCoeff() >= 0) {  // the least-norm λ is admissible as it stands
    out.lambda = lambda_hat;
    out.lambda.noalias() += Z * alpha_;
    return;
  }
  lemke_.reserve(M_.rows());
  lemke_.solve(M_, q_, res_);
  out.pivots += res_.iterations;
  if (res_.status != LcpStatus::solved) return;  // keep the largest-margin distribution
  alpha_.noalias() += G_.transpose() * res_.z;
  out.lambda = lambda_hat;
  out.lambda.noalias() += Z * alpha_;
}

}  // namespace stickslip::solvers
