#include "solvers/subspace_step.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {
namespace {

// Sizes agree and every contact names rows of the problem (checked without allocating).
bool fits(Eigen::Index rows, Eigen::Index cols, Eigen::Index n, Eigen::Index p, std::span<const FrictionContact> contacts) {
  if (rows != n || cols != n || p != n) return false;
  for (const FrictionContact& c : contacts) {
    if (!is_supported_cone(c)) return false;
    if (c.normal < 0 || c.tangent < 0 || c.normal >= n || c.tangent >= n || !(c.mu >= 0)) return false;
  }
  return true;
}

}  // namespace

void SubspaceStep::reserve(Eigen::Index n) {
  const auto size = static_cast<std::size_t>(n);
  unknown_.reserve(size);
  tied_to_.reserve(size);
  factor_.reserve(size);
  rows_.reserve(size);
  const Eigen::Index m = std::min(n, kDenseLimit);
  dense_A_.setZero(m, m);
  dense_lu_.reserve(m);
  rhs_.setZero(n);
}

void SubspaceStep::classify(std::span<const FrictionContact> contacts, Eigen::Index n, const Vec& p) {
  const auto size = static_cast<std::size_t>(n);
  unknown_.assign(size, 0);  // 0: free row (a bilateral constraint) unless a contact says otherwise
  tied_to_.assign(size, -1);
  factor_.assign(size, 0.0);
  for (const FrictionContact& c : contacts) {
    const auto N = static_cast<std::size_t>(c.normal), T = static_cast<std::size_t>(c.tangent);
    const double pn = p[c.normal], pt = p[c.tangent];
    if (!(pn > 0.0)) {  // separating: both impulses stay zero
      unknown_[N] = unknown_[T] = -1;
    } else if (std::abs(pt) < c.mu * pn) {  // sticking: both rows are equations
      unknown_[N] = unknown_[T] = 0;
    } else {  // sliding: p_T = ±μ p_N rides on the normal unknown
      unknown_[N] = 0;
      unknown_[T] = -1;
      tied_to_[T] = c.normal;
      factor_[T] = pt > 0 ? c.mu : -c.mu;
    }
  }
  rows_.clear();
  for (std::size_t r = 0; r < size; ++r) {
    if (unknown_[r] < 0) continue;
    unknown_[r] = static_cast<int>(rows_.size());
    rows_.push_back(static_cast<int>(r));
  }
  const auto m = static_cast<Eigen::Index>(rows_.size());
  dense_ = m <= kDenseLimit;
  if (dense_) {
    if (dense_A_.rows() < m) dense_A_.resize(m, m);
    dense_A_.topLeftCorner(m, m).setZero();
  }
  entries_.clear();
}

// W(r, c) enters row r's equation through column c's impulse, or through the normal a tied
// tangent c rides on.
void SubspaceStep::add_entry(Eigen::Index r, Eigen::Index c, double w) {
  const int row = unknown_[static_cast<std::size_t>(r)];
  if (row < 0 || w == 0.0) return;
  const auto cs = static_cast<std::size_t>(c);
  int col = unknown_[cs];
  if (col < 0 && tied_to_[cs] >= 0) {
    col = unknown_[static_cast<std::size_t>(tied_to_[cs])];
    w *= factor_[cs];
  }
  if (col < 0) return;
  if (dense_) {
    dense_A_(row, col) += w;
  } else {
    entries_.emplace_back(row, col, w);
  }
}

bool SubspaceStep::apply(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p) {
  if (!fits(W.rows(), W.cols(), b.size(), p.size(), contacts)) return false;
  classify(contacts, b.size(), p);
  for (Eigen::Index c = 0; c < W.cols(); ++c)
    for (Eigen::Index r = 0; r < W.rows(); ++r) add_entry(r, c, W(r, c));
  return solve_and_project(b, contacts, p);
}

bool SubspaceStep::apply(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p) {
  if (!fits(W.rows(), W.cols(), b.size(), p.size(), contacts)) return false;
  classify(contacts, b.size(), p);
  for (Eigen::Index c = 0; c < W.outerSize(); ++c)
    for (SparseMat::InnerIterator it(W, c); it; ++it) add_entry(it.row(), c, it.value());
  return solve_and_project(b, contacts, p);
}

bool SubspaceStep::solve_and_project(const VecRef& b, std::span<const FrictionContact> contacts, Vec& p) {
  const auto m = static_cast<Eigen::Index>(rows_.size());
  if (m == 0) return false;
  // Two corner contacts of one face leave their tangential impulses determined only in sum (W is
  // singular there): a regularisation far below W's smallest genuine eigenvalue picks the
  // balanced split and changes the rest by ~1e-10 relative.
  double scale = 0.0;
  if (dense_) {
    scale = dense_A_.diagonal().head(m).cwiseAbs().maxCoeff();
  } else {
    for (const auto& e : entries_)
      if (e.row() == e.col()) scale = std::max(scale, std::abs(e.value()));
  }
  const double regularisation = 1e-10 * scale;
  if (rhs_.size() < m) rhs_.resize(m);
  auto rhs = rhs_.head(m);
  for (Eigen::Index k = 0; k < m; ++k) rhs[k] = -b[rows_[static_cast<std::size_t>(k)]];
  if (dense_) {
    dense_A_.diagonal().head(m).array() += regularisation;
    if (!dense_lu_.factor(dense_A_.topLeftCorner(m, m))) return false;
    dense_lu_.solve_in_place(rhs);
  } else {
    for (Eigen::Index k = 0; k < m; ++k) entries_.emplace_back(k, k, regularisation);
    A_.resize(m, m);
    A_.setFromTriplets(entries_.begin(), entries_.end());
    if (!lu_) lu_ = std::make_unique<Eigen::SparseLU<SparseMat>>();
    lu_->compute(A_);
    if (lu_->info() != Eigen::Success) return false;
    x_ = lu_->solve(rhs_.head(m));
    if (lu_->info() != Eigen::Success) return false;
    rhs = x_;
  }
  if (!rhs.allFinite()) return false;
  for (Eigen::Index r = 0; r < p.size(); ++r) {
    const auto rs = static_cast<std::size_t>(r);
    p[r] = unknown_[rs] >= 0 ? rhs[unknown_[rs]] : 0.0;
  }
  for (const FrictionContact& c : contacts) {  // back onto p_N >= 0, |p_T| <= μ p_N
    const auto T = static_cast<std::size_t>(c.tangent);
    double& pn = p[c.normal];
    double& pt = p[c.tangent];
    pn = std::max(pn, 0.0);
    if (tied_to_[T] >= 0) pt = factor_[T] * pn;
    pt = std::clamp(pt, -c.mu * pn, c.mu * pn);
  }
  return true;
}

}  // namespace stickslip::solvers
