// Allocation-free dense LU with partial pivoting (see dense_lu.hpp).
#include "solvers/dense_lu.hpp"

#include <cmath>

namespace stickslip::solvers {

void DenseLu::reserve(Eigen::Index n) {
  if (n <= lu_.rows()) return;
  lu_.resize(n, n);
  perm_.resize(static_cast<std::size_t>(n));
}

bool DenseLu::factor(const Eigen::Ref<const Mat>& A, double rel_tol) {
  const Eigen::Index n = A.rows();
  reserve(n);
  n_ = n;
  auto lu = lu_.topLeftCorner(n, n);
  lu = A;
  const double scale = n > 0 ? lu.cwiseAbs().maxCoeff() : 0.0;
  const double tiny = rel_tol * scale;
  if (n > 0 && !(scale > 0.0)) return false;
  for (Eigen::Index k = 0; k < n; ++k) {
    Eigen::Index p = 0;
    const double piv = lu.col(k).tail(n - k).cwiseAbs().maxCoeff(&p);
    p += k;
    perm_[static_cast<std::size_t>(k)] = static_cast<int>(p);
    if (!(piv > tiny)) return false;
    if (p != k) lu.row(k).swap(lu.row(p));
    const Eigen::Index m = n - k - 1;
    if (m == 0) continue;
    lu.col(k).tail(m) /= lu(k, k);
    lu.bottomRightCorner(m, m).noalias() -= lu.col(k).tail(m) * lu.row(k).tail(m);
  }
  return true;
}

void DenseLu::solve_in_place(Eigen::Ref<Vec> b) const {
  const Eigen::Index n = n_;
  for (Eigen::Index k = 0; k < n; ++k) {
    const auto p = perm_[static_cast<std::size_t>(k)];
    if (p != k) std::swap(b[k], b[p]);
  }
  const auto lu = lu_.topLeftCorner(n, n);
  lu.triangularView<Eigen::UnitLower>().solveInPlace(b);
  lu.triangularView<Eigen::Upper>().solveInPlace(b);
}

}  // namespace stickslip::solvers
