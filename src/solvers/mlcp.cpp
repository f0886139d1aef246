// Mixed linear complementarity problems (Cottle, Pang & Stone 1992, §1.5: an MLCP with a
// nonsingular equality block is an LCP in the complementarity variables after eliminating the free
// ones; Murty 1988, §2.9 for the Schur-complement form; De Luca, Facchinei & Kanzow 1996 and
// Billups 1995 for the Fischer-Burmeister reformulation of mixed problems).
//
// Elimination (schur): from A u + C v + a = 0, u = -A^{-1} (a + C v), and the complementarity rows
// become w = (B - D A^{-1} C) v + (b - D A^{-1} a): an LCP of size m solved exactly by Lemke (with a
// Fischer-Burmeister fallback), then u is recovered. Cost: one LU of A, n_free x m solves, an
// m x n_free x m product, and the LCP. It is the right choice when A is small or dense; for large
// sparse A (a block-diagonal mass matrix with thousands of bodies) A^{-1} C is dense and the Schur
// complement destroys sparsity.
//
// Without elimination: the semismooth Newton method runs on the whole system with Phi_i = w_i on
// the free rows and the Fischer-Burmeister function on the others; its matrices H = D_a + D_b K
// have K's sparsity pattern plus the diagonal, so for a sparse K each step is one sparse LU
// (Eigen::SparseLU, symbolic analysis once per solve). This also covers A singular and B = 0 (the
// time-stepping matrix [[M, -J^T], [J, 0]]). Projected Gauss-Seidel on the whole matrix is the
// cheapest per iteration when K has a positive diagonal.
#include "solvers/mlcp.hpp"

#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <utility>

namespace stickslip::solvers {

const char* to_string(MlcpMethod method) {
  switch (method) {
    case MlcpMethod::automatic: return "automatic";
    case MlcpMethod::schur: return "schur";
    case MlcpMethod::fischer_burmeister: return "fischer_burmeister";
    case MlcpMethod::pgs: return "pgs";
  }
  return "unknown";
}

MlcpSolver::MlcpSolver(Eigen::Index capacity, MlcpOptions options) : options_(options) {
  reserve(capacity);
}

bool is_valid_lcp(const SparseMat& K, const VecRef& q) {
  if (K.rows() != K.cols() || K.rows() != q.size() || !q.allFinite()) return false;
  for (Eigen::Index k = 0; k < K.outerSize(); ++k)
    for (SparseMat::InnerIterator it(K, k); it; ++it)
      if (!std::isfinite(it.value())) return false;
  return true;
}

void MlcpSolver::reserve(Eigen::Index capacity) {
  if (capacity <= tmp_.size()) return;
  lu_.reserve(capacity);
  ainv_c_.resize(capacity, capacity);
  reduced_.resize(capacity, capacity);
  ainv_a_.resize(capacity);
  reduced_q_.resize(capacity);
  tmp_.resize(capacity);
  lemke_.reserve(capacity);
  prepare_result(trial_, capacity);
  fb_.reserve(capacity);
  box_.reserve(capacity);
  eq_.reserve(capacity);
}

void MlcpSolver::solve(const MatRef& K, const VecRef& q, Eigen::Index n_free, LcpResult& result) {
  dispatch(K, q, n_free, nullptr, result);
}

void MlcpSolver::solve(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef& z_start,
                       LcpResult& result) {
  dispatch(K, q, n_free, &z_start, result);
}

void MlcpSolver::dispatch(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef* z_start,
                          LcpResult& result) {
  const Eigen::Index n = q.size();
  if (!is_valid_lcp(K, q) || n_free < 0 || n_free > n ||
      (z_start && (z_start->size() != n || !z_start->allFinite())))
    return set_invalid(result);
  reserve(n);
  MlcpMethod method = options_.method;
  if (method == MlcpMethod::automatic || method == MlcpMethod::schur) {
    const bool small = n_free <= 256 || method == MlcpMethod::schur;
    last_ = MlcpMethod::schur;
    if (small && schur(K, q, n_free, result)) {
      // Accepted only when the residual is small relative to the balanced problem's magnitude: an
      // ill-conditioned A loses accuracy in the elimination that the reduced LCP cannot see.
      eq_.compute(K);
      const double rel = eq_.relative_residual(K, q, result.z, result.w, n_free);
      if (result.solved() && rel <= std::max(options_.tolerance, kAcceptableRelativeResidual)) return;
      if (result.solved()) result.status = LcpStatus::singular;
      if (method == MlcpMethod::schur) return;
      // automatic: Newton on the whole MLCP; the better of the two answers is kept.
      newton(K, q, n_free, z_start, trial_);
      if (trial_.solved() || eq_.relative_residual(K, q, trial_.z, trial_.w, n_free) < rel) {
        std::swap(result, trial_);
        last_ = MlcpMethod::fischer_burmeister;
      }
      return;
    }
    method = MlcpMethod::fischer_burmeister;  // A singular or too large: no elimination
  }
  last_ = method;
  if (method == MlcpMethod::pgs) return pgs(K, q, n_free, z_start, result);
  newton(K, q, n_free, z_start, result);
}

void MlcpSolver::newton(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef* z_start,
                        LcpResult& result) {
  fb_.options().tolerance = options_.tolerance;
  fb_.options().max_iterations = options_.max_iterations;
  if (z_start)
    fb_.solve_mlcp(K, q, n_free, *z_start, result);
  else
    fb_.solve_mlcp(K, q, n_free, result);
}

// Eliminates u through an LU of A; returns false (result untouched) when A is singular.
bool MlcpSolver::schur(const MatRef& K, const VecRef& q, Eigen::Index n_free, LcpResult& result) {
  const Eigen::Index n = q.size(), m = n - n_free;
  const auto A = K.topLeftCorner(n_free, n_free);
  const auto C = K.topRightCorner(n_free, m);
  const auto D = K.bottomLeftCorner(m, n_free);
  const auto B = K.bottomRightCorner(m, m);
  if (n_free > 0 && !lu_.factor(A)) return false;
  auto AiC = ainv_c_.topLeftCorner(n_free, m);
  auto Aia = ainv_a_.head(n_free);
  AiC = C;
  Aia = q.head(n_free);
  if (n_free > 0) {
    for (Eigen::Index j = 0; j < m; ++j) lu_.solve_in_place(AiC.col(j));
    lu_.solve_in_place(Aia);
  }
  auto R = reduced_.topLeftCorner(m, m);
  auto rq = reduced_q_.head(m);
  R = B;
  R.noalias() -= D * AiC;
  rq = q.tail(m);
  rq.noalias() -= D * Aia;
  lemke_.solve(R, rq, reduced_result_);
  if (!reduced_result_.solved()) {
    fb_.options().tolerance = options_.tolerance;
    fb_.solve(R, rq, reduced_result_);
  }
  prepare_result(result, n);
  result.status = reduced_result_.status;
  result.iterations = reduced_result_.iterations;
  const auto v = reduced_result_.z.head(m);
  result.z.tail(m) = v;
  result.z.head(n_free) = -Aia;
  result.z.head(n_free).noalias() -= AiC * v;
  result.residual = recompute_w_and_residual(K, q, result.z, result.w, n_free);
  return true;
}

// Bounds for the whole-matrix PGS: free rows unbounded, the others [0, inf).
void MlcpSolver::free_row_bounds(Eigen::Index n, Eigen::Index n_free) {
  if (bounds_.lo.size() != n) bounds_.lo.resize(n);
  if (bounds_.hi.size() != n) bounds_.hi.resize(n);
  bounds_.lo.head(n_free).setConstant(-INFINITY);
  bounds_.lo.tail(n - n_free).setZero();
  bounds_.hi.setConstant(INFINITY);
  bounds_.coupled_to.clear();
}

void MlcpSolver::pgs(const MatRef& K, const VecRef& q, Eigen::Index n_free, const VecRef* z_start,
                     LcpResult& result) {
  free_row_bounds(q.size(), n_free);
  box_.options() = {options_.tolerance, options_.max_iterations, options_.relaxation};
  if (z_start)
    box_.solve(K, q, bounds_, *z_start, result);
  else
    box_.solve(K, q, bounds_, result);
}

void MlcpSolver::solve(const SparseMat& K, const VecRef& q, Eigen::Index n_free, LcpResult& result) {
  if (options_.method == MlcpMethod::pgs) {
    last_ = MlcpMethod::pgs;
    free_row_bounds(q.size(), n_free);
    box_.options() = {options_.tolerance, options_.max_iterations, options_.relaxation};
    return box_.solve(K, q, bounds_, result);
  }
  sparse_newton(K, q, n_free, nullptr, result);
}

void MlcpSolver::solve(const SparseMat& K, const VecRef& q, Eigen::Index n_free, const VecRef& z_start,
                       LcpResult& result) {
  if (options_.method == MlcpMethod::pgs) {
    last_ = MlcpMethod::pgs;
    free_row_bounds(q.size(), n_free);
    box_.options() = {options_.tolerance, options_.max_iterations, options_.relaxation};
    return box_.solve(K, q, bounds_, z_start, result);
  }
  sparse_newton(K, q, n_free, &z_start, result);
}

namespace {

// w = K z + q, Phi, and 0.5 ||Phi||^2 for a sparse K.
double sparse_merit(const SparseMat& K, const VecRef& q, const Vec& z, Eigen::Index n_free, Vec& w, Vec& phi) {
  w = q;
  w.noalias() += K * z;
  for (Eigen::Index i = 0; i < z.size(); ++i) phi[i] = i < n_free ? w[i] : fb_phi(z[i], w[i]);
  return 0.5 * phi.squaredNorm();
}

// H = D_a + D_b K with the pattern of K + I (columns scaled row-wise: H_ij = db_i K_ij).
void sparse_jacobian(const SparseMat& K, const Vec& z, const Vec& w, Eigen::Index n_free, SparseMat& H,
                     Vec& da, Vec& db) {
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    da[i] = 0.0;
    db[i] = 1.0;
    if (i >= n_free) fb_gradient(z[i], w[i], 0.0, da[i], db[i]);
  }
  SparseMat I(z.size(), z.size());
  I.setIdentity();
  H = db.asDiagonal() * K + da.asDiagonal() * I;
  H.makeCompressed();
}

// Newton direction d (H d = -Phi) when H factorises and d is a sufficient descent direction of
// ||Phi||^2 / 2, else steepest descent; returns the slope grad.d (g receives the gradient H^T Phi).
double sparse_direction(const SparseMat& H, Eigen::SparseLU<SparseMat>& lu, const Vec& phi, Vec& g, Vec& d) {
  const NewtonOptions o;
  g = H.transpose() * phi;
  lu.factorize(H);
  if (lu.info() == Eigen::Success) {
    d = lu.solve(-phi);
    const double slope = g.dot(d);
    if (d.allFinite() && slope <= -o.descent_rho * std::pow(d.norm(), o.descent_power)) return slope;
  }
  d = -g;
  return -g.squaredNorm();
}

// Armijo backtracking from z along d; on success (zt, wt, phit, trial) is the accepted point.
bool sparse_line_search(const SparseMat& K, const VecRef& q, Eigen::Index n_free, const Vec& z, const Vec& d,
                        double merit, double slope, Vec& zt, Vec& wt, Vec& phit, double& trial) {
  const NewtonOptions o;
  double t = 1.0;
  for (int k = 0; k < o.max_backtracks && slope < 0.0; ++k, t *= o.backtrack) {
    zt = z + t * d;
    trial = sparse_merit(K, q, zt, n_free, wt, phit);
    if (trial <= merit + o.armijo * t * slope) return true;
  }
  return false;
}

}  // namespace

// Semismooth Newton on the whole sparse MLCP (see fischer_burmeister.cpp for the method).
void MlcpSolver::sparse_newton(const SparseMat& K, const VecRef& q, Eigen::Index n_free, const VecRef* z_start,
                               LcpResult& result) {
  last_ = MlcpMethod::fischer_burmeister;
  const Eigen::Index n = q.size();
  if (!is_valid_lcp(K, q) || n_free < 0 || n_free > n ||
      (z_start && (z_start->size() != n || !z_start->allFinite())))
    return set_invalid(result);
  Vec z = z_start ? Vec(*z_start) : Vec::Zero(n);
  Vec w(n), phi(n), da(n), db(n), g(n), d(n), zt(n), wt(n), phit(n);
  SparseMat H;
  Eigen::SparseLU<SparseMat> lu;
  const int cap = options_.max_iterations > 0 ? options_.max_iterations : static_cast<int>(100 + 2 * n);
  const double goal = options_.tolerance * residual_scale(q);
  double merit = sparse_merit(K, q, z, n_free, w, phi);
  prepare_result(result, n);
  result.status = LcpStatus::max_iterations;
  bool analysed = false;
  for (result.iterations = 0; result.iterations < cap; ++result.iterations) {
    if (!std::isfinite(merit)) break;
    zt = z;  // converged when the projected point (the one returned) meets the tolerance
    zt.tail(n - n_free) = zt.tail(n - n_free).cwiseMax(0.0);
    wt = q;
    wt.noalias() += K * zt;
    if (lcp_residual(zt, wt, n_free) <= goal) {
      z = zt;
      result.status = LcpStatus::solved;
      break;
    }
    sparse_jacobian(K, z, w, n_free, H, da, db);
    if (!analysed) {
      lu.analyzePattern(H);
      analysed = true;
    }
    const double slope = sparse_direction(H, lu, phi, g, d);
    double trial = 0.0;
    if (!sparse_line_search(K, q, n_free, z, d, merit, slope, zt, wt, phit, trial)) {
      result.status = LcpStatus::singular;
      break;
    }
    z.swap(zt);
    w.swap(wt);
    phi.swap(phit);
    merit = trial;
  }
  for (Eigen::Index i = n_free; i < n; ++i) z[i] = std::max(z[i], 0.0);
  result.z = z;
  result.w = q;
  result.w.noalias() += K * z;
  result.residual = lcp_residual(result.z, result.w, n_free);
  if (result.status == LcpStatus::solved && result.residual > goal) result.status = LcpStatus::max_iterations;
}

}  // namespace stickslip::solvers
