// Power-of-two Ruiz equilibration and the relative residual (see equilibration.hpp).
#include "solvers/equilibration.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {

namespace {

constexpr int kMaxSweeps = 20;  // each sweep halves log(max norm / min norm); 20 cover any double range

// The power of two that brings x = f 2^e (f in [0.5, 1)) towards 1 by half its exponent:
// 2^(-floor(e / 2)). Fixed points are e in {0, 1}, i.e. x in [0.5, 2).
int half_exponent_shift(double x) {
  if (!(x > 0.0)) return 0;  // a zero row or column keeps its factor
  int e = 0;
  (void)std::frexp(x, &e);
  return e >= 0 ? -(e / 2) : (1 - e) / 2;
}

}  // namespace

void Equilibration::reserve(Eigen::Index capacity) {
  if (capacity <= row_.size()) return;
  row_.resize(capacity);
  col_.resize(capacity);
  rowmax_.resize(capacity);
}

void Equilibration::compute(const MatRef& M) {
  n_ = M.rows();
  reserve(n_);
  const Eigen::Index n = n_;
  row_.head(n).setOnes();
  col_.head(n).setOnes();
  max_entry_ = 0.0;
  for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
    // One pass gives every row and column maximum of E M D; columns are rescaled as soon as they
    // are scanned (their old factor is already in the row maxima), rows after the pass.
    bool changed = false;
    rowmax_.head(n).setZero();
    for (Eigen::Index j = 0; j < n; ++j) {
      double colmax = 0.0;
      for (Eigen::Index i = 0; i < n; ++i) {
        const double a = std::abs(M(i, j)) * row_[i] * col_[j];
        rowmax_[i] = std::max(rowmax_[i], a);
        colmax = std::max(colmax, a);
      }
      if (const int s = half_exponent_shift(colmax)) {
        col_[j] = std::ldexp(col_[j], s);
        changed = true;
      }
    }
    max_entry_ = n > 0 ? rowmax_.head(n).maxCoeff() : 0.0;
    for (Eigen::Index i = 0; i < n; ++i)
      if (const int s = half_exponent_shift(rowmax_[i])) {
        row_[i] = std::ldexp(row_[i], s);
        changed = true;
      }
    if (!changed) return;
  }
  max_entry_ = 0.0;  // the cap was reached: the last factors were changed after the pass
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = 0; i < n; ++i) max_entry_ = std::max(max_entry_, std::abs(M(i, j)) * row_[i] * col_[j]);
}

void Equilibration::set_identity(const MatRef& M) {
  n_ = M.rows();
  reserve(n_);
  row_.head(n_).setOnes();
  col_.head(n_).setOnes();
  max_entry_ = n_ > 0 ? M.cwiseAbs().maxCoeff() : 0.0;
}

double Equilibration::relative_residual(const VecRef& q, const VecRef& z, const VecRef& w,
                                        Eigen::Index n_free) const {
  double num = 0.0, zmax = 0.0, qmax = 0.0;
  for (Eigen::Index i = 0; i < n_; ++i) {
    const double zs = z[i] / col_[i], ws = row_[i] * w[i];
    const double term = i < n_free ? std::abs(ws) : std::abs(std::min(zs, ws));
    if (!(term <= num)) num = std::isnan(term) ? INFINITY : term;
    zmax = std::max(zmax, std::abs(zs));
    qmax = std::max(qmax, std::abs(row_[i] * q[i]));
  }
  if (num == 0.0) return 0.0;
  return num / std::max(qmax, max_entry_ * zmax);
}

double relative_residual(const MatRef& M, const VecRef& q, const VecRef& z, const VecRef& w, Eigen::Index n_free) {
  Equilibration e(q.size());
  e.compute(M);
  return e.relative_residual(q, z, w, n_free);
}

}  // namespace stickslip::solvers
