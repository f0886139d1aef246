// The compliant scheme with contact laws and with joint friction (Xing, Zheng & Wang 2019):
// right-hand-side evaluations per second, and whole runs with the explicit and the implicit
// integrator. Run: build/bin/bench_compliant --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "formulations/initial_state.hpp"
#include "formulations/compliant/multibody_ode.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace {

std::string source(const std::string& file) { return std::string(STICKSLIP_SOURCE_DIR) + "/" + file; }

const char* kBlock = R"(gravity: [0, -9.81]
bodies:
  - {name: block, mass: 1.0, inertia: 0.0042, position: [0, 0.0499], angle: 0}
contacts:
  - {name: left, type: point_line, bodies: [ground, block], point: [-0.1, -0.05],
     normal: {law: hunt_crossley, K: 1e7, n: 1.5, e: 0.8}, friction: {law: lugre, mu_s: 0.5, mu_k: 0.4, sigma0: 1e5, sigma1: 300, v_s: 0.01}}
  - {name: right, type: point_line, bodies: [ground, block], point: [0.1, -0.05],
     normal: {law: hunt_crossley, K: 1e7, n: 1.5, e: 0.8}, friction: {law: lugre, mu_s: 0.5, mu_k: 0.4, sigma0: 1e5, sigma1: 300, v_s: 0.01}}
)";

ModelFile block_model() {
  const std::string path = "/tmp/stickslip_bench_block.yaml";
  FILE* f = std::fopen(path.c_str(), "w");
  std::fputs(kBlock, f);
  std::fclose(f);
  return read_model_file(path);
}

// One evaluation of ẏ with two closed contacts (Hunt-Crossley + LuGre), or with the LuGre joint
// friction of Xing, Zheng & Wang 2019 (Newton on λ, warm-started).
// Args 2-4: the slider of Qi, Luo & Huang 2011's example 1 on a frictional spatial prismatic joint
// (contact analysis, examples/prismatic_joint_contact), sliding at 0.5 m/s inside the guide (2) and
// tipped over its end (3), and the same joint without `contact:` (4, the ideal joint: the cost of
// the analysis is the difference).
void BM_RightHandSide(benchmark::State& st) {
  const bool joints = st.range(0) == 1;
  const bool slider = st.range(0) >= 2;
  ModelFile mf = joints   ? read_model_file(source("examples/lugre_double_pendulum/case1.yaml"))
                 : slider ? read_model_file(source("examples/prismatic_joint_contact/slider_out_of_guide.yaml"))
                          : block_model();
  if (st.range(0) == 4) mf.model.joints[0].contact.reset();
  MultibodyOde ode(mf.model, mf.options);
  Vec y, dy(ode.dimension());
  ode.pack(assembled_initial_state(mf.model, mf.options, ode.workspace()), y);
  if (slider) {
    const Body& b = mf.model.bodies[1];
    y[mf.model.nq + b.v_offset] = 0.5;
    if (st.range(0) == 3) y[b.q_offset] = 0.1 + 0.4;  // s = 0.4: overlap 0.1 m < l/2 + μ b, tipped
  }
  ode.begin(0.0, y);
  double t = 0;
  for (auto _ : st) {
    ode.derivative(t, y, dy);
    benchmark::DoNotOptimize(dy.data());
    t += 1e-12;
  }
  const char* labels[] = {"block on two Hunt-Crossley/LuGre contacts", "lugre_double_pendulum (joint friction, Newton)",
                          "prismatic joint contact, sliding inside", "prismatic joint contact, tipped",
                          "the same prismatic joint, ideal"};
  st.SetLabel(labels[st.range(0)]);
  st.counters["rhs_per_s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RightHandSide)->DenseRange(0, 4);

// Xing, Zheng & Wang 2019 case 1 with an integrator: bdf over the paper's 10 s; dopri5 (stability-limited by the
// bristle stiffness σ0 = 1e6) over 0.5 s, reported per simulated second as well.
void BM_LugreCase1(benchmark::State& st) {
  const bool implicit = st.range(0) == 1;
  ModelFile mf = read_model_file(source("examples/lugre_double_pendulum/case1.yaml"));
  mf.options.integrator = implicit ? "bdf" : "dopri5";
  mf.options.t_end = implicit ? 10.0 : 0.5;
  mf.options.output_interval = 0.01;
  SimulationSummary s;
  double wall = 0;
  for (auto _ : st) {
    MemorySink out;
    s = simulate(mf.model, mf.options, out);
    wall += s.wall_time_s;
  }
  st.SetLabel(std::string(mf.options.integrator) + ", " + std::to_string(mf.options.t_end) + " s simulated");
  st.counters["steps"] = static_cast<double>(s.stats.steps);
  st.counters["rhs_evals"] = static_cast<double>(s.stats.rhs_evaluations);
  st.counters["wall_s_per_sim_s"] = wall / static_cast<double>(st.iterations()) / mf.options.t_end;
}
BENCHMARK(BM_LugreCase1)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace stickslip

BENCHMARK_MAIN();
