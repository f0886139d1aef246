// The proximal point method with semismooth Newton steps (proximal_newton.hpp).
#include "solvers/proximal_newton.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace stickslip::solvers {

bool ProximalNewton::fits(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                          const Vec& p) const {
  const Eigen::Index n = W.rows();
  if (W.cols() != n || b.size() != n || p.size() != n || n == 0) return false;
  if (!are_valid_contacts(contacts, n)) return false;
  for (const FrictionContact& c : contacts)
    if (c.cone != FrictionCone::interval) return false;
  return W.allFinite() && b.allFinite() && p.allFinite();
}

bool ProximalNewton::solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                           double goal, Vec& p) {
  rounds_ = newton_steps_ = 0;
  residual_ = std::numeric_limits<double>::infinity();
  best_.resize(0);
  if (!fits(W, b, contacts, p) || !contact_box_bounds(contacts, W.rows(), bounds_)) return false;
  const double alpha = options_.regularisation * std::max(W.diagonal().maxCoeff(), 0.0);
  A_ = W;
  A_.diagonal().array() += alpha;
  rho_ = A_.diagonal().cwiseInverse();
  if (!rho_.allFinite() || (rho_.array() <= 0.0).any()) return false;  // a zero diagonal: no scale
  p_ = p;
  best_ = p;
  residual_ = natural_residual(W, b, p_);
  const double aim = options_.aim_share * goal;
  double reference = residual_;  // the best at the start of the stall window
  int window = 0;
  while (residual_ > aim && rounds_ < options_.max_rounds && newton_steps_ < options_.max_total_steps) {
    ++rounds_;
    c_ = b - alpha * p_;  // round k: u = (W + αI) p + b − α p_k
    round(contacts, aim);
    const double r = natural_residual(W, b, p_);
    if (r < residual_) {
      residual_ = r;
      best_ = p_;
    }
    if (residual_ <= 0.5 * reference) {
      reference = residual_;
      window = 0;
    } else if (++window >= options_.stall_rounds) {
      break;
    }
  }
  if (residual_ > goal) return false;
  p = best_;
  return true;
}

// Full Newton steps on F for the round's problem until |F|∞ is a thousandth of the aim (or at the
// rounding of the impulses, where a finer stop would spend the step cap on noise) or the step cap.
void ProximalNewton::round(std::span<const FrictionContact> contacts, double aim) {
  const double stop = std::max(1e-3 * aim, 64.0 * std::numeric_limits<double>::epsilon() * p_.lpNorm<Eigen::Infinity>());
  for (int k = 0; k < options_.max_newton_steps && newton_steps_ < options_.max_total_steps; ++k) {
    alart_curnier(contacts, p_);
    if (!(f_.lpNorm<Eigen::Infinity>() > stop)) return;  // met, or NaN (judged by the residual)
    ++newton_steps_;
    lu_.compute(jacobian_);
    step_ = lu_.solve(-f_);
    if (!step_.allFinite()) return;  // a singular Jacobian: the round ends where it is
    p_ += step_;
  }
}

// F(p) of Alart and Curnier for u = A p + c (proximal_newton.hpp) and the Jacobian of the piece p
// lies on.
void ProximalNewton::alart_curnier(std::span<const FrictionContact> contacts, const Vec& p) {
  u_.noalias() = A_ * p;
  u_ += c_;
  f_ = rho_.cwiseProduct(u_);  // free rows: F = ρ u
  jacobian_ = rho_.asDiagonal() * A_;
  for (const FrictionContact& c : contacts) {
    const int N = c.normal, T = c.tangent;
    const double g = p[N] - rho_[N] * u_[N];  // the augmented normal impulse
    const bool closed = g > 0.0;
    if (!closed) {  // F_N = p_N
      f_[N] = p[N];
      jacobian_.row(N).setZero();
      jacobian_(N, N) = 1.0;
    }
    const double bound = c.mu * std::max(g, 0.0), tau = p[T] - rho_[T] * u_[T];
    if (closed && std::abs(tau) <= bound) continue;  // sticking: F_T = ρ_T u_T, as set above
    const double side = tau > 0.0 ? 1.0 : -1.0;  // sliding (or open): F_T = p_T − side μ g⁺
    f_[T] = p[T] - side * bound;
    jacobian_.row(T).setZero();
    jacobian_(T, T) = 1.0;
    if (!closed) continue;
    jacobian_.row(T) += (side * c.mu * rho_[N]) * A_.row(N);  // d(−side μ g)/dp, g = p_N − ρ_N u_N
    jacobian_(T, N) -= side * c.mu;
  }
}

// As Gauss-Seidel judges its own answers: the rounded and the unrounded residual (box_lcp.hpp).
double ProximalNewton::natural_residual(const MatRef& W, const VecRef& b, const Vec& p) {
  u_.noalias() = W * p;
  u_ += b;
  const double r = std::max(box_residual(p, u_, bounds_), unrounded_box_residual(p, u_, bounds_));
  return std::isnan(r) ? std::numeric_limits<double>::infinity() : r;
}

}  // namespace stickslip::solvers
