// stickslip's Lemke against the Lemke of an established LCP library, Siconos Numerics
// (lcp_lexicolemke: lexicographic Lemke on a dense tableau), on the same problem instances
// (lcp_problems.hpp): the tiny problems of one to three contacts (tiny_spd, tiny_delassus, n = 1-3)
// and the spd, delassus and friction sets at n = 10-200. Built only when CMake finds Siconos Numerics
// (Debian: libsiconos-numerics-dev, installed by `BENCH_DEPS=1 scripts/install-deps.sh`, which
// `make bench` runs). docs/performance.md has the figures and the command.
//
// Only the solve is timed, for both: stickslip's solver, with its workspace for n, and the views of
// M and q it takes (MatRef, VecRef) are made outside the loop; Siconos' problem (a dense
// NumericsMatrix holding a copy of M, and q) and its solver options (defaults of SICONOS_LCP_LEMKE)
// are created outside the loop too. Siconos'
// lcp_lexicolemke builds its tableau in memory it allocates on every call: that is part of its
// solve, as it is part of the call a user makes.
//
// Counters: n, iters (pivots), residual ||min(z, w)||_inf with w = M z + q recomputed from the
// returned z (the same measure for both libraries), solved (stickslip: status solved; Siconos: info
// == 0 and residual <= 1e-9 max(1, ||q||_inf)), and, for Siconos, info (its termination code) and
// siconos_error (its own lcp_compute_error).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <LCP_Solvers.h>  // Siconos Numerics (its headers declare extern "C" themselves)
#include <LinearComplementarityProblem.h>
#include <NumericsMatrix.h>
#include <SolverOptions.h>
#include <lcp_cst.h>

#include "lcp_problems.hpp"
#include "solvers/lemke.hpp"

namespace {

using namespace stickslip;
using namespace stickslip::solvers;
using namespace stickslip::bench;

void stickslip_lemke(benchmark::State& state, const std::string& set) {
  const Problem& p = problem(set, state.range(0));
  LemkeSolver solver(p.q.size());  // default options, workspace for n
  // The views the solver takes, made once like Siconos' problem: a Mat converted at every call costs
  // a Ref's construction and destruction (two calls of free on its unused copy), 3-4 ns of a 4-6 ns
  // q >= 0 answer. On the heap: the same views on this loop's stack frame made the solves at n = 200
  // 15 % slower in every run (a placement effect on the reads of their fields, not the solver's).
  struct Views {
    MatRef M;
    VecRef q;
  };
  const auto views = std::make_unique<const Views>(Views{p.M, p.q});
  const MatRef& M = views->M;
  const VecRef& q = views->q;
  LcpResult r;
  solver.solve(M, q, r);  // sizes the result: the timed solves allocate nothing
  for (auto _ : state) {
    solver.solve(M, q, r);
    benchmark::DoNotOptimize(r.z.data());
  }
  Vec w;
  state.counters["n"] = static_cast<double>(p.q.size());
  state.counters["iters"] = r.iterations;
  state.counters["residual"] = recompute_w_and_residual(p.M, p.q, r.z, w);
  state.counters["solved"] = r.solved() ? 1 : 0;
}

// A Siconos LCP owning copies of M (dense, column-major as Eigen's) and q.
struct SiconosLcp {
  LinearComplementarityProblem* lcp = nullptr;
  SolverOptions* options = nullptr;

  SiconosLcp(const Mat& M, const Vec& q) {
    const int n = static_cast<int>(q.size());
    lcp = newLCP();
    lcp->size = n;
    lcp->M = NM_create(NM_DENSE, n, n);
    std::memcpy(lcp->M->matrix0, M.data(), sizeof(double) * static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
    lcp->q = static_cast<double*>(std::malloc(sizeof(double) * static_cast<std::size_t>(n)));
    std::memcpy(lcp->q, q.data(), sizeof(double) * static_cast<std::size_t>(n));
    options = solver_options_create(SICONOS_LCP_LEMKE);
  }
  ~SiconosLcp() {
    solver_options_delete(options);
    freeLinearComplementarityProblem(lcp);
  }
  SiconosLcp(const SiconosLcp&) = delete;
  SiconosLcp& operator=(const SiconosLcp&) = delete;
};

void siconos_lemke(benchmark::State& state, const std::string& set) {
  const Problem& p = problem(set, state.range(0));
  SiconosLcp s(p.M, p.q);
  Vec z = Vec::Zero(p.q.size()), w = Vec::Zero(p.q.size());
  int info = -1;
  lcp_lexicolemke(s.lcp, z.data(), w.data(), &info, s.options);
  for (auto _ : state) {
    lcp_lexicolemke(s.lcp, z.data(), w.data(), &info, s.options);
    benchmark::DoNotOptimize(z.data());
  }
  Vec w_check;
  const double residual = recompute_w_and_residual(p.M, p.q, z, w_check);
  double error = 0.0;
  lcp_compute_error(s.lcp, z.data(), w.data(), 1e-9, &error);
  state.counters["n"] = static_cast<double>(p.q.size());
  state.counters["iters"] = s.options->iparam[SICONOS_IPARAM_ITER_DONE];
  state.counters["residual"] = residual;
  state.counters["solved"] = (info == 0 && residual <= 1e-9 * std::max(1.0, p.q.lpNorm<Eigen::Infinity>())) ? 1 : 0;
  state.counters["info"] = info;
  state.counters["siconos_error"] = error;
}

void register_all() {
  for (const char* set : {"spd", "delassus"}) {
    const std::string name = std::string("tiny_") + set;
    benchmark::RegisterBenchmark((name + "/stickslip").c_str(), stickslip_lemke, std::string(set))->DenseRange(1, 3);
    benchmark::RegisterBenchmark((name + "/siconos").c_str(), siconos_lemke, std::string(set))->DenseRange(1, 3);
  }
  for (const char* set : {"spd", "delassus", "friction"}) {
    for (const bool ours : {true, false}) {
      auto* b = benchmark::RegisterBenchmark((std::string(set) + (ours ? "/stickslip" : "/siconos")).c_str(),
                                             ours ? stickslip_lemke : siconos_lemke, std::string(set));
      for (int n : {10, 50, 100, 200}) b->Arg(n);
      b->Unit(benchmark::kMicrosecond);
    }
  }
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
