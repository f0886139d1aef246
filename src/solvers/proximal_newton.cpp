// The proximal point method with semismooth Newton steps (proximal_newton.hpp).
#include "solvers/proximal_newton.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace stickslip::solvers {

bool ProximalNewton::fits(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts,
                          const Vec& p) const {
  const Eigen::Index n = W.rows();
  if (W.cols() != n || b.size() != n || p.size() != n || n == 0) return false;
  if (!are_valid_contacts(contacts, n)) return false;
  for (Eigen::Index k = 0; k < W.nonZeros(); ++k)
    if (!std::isfinite(W.valuePtr()[k])) return false;
  return b.allFinite() && p.allFinite();
}

bool ProximalNewton::solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                           double goal, Vec& p) {
  dense_copy_ = W.sparseView(1.0, 0.0);  // every nonzero entry, however small
  return solve(dense_copy_, b, contacts, goal, p);
}

bool ProximalNewton::solve(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts,
                           double goal, Vec& p) {
  rounds_ = newton_steps_ = 0;
  residual_ = std::numeric_limits<double>::infinity();
  best_.resize(0);
  if (!fits(W, b, contacts, p) || !contact_box_bounds(contacts, W.rows(), bounds_)) return false;
  const Vec diagonal = W.diagonal();
  const double scale = diagonal.maxCoeff();
  // W is positive semidefinite: a negative diagonal entry is not a contact problem; a zero one (a
  // row without mobility) is scaled by α alone.
  if (!(scale > 0.0) || (diagonal.array() < 0.0).any()) return false;
  const double lowest = options_.min_regularisation * scale, highest = options_.max_regularisation * scale;
  double alpha = std::clamp(options_.regularisation * scale, lowest, highest);
  regularise(W, alpha);
  const auto n = static_cast<std::size_t>(W.rows());
  has_disc_ = std::any_of(contacts.begin(), contacts.end(), [](const FrictionContact& c) { return c.cone == FrictionCone::disc; });
  pieces_.assign(contacts.size(), DiscPiece{});
  jacobian_ready_ = false;
  kind_.assign(n, RowKind::equation);
  partner_.assign(n, -1);
  position_.assign(n, -1);
  slide_.setZero(W.rows());
  p_ = p;
  best_ = p;
  residual_ = natural_residual(W, b, p_);
  const double aim = options_.aim_share * goal;
  double reference = residual_;  // the best at the start of the stall window
  int window = 0;
  while (residual_ > aim && rounds_ < options_.max_rounds && newton_steps_ < options_.max_total_steps) {
    ++rounds_;
    c_ = b - alpha * p_;  // round k: u = (W + αI) p + b − α p_k
    start_ = p_;
    const int before = newton_steps_;
    const bool converged = round(contacts, aim);
    const double r = natural_residual(W, b, p_);
    if (r < residual_) {
      residual_ = r;
      best_ = p_;
    }
    if (!converged && alpha < highest) {  // taken back, tried again better conditioned
      p_ = start_;
      regularise(W, alpha = std::min(10.0 * alpha, highest));
    } else if (converged && newton_steps_ - before <= options_.easy_round && alpha > lowest) {
      regularise(W, alpha = std::max(0.5 * alpha, lowest));
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

void ProximalNewton::regularise(const SparseMat& W, double alpha) {
  A_ = W;
  for (Eigen::Index i = 0; i < A_.rows(); ++i) A_.coeffRef(i, i) += alpha;  // inserted where W_ii = 0
  A_.makeCompressed();
  rows_stale_ = true;
  rho_ = (W.diagonal().array() + alpha).inverse().matrix();
}

// Full Newton steps on F for the round's problem until |F|∞ is a thousandth of the aim (or at the
// rounding of the impulses, where a finer stop would spend the step cap on noise) or the step cap.
// True when F met that stop.
bool ProximalNewton::round(std::span<const FrictionContact> contacts, double aim) {
  const double stop = std::max(1e-3 * aim, 64.0 * std::numeric_limits<double>::epsilon() * p_.lpNorm<Eigen::Infinity>());
  for (int k = 0; k < options_.max_newton_steps && newton_steps_ < options_.max_total_steps; ++k) {
    alart_curnier(contacts, p_);
    if (!(f_.lpNorm<Eigen::Infinity>() > stop)) return true;  // met, or NaN (judged by the residual)
    ++newton_steps_;
    if (!(has_disc_ ? full_newton_step(contacts) : newton_step())) return false;  // a singular Jacobian: the round ends where it is
    p_ += step_;
  }
  return false;
}

// F(p) of Alart and Curnier for u = A p + c (proximal_newton.hpp) and the kind of each row on the
// piece p lies on.
void ProximalNewton::alart_curnier(std::span<const FrictionContact> contacts, const Vec& p) {
  u_.noalias() = A_ * p;
  u_ += c_;
  f_ = rho_.cwiseProduct(u_);  // free rows, closed normals, sticking tangents: F = ρ u
  std::fill(kind_.begin(), kind_.end(), RowKind::equation);
  for (std::size_t index = 0; index < contacts.size(); ++index) {
    const FrictionContact& c = contacts[index];
    if (c.cone == FrictionCone::disc) {
      alart_curnier_disc(c, p, pieces_[index]);
      continue;
    }
    const int N = c.normal, T = c.tangent;
    const double g = p[N] - rho_[N] * u_[N];  // the augmented normal impulse
    if (!(g > 0.0)) {  // open: F_N = p_N, F_T = p_T
      f_[N] = p[N];
      f_[T] = p[T];
      kind_[static_cast<std::size_t>(N)] = kind_[static_cast<std::size_t>(T)] = RowKind::known;
      continue;
    }
    const double bound = c.mu * g, tau = p[T] - rho_[T] * u_[T];
    if (std::abs(tau) <= bound) continue;  // sticking
    const double side = tau > 0.0 ? 1.0 : -1.0;  // sliding: F_T = p_T − side μ g
    f_[T] = p[T] - side * bound;
    kind_[static_cast<std::size_t>(T)] = RowKind::sliding;
    slide_[T] = side * c.mu;
    partner_[static_cast<std::size_t>(T)] = N;
  }
}

// The Newton step J step = −F (proximal_newton.hpp): known rows step = −F; a sliding tangent's row
// of J is e_T − side μ (e_N − ρ_N A_N) and its normal's ρ_N A_N, so step_T = −F_T + side μ (step_N +
// F_N); every equation row i: A_i · step = −u_i.
bool ProximalNewton::newton_step() {
  const Eigen::Index n = p_.size();
  equations_.clear();
  step_.setZero(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto row = static_cast<std::size_t>(i);
    position_[row] = -1;
    if (kind_[row] == RowKind::equation) {
      position_[row] = static_cast<int>(equations_.size());
      equations_.push_back(static_cast<int>(i));
    } else if (kind_[row] == RowKind::known) {
      step_[i] = -f_[i];
    } else {
      step_[i] = -f_[i] + slide_[i] * f_[partner_[row]];  // the known part; side μ step_N added below
    }
  }
  known_.noalias() = A_ * step_;
  const auto q = static_cast<Eigen::Index>(equations_.size());
  entries_.clear();
  rhs_.resize(q);
  for (Eigen::Index col = 0; col < q; ++col) {
    const int j = equations_[static_cast<std::size_t>(col)];
    rhs_[col] = -u_[j] - known_[j];
    for (SparseMat::InnerIterator it(A_, j); it; ++it) {  // column j of A: the step's column of row j's unknown
      const int row = position_[static_cast<std::size_t>(it.index())];
      if (row >= 0) entries_.emplace_back(row, col, it.value());
    }
  }
  for (Eigen::Index i = 0; i < n; ++i) {  // a sliding tangent's column, ±μ times, to its normal's
    if (kind_[static_cast<std::size_t>(i)] != RowKind::sliding) continue;
    const int col = position_[static_cast<std::size_t>(partner_[static_cast<std::size_t>(i)])];
    for (SparseMat::InnerIterator it(A_, i); it; ++it) {
      const int row = position_[static_cast<std::size_t>(it.index())];
      if (row >= 0) entries_.emplace_back(row, col, slide_[i] * it.value());
    }
  }
  if (q > 0) {
    reduced_.resize(q, q);
    reduced_.setFromTriplets(entries_.begin(), entries_.end());  // duplicates summed
    if (!lu_) lu_ = std::make_unique<Eigen::SparseLU<SparseMat, Eigen::COLAMDOrdering<int>>>();
    lu_->analyzePattern(reduced_);
    lu_->factorize(reduced_);
    if (lu_->info() != Eigen::Success) return false;
    solution_ = lu_->solve(rhs_);
    if (!solution_.allFinite()) return false;
    for (Eigen::Index k = 0; k < q; ++k) step_[equations_[static_cast<std::size_t>(k)]] = solution_[k];
  }
  for (Eigen::Index i = 0; i < n; ++i)
    if (kind_[static_cast<std::size_t>(i)] == RowKind::sliding) step_[i] += slide_[i] * step_[partner_[static_cast<std::size_t>(i)]];
  return true;
}

// As Gauss-Seidel judges its own answers: the rounded and the unrounded residual (box_lcp.hpp).
double ProximalNewton::natural_residual(const SparseMat& W, const VecRef& b, const Vec& p) {
  u_.noalias() = W * p;
  u_ += b;
  const double r = std::max(box_residual(p, u_, bounds_), unrounded_box_residual(p, u_, bounds_));
  return std::isnan(r) ? std::numeric_limits<double>::infinity() : r;
}

}  // namespace stickslip::solvers
