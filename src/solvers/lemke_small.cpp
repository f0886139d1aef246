// Lemke's method on one to three unknowns: the complementary bases tried directly (lemke.hpp,
// LemkeOptions::direct_up_to). Murty (1988, §1.3): LCP(M, q) is solved by the basis S (z_S basic,
// w outside S basic) when the solution of M_SS z_S = −q_S is non-negative and w = M z + q is
// non-negative outside S. With n <= 3 there are at most seven bases besides z = 0 (handled before),
// each a system of at most 3 × 3 solved by Cramer's rule on the stack: no balancing, no basis
// inverse, no heap. Bases are tried by increasing support, so for a P-matrix (unique solution) the
// answer is Lemke's; otherwise a solution Lemke's path might not reach first can be returned, which
// is a solution all the same. A basis is accepted when min(z_i, w_i) is within Lemke's residual
// tolerance row by row (each w_i against the terms it sums, so that badly scaled rows cannot hide
// behind large ones; accepted() below); when no basis passes (singular principal blocks, no
// solution) the pivoting path decides.
#include <cmath>

#include "solvers/lemke.hpp"

namespace stickslip::solvers {
namespace {

// A principal block is singular when its determinant is below this fraction of Hadamard's bound
// (the product of its rows' norms): its condition number would exceed ~1e13.
constexpr double kSingular = 1e-13;

// Rows of the basis mask (bit i: z_i basic) into idx; returns their number.
int basis_rows(unsigned mask, int n, int idx[3]) {
  int k = 0;
  for (int i = 0; i < n; ++i)
    if ((mask >> i) & 1u) idx[k++] = i;
  return k;
}

// z_S = −M_SS⁻¹ q_S by Cramer's rule into z (zero outside S). False when M_SS is singular.
bool principal_solution(const MatRef& M, const VecRef& q, const int idx[3], int k, double z[3]) {
  const auto m = [&](int r, int c) { return M(idx[r], idx[c]); };
  z[0] = z[1] = z[2] = 0.0;
  if (k == 1) {
    const double a = m(0, 0);
    if (!(std::abs(a) > 0.0)) return false;
    z[idx[0]] = -q[idx[0]] / a;
    return true;
  }
  if (k == 2) {
    const double det = m(0, 0) * m(1, 1) - m(0, 1) * m(1, 0);
    const double bound = std::hypot(m(0, 0), m(0, 1)) * std::hypot(m(1, 0), m(1, 1));
    if (!(std::abs(det) > kSingular * bound)) return false;
    const double r0 = -q[idx[0]], r1 = -q[idx[1]];
    z[idx[0]] = (r0 * m(1, 1) - m(0, 1) * r1) / det;
    z[idx[1]] = (m(0, 0) * r1 - r0 * m(1, 0)) / det;
    return true;
  }
  const double c00 = m(1, 1) * m(2, 2) - m(1, 2) * m(2, 1);
  const double c01 = m(1, 2) * m(2, 0) - m(1, 0) * m(2, 2);
  const double c02 = m(1, 0) * m(2, 1) - m(1, 1) * m(2, 0);
  const double det = m(0, 0) * c00 + m(0, 1) * c01 + m(0, 2) * c02;
  double bound = 1.0;
  for (int r = 0; r < 3; ++r) bound *= std::sqrt(m(r, 0) * m(r, 0) + m(r, 1) * m(r, 1) + m(r, 2) * m(r, 2));
  if (!(std::abs(det) > kSingular * bound)) return false;
  const double r0 = -q[idx[0]], r1 = -q[idx[1]], r2 = -q[idx[2]];
  // Inverse by the adjugate: row i of M⁻¹ is the cofactor column i over det.
  z[idx[0]] = (c00 * r0 + (m(0, 2) * m(2, 1) - m(0, 1) * m(2, 2)) * r1 + (m(0, 1) * m(1, 2) - m(0, 2) * m(1, 1)) * r2) / det;
  z[idx[1]] = (c01 * r0 + (m(0, 0) * m(2, 2) - m(0, 2) * m(2, 0)) * r1 + (m(0, 2) * m(1, 0) - m(0, 0) * m(1, 2)) * r2) / det;
  z[idx[2]] = (c02 * r0 + (m(0, 1) * m(2, 0) - m(0, 0) * m(2, 1)) * r1 + (m(0, 0) * m(1, 1) - m(0, 1) * m(1, 0)) * r2) / det;
  return true;
}

// Row by row, so that no row hides behind another's size (a row scaled by 1e-5 beside one scaled
// by 1e5): min(z_i, w_i) with z_i against the largest z and w_i against the terms it sums,
// |q_i| + Σ_j |M_ij z_j|. A basis solves the problem when every such term is within `tolerance`.
bool accepted(const MatRef& M, const VecRef& q, const Vec& z, const Vec& w, double tolerance) {
  const Eigen::Index n = q.size();
  const double zmax = z.cwiseAbs().maxCoeff();
  for (Eigen::Index i = 0; i < n; ++i) {
    double terms = std::abs(q[i]);
    for (Eigen::Index j = 0; j < n; ++j) terms += std::abs(M(i, j) * z[j]);
    const double zr = z[i] == 0.0 ? 0.0 : z[i] / zmax;
    const double wr = w[i] == 0.0 ? 0.0 : w[i] / terms;
    if (!std::isfinite(zr) || !std::isfinite(wr) || !(std::abs(std::min(zr, wr)) <= tolerance)) return false;
  }
  return true;
}

}  // namespace

bool LemkeSolver::solve_small(const MatRef& M, const VecRef& q, LcpResult& result) {
  const int n = static_cast<int>(q.size());
  // Every non-empty basis of n <= 3 unknowns, by increasing support.
  static constexpr unsigned kOrder[] = {1u, 2u, 4u, 3u, 5u, 6u, 7u};
  double z[3];
  int idx[3];
  int tried = 0;
  for (const unsigned mask : kOrder) {
    if (mask >> n) continue;
    ++tried;
    const int k = basis_rows(mask, n, idx);
    if (!principal_solution(M, q, idx, k, z)) continue;
    bool feasible = true;
    for (int t = 0; t < k; ++t) feasible = feasible && z[idx[t]] >= 0.0;
    if (!feasible) continue;
    for (int i = 0; i < n; ++i) result.z[i] = z[i];
    result.residual = recompute_w_and_residual(M, q, result.z, result.w);
    if (!accepted(M, q, result.z, result.w, options_.residual_tolerance)) continue;
    result.status = LcpStatus::solved;
    result.iterations = tried;
    return true;
  }
  result.z.setZero();
  return false;
}

}  // namespace stickslip::solvers
