// Right-hand-side evaluations and integrator steps per second of the smooth formulation, planar and
// spatial (issue 11: the spatial chain of 4 bodies, target 0.5 M evaluations/s on one core).
// Run: build/bin/bench_multibody (figures in docs/performance.md).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "formulations/initial_state.hpp"
#include "formulations/compliant/multibody_ode.hpp"
#include "integrators/dopri5.hpp"
#include "integrators/rk4.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace {

ModelFile example(const std::string& file) { return read_model_file(std::string(STICKSLIP_SOURCE_DIR) + "/" + file); }

// A chain of n uniform rods (1 m, 1 kg) hinged end to end from the ground: n bodies, 2n equations.
ModelFile chain(int n) {
  ModelFile mf;
  ModelBuilder mb("chain");
  mb.set_gravity(Vec2(0, -9.81));
  int previous = Model::kGround;
  for (int k = 0; k < n; ++k) {
    Body b;
    b.name = "rod" + std::to_string(k);
    b.mass = 1;
    b.inertia = 1.0 / 12;
    b.position = Vec2(0.5 + k, 0);
    const int ib = mb.add_body(b);
    Joint j;
    j.name = "hinge" + std::to_string(k);
    j.body_i = previous;
    j.body_j = ib;
    j.point_i = previous == Model::kGround ? Vec2(0, 0) : Vec2(0.5, 0);
    j.point_j = Vec2(-0.5, 0);
    mb.add_joint(j);
    previous = ib;
  }
  mf.model = mb.build();
  return mf;
}

// The same chain of 4 rods in space (issue 11): spatial bodies (quaternions, body-frame ω, gyroscopic
// term) joined by spherical joints, 4 × 6 = 24 velocities, 12 equations; a slender rod's principal
// moments (m ℓ²/12 across, a thin core's 1e-3 along). Written to a file and read like a user's model.
ModelFile spatial_chain(int n) {
  std::string yaml = "dimension: spatial\ngravity: [0, 0, -9.81]\nbodies:\n";
  for (int k = 0; k < n; ++k)
    yaml += "  - {name: rod" + std::to_string(k) + ", mass: 1, inertia: [1e-3, 0.0833333333333, 0.0833333333333], " +
            "position: [" + std::to_string(0.5 + k) + ", 0, 0], angular_velocity: [0, 0, 0]}\n";
  yaml += "joints:\n";
  for (int k = 0; k < n; ++k)
    yaml += "  - {name: ball" + std::to_string(k) + ", type: spherical, bodies: [" +
            (k == 0 ? std::string("ground") : "rod" + std::to_string(k - 1)) + ", rod" + std::to_string(k) +
            "], points: [" + (k == 0 ? "[0, 0, 0]" : "[0.5, 0, 0]") + ", [-0.5, 0, 0]]}\n";
  const std::string path = "/tmp/stickslip_bench_spatial_chain.yaml";
  FILE* f = std::fopen(path.c_str(), "w");
  std::fputs(yaml.c_str(), f);
  std::fclose(f);
  return read_model_file(path);
}

ModelFile model_for(int which) {
  switch (which) {
    case 0: return example("examples/double_pendulum/double_pendulum.yaml");
    case 1: return example("examples/slider_crank/slider_crank.yaml");
    case 2: return chain(4);
    default: return spatial_chain(4);
  }
}
const char* kNames[] = {"double_pendulum", "slider_crank", "chain4", "spatial_chain4"};

void BM_RightHandSide(benchmark::State& st) {
  const ModelFile mf = model_for(static_cast<int>(st.range(0)));
  MultibodyOde ode(mf.model, mf.options);
  Vec y, dy(ode.dimension());
  ode.pack(assembled_initial_state(mf.model, mf.options, ode.workspace()), y);
  double t = 0;
  for (auto _ : st) {
    ode.derivative(t, y, dy);
    benchmark::DoNotOptimize(dy.data());
    t += 1e-9;
  }
  st.SetLabel(kNames[st.range(0)]);
  st.counters["rhs_per_s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RightHandSide)->DenseRange(0, 3);

void BM_Rk4Step(benchmark::State& st) {
  const ModelFile mf = model_for(static_cast<int>(st.range(0)));
  MultibodyOde ode(mf.model, mf.options);
  Vec y;
  ode.pack(assembled_initial_state(mf.model, mf.options, ode.workspace()), y);
  Rk4Integrator rk4(1e-4);
  rk4.reset(ode, 0.0, y);
  for (auto _ : st) {
    rk4.step(ode, 1e9);
    benchmark::DoNotOptimize(rk4.y().data());
  }
  st.SetLabel(kNames[st.range(0)]);
  st.counters["steps_per_s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Rk4Step)->DenseRange(0, 3);

// A full 10 s run with dopri5 at rtol 1e-8 (outputs not sampled).
void BM_Dopri5Run10s(benchmark::State& st) {
  const ModelFile mf = model_for(static_cast<int>(st.range(0)));
  MultibodyOde ode(mf.model, mf.options);
  Vec y;
  ode.pack(assembled_initial_state(mf.model, mf.options, ode.workspace()), y);
  IntegratorOptions o;
  o.rtol = 1e-8;
  o.atol = 1e-10;
  o.step = 0;
  long steps = 0, evals = 0;
  for (auto _ : st) {
    Dopri5Integrator integ(o);
    integ.reset(ode, 0.0, y);
    while (integ.t() < 10.0) integ.step(ode, 10.0);
    steps += integ.stats().steps;
    evals += integ.stats().rhs_evaluations;
  }
  st.SetLabel(kNames[st.range(0)]);
  st.counters["steps"] = static_cast<double>(steps) / static_cast<double>(st.iterations());
  st.counters["rhs_evals"] = static_cast<double>(evals) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_Dopri5Run10s)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace stickslip

BENCHMARK_MAIN();
