// Cost of evaluating the laws through their interfaces (they are called ~1e6 times per second).
#include <benchmark/benchmark.h>

#include "laws/law_registry.hpp"

namespace {

using namespace stickslip::laws;

void BM_NormalForce(benchmark::State& state, const char* name, ParamValues values) {
  const auto law = make_normal_law(name, values);
  double delta = 1e-4, rate = 0.3;
  for (auto _ : state) {
    benchmark::DoNotOptimize(law->force(delta, rate, 1.0));
    delta += 1e-12;
  }
}
BENCHMARK_CAPTURE(BM_NormalForce, hertz, "hertz", {{"K", 1e9}});
BENCHMARK_CAPTURE(BM_NormalForce, lankarani_nikravesh, "lankarani_nikravesh", {{"K", 1e9}, {"e", 0.9}});
BENCHMARK_CAPTURE(BM_NormalForce, extended_hertz, "extended_hertz", {{"K1", 1e6}, {"c2", 1e7}});

void BM_Friction(benchmark::State& state, const char* name, ParamValues values) {
  const auto law = make_friction_law(name, values);
  double z[1] = {1e-7}, zdot[1];
  FrictionInput in{1e-3, 10.0};
  for (auto _ : state) {
    benchmark::DoNotOptimize(law->force(in, z));
    law->state_rate(in, z, zdot);
    benchmark::DoNotOptimize(zdot[0]);
    in.slip_velocity += 1e-12;
  }
}
BENCHMARK_CAPTURE(BM_Friction, coulomb_tanh, "coulomb_tanh", {{"mu", 0.3}, {"v_t", 1e-4}});
BENCHMARK_CAPTURE(BM_Friction, stribeck, "stribeck",
                  {{"mu_s", 0.4}, {"mu_k", 0.3}, {"v_s", 1e-3}, {"v_t", 1e-6}});
BENCHMARK_CAPTURE(BM_Friction, lugre, "lugre",
                  {{"mu_s", 0.4}, {"mu_k", 0.3}, {"sigma0", 1e6}, {"sigma1", 100}, {"v_s", 1e-3}});

}  // namespace

BENCHMARK_MAIN();
