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
  if (res_.status != LcpStatus::solved) return -margin_cap;  // cannot happen for a feasible program
  alpha_ = res_.z.head(r) - res_.z.segment(r, r);
  lambda.noalias() += Z * alpha_;
  return std::min(margin_cap, margin_cap - res_.z[2 * r]);
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
