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
// In floating point a tie is a ratio within tie_tolerance of the minimum. Passing a row's ratio by δ
// leaves that row at -δ d (d its rate), so for rows that block fast the window shrinks by the rate:
// a tied row is left at most tie_tolerance of its unit below zero. (A window in ratio units alone let
// a row with d = 5e6 in a nearly degenerate LP of two corners be passed by 2.6e-13 and left at
// -1.3e-6, a wrong basis.)
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
// and the final basic solution gets one step of iterative refinement against M (lemke_basis.cpp).
//
// Scaling. The method runs on LCP(E M D, E q) with the power-of-two equilibration of
// equilibration.hpp (exact, and equivalent: z = D z'). The pivot and tie tolerances compare rates and
// ratios against one scale; without balancing, a blocking row whose entries are 1e10 times smaller
// than the largest is taken for a non-blocking one and its w goes negative. The covering vector is
// e in the balanced problem (E^{-1} e in the original one).
//
// Acceptance. `solved` is reported only when the residual of the returned z, recomputed from the
// original M and q, is small row by row against each row's own terms (residual_tolerance,
// equilibration.hpp). If not, the final basis is refactorised from scratch and its values refined. A
// complementary basis that still leaves basic variables below zero is the end of a path whose values
// carried rounding of the path's scale, not of those rows' (a row of 1e-17 beside one of 0.25): the
// scheme is restarted from that basis with a covering vector on those variables only, at the scale
// of their deficits (restart, at most kMaxRestarts times). If the residual is still poor the basis
// is numerically singular for this problem and the status is `singular`.
//
// Worst case. Lemke's method, like the simplex method, can need exponentially many pivots (Murty
// 1978, Computational complexity of complementary pivot methods): for M lower triangular with 1 on
// the diagonal and 2 below, q = -e, it visits 2^n bases (that M is balanced: E = D = I). The pivot
// cap (lemke_pivot_cap) lets such a run finish up to n = 16 and ends longer ones with max_iterations.
#include "solvers/lemke.hpp"

#include "math/errors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace stickslip::solvers {

namespace {
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
  qs_.resize(capacity);
  cover_.resize(capacity);
  eq_.reserve(capacity);
  lu_.reserve(m);
}

int lemke_pivot_cap(Eigen::Index n) {
  const auto m = static_cast<int>(std::max<Eigen::Index>(n, 0));
  return 50 * (m + 1) + 100 + (1 << std::min(m, 16));
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

// Entry (row, var) of the balanced tableau [-E M D, -d] (var == n: the column of z0).
double LemkeSolver::entry(const MatRef& M, int row, int var) const {
  return var == n_ ? -cover_[row] : -eq_.row()[row] * M(row, var) * eq_.col()[var];
}

// Entry (row, t) of the basis block A_C: column C[t] of [-E M D, -e].
double LemkeSolver::column_entry(const MatRef& M, int row, int t) const {
  return entry(M, row, c_var_[static_cast<std::size_t>(t)]);
}

namespace {

constexpr double kLargest = std::numeric_limits<double>::max();

// The trivial answer (lemke.hpp, solve): z = 0, w = q when q >= 0, with every entry of q and M
// finite. Branch-free passes (a NaN fails every comparison, an infinity the bound), no workspace, no
// balancing: at one to three unknowns this is the whole solve, and its fixed costs (a call, a
// reduction with early exits, a memset) were most of it. False when the general path must decide,
// which then also reports the invalid inputs.
bool answered_by_zero(const MatRef& M, const VecRef& q, LcpResult& result) {
  const Eigen::Index n = q.size();
  if (M.rows() != n || M.cols() != n) return false;
  bool trivial = true;
  for (Eigen::Index i = 0; i < n; ++i) trivial &= q[i] >= 0.0 && q[i] <= kLargest;
  if (!trivial) return false;
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = 0; i < n; ++i) trivial &= std::abs(M(i, j)) <= kLargest;
  if (!trivial) return false;
  if (result.z.size() != n) result.z.resize(n);
  if (result.w.size() != n) result.w.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    result.z[i] = 0.0;
    result.w[i] = q[i];
  }
  result.iterations = 0;
  result.status = LcpStatus::solved;
  result.residual = 0.0;  // exact: min(z, w) = min(0, q) = 0
  return true;
}

}  // namespace

void LemkeSolver::solve(const MatRef& M, const VecRef& q, LcpResult& result) {
  if (answered_by_zero(M, q, result)) {
    n_ = static_cast<int>(q.size());
    k_ = 0;
    return;
  }
  solve_with_pivots(M, q, result);
}

// Every problem but the trivial one: q has a negative entry, or the input is invalid.
void LemkeSolver::solve_with_pivots(const MatRef& M, const VecRef& q, LcpResult& result) {
  if (!is_valid_lcp(M, q)) return set_invalid(result);
  const Eigen::Index n = q.size();
  n_ = static_cast<int>(n);
  k_ = 0;
  reserve(n);
  prepare_result(result, n);
  if (n <= std::min(options_.direct_up_to, 3) && solve_small(M, q, result)) return;
  if (options_.equilibrate)
    eq_.compute(M);
  else
    eq_.set_identity(M);
  qs_.head(n) = q.cwiseProduct(eq_.row().head(n));
  cover_.head(n).setOnes();
  m_scale_ = std::max(eq_.max_entry(), 1e-300);
  q_scale_ = qs_.head(n).cwiseAbs().maxCoeff();
  // z0 enters; w_r with the smallest q'_r leaves (ties: the largest index is lexicographically least).
  int r = 0;
  for (int i = 1; i < n_; ++i)
    if (qs_[i] <= qs_[r]) r = i;
  start(r);
  result.iterations = 1;
  bool degenerate_ray = false;  // a ray taken for a solution because z0 looked zero
  result.status = walk(M, Var{false, r}, result.iterations, degenerate_ray);
  if (result.status == LcpStatus::solved) {
    finish(M, q, result);
    // z0 looked zero only beside a larger row (it is small against q_scale_ but not against its own
    // row): the ray stands, the problem has no solution.
    if (degenerate_ray && result.status == LcpStatus::singular) result.status = LcpStatus::ray_termination;
  } else {
    extract(M, q, result);
  }
}

int LemkeSolver::pivot_cap() const {
  return options_.max_iterations > 0 ? options_.max_iterations : lemke_pivot_cap(n_);
}

// Follows the almost-complementary path from the current basis, e entering first, until z0 leaves
// (solved), nothing blocks (a ray), a refresh finds the basis singular, or `pivots` (the count so
// far, advanced here) reaches the cap.
LcpStatus LemkeSolver::walk(const MatRef& M, Var e, int& pivots, bool& degenerate_ray) {
  const int cap = pivot_cap();
  int since_refresh = 0;
  degenerate_ray = false;
  for (; pivots < cap; ++pivots) {
    if (options_.should_stop && pivots % LemkeOptions::kStopCheckPivots == 0 && pivots > 0 && options_.should_stop())
      throw StopRequested{};
    entering_direction(M, e);
    Row leaving;
    double theta = 0.0;
    bool blocked = ratio_test(M, e, leaving, theta);
    if (!blocked && since_refresh > 0) {
      // An apparent ray may be rounding drift in the updated inverse (a blocking rate just under
      // the pivot tolerance): confirm it on a freshly factorised basis before reporting it.
      since_refresh = 0;
      if (!refresh(M)) return LcpStatus::singular;
      entering_direction(M, e);
      blocked = ratio_test(M, e, leaving, theta);
    }
    if (!blocked) {
      // A ray from a basis whose z0 is already zero up to rounding: that basis solves the LCP
      // (w = M z + q + d z0 with z0 = 0), a degenerate end the ratio test could not see.
      const double z0 = xc_[zpos_[static_cast<std::size_t>(n_)]];
      degenerate_ray = z0 <= kZeroZ0 * q_scale_;
      return degenerate_ray ? LcpStatus::solved : LcpStatus::ray_termination;
    }
    const bool z0_leaves = !leaving.is_w && !is_z_like(leaving.index);
    const Var next = leaving.is_w ? Var{false, leaving.index}
                                  : Var{true, c_var_[static_cast<std::size_t>(leaving.index)]};
    pivot(M, e, leaving, theta);
    if (z0_leaves) {
      ++pivots;
      return LcpStatus::solved;
    }
    e = next;
    const int interval = options_.refresh_interval > 0 ? options_.refresh_interval : std::max(50, k_);
    if (++since_refresh >= interval) {
      since_refresh = 0;
      if (!refresh(M)) return LcpStatus::singular;
    }
  }
  return LcpStatus::max_iterations;
}

// Refines the final basic solution and accepts it only when its relative residual is small; else
// decides on a freshly factorised basis (drift in the updated inverse is then gone). A complementary
// basis that still leaves rows violated against their own scale is repaired by a restart (below).
// The one acceptance test of Lemke's answers, direct (lemke_small.cpp) or pivoted: the relative
// residual row by row (equilibration.hpp) within residual_tolerance.
bool LemkeSolver::accepted(const MatRef& M, const VecRef& q, const LcpResult& result) const {
  return eq_.relative_residual(M, q, result.z, result.w) <= options_.residual_tolerance;
}

void LemkeSolver::finish(const MatRef& M, const VecRef& q, LcpResult& result) {
  for (int restarts = 0;; ++restarts) {
    refine(M);
    extract(M, q, result);
    if (accepted(M, q, result)) return;
    if (!refresh(M)) break;
    refine(M);
    extract(M, q, result);
    if (accepted(M, q, result)) return;
    if (restarts == kMaxRestarts || !restart(M, q, result)) break;
  }
  result.status = LcpStatus::singular;
}

// Lemke's scheme once more, from the final complementary basis B, for the basic variables that are
// negative where they matter: the basic w's that violate their own row (w_i < 0 beyond
// residual_tolerance s_i, s_i as in the relative residual) and the basic z's below zero (extract
// clamps them to zero, which leaves their rows unsolved). The path's values carry rounding of
// ε ||q'||, so a row whose own terms are smaller than that comes out of an otherwise correct path
// violated: a contact velocity of 1e-17 (rounding itself) beside one of 0.25 is the same number to
// the tableau as 0; a slip-speed slack left at 0 for |v_T| = 1.3e-13 by z0 leaving at a tie; a
// constraint row of the admissible-force LP whose entries are rounding (1e-31) next to ones of 1.
// With u the indicator of those basic variables and the covering vector d = B u (the unit columns of
// the w's, the tableau columns of the z's), x_B(z0) = B^{-1}(q' + d z0) = x_B + z0 u: z0 entering at
// the largest deficit makes every basic value non-negative, an almost-complementary feasible basis
// from which the path is followed as before (Cottle, Pang & Stone 1992 §4.4: Lemke's scheme from any
// complementary basis with such a covering vector; finite under the lexicographic rule, but with no
// guarantee of ending in a solution, so a ray here leaves the status `singular`). Its values are of
// the size of the deficits, which is the scale its ratio test (ties, a zero z0 at a ray) measures
// against. False when there is nothing to cover (z0 still basic) or the path does not end with z0
// leaving.
bool LemkeSolver::restart(const MatRef& M, const VecRef& q, LcpResult& result) {
  if (zpos_[static_cast<std::size_t>(n_)] != kNone) return false;
  const double zmax = eq_.balanced_max(result.z);
  // d = B u and the rates of decrease of the basic values per unit of z0: -u (y for the basic z's,
  // dw for the basic w's); z0 replaces the most negative of them.
  Row leaving;
  double theta = 0.0;
  for (int i = 0; i < n_; ++i) {
    const bool violated = spos_[static_cast<std::size_t>(i)] == kNone && xw_[i] < 0.0 &&
                          -result.w[i] > options_.residual_tolerance * eq_.row_scale(M, q, result.z, i, zmax);
    cover_[i] = violated ? 1.0 : 0.0;
    dw_[i] = -cover_[i];
    if (violated && -xw_[i] >= theta) leaving = Row{true, i}, theta = -xw_[i];
  }
  for (int t = 0; t < k_; ++t) {
    y_[t] = xc_[t] < 0.0 ? -1.0 : 0.0;
    if (!(xc_[t] < 0.0)) continue;
    for (int i = 0; i < n_; ++i) cover_[i] += column_entry(M, i, t);
    if (-xc_[t] >= theta) leaving = Row{false, t}, theta = -xc_[t];
  }
  if (!(theta > 0.0)) return false;
  const Var next = leaving.is_w ? Var{false, leaving.index} : Var{true, c_var_[static_cast<std::size_t>(leaving.index)]};
  pivot(M, Var{false, n_}, leaving, theta);
  ++result.iterations;
  q_scale_ = theta;
  bool degenerate_ray = false;
  return walk(M, next, result.iterations, degenerate_ray) == LcpStatus::solved;
}

void LemkeSolver::start(int r) {
  std::fill(zpos_.begin(), zpos_.begin() + n_ + 1, kNone);
  std::fill(spos_.begin(), spos_.begin() + n_, kNone);
  c_var_[0] = n_;
  s_row_[0] = r;
  zpos_[static_cast<std::size_t>(n_)] = 0;
  spos_[static_cast<std::size_t>(r)] = 0;
  k_ = 1;
  inv_(0, 0) = -1.0;  // G = [-1]
  xc_[0] = -qs_[r];
  xw_.head(n_) = (qs_.head(n_).array() - qs_[r]).matrix();
}

// y = G^{-1} a_S (the change of the basic z's) and dw = a_R - A_C(R,:) y (the change of the basic
// w's) per unit increase of the entering variable e, whose column in the tableau is a.
// The columns of E M D are applied as unscaled columns times D, the sum multiplied by E at the end.
void LemkeSolver::entering_direction(const MatRef& M, Var e) {
  const auto P = inv_.topLeftCorner(k_, k_);
  const Vec& c = eq_.col();
  auto dw = dw_.head(n_);
  if (e.is_w) {
    y_.head(k_) = P.col(spos_[static_cast<std::size_t>(e.index)]);
    dw.setZero();
  } else {
    for (int s = 0; s < k_; ++s) tmp_[s] = entry(M, s_row_[static_cast<std::size_t>(s)], e.index);
    y_.head(k_).noalias() = P * tmp_.head(k_);
    dw = -c[e.index] * M.col(e.index);
  }
  double z0_rate = 0.0;
  for (int t = 0; t < k_; ++t) {
    const int var = c_var_[static_cast<std::size_t>(t)];
    if (var == n_)
      z0_rate = y_[t];
    else
      dw.noalias() += M.col(var) * (c[var] * y_[t]);
  }
  dw = dw.cwiseProduct(eq_.row().head(n_));
  dw += z0_rate * cover_.head(n_);
}

// Minimum-ratio test. Returns false when nothing blocks (ray). Rates are compared in units that make
// the tolerance scale-free: z-like values are measured in q_scale/m_scale, w-like ones in q_scale.
bool LemkeSolver::ratio_test(const MatRef& M, Var e, Row& leaving, double& theta) {
  const double ent_unit = e.is_w ? 1.0 : 1.0 / m_scale_;  // unit of the entering variable / q_scale
  int n_cand = 0;
  double best = INFINITY, bound = INFINITY;
  auto consider = [&](double x, double d, double basic_unit, int code) {
    const double rate = d * ent_unit / basic_unit;  // in units of the row per unit of the entering variable
    if (!(rate > options_.pivot_tolerance)) return;
    const double ratio = std::max(x, 0.0) / d;
    ties_[static_cast<std::size_t>(n_cand++)] = code;
    tmp_[n_cand - 1] = ratio;  // reuse tmp_ for the ratios of the candidates
    best = std::min(best, ratio);
    // Stepping past this row's ratio by δ leaves it at -δ d: a tie may do so by at most tie_tolerance
    // of the row's unit (ratio + unit / rate), never by more than the relative gap of a unit-rate row.
    bound = std::min(bound, ratio + options_.tie_tolerance * (ratio + ent_unit * q_scale_ / std::max(rate, 1.0)));
  };
  // tmp_ holds n+1 entries; candidates never exceed k + (n - k) = n, so it is large enough.
  for (int t = 0; t < k_; ++t) consider(xc_[t], y_[t], is_z_like(t) ? 1.0 / m_scale_ : 1.0, -t - 1);
  for (int i = 0; i < n_; ++i)
    if (spos_[static_cast<std::size_t>(i)] == kNone) consider(xw_[i], dw_[i], 1.0, i);
  if (n_cand == 0) return false;
  theta = best;
  int n_ties = 0, z0_code = 0;
  bool z0_tied = false;
  for (int c = 0; c < n_cand; ++c) {
    const int code = ties_[static_cast<std::size_t>(c)];
    if (!(tmp_[c] <= bound)) continue;
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

// z = D z' from the basic values; w and the residual from the original M and q.
void LemkeSolver::extract(const MatRef& M, const VecRef& q, LcpResult& result) const {
  result.z.setZero();
  for (int t = 0; t < k_; ++t) {
    const int var = c_var_[static_cast<std::size_t>(t)];
    if (var != n_) result.z[var] = eq_.col()[var] * std::max(xc_[t], 0.0);
  }
  result.residual = recompute_w_and_residual(M, q, result.z, result.w);
}

}  // namespace stickslip::solvers
