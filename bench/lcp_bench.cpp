// Complementarity solvers on random problems of n = 10 ... 500 (docs/performance.md has the figures
// and the command). Each benchmark reports the time per solve and, as counters, the pivots or
// iterations of one solve (iters), its residual ||min(z, w)||_inf (residual), whether it was solved
// (solved = 1) and, for Lemke, the time per pivot (s_per_pivot). Eigen's PartialPivLU at the same n
// stands beside them: the target is a whole Lemke solve in about one dense LU.
//
// Problem sets (fixed seeds):
//   spd        symmetric, strictly diagonally dominant, q uniform in [-1, 1]        (easy)
//   delassus   W = J diag(1/m) J^T with J n x n/2: positive semidefinite of rank n/2 (more contact
//              rows than degrees of freedom), planted q so that a solution exists     (PGS: slow)
//   friction   the 2D frictional contact problem of n/4 contacts on such a W, lifted to an LCP of
//              size 4 * (n/4) (p_N, p_T+, p_T-, beta per contact; not symmetric, not PSD)
//   degenerate PSD as delassus but half of the planted pairs have z_i = w_i = 0 (ties everywhere)
//   illcond    SPD with eigenvalues spread over [1e-4, 1]                            (PGS: thousands)
#include <benchmark/benchmark.h>

#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "solvers/auto_select.hpp"
#include "solvers/frictional_contact.hpp"
#include "solvers/lemke.hpp"
#include "lcp_problems.hpp"

namespace {

using namespace stickslip;
using namespace stickslip::solvers;
using namespace stickslip::bench;

void report(benchmark::State& state, const LcpResult& r, bool pivots) {
  state.counters["n"] = static_cast<double>(r.z.size());
  state.counters["iters"] = r.iterations;
  state.counters["residual"] = r.residual;
  state.counters["solved"] = r.solved() ? 1 : 0;
  if (pivots && r.iterations > 0)
    state.counters["s_per_pivot"] =
        benchmark::Counter(r.iterations, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void solve_bench(benchmark::State& state, const std::string& set, LcpSolverKind kind) {
  const Problem& p = problem(set, state.range(0));
  LcpSolver solver(p.q.size(), {.solver = kind, .tolerance = 0.0, .max_iterations = 0});
  LcpResult r;
  solver.solve(p.M, p.q, r);  // sizes the result: the timed solves allocate nothing
  for (auto _ : state) {
    solver.solve(p.M, p.q, r);
    benchmark::DoNotOptimize(r.z.data());
  }
  report(state, r, kind == LcpSolverKind::lemke);
}

void lu_bench(benchmark::State& state, const std::string& set) {
  const Problem& p = problem(set, state.range(0));
  Eigen::PartialPivLU<Mat> lu(p.M.rows());
  for (auto _ : state) {
    lu.compute(p.M);
    benchmark::DoNotOptimize(lu.matrixLU().data());
  }
  state.counters["n"] = static_cast<double>(p.M.rows());
}

// The frictional problem solved directly by nonsmooth Gauss-Seidel on W (no lifting).
void friction_gs_bench(benchmark::State& state) {
  const Eigen::Index m = std::max<Eigen::Index>(1, state.range(0) / 4);
  const Mat W = delassus(2 * m, static_cast<unsigned>(state.range(0))) + 1e-3 * Mat::Identity(2 * m, 2 * m);
  Vec b = uniform(2 * m, 1, static_cast<unsigned>(state.range(0)) + 3);
  for (Eigen::Index c = 0; c < m; ++c) b[2 * c] = -0.5 + 0.6 * b[2 * c];
  std::vector<FrictionContact> contacts;
  for (int c = 0; c < m; ++c) contacts.push_back({2 * c, 2 * c + 1, 0.5});
  FrictionalContactSolver solver(2 * m, {.tolerance = 1e-8, .max_iterations = 0, .relaxation = 1.0});
  LcpResult r;
  solver.solve(W, b, contacts, r);
  for (auto _ : state) {
    solver.solve(W, b, contacts, r);
    benchmark::DoNotOptimize(r.z.data());
  }
  report(state, r, false);
}

// Lemke on tiny problems (n = 1, 2, 3: the LCPs of one to three contacts of the event-driven
// scheme), with its direct path (default) and with pivoting only (direct_up_to = 0).
void tiny_lemke_bench(benchmark::State& state, const std::string& set, bool direct) {
  const Problem& p = problem(set, state.range(0));
  LemkeOptions options;
  if (!direct) options.direct_up_to = 0;
  LemkeSolver solver(p.q.size(), options);
  LcpResult r;
  solver.solve(p.M, p.q, r);
  for (auto _ : state) {
    solver.solve(p.M, p.q, r);
    benchmark::DoNotOptimize(r.z.data());
  }
  report(state, r, !direct);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int n : {10, 50, 100, 200, 500}) b->Arg(n);
  b->Unit(benchmark::kMicrosecond);
}

void register_all() {
  const std::vector<std::pair<const char*, LcpSolverKind>> kinds{
      {"lemke", LcpSolverKind::lemke}, {"pgs", LcpSolverKind::pgs}, {"fb", LcpSolverKind::fischer_burmeister},
      {"smooth", LcpSolverKind::smoothed_newton}, {"auto", LcpSolverKind::automatic}};
  for (const char* set : {"spd", "delassus", "friction", "degenerate", "illcond"}) {
    benchmark::RegisterBenchmark((std::string(set) + "/eigen_lu").c_str(), lu_bench, std::string(set))->Apply(sizes);
    for (const auto& [name, kind] : kinds) {
      if (kind == LcpSolverKind::pgs && std::string(set) == "friction") continue;  // zero diagonal rows
      benchmark::RegisterBenchmark((std::string(set) + "/" + name).c_str(), solve_bench, std::string(set), kind)
          ->Apply(sizes);
    }
  }
  benchmark::RegisterBenchmark("friction/contact_gs", friction_gs_bench)->Apply(sizes);
  for (const char* set : {"spd", "delassus"})
    for (const bool direct : {true, false})
      benchmark::RegisterBenchmark((std::string("tiny_") + set + (direct ? "/lemke" : "/lemke_pivoting")).c_str(),
                                   tiny_lemke_bench, std::string(set), direct)
          ->DenseRange(1, 3);
  benchmark::RegisterBenchmark("spd/enum", solve_bench, std::string("spd"), LcpSolverKind::enumeration)
      ->Arg(10)
      ->Unit(benchmark::kMicrosecond);
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
