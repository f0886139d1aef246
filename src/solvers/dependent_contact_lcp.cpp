#include "solvers/dependent_contact_lcp.hpp"

#include <algorithm>

namespace stickslip::solvers {

void DependentContactLcp::solve(const Mat& W, const Vec& b, const ToLcp& to_lcp, const ToForces& to_forces,
                                DependentContactResult& out) {
  const Eigen::Index m = W.rows();
  out.dependent = m > 1 ? dependent_.compute(W) : 0;
  out.iterations = 0;
  out.pivots = 0;
  out.weight = 0;
  out.converged = true;
  if (out.dependent == 0) {  // a regular problem: one Lemke solve on it as it is
    to_lcp(W, b, M_, q_);
    lemke_.reserve(M_.rows());
    lemke_.solve(M_, q_, out.lcp);
    out.iterations = 1;
    out.pivots = out.lcp.iterations;
    if (out.lcp.status == LcpStatus::solved) to_forces(out.lcp.z, out.forces);
    return;
  }
  Z_ = dependent_.null_basis();
  // P W P with P = I − Z Zᵀ, and P b.
  W_proj_ = W;
  W_proj_.noalias() -= Z_ * (Z_.transpose() * W);
  W_proj_.noalias() -= (W_proj_ * Z_) * Z_.transpose();
  W_proj_ = 0.5 * (W_proj_ + W_proj_.transpose()).eval();
  b_proj_ = b;
  b_proj_.noalias() -= Z_ * (Z_.transpose() * b);
  const double s = std::max(W.diagonal().maxCoeff(), 1e-300);
  for (double eps = kProximalWeight; eps <= kMaxProximalWeight * (1 + 1e-9); eps *= 10) {
    out.weight = eps;
    if (iterate(eps * s, to_lcp, to_forces, out)) return;
  }
}

bool DependentContactLcp::iterate(double weight, const ToLcp& to_lcp, const ToForces& to_forces,
                                  DependentContactResult& out) {
  W_eps_ = W_proj_;
  W_eps_.noalias() += weight * Z_ * Z_.transpose();
  out.forces.setZero(W_eps_.rows());
  out.converged = false;
  const double size_b = 1.0 + b_proj_.cwiseAbs().maxCoeff();
  for (int k = 0; k < kMaxIterations; ++k) {
    previous_ = out.forces;
    shift_.noalias() = Z_.transpose() * previous_;
    b_k_ = b_proj_;
    b_k_.noalias() -= weight * (Z_ * shift_);
    to_lcp(W_eps_, b_k_, M_, q_);
    lemke_.reserve(M_.rows());
    lemke_.solve(M_, q_, out.lcp);
    ++out.iterations;
    out.pivots += out.lcp.iterations;
    if (out.lcp.status != LcpStatus::solved) return false;
    to_forces(out.lcp.z, out.forces);
    // The fake velocities of this iterate, ε s Z Zᵀ(λ^{k+1} − λ^k), at rounding of the velocities
    // (the size of b and of the forces' effect) end the iteration.
    shift_.noalias() = Z_.transpose() * (out.forces - previous_);
    const double fake = weight * shift_.cwiseAbs().maxCoeff();
    const double size = size_b + W_proj_.diagonal().maxCoeff() * out.forces.cwiseAbs().maxCoeff();
    if (fake <= 1e-13 * size) {
      out.converged = true;
      return true;
    }
  }
  return true;  // not converged: the last iterate, whose fake velocities are reported through `converged`
}

}  // namespace stickslip::solvers
