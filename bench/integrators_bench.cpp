// DOPRI5 against BDF (CVODES) on the stiff relaxation y' = -k (y - cos t) - sin t, y(0) = 0, over one
// simulated second at rtol 1e-6, atol 1e-9, for k = 1e2, 1e4, 1e6. Counters per integration: steps,
// rejected steps, right-hand-side evaluations; wall_per_sim_s is the wall time per simulated second.
// Run: build/bin/bench_integrators --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <cmath>

#include "integrators/bdf.hpp"
#include "integrators/dopri5.hpp"

namespace stickslip {
namespace {

class StiffRelaxation final : public OdeSystem {
 public:
  explicit StiffRelaxation(double k) : k_(k) {}
  int dimension() const override { return 1; }
  void derivative(double t, const Vec& y, Vec& dydt) override { dydt[0] = -k_ * (y[0] - std::cos(t)) - std::sin(t); }

 private:
  double k_;
};

template <class Method>
void BM_StiffRelaxation(benchmark::State& st) {
  const double k = std::pow(10.0, static_cast<double>(st.range(0)));
  constexpr double kSimulated = 1.0;
  IntegratorOptions o;
  o.rtol = 1e-6;
  o.atol = 1e-9;
  o.step = 0;  // each method picks its first step
  Method integ(o);
  StiffRelaxation sys(k);
  Vec y0(1);
  y0 << 0.0;
  IntegratorStats before, after;
  for (auto _ : st) {
    before = integ.stats();
    integ.reset(sys, 0.0, y0);
    while (integ.t() < kSimulated) integ.step(sys, kSimulated);
    benchmark::DoNotOptimize(integ.y().data());
    after = integ.stats();
  }
  st.counters["steps"] = static_cast<double>(after.steps - before.steps);
  st.counters["rejected"] = static_cast<double>(after.rejected_steps - before.rejected_steps);
  st.counters["rhs_evals"] = static_cast<double>(after.rhs_evaluations - before.rhs_evaluations);
  st.counters["wall_per_sim_s"] =
      benchmark::Counter(kSimulated, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

BENCHMARK_TEMPLATE(BM_StiffRelaxation, Dopri5Integrator)->DenseRange(2, 6, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_StiffRelaxation, BdfIntegrator)->DenseRange(2, 6, 2)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace stickslip

BENCHMARK_MAIN();
