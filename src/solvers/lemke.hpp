// Lemke's complementary pivoting algorithm for LCP(M, q), with the lexicographic minimum-ratio rule
// (no cycling on degenerate problems), ray-termination detection and an O(n^2)-per-pivot basis
// update that never refactors inside the pivot loop except for a periodic accuracy refresh. It
// pivots on the equilibrated problem (equilibration.hpp), so badly scaled rows and columns do not
// fool its tolerances, and reports `solved` only for an answer that passes a relative residual test.
// Algorithm and sources are described at the top of lemke.cpp; usage in docs/solvers.md.
#pragma once

#include <functional>
#include <vector>

#include "solvers/dense_lu.hpp"
#include "solvers/equilibration.hpp"
#include "solvers/lcp_problem.hpp"

namespace stickslip::solvers {

// The automatic pivot cap for n unknowns: 50 (n + 1) + 100 + 2^min(n, 16). Lemke's method is finite
// with the lexicographic rule and usually needs fewer than 3n pivots, but its worst case is
// exponential: Murty's (1978) problem of order n needs 2^n pivots, so a cap linear in n would stop
// it at n >= 10. The 2^min(n, 16) term lets such paths finish up to n = 16 (at most 65 536 extra
// pivots, ~10 ms at that size) while keeping the cap at about twice the linear one for large n,
// where every pivot costs O(n^2).
int lemke_pivot_cap(Eigen::Index n);

struct LemkeOptions {
  // Pivot cap; 0 means automatic: lemke_pivot_cap(n). The cap only guards against numerical trouble
  // and exponential paths (and bounds the textbook rule, which can cycle).
  int max_iterations = 0;
  // A basic variable blocks the entering one when its rate of decrease, in the equilibrated problem
  // and in units of ||q||/||M|| (z-like) or ||q|| (w-like), exceeds this.
  double pivot_tolerance = 1e-10;
  // Ratios within this relative distance of the minimum are ties, broken lexicographically (z0 first);
  // for a row that blocks faster than one unit per unit of the entering variable the distance shrinks
  // by its rate, so that passing it at a tie leaves it at most tie_tolerance of a unit below zero.
  double tie_tolerance = 1e-11;
  // false selects the textbook rule (first minimum ratio, no anti-cycling): for tests only.
  bool lexicographic = true;
  // false pivots on the problem as given, without row and column balancing: for tests only.
  bool equilibrate = true;
  // Rebuild the basis inverse from scratch after this many pivots; 0 means max(50, basis size).
  int refresh_interval = 0;
  // Problems of up to this many unknowns (at most 3) first try their complementary bases directly
  // (lemke_small.cpp: Cramer's rule, no balancing, no heap); the pivoting path runs only when no
  // basis passes the residual test. 0: always pivot (for tests of the pivoting itself).
  int direct_up_to = 3;
  // `solved` needs relative_residual (equilibration.hpp) <= this. Pivoting is exact up to rounding,
  // about 1e-16 cond(basis): 1e-9 admits bases with condition numbers up to ~1e6 with a margin.
  double residual_tolerance = 1e-9;
  // Asked every kStopCheckPivots pivots when set: true throws StopRequested (math/errors.hpp), so that
  // a run is not held by a long path (thousands of pivots on a problem of thousands of unknowns).
  std::function<bool()> should_stop;
  static constexpr int kStopCheckPivots = 64;
};

class LemkeSolver {
 public:
  explicit LemkeSolver(Eigen::Index capacity = 0, LemkeOptions options = {});

  // Preallocates the workspace for problems with n <= capacity.
  void reserve(Eigen::Index capacity);
  Eigen::Index capacity() const { return capacity_; }
  LemkeOptions& options() { return options_; }
  const LemkeOptions& options() const { return options_; }

  // Solves LCP(M, q) into `result`. No heap allocation when n <= capacity() and result.z, result.w
  // already have size n. Never throws on numerical failure: see result.status.
  // q >= 0 is answered first, by z = 0, w = q (residual exactly 0, 0 iterations), without the
  // workspace, balancing or the direct path: one pass over q and one over M. M is still read there:
  // a non-finite entry of M (or q) is invalid_input even when q >= 0, although z = 0 would not need
  // M, because w = M z + q is then not a number (∞ · 0 = NaN) and because a NaN in a Delassus
  // operator is a broken model that the step it appears in should report, not the first step that
  // needs an impulse. That pass costs n² comparisons without branches (about 1 ns at n <= 3).
  void solve(const MatRef& M, const VecRef& q, LcpResult& result);
  LcpResult solve(const MatRef& M, const VecRef& q);

 private:
  // A variable of the tableau: z_j (j < n), the artificial z0 (j == n), or w_i.
  struct Var {
    bool is_w = false;
    int index = 0;
  };
  // Identifies a basic position: a basic z (or z0) at position t of C, or a basic w_i.
  struct Row {
    bool is_w = false;
    int index = 0;  // C position if !is_w, row i if is_w
  };

  void solve_with_pivots(const MatRef& M, const VecRef& q, LcpResult& result);
  // The direct path for n <= 3 (lemke_small.cpp); false when it found no solution.
  bool solve_small(const MatRef& M, const VecRef& q, LcpResult& result);
  bool accepted(const MatRef& M, const VecRef& q, const LcpResult& result) const;
  int pivot_cap() const;
  LcpStatus walk(const MatRef& M, Var e, int& pivots, bool& degenerate_ray);
  bool restart(const MatRef& M, const VecRef& q, LcpResult& result);
  void start(int r);
  void entering_direction(const MatRef& M, Var e);
  bool ratio_test(const MatRef& M, Var e, Row& leaving, double& theta);
  Row lexicographic_choice(const MatRef& M, Var e, int n_ties);
  double inverse_entry(const MatRef& M, Row row, int j) const;
  void pivot(const MatRef& M, Var e, Row leaving, double theta);
  void grow(const MatRef& M, int j, int r, double theta);
  void replace_column(int p, int j, double theta);
  void replace_row(const MatRef& M, int i, int r, double theta);
  void shrink(int i, int p, double theta);
  void row_times_inverse(const MatRef& M, int r);
  bool refresh(const MatRef& M);
  void basic_values(const MatRef& M);
  void refine(const MatRef& M);
  double column_entry(const MatRef& M, int row, int t) const;
  void extract(const MatRef& M, const VecRef& q, LcpResult& result) const;
  void finish(const MatRef& M, const VecRef& q, LcpResult& result);
  double entry(const MatRef& M, int row, int var) const;
  bool is_z_like(int t) const { return c_var_[static_cast<std::size_t>(t)] != n_; }

  // Restarts from a final basis that fails the acceptance (lemke.cpp, restart). Each works at the
  // scale of the previous path's deficits: the first resolves rows down to the first path's rounding
  // (~ε ||q'||), the second rows below its own rounding (~ε² ||q'||, 1e-32 of the largest row), which
  // no physical input resolves; more would only repeat a path that cannot end in a solution.
  static constexpr int kMaxRestarts = 2;

  LemkeOptions options_;
  Eigen::Index capacity_ = 0;
  // Workspace (sizes for capacity n; k = number of basic z's including z0, k <= n + 1):
  Mat inv_;                 // (n+1)^2: top-left k x k block is G^{-1}, G = basis restricted to rows S, columns C
  Mat g_;                   // (n+1)^2: scratch for rebuilding G at a refresh
  Vec xc_, xw_;             // values of the basic z's (by C position) and of the w's (by row)
  Vec y_, dw_;              // direction of the basic values when the entering variable increases
  Vec u_, v_, tmp_;         // scratch vectors (n+1)
  std::vector<int> c_var_;  // C position -> variable (z_j: j, z0: n)
  std::vector<int> s_row_;  // S position -> row
  static constexpr int kNone = -1;  // the position of a variable or row outside the basis
  std::vector<int> zpos_;   // variable -> C position or kNone
  std::vector<int> spos_;   // row -> S position or kNone (w_i basic <=> spos_[i] == kNone)
  std::vector<int> ties_;   // candidates of the ratio test, encoded (w row i -> i, C pos t -> -t-1)
  Vec qs_;                  // E q, the equilibrated q
  Vec cover_;               // covering vector d of z0 in the equilibrated rows: e, or B u at a restart
  Equilibration eq_;        // E = diag(row), D = diag(col): the solver works on LCP(E M D, E q)
  DenseLu lu_;
  int n_ = 0, k_ = 0;
  double m_scale_ = 1.0, q_scale_ = 1.0;
};

LcpResult solve_lemke(const MatRef& M, const VecRef& q, const LemkeOptions& options = {});

}  // namespace stickslip::solvers
