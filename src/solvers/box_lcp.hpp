// Box-constrained LCP (a mixed complementarity problem with bounds per variable), solved directly by
// projected Gauss-Seidel, with bounds that may scale with another variable (friction: |p_T| <= mu p_N).
//
//   find z, w = M z + q with lo_i <= z_i <= hi_i and
//     z_i = lo_i  =>  w_i >= 0,    z_i = hi_i  =>  w_i <= 0,    lo_i < z_i < hi_i  =>  w_i = 0.
// Fixed bounds may be infinite (lo = -inf, hi = +inf is a free row, lo = 0, hi = +inf an LCP row).
// A coupled row i (coupled_to[i] = j >= 0) has the bounds lo_i z_j and hi_i z_j instead: lo_i, hi_i
// are then finite factors (-mu, mu) and row j must have fixed bounds with lo_j >= 0.
// A disc pair (disc_with[i] = k, disc_with[k] = i, both coupled to the same row j with the factors
// (-mu, mu)) replaces the box of rows i, k by the disc |(z_i, z_k)|₂ <= mu z_j (isotropic Coulomb
// friction with two tangent rows): the pair is one block of the sweep and of the residual.
#pragma once

#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <vector>

#include "solvers/lcp_problem.hpp"

namespace stickslip::solvers {

using SparseMat = Eigen::SparseMatrix<double>;  // column-major

// Reading a Delassus operator held dense or sparse, for the sweeps of box_lcp.cpp and subspace_step.cpp.
namespace matrix_access {
inline double diagonal(const MatRef& M, Eigen::Index i) { return M(i, i); }
inline double diagonal(const SparseMat& M, Eigen::Index i) { return M.coeff(i, i); }
// w += x M(:, i): O(n) dense, O(non-zeros of the column) sparse.
inline void add_column(const MatRef& M, Eigen::Index i, double x, Vec& w) { w.noalias() += x * M.col(i); }
inline void add_column(const SparseMat& M, Eigen::Index i, double x, Vec& w) {
  for (SparseMat::InnerIterator it(M, i); it; ++it) w[it.row()] += x * it.value();
}
}  // namespace matrix_access

struct BoxBounds {
  Vec lo, hi;                   // bounds, or factors for coupled rows
  std::vector<int> coupled_to;  // empty, or one entry per row: -1 fixed bounds, j >= 0 coupled to z_j
  std::vector<int> disc_with;   // empty, or one entry per row: -1, or the other row of its disc pair

  // The bounds of row i at the point z (inline: every row of every sweep reads them).
  double lower(Eigen::Index i, const VecRef& z) const {
    const int j = coupled_to.empty() ? -1 : coupled_to[static_cast<std::size_t>(i)];
    return j < 0 ? lo[i] : lo[i] * z[j];
  }
  double upper(Eigen::Index i, const VecRef& z) const {
    const int j = coupled_to.empty() ? -1 : coupled_to[static_cast<std::size_t>(i)];
    return j < 0 ? hi[i] : hi[i] * z[j];
  }
};

// True when the bounds fit n rows and are consistent (lo <= hi, no NaN, couplings valid).
bool is_valid_box(const BoxBounds& bounds, Eigen::Index n);

// max_i |z_i - clamp(z_i - w_i, lo_i(z), hi_i(z))|: zero exactly at a solution; for lo = 0,
// hi = inf it is |min(z_i, w_i)|, for a free row |w_i|; for a disc pair the Euclidean length of
// z_T - Π(z_T - w_T), Π the projection onto the disc.
double box_residual(const VecRef& z, const VecRef& w, const BoxBounds& bounds);

// The same residual with w kept whole: z − clamp(z − w, lo, hi) taken as clamp(w, z − hi, z − lo)
// (and |w_T| inside a disc), since the first form rounds w away when |z| ≫ |w| — an impulse of 1e24
// beside a velocity of −0.5 reads as a residual of 0. The iterations stop on box_residual (their
// sweeps, and so their results, stay as they were); `solved` also needs this one within the goal.
double unrounded_box_residual(const VecRef& z, const VecRef& w, const BoxBounds& bounds);

// The partner of row i in a disc pair, or -1.
inline int disc_partner(const BoxBounds& bounds, Eigen::Index i) {
  return bounds.disc_with.empty() ? -1 : bounds.disc_with[static_cast<std::size_t>(i)];
}
// (x, y) scaled into the disc of radius r >= 0 (the Euclidean projection). The length compared
// squared and taken by one square root, not std::hypot: hypot guards against squares that overflow
// (|x| > 1e154, no impulse of a model) at several times the cost, and this runs in every sweep.
inline void project_onto_disc(double& x, double& y, double r) {
  if (!(r > 0.0)) {  // the point (a NaN radius: the bounds are broken, as in the solvers' other rows)
    x *= 0.0;
    y *= 0.0;
    return;
  }
  const double squared = x * x + y * y;
  if (squared <= r * r) return;
  const double scale = r / std::sqrt(squared);
  x *= scale;
  y *= scale;
}

// One row's term of box_residual with the bounds lo, hi (at z), and of unrounded_box_residual; the
// same for a disc pair of radius r. Shared by the sweeps over W (box_lcp.cpp) and those in velocity
// space (velocity_gauss_seidel.cpp), so both stop on the same residual.
inline double box_term(double z, double w, double lo, double hi) {
  return std::abs(z - std::clamp(z - w, lo, std::max(lo, hi)));
}
inline double unrounded_box_term(double z, double w, double lo, double hi) {
  const double below = z - std::max(lo, hi), above = z - lo;
  return std::isnan(below) || std::isnan(above) ? NAN : std::abs(std::clamp(w, below, above));
}
inline double disc_term(double zx, double zy, double wx, double wy, double r) {
  double px = zx - wx, py = zy - wy;
  project_onto_disc(px, py, std::max(0.0, r));
  const double dx = zx - px, dy = zy - py;
  return std::sqrt(dx * dx + dy * dy);
}
inline double unrounded_disc_term(double zx, double zy, double wx, double wy, double r) {
  double px = zx - wx, py = zy - wy;
  const double radius = std::max(0.0, r);
  if (px * px + py * py <= radius * radius) return std::sqrt(wx * wx + wy * wy);  // inside: the identity
  project_onto_disc(px, py, radius);
  const double dx = zx - px, dy = zy - py;
  return std::sqrt(dx * dx + dy * dy);
}
// The exact minimiser over the disc |z| <= r of ½ zᵀ A z + cᵀ z, A = [a b; b d] symmetric positive
// definite (the local problem of one contact's two tangent rows in nonsmooth Gauss-Seidel; Jean 1999,
// §4). Inside when −A⁻¹c is; otherwise z = −(A + sI)⁻¹ c with the s > 0 that puts it on the circle,
// found by Newton's method on 1/|z(s)| − 1/r (Moré & Sorensen 1983), which converges monotonically.
void minimise_on_disc(double a, double b, double d, double cx, double cy, double r, double& zx, double& zy);

struct BoxPgsOptions {
  double tolerance = 1e-8;  // stop when box_residual <= tolerance * max(1, ||q||_inf)
  int max_iterations = 0;   // sweeps; 0 means automatic: max(1000, 100 n)
  double relaxation = 1.0;  // omega in (0, 2)
  int min_iterations = 0;   // sweeps made even when the start already meets the tolerance (a warm
                            // start keeps improving over a sequence of similar problems)
};

class BoxPgsSolver {
 public:
  explicit BoxPgsSolver(Eigen::Index capacity = 0, BoxPgsOptions options = {});
  void reserve(Eigen::Index capacity);
  BoxPgsOptions& options() { return options_; }

  // Cold start from the projection of z = 0, or warm start from z_start (may alias result.z).
  // result.residual is box_residual. No allocation when n <= capacity and result has size n.
  void solve(const MatRef& M, const VecRef& q, const BoxBounds& bounds, LcpResult& result);
  void solve(const MatRef& M, const VecRef& q, const BoxBounds& bounds, const VecRef& z_start,
             LcpResult& result);
  // Sparse M (cost per sweep proportional to the non-zeros of the columns that move).
  void solve(const SparseMat& M, const VecRef& q, const BoxBounds& bounds, LcpResult& result);
  void solve(const SparseMat& M, const VecRef& q, const BoxBounds& bounds, const VecRef& z_start,
             LcpResult& result);

 private:
  template <class Matrix>
  void run(const Matrix& M, const VecRef& q, const BoxBounds& bounds, const VecRef* z_start,
           LcpResult& result);
  template <class Matrix>
  void sweep(const Matrix& M, const BoxBounds& bounds, LcpResult& result);

  BoxPgsOptions options_;
  Vec inv_diag_, start_;
  Vec coupling_;  // disc pairs: M(i, k) at the pair's first row i
};

}  // namespace stickslip::solvers
