// One entry point for LCP(M, q) that names the solver or lets the library choose: `auto` looks at
// the size and structure of M, tries the most suitable method first and falls back when it fails.
#pragma once

#include <optional>
#include <string_view>

#include "solvers/enumeration.hpp"
#include "solvers/equilibration.hpp"
#include "solvers/fischer_burmeister.hpp"
#include "solvers/lemke.hpp"
#include "solvers/pgs.hpp"
#include "solvers/smoothed_newton.hpp"

namespace stickslip::solvers {

enum class LcpSolverKind { lemke, pgs, fischer_burmeister, smoothed_newton, enumeration, automatic };

// Command-line names: "lemke", "pgs", "fb", "smooth", "enum", "auto".
std::string_view to_string(LcpSolverKind kind);
std::optional<LcpSolverKind> parse_solver_kind(std::string_view name);

struct LcpOptions {
  LcpSolverKind solver = LcpSolverKind::automatic;
  // Residual tolerance (relative to ||q||_inf, lcp_scale) of the iterative solvers and of enumeration;
  // 0 keeps each solver's default. Lemke is exact and does not use it; `auto` accepts a result
  // whose relative residual (equilibration.hpp) is at most max(tolerance, 1e-8).
  double tolerance = 0.0;
  int max_iterations = 0;  // 0 keeps each solver's default
};

class LcpSolver {
 public:
  explicit LcpSolver(Eigen::Index capacity = 0, LcpOptions options = {});
  void reserve(Eigen::Index capacity);
  LcpOptions& options() { return options_; }

  void solve(const MatRef& M, const VecRef& q, LcpResult& result);
  LcpResult solve(const MatRef& M, const VecRef& q);

  // The solver that produced the last result (for `auto`: the one whose answer was kept), and the
  // number of solvers tried.
  LcpSolverKind last_solver() const { return last_; }
  int attempts() const { return attempts_; }

 private:
  void run(LcpSolverKind kind, const MatRef& M, const VecRef& q, LcpResult& result);
  void automatic(const MatRef& M, const VecRef& q, LcpResult& result);
  void apply_options(bool in_auto);

  LcpOptions options_;
  LemkeSolver lemke_;
  PgsSolver pgs_;
  FischerBurmeisterSolver fb_;
  SmoothedNewtonSolver smooth_;
  EnumerationSolver enum_;
  Equilibration eq_;  // judges the attempts of `auto`
  LcpResult trial_;
  LcpSolverKind last_ = LcpSolverKind::automatic;
  int attempts_ = 0;
};

LcpResult solve_lcp(const MatRef& M, const VecRef& q, const LcpOptions& options = {});

}  // namespace stickslip::solvers
