// Projected Gauss-Seidel for the box-constrained LCP (the "projected SOR for bounded variables" of
// Cottle, Pang & Stone 1992, §5.2, with the friction-dependent bounds used in rigid-body contact
// solvers since Moreau's nonsmooth Gauss-Seidel: Jean & Moreau 1992; Jean 1999, §4).
//
// A sweep visits i = 1..n and sets
//     z_i <- clamp(z_i - omega w_i / M_ii, lo_i(z), hi_i(z)),   w = M z + q with the latest z,
// which is the exact solution of row i alone (omega = 1) with the others frozen. For symmetric
// positive (semi)definite M and fixed bounds this is a block coordinate descent of the quadratic
// z^T M z / 2 + q^T z over the box and converges; with coupled (friction) bounds the problem is no
// longer an optimisation problem and convergence is not guaranteed, but the method is the standard
// one for frictional contact and converges on the problems met in practice.
//
// As in pgs.cpp, w is maintained by column updates (w += dz_i M(:, i)), which is O(n) per moving row
// for dense M and O(nnz of the column) for sparse M, so a sweep is linear in the non-zeros; the
// natural residual is then O(n) per sweep. w is recomputed every 32 sweeps and before acceptance.
#include "solvers/box_lcp.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {

namespace {

using matrix_access::add_column;
using matrix_access::diagonal;
double entry(const MatRef& M, Eigen::Index i, Eigen::Index k) { return M(i, k); }
double entry(const SparseMat& M, Eigen::Index i, Eigen::Index k) { return M.coeff(i, k); }

// Σ 0·x is 0 when every x is finite and NaN otherwise (0·inf is NaN): one vectorised reduction,
// where allFinite() tests one value at a time (on a wall of 748 contacts W's 76 544 values took 7
// instructions each, as many as a sweep, at every solve: every 3 sweeps under subspace steps).
bool all_finite(const Eigen::Map<const Vec>& x) { return (x.array() * 0.0).sum() == 0.0; }

bool valid_matrix(const MatRef& M, Eigen::Index n) {
  return M.rows() == n && M.cols() == n && (M.array() * 0.0).sum() == 0.0;
}
bool valid_matrix(const SparseMat& M, Eigen::Index n) {
  if (M.rows() != n || M.cols() != n) return false;
  if (M.isCompressed()) return all_finite(Eigen::Map<const Vec>(M.valuePtr(), M.nonZeros()));
  for (Eigen::Index k = 0; k < M.outerSize(); ++k)
    for (SparseMat::InnerIterator it(M, k); it; ++it)
      if (!std::isfinite(it.value())) return false;
  return true;
}

void recompute_w(const MatRef& M, const VecRef& q, const Vec& z, Vec& w) {
  w = q;
  w.noalias() += M * z;
}
void recompute_w(const SparseMat& M, const VecRef& q, const Vec& z, Vec& w) {
  w = q;
  for (Eigen::Index k = 0; k < M.outerSize(); ++k)
    if (z[k] != 0.0) add_column(M, k, z[k], w);
}

}  // namespace

bool is_valid_box(const BoxBounds& b, Eigen::Index n) {
  if (b.lo.size() != n || b.hi.size() != n) return false;
  if (!b.coupled_to.empty() && static_cast<Eigen::Index>(b.coupled_to.size()) != n) return false;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (std::isnan(b.lo[i]) || std::isnan(b.hi[i]) || b.lo[i] > b.hi[i]) return false;
    const int j = b.coupled_to.empty() ? -1 : b.coupled_to[static_cast<std::size_t>(i)];
    if (j < 0) continue;
    if (j >= n || j == i || !std::isfinite(b.lo[i]) || !std::isfinite(b.hi[i])) return false;
    const int jj = b.coupled_to[static_cast<std::size_t>(j)];
    if (jj >= 0 || !(b.lo[j] >= 0.0)) return false;  // the scaling variable: fixed, non-negative
  }
  if (b.disc_with.empty()) return true;
  if (static_cast<Eigen::Index>(b.disc_with.size()) != n || b.coupled_to.empty()) return false;
  for (Eigen::Index i = 0; i < n; ++i) {
    const int k = b.disc_with[static_cast<std::size_t>(i)];
    if (k < 0) continue;
    // Partners of each other, coupled to one scaling row, with a symmetric factor (the radius).
    if (k >= n || k == i || b.disc_with[static_cast<std::size_t>(k)] != i) return false;
    const int j = b.coupled_to[static_cast<std::size_t>(i)];
    if (j < 0 || b.coupled_to[static_cast<std::size_t>(k)] != j || b.lo[i] != -b.hi[i] || b.lo[k] != b.lo[i] ||
        b.hi[k] != b.hi[i])
      return false;
  }
  return true;
}

void minimise_on_disc(double a, double b, double d, double cx, double cy, double r, double& zx, double& zy) {
  zx = zy = 0.0;
  if (!(r > 0.0)) return;
  const double det = a * d - b * b;
  if (det > 1e-14 * a * d) {  // the unconstrained minimiser −A⁻¹c, when A is not singular
    zx = -(d * cx - b * cy) / det;
    zy = -(a * cy - b * cx) / det;
    if (zx * zx + zy * zy <= r * r) return;
  }
  // A = λ₁ e₁e₁ᵀ + λ₂ e₂e₂ᵀ (λ₁ <= λ₂); z(s) = −Σ (e_kᵀc) / (λ_k + s) e_k.
  const double mean = 0.5 * (a + d), half = std::sqrt(0.25 * (a - d) * (a - d) + b * b);
  const double l1 = mean - half, l2 = mean + half;
  double ex = 1.0, ey = 0.0;  // e₂ (any unit vector when A is a multiple of I)
  if (half > 0.0) {
    // (b, λ₂ − a) and (λ₂ − d, b) both span e₂; the longer is the better conditioned.
    const double ux = b, uy = l2 - a, vx = l2 - d, vy = b;
    const bool first = ux * ux + uy * uy >= vx * vx + vy * vy;
    ex = first ? ux : vx;
    ey = first ? uy : vy;
    const double length = std::sqrt(ex * ex + ey * ey);
    ex /= length;
    ey /= length;
  }
  const double c2 = ex * cx + ey * cy, c1 = -ey * cx + ex * cy;  // along e₂ and e₁ = (−e₂y, e₂x)
  double s = std::max(0.0, -l1) + 1e-300;
  double n1 = 0.0, n2 = 0.0;
  for (int iteration = 0; iteration < 100; ++iteration) {
    n1 = c1 == 0.0 ? 0.0 : c1 / (l1 + s);
    n2 = c2 == 0.0 ? 0.0 : c2 / (l2 + s);
    const double length = std::sqrt(n1 * n1 + n2 * n2);
    if (!(length > r * (1.0 + 1e-15))) break;  // on the circle (to rounding), or inside
    const double slope = (n1 * n1 / (l1 + s) + n2 * n2 / (l2 + s)) / (length * length * length);
    const double step = (1.0 / length - 1.0 / r) / slope;  // ψ(s) < 0: s grows
    if (!(step < 0.0) || !std::isfinite(step)) break;
    s -= step;
  }
  zx = -(n1 * (-ey) + n2 * ex);
  zy = -(n1 * ex + n2 * ey);
  project_onto_disc(zx, zy, r);  // rounding of the last Newton step
}

double box_residual(const VecRef& z, const VecRef& w, const BoxBounds& bounds) {
  double r = 0.0;
  // As in the sweep, the bounds through plain pointers read once (it runs after every sweep).
  const int* coupled = bounds.coupled_to.empty() ? nullptr : bounds.coupled_to.data();
  const int* disc = bounds.disc_with.empty() ? nullptr : bounds.disc_with.data();
  const double *lo_factor = bounds.lo.data(), *hi_factor = bounds.hi.data();
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    double term = 0.0;
    const int j = coupled ? coupled[i] : -1;  // BoxBounds::lower and upper
    const double hi = j < 0 ? hi_factor[i] : hi_factor[i] * z[j];
    if (const int k = disc ? disc[i] : -1; k >= 0) {
      if (k < i) continue;  // the pair was measured at its first row
      term = disc_term(z[i], z[k], w[i], w[k], hi);
    } else {
      term = box_term(z[i], w[i], j < 0 ? lo_factor[i] : lo_factor[i] * z[j], hi);
    }
    if (!(term <= r)) r = std::isnan(term) ? INFINITY : term;
  }
  return r;
}

double unrounded_box_residual(const VecRef& z, const VecRef& w, const BoxBounds& bounds) {
  double r = 0.0;
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    double term = 0.0;
    if (const int k = disc_partner(bounds, i); k >= 0) {
      if (k < i) continue;  // the pair was measured at its first row
      term = unrounded_disc_term(z[i], z[k], w[i], w[k], bounds.upper(i, z));
    } else {
      term = unrounded_box_term(z[i], w[i], bounds.lower(i, z), bounds.upper(i, z));
    }
    if (!(term <= r)) r = std::isnan(term) ? INFINITY : term;
  }
  return r;
}

BoxPgsSolver::BoxPgsSolver(Eigen::Index capacity, BoxPgsOptions options) : options_(options) {
  reserve(capacity);
}

void BoxPgsSolver::reserve(Eigen::Index capacity) {
  if (capacity <= inv_diag_.size()) return;
  inv_diag_.resize(capacity);
  start_.resize(capacity);
  coupling_.resize(capacity);
}

void BoxPgsSolver::solve(const MatRef& M, const VecRef& q, const BoxBounds& b, LcpResult& r) {
  run(M, q, b, nullptr, r);
}
void BoxPgsSolver::solve(const MatRef& M, const VecRef& q, const BoxBounds& b, const VecRef& z0,
                         LcpResult& r) {
  run(M, q, b, &z0, r);
}
void BoxPgsSolver::solve(const SparseMat& M, const VecRef& q, const BoxBounds& b, LcpResult& r) {
  run(M, q, b, nullptr, r);
}
void BoxPgsSolver::solve(const SparseMat& M, const VecRef& q, const BoxBounds& b, const VecRef& z0,
                         LcpResult& r) {
  run(M, q, b, &z0, r);
}

// One Gauss-Seidel sweep with projection; w is kept equal to M z + q up to rounding.
template <class Matrix>
void BoxPgsSolver::sweep(const Matrix& M, const BoxBounds& bounds, LcpResult& result) {
  Vec& z = result.z;
  Vec& w = result.w;
  const double omega = options_.relaxation;
  // The bounds' arrays through plain pointers, read once: through the vectors, each row reloaded
  // them after the stores into w.
  const int* coupled = bounds.coupled_to.empty() ? nullptr : bounds.coupled_to.data();
  const int* disc = bounds.disc_with.empty() ? nullptr : bounds.disc_with.data();
  const double *lo_factor = bounds.lo.data(), *hi_factor = bounds.hi.data();
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    if (const int k = disc ? disc[i] : -1; k >= 0) {
      // The pair's exact local problem with the other rows frozen: min ½ zᵀAz + cᵀz on the disc,
      // c = w_T − A z_T (w already holds A z_T), then relaxed and projected again.
      if (k < i) continue;
      const double a = omega / inv_diag_[i], d = omega / inv_diag_[k], b = coupling_[i];
      const double cx = w[i] - (a * z[i] + b * z[k]), cy = w[k] - (b * z[i] + d * z[k]);
      const double radius = std::max(0.0, bounds.upper(i, z));
      double x = 0.0, y = 0.0;
      minimise_on_disc(a, b, d, cx, cy, radius, x, y);
      if (omega != 1.0) {
        x = z[i] + omega * (x - z[i]);
        y = z[k] + omega * (y - z[k]);
        project_onto_disc(x, y, radius);
      }
      const double dx = x - z[i], dy = y - z[k];
      z[i] = x;
      z[k] = y;
      if (dx != 0.0) add_column(M, i, dx, w);
      if (dy != 0.0) add_column(M, k, dy, w);
      continue;
    }
    const int j = coupled ? coupled[i] : -1;  // BoxBounds::lower and upper
    const double lo = j < 0 ? lo_factor[i] : lo_factor[i] * z[j];
    const double hi = std::max(lo, j < 0 ? hi_factor[i] : hi_factor[i] * z[j]);
    const double zi = std::clamp(z[i] - inv_diag_[i] * w[i], lo, hi);
    const double dz = zi - z[i];
    if (dz == 0.0) continue;
    z[i] = zi;
    add_column(M, i, dz, w);
  }
}

template <class Matrix>
void BoxPgsSolver::run(const Matrix& M, const VecRef& q, const BoxBounds& bounds, const VecRef* z_start,
                       LcpResult& result) {
  const Eigen::Index n = q.size();
  const double omega = options_.relaxation;
  if (!valid_matrix(M, n) || !q.allFinite() || !is_valid_box(bounds, n) || !(omega > 0.0 && omega < 2.0) ||
      (z_start && (z_start->size() != n || !z_start->allFinite())))
    return set_invalid(result);
  reserve(n);
  if (z_start) start_.head(n) = *z_start;  // before resizing: z_start may view result.z
  prepare_result(result, n);
  if (z_start) result.z = start_.head(n);
  // Project the start onto the bounds (fixed rows first: coupled bounds read them).
  for (int pass = 0; pass < 2; ++pass)
    for (Eigen::Index i = 0; i < n; ++i) {
      const bool coupled = !bounds.coupled_to.empty() && bounds.coupled_to[static_cast<std::size_t>(i)] >= 0;
      if (coupled != (pass == 1)) continue;
      if (const int k = disc_partner(bounds, i); k >= 0) {
        if (k > i) project_onto_disc(result.z[i], result.z[k], std::max(0.0, bounds.upper(i, result.z)));
        continue;
      }
      const double lo = bounds.lower(i, result.z);
      result.z[i] = std::clamp(result.z[i], lo, std::max(lo, bounds.upper(i, result.z)));
    }
  for (Eigen::Index i = 0; i < n; ++i) {
    const double d = diagonal(M, i);
    if (!(d > 0.0)) {
      recompute_w(M, q, result.z, result.w);
      result.residual = box_residual(result.z, result.w, bounds);
      result.status = LcpStatus::singular;
      return;
    }
    inv_diag_[i] = omega / d;
    const int k = disc_partner(bounds, i);
    coupling_[i] = k > i ? entry(M, i, k) : 0.0;
  }
  const int cap = options_.max_iterations > 0 ? options_.max_iterations
                                              : static_cast<int>(std::max<Eigen::Index>(1000, 100 * n));
  const double goal = options_.tolerance * residual_scale(q);
  recompute_w(M, q, result.z, result.w);
  result.residual = box_residual(result.z, result.w, bounds);
  result.status = LcpStatus::max_iterations;
  for (result.iterations = 0;
       result.iterations < cap && (result.residual > goal || result.iterations < options_.min_iterations);) {
    sweep(M, bounds, result);
    ++result.iterations;
    if (result.iterations % 32 == 0) recompute_w(M, q, result.z, result.w);
    result.residual = box_residual(result.z, result.w, bounds);
    if (result.residual <= goal && result.iterations >= options_.min_iterations) {
      recompute_w(M, q, result.z, result.w);
      result.residual = box_residual(result.z, result.w, bounds);
    }
    if (!std::isfinite(result.residual)) break;
  }
  if (result.residual <= goal && unrounded_box_residual(result.z, result.w, bounds) <= goal) {
    result.status = LcpStatus::solved;
  }
}

}  // namespace stickslip::solvers
