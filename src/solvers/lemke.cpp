// Lemke's complementary pivoting method (Lemke 1965; Cottle, Pang & Stone, The Linear
// Complementarity Problem, 1992, §4.4 for the scheme, §4.9 for degeneracy).
//
// The LCP is augmented with an artificial variable z0 and the covering vector e = (1,...,1):
//     w - M z - e z0 = q,   w, z, z0 >= 0,   w_i z_i = 0.
// Start: all w basic; if q >= 0 then z = 0 solves. Otherwise z0 enters and the w_r with the most
// negative q_r leaves, which makes every basic value non-negative. From then on the complement of
// the variable that just left enters, and the minimum-ratio test picks the basic variable that
// leaves. The path ends when z0 leaves (a solution) or when no basic variable blocks the entering
// one (a secondary ray: the method found no solution; for copositive-plus M this proves that the
// LCP is infeasible). An apparent ray is confirmed on a freshly factorised basis, and a ray met
// with z0 = 0 up to rounding (|z0| <= 1e-11 ||q||) is a solution reached through degeneracy.
//
// Degeneracy. Ties in the ratio test are broken by the lexicographic rule: among the tied rows,
// compare the rows of [B^{-1} q, B^{-1}] divided by the entering column entry, column by column, and
// take the lexicographically smallest. This is the simplex method's perturbation q + (eps, eps^2,
// ...) made exact; every basis stays lexicographically feasible, so no basis repeats and the
// method cannot cycle. If z0 is among the tied rows it leaves at once (the path ends in a solution).
//
// Basis algebra in O(n^2) per pivot without refactoring. At any time the basic variables are some
// w's (rows R) and k others: z's or z0 (columns C of [-M, -e]); S is the complement of R and has k
// rows. With G = [-M, -e](S, C) the basis B = [E_R, A_C] is solved by blocks:
//     x_C = G^{-1} b_S,   x_R = b_R - A_C(R, :) x_C.
// The explicit inverse of the k x k block G is updated by rank-one formulas for the four kinds of
// pivots: a z enters and a w leaves (G is bordered by one row and column: Schur complement),
// a z replaces a z (column replacement, Sherman-Morrison), a w replaces a w (row replacement),
// a w enters and a z leaves (a row and a column are deleted). Each costs O(k^2); computing the
// entering column costs O(k^2 + n k). A Lemke solve that ends with k basic z's therefore costs
// about 2 n k^2 flops, the price of one LU factorisation when k ~ n/2. After every max(50, k) pivots
// the inverse is rebuilt from a fresh LU of G to stop rounding drift (O(k^3), amortised O(k^2)),
// and the final basic solution gets one step of iterative refinement against M.
#include "solvers/lemke.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {

namespace {
constexpr int kNone = -1;
constexpr double kZeroZ0 = 1e-11;  // z0 / ||q||_inf below this counts as zero at an apparent ray
}

LemkeSolver::LemkeSolver(Eigen::Index capacity, LemkeOptions options) : options_(options) {
  reserve(capacity);
}

void LemkeSolver::reserve(Eigen::Index capacity) {
  if (capacity <= capacity_) return;
  capacity_ = capacity;
  const Eigen::Index m = capacity + 1;
  inv_.resize(m, m);
  g_.resize(m, m);
  xc_.resize(m);
  xw_.resize(capacity);
  y_.resize(m);
  dw_.resize(capacity);
  u_.resize(m);
  v_.resize(m);
  tmp_.resize(m);
  const auto um = static_cast<std::size_t>(m);
  c_var_.resize(um);
  s_row_.resize(um);
  zpos_.resize(um);
  spos_.resize(um);
  ties_.resize(2 * um);
  lu_.reserve(m);
}

LcpResult LemkeSolver::solve(const MatRef& M, const VecRef& q) {
  LcpResult result;
  solve(M, q, result);
  return result;
}

LcpResult solve_lemke(const MatRef& M, const VecRef& q, const LemkeOptions& options) {
  LemkeSolver solver(q.size(), options);
  return solver.solve(M, q);
}

// Entry (row, t) of the basis block A_C: column C[t] of [-M, -e].
double LemkeSolver::column_entry(const MatRef& M, int row, int t) const {
  const int var = c_var_[static_cast<std::size_t>(t)];
  return var == n_ ? -1.0 : -M(row, var);
}

void LemkeSolver::solve(const MatRef& M, const VecRef& q, LcpResult& result) {
  if (!is_valid_lcp(M, q)) return set_invalid(result);
  const Eigen::Index n = q.size();
  reserve(n);
  prepare_result(result, n);
  n_ = static_cast<int>(n);
  k_ = 0;
  if (n == 0 || q.minCoeff() >= 0.0) {  // z = 0 solves
    result.w = q;
    result.status = LcpStatus::solved;
    result.residual = lcp_residual(result.z, result.w);
    return;
  }
  m_scale_ = std::max(M.cwiseAbs().maxCoeff(), 1e-300);
  q_scale_ = q.cwiseAbs().maxCoeff();
  // z0 enters; w_r with the smallest q_r leaves (ties: the largest index is lexicographically least).
  int r = 0;
  for (int i = 1; i < n_; ++i)
    if (q[i] <= q[r]) r = i;
  start(q, r);
  Var e{false, r};
  const int cap = options_.max_iterations > 0 ? options_.max_iterations : 50 * (n_ + 1) + 100;
  int since_refresh = 0;
  result.status = LcpStatus::max_iterations;
  for (result.iterations = 1; result.iterations < cap; ++result.iterations) {
    entering_direction(M, e);
    Row leaving;
    double theta = 0.0;
    bool blocked = ratio_test(M, e, leaving, theta);
    if (!blocked && since_refresh > 0) {
      // An apparent ray may be rounding drift in the updated inverse (a blocking rate just under
      // the pivot tolerance): confirm it on a freshly factorised basis before reporting it.
      since_refresh = 0;
      if (!refresh(M, q)) {
        result.status = LcpStatus::singular;
        break;
      }
      entering_direction(M, e);
      blocked = ratio_test(M, e, leaving, theta);
    }
    if (!blocked) {
      // A ray from a basis whose z0 is already zero up to rounding: that basis solves the LCP
      // (w = M z + q + e z0 with z0 = 0), a degenerate end the ratio test could not see.
      const double z0 = xc_[zpos_[static_cast<std::size_t>(n_)]];
      result.status = z0 <= kZeroZ0 * q_scale_ ? LcpStatus::solved : LcpStatus::ray_termination;
      break;
    }
    const bool z0_leaves = !leaving.is_w && !is_z_like(leaving.index);
    const Var next = leaving.is_w ? Var{false, leaving.index}
                                  : Var{true, c_var_[static_cast<std::size_t>(leaving.index)]};
    pivot(M, e, leaving, theta);
    if (z0_leaves) {
      result.status = LcpStatus::solved;
      ++result.iterations;
      break;
    }
    e = next;
    const int interval = options_.refresh_interval > 0 ? options_.refresh_interval : std::max(50, k_);
    if (++since_refresh >= interval) {
      since_refresh = 0;
      if (!refresh(M, q)) {
        result.status = LcpStatus::singular;
        break;
      }
    }
  }
  if (result.status == LcpStatus::solved) refine(M, q);
  extract(M, q, result);
}

void LemkeSolver::start(const VecRef& q, int r) {
  std::fill(zpos_.begin(), zpos_.begin() + n_ + 1, kNone);
  std::fill(spos_.begin(), spos_.begin() + n_, kNone);
  c_var_[0] = n_;
  s_row_[0] = r;
  zpos_[static_cast<std::size_t>(n_)] = 0;
  spos_[static_cast<std::size_t>(r)] = 0;
  k_ = 1;
  inv_(0, 0) = -1.0;  // G = [-1]
  xc_[0] = -q[r];
  xw_.head(n_) = (q.array() - q[r]).matrix();
}

// y = G^{-1} a_S (the change of the basic z's) and dw = a_R - A_C(R,:) y (the change of the basic
// w's) per unit increase of the entering variable e, whose column in the tableau is a.
void LemkeSolver::entering_direction(const MatRef& M, Var e) {
  const auto P = inv_.topLeftCorner(k_, k_);
  if (e.is_w) {
    y_.head(k_) = P.col(spos_[static_cast<std::size_t>(e.index)]);
    dw_.head(n_).setZero();
  } else {
    for (int s = 0; s < k_; ++s) tmp_[s] = -M(s_row_[static_cast<std::size_t>(s)], e.index);
    y_.head(k_).noalias() = P * tmp_.head(k_);
    dw_.head(n_) = -M.col(e.index);
  }
  for (int t = 0; t < k_; ++t) {
    const int var = c_var_[static_cast<std::size_t>(t)];
    if (var == n_)
      dw_.head(n_).array() += y_[t];
    else
      dw_.head(n_).noalias() += M.col(var) * y_[t];
  }
}

// Minimum-ratio test. Returns false when nothing blocks (ray). Rates are compared in units that make
// the tolerance scale-free: z-like values are measured in q_scale/m_scale, w-like ones in q_scale.
bool LemkeSolver::ratio_test(const MatRef& M, Var e, Row& leaving, double& theta) {
  const double ent_unit = e.is_w ? 1.0 : 1.0 / m_scale_;  // unit of the entering variable / q_scale
  int n_cand = 0;
  double best = INFINITY;
  auto consider = [&](double x, double d, double basic_unit, int code) {
    if (!(d * ent_unit / basic_unit > options_.pivot_tolerance)) return;
    const double ratio = std::max(x, 0.0) / d;
    ties_[static_cast<std::size_t>(n_cand++)] = code;
    tmp_[n_cand - 1] = ratio;  // reuse tmp_ for the ratios of the candidates
    best = std::min(best, ratio);
  };
  // tmp_ holds n+1 entries; candidates never exceed k + (n - k) = n, so it is large enough.
  for (int t = 0; t < k_; ++t) consider(xc_[t], y_[t], is_z_like(t) ? 1.0 / m_scale_ : 1.0, -t - 1);
  for (int i = 0; i < n_; ++i)
    if (spos_[static_cast<std::size_t>(i)] == kNone) consider(xw_[i], dw_[i], 1.0, i);
  if (n_cand == 0) return false;
  theta = best;
  const double tie = options_.tie_tolerance * (best + ent_unit * q_scale_);
  int n_ties = 0, z0_code = 0;
  bool z0_tied = false;
  for (int c = 0; c < n_cand; ++c) {
    const int code = ties_[static_cast<std::size_t>(c)];
    if (!(tmp_[c] <= best + tie)) continue;
    if (code < 0 && !is_z_like(-code - 1)) {
      z0_tied = true;
      z0_code = code;
    }
    ties_[static_cast<std::size_t>(n_ties++)] = code;
    if (!options_.lexicographic) break;  // textbook rule: the first minimum found
  }
  int chosen = z0_tied ? z0_code : ties_[0];
  if (!z0_tied && n_ties > 1) {
    const Row r = lexicographic_choice(M, e, n_ties);
    chosen = r.is_w ? r.index : -r.index - 1;
  }
  leaving = chosen >= 0 ? Row{true, chosen} : Row{false, -chosen - 1};
  theta = chosen >= 0 ? std::max(xw_[chosen], 0.0) / dw_[chosen]
                      : std::max(xc_[-chosen - 1], 0.0) / y_[-chosen - 1];
  return true;
}

// Entry of B^{-1} in the basic position `row` and tableau row j (column j of B^{-1}).
double LemkeSolver::inverse_entry(const MatRef& M, Row row, int j) const {
  const int s = spos_[static_cast<std::size_t>(j)];
  if (s == kNone) return row.is_w && row.index == j ? 1.0 : 0.0;
  if (!row.is_w) return inv_(row.index, s);
  double acc = 0.0;  // -A_C(i, :) G^{-1}(:, s)
  for (int t = 0; t < k_; ++t) acc -= column_entry(M, row.index, t) * inv_(t, s);
  return acc;
}

// Among the n_ties candidates stored in ties_, the row whose [x, B^{-1}] / d is lexicographically
// least. Column j of B^{-1} is scanned only while more than one candidate remains.
LemkeSolver::Row LemkeSolver::lexicographic_choice(const MatRef& M, Var e, int n_ties) {
  const double unit = (e.is_w ? 1.0 : 1.0 / m_scale_);  // unit of B^{-1}/d relative to 1/q_scale
  auto decode = [](int code) { return code >= 0 ? Row{true, code} : Row{false, -code - 1}; };
  for (int j = 0; j < n_ && n_ties > 1; ++j) {
    double best = INFINITY;
    for (int c = 0; c < n_ties; ++c) {
      const Row row = decode(ties_[static_cast<std::size_t>(c)]);
      const double d = row.is_w ? dw_[row.index] : y_[row.index];
      tmp_[c] = inverse_entry(M, row, j) / d;
      best = std::min(best, tmp_[c]);
    }
    const double tie = options_.tie_tolerance * (std::abs(best) + unit);
    int kept = 0;
    for (int c = 0; c < n_ties; ++c)
      if (tmp_[c] <= best + tie) ties_[static_cast<std::size_t>(kept++)] = ties_[static_cast<std::size_t>(c)];
    n_ties = kept;
  }
  return decode(ties_[0]);
}

void LemkeSolver::pivot(const MatRef& M, Var e, Row leaving, double theta) {
  // New values: x_B - theta d for the basic ones; the entering variable takes theta.
  xc_.head(k_) -= theta * y_.head(k_);
  xw_.head(n_) -= theta * dw_.head(n_);
  if (!e.is_w) {
    if (leaving.is_w)
      grow(M, e.index, leaving.index, theta);
    else
      replace_column(leaving.index, e.index, theta);
  } else {
    if (leaving.is_w)
      replace_row(M, e.index, leaving.index, theta);
    else
      shrink(e.index, leaving.index, theta);
  }
}

// u = g_r G^{-1}, g_r = A_C(r, :) (row r of the basic columns).
void LemkeSolver::row_times_inverse(const MatRef& M, int r) {
  for (int t = 0; t < k_; ++t) tmp_[t] = column_entry(M, r, t);
  u_.head(k_).noalias() = inv_.topLeftCorner(k_, k_).transpose() * tmp_.head(k_);
}

// z_j enters, w_r leaves: G gains row r and column j. With s = d_r (the Schur complement),
// G'^{-1} = [[P + y u / s, -y / s], [-u / s, 1 / s]].
void LemkeSolver::grow(const MatRef& M, int j, int r, double theta) {
  row_times_inverse(M, r);
  const double s = dw_[r];
  const int k = k_;
  inv_.topLeftCorner(k, k).noalias() += (y_.head(k) / s) * u_.head(k).transpose();
  inv_.col(k).head(k) = -y_.head(k) / s;
  inv_.row(k).head(k) = -u_.head(k).transpose() / s;
  inv_(k, k) = 1.0 / s;
  c_var_[static_cast<std::size_t>(k)] = j;
  s_row_[static_cast<std::size_t>(k)] = r;
  zpos_[static_cast<std::size_t>(j)] = k;
  spos_[static_cast<std::size_t>(r)] = k;
  xc_[k] = theta;
  ++k_;
}

// z_j replaces the basic z at C position p: column p of G becomes a_S. Row p of the inverse is
// divided by y_p and eliminated from the others.
void LemkeSolver::replace_column(int p, int j, double theta) {
  const int k = k_;
  auto P = inv_.topLeftCorner(k, k);
  u_.head(k) = P.row(p).transpose() / y_[p];
  y_[p] = 0.0;
  P.noalias() -= y_.head(k) * u_.head(k).transpose();
  P.row(p) = u_.head(k).transpose();
  zpos_[static_cast<std::size_t>(c_var_[static_cast<std::size_t>(p)])] = kNone;
  c_var_[static_cast<std::size_t>(p)] = j;
  zpos_[static_cast<std::size_t>(j)] = p;
  xc_[p] = theta;
}

// w_i enters (row i in S at position s), w_r leaves: row s of G becomes g_r. With u = g_r G^{-1},
// column s of the inverse is divided by u_s and eliminated from the others.
void LemkeSolver::replace_row(const MatRef& M, int i, int r, double theta) {
  const int s = spos_[static_cast<std::size_t>(i)];
  row_times_inverse(M, r);
  const int k = k_;
  auto P = inv_.topLeftCorner(k, k);
  v_.head(k) = P.col(s) / u_[s];
  u_[s] = 0.0;
  P.noalias() -= v_.head(k) * u_.head(k).transpose();
  P.col(s) = v_.head(k);
  s_row_[static_cast<std::size_t>(s)] = r;
  spos_[static_cast<std::size_t>(i)] = kNone;
  spos_[static_cast<std::size_t>(r)] = s;
  xw_[i] = theta;
}

// w_i enters (S position s), the z at C position p leaves: delete row s and column p of G, i.e.
// row p and column s of the inverse after a Schur correction; the last row/column fill the holes.
void LemkeSolver::shrink(int i, int p, double theta) {
  const int s = spos_[static_cast<std::size_t>(i)];
  const int k = k_;
  auto P = inv_.topLeftCorner(k, k);
  v_.head(k) = P.col(s) / P(p, s);
  u_.head(k) = P.row(p).transpose();
  P.noalias() -= v_.head(k) * u_.head(k).transpose();
  const int last = k - 1;
  if (p != last) inv_.row(p).head(k) = inv_.row(last).head(k);
  if (s != last) inv_.col(s).head(last) = inv_.col(last).head(last);
  zpos_[static_cast<std::size_t>(c_var_[static_cast<std::size_t>(p)])] = kNone;
  if (p != last) {
    c_var_[static_cast<std::size_t>(p)] = c_var_[static_cast<std::size_t>(last)];
    zpos_[static_cast<std::size_t>(c_var_[static_cast<std::size_t>(p)])] = p;
    xc_[p] = xc_[last];
  }
  spos_[static_cast<std::size_t>(i)] = kNone;
  if (s != last) {
    s_row_[static_cast<std::size_t>(s)] = s_row_[static_cast<std::size_t>(last)];
    spos_[static_cast<std::size_t>(s_row_[static_cast<std::size_t>(s)])] = s;
  }
  xw_[i] = theta;
  --k_;
}

// Rebuilds G^{-1} from a fresh LU of G and recomputes the basic values. False if G is singular.
bool LemkeSolver::refresh(const MatRef& M, const VecRef& q) {
  const int k = k_;
  auto G = g_.topLeftCorner(k, k);
  for (int t = 0; t < k; ++t)
    for (int s = 0; s < k; ++s) G(s, t) = column_entry(M, s_row_[static_cast<std::size_t>(s)], t);
  if (!lu_.factor(G)) return false;
  auto P = inv_.topLeftCorner(k, k);
  P.setIdentity();
  for (int t = 0; t < k; ++t) lu_.solve_in_place(inv_.col(t).head(k));
  basic_values(M, q);
  return true;
}

// x_C = G^{-1} q_S, x_w = q - A_C x_C.
void LemkeSolver::basic_values(const MatRef& M, const VecRef& q) {
  for (int s = 0; s < k_; ++s) tmp_[s] = q[s_row_[static_cast<std::size_t>(s)]];
  xc_.head(k_).noalias() = inv_.topLeftCorner(k_, k_) * tmp_.head(k_);
  xw_.head(n_) = q;
  for (int t = 0; t < k_; ++t) {
    const int var = c_var_[static_cast<std::size_t>(t)];
    if (var == n_)
      xw_.head(n_).array() += xc_[t];
    else
      xw_.head(n_).noalias() += M.col(var) * xc_[t];
  }
}

// One step of iterative refinement of x_C against M: the residual of the rows S is w_S, which must
// vanish, so x_C += G^{-1} (q_S - G x_C) with q_S - G x_C = w_S computed from M.
void LemkeSolver::refine(const MatRef& M, const VecRef& q) {
  basic_values(M, q);
  for (int s = 0; s < k_; ++s) tmp_[s] = xw_[s_row_[static_cast<std::size_t>(s)]];
  xc_.head(k_).noalias() += inv_.topLeftCorner(k_, k_) * tmp_.head(k_);
}

void LemkeSolver::extract(const MatRef& M, const VecRef& q, LcpResult& result) const {
  result.z.setZero();
  for (int t = 0; t < k_; ++t) {
    const int var = c_var_[static_cast<std::size_t>(t)];
    if (var != n_) result.z[var] = std::max(xc_[t], 0.0);
  }
  result.residual = recompute_w_and_residual(M, q, result.z, result.w);
}

}  // namespace stickslip::solvers
