// Solver selection for LCP(M, q).
//
// `auto` (documented in docs/solvers.md):
//   1. Invalid input is rejected (invalid_input) before any solver runs.
//   2. The structure is probed in O(n^2): symmetry (|M - M^T| <= 1e-12 max|M|) and a positive
//      diagonal.
//   3. Order of attempts:
//        n <= 1000, or M not symmetric with positive diagonal:
//            Lemke -> Fischer-Burmeister -> smoothed Newton -> PGS (positive diagonal only: PGS
//            divides by it; it converges for diagonally dominant M whether symmetric or not)
//        n > 1000, symmetric with positive diagonal (a PGS problem, Lemke's O(n k^2) too dear):
//            PGS -> Lemke -> Fischer-Burmeister -> smoothed Newton
//        and, for n <= 10, enumeration last. Lemke is exact and fast for the small and medium dense
//      problems of event-driven schemes and covers P, PSD and copositive-plus matrices; the
//      Newton methods handle what Lemke's path misses on non-copositive-plus matrices (Qi, Luo & Huang 2011);
//      PGS needs only matrix-vector work but converges slowly on ill-conditioned problems.
//   4. A result is accepted when its status is solved and its relative residual (equilibration.hpp:
//      the residual of the row- and column-balanced problem over that problem's magnitude) is at
//      most max(tolerance, 1e-8): an iterative solver's own test, absolute in the units of q, can
//      be met while a row of small magnitude is still far from solved. In `auto`, the Newton
//      methods are capped at 60 steps (they converge in fewer than 30 when they converge at all)
//      so that a hopeless problem cannot cost thousands of dense factorisations.
//   5. If no attempt is accepted, the result is Lemke's when it ended in ray termination (for
//      copositive-plus M that proves the LCP infeasible), else the attempt with the smallest
//      relative residual, whose status is max_iterations if it claimed solved (it did not meet the
//      acceptance level). `iterations` sums the iterations of all attempts.
//   n = 0: the first attempt returns solved with empty z and w.
#include "solvers/auto_select.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace stickslip::solvers {

namespace {

constexpr std::array<std::pair<LcpSolverKind, std::string_view>, 6> kNames{{
    {LcpSolverKind::lemke, "lemke"},
    {LcpSolverKind::pgs, "pgs"},
    {LcpSolverKind::fischer_burmeister, "fb"},
    {LcpSolverKind::smoothed_newton, "smooth"},
    {LcpSolverKind::enumeration, "enum"},
    {LcpSolverKind::automatic, "auto"},
}};

constexpr int kAutoNewtonCap = 60;

bool positive_diagonal(const MatRef& M) {
  for (Eigen::Index j = 0; j < M.rows(); ++j)
    if (!(M(j, j) > 0.0)) return false;
  return true;
}

bool symmetric(const MatRef& M) {
  const Eigen::Index n = M.rows();
  if (n == 0) return true;
  const double tol = 1e-12 * std::max(M.cwiseAbs().maxCoeff(), 1e-300);
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = j + 1; i < n; ++i)
      if (std::abs(M(i, j) - M(j, i)) > tol) return false;
  return true;
}

void copy_result(const LcpResult& from, LcpResult& to) {
  if (to.z.size() != from.z.size()) to.z.resize(from.z.size());
  if (to.w.size() != from.w.size()) to.w.resize(from.w.size());
  to.z = from.z;
  to.w = from.w;
  to.status = from.status;
  to.iterations = from.iterations;
  to.residual = from.residual;
}

}  // namespace

std::string_view to_string(LcpSolverKind kind) {
  for (const auto& [k, name] : kNames)
    if (k == kind) return name;
  return "unknown";
}

std::optional<LcpSolverKind> parse_solver_kind(std::string_view name) {
  for (const auto& [k, n] : kNames)
    if (n == name) return k;
  return std::nullopt;
}

LcpSolver::LcpSolver(Eigen::Index capacity, LcpOptions options) : options_(options) { reserve(capacity); }

void LcpSolver::reserve(Eigen::Index capacity) {
  lemke_.reserve(capacity);
  pgs_.reserve(capacity);
  fb_.reserve(capacity);
  smooth_.reserve(capacity);
  enum_.reserve(std::min<Eigen::Index>(capacity, 10));
  eq_.reserve(capacity);
}

LcpResult LcpSolver::solve(const MatRef& M, const VecRef& q) {
  LcpResult result;
  solve(M, q, result);
  return result;
}

LcpResult solve_lcp(const MatRef& M, const VecRef& q, const LcpOptions& options) {
  LcpSolver solver(q.size(), options);
  return solver.solve(M, q);
}

// Copies the user's tolerance and caps into the solvers (the Newton caps are tightened in auto).
void LcpSolver::apply_options(bool in_auto) {
  const double tol = options_.tolerance;
  const int cap = options_.max_iterations;
  pgs_.options().tolerance = tol > 0.0 ? tol : PgsOptions{}.tolerance;
  pgs_.options().max_iterations = cap;
  for (NewtonOptions* o : {&fb_.options(), &smooth_.options().newton}) {
    o->tolerance = tol > 0.0 ? tol : NewtonOptions{}.tolerance;
    o->max_iterations = cap > 0 ? cap : (in_auto ? kAutoNewtonCap : 0);
  }
  enum_.options().tolerance = tol > 0.0 ? tol : EnumerationOptions{}.tolerance;
  lemke_.options().max_iterations = cap;
}

void LcpSolver::run(LcpSolverKind kind, const MatRef& M, const VecRef& q, LcpResult& result) {
  ++attempts_;
  last_ = kind;
  switch (kind) {
    case LcpSolverKind::lemke: return lemke_.solve(M, q, result);
    case LcpSolverKind::pgs: return pgs_.solve(M, q, result);
    case LcpSolverKind::fischer_burmeister: return fb_.solve(M, q, result);
    case LcpSolverKind::smoothed_newton: return smooth_.solve(M, q, result);
    case LcpSolverKind::enumeration: return enum_.solve(M, q, result);
    case LcpSolverKind::automatic: return automatic(M, q, result);
  }
}

void LcpSolver::solve(const MatRef& M, const VecRef& q, LcpResult& result) {
  attempts_ = 0;
  if (!is_valid_lcp(M, q)) {
    last_ = options_.solver;
    return set_invalid(result);
  }
  apply_options(options_.solver == LcpSolverKind::automatic);
  run(options_.solver, M, q, result);
}

void LcpSolver::automatic(const MatRef& M, const VecRef& q, LcpResult& result) {
  --attempts_;  // `automatic` itself is not an attempt
  const Eigen::Index n = q.size();
  const bool pgs_ok = positive_diagonal(M), pgs_first = n > 1000 && pgs_ok && symmetric(M);
  std::array<LcpSolverKind, 5> order{};
  int count = 0;
  if (pgs_first) order[count++] = LcpSolverKind::pgs;
  for (auto k : {LcpSolverKind::lemke, LcpSolverKind::fischer_burmeister, LcpSolverKind::smoothed_newton})
    order[count++] = k;
  if (!pgs_first && pgs_ok) order[count++] = LcpSolverKind::pgs;
  if (n <= 10) order[count++] = LcpSolverKind::enumeration;

  const double accept = std::max(options_.tolerance, kAcceptableRelativeResidual);
  eq_.compute(M);
  int total_iterations = 0;
  bool have_best = false, lemke_ray = false, accepted = false;
  double best = INFINITY;  // relative residual of the kept result
  LcpSolverKind best_kind = order[0];
  for (int a = 0; a < count && !accepted; ++a) {
    run(order[static_cast<std::size_t>(a)], M, q, trial_);
    total_iterations += trial_.iterations;
    const double rel = eq_.relative_residual(M, q, trial_.z, trial_.w);
    accepted = trial_.solved() && rel <= accept;
    const bool ray = last_ == LcpSolverKind::lemke && trial_.status == LcpStatus::ray_termination;
    // Keep: an accepted result; else Lemke's ray (a certificate); else the smallest residual.
    if (accepted || ray || !have_best || (!lemke_ray && rel < best)) {
      copy_result(trial_, result);
      best_kind = last_;
      best = rel;
      have_best = true;
      lemke_ray = lemke_ray || ray;
    }
  }
  if (!accepted && result.solved()) result.status = LcpStatus::max_iterations;
  last_ = best_kind;
  result.iterations = total_iterations;
}

}  // namespace stickslip::solvers
