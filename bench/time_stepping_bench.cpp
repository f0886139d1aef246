// The time-stepping scheme: steps per second on small systems (a bouncing ball, a rocking block on
// two frictional corners: Lemke), and time per step against the number of contacts on block walls
// (sparse Delassus operator, nonsmooth Gauss-Seidel), and on piles of spatial boxes (disc cones).
// Run: build/bin/bench_time_stepping --benchmark_counters_tabular=true (docs/performance.md).
#include <benchmark/benchmark.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "formulations/initial_state.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "io/model_file.hpp"
#include "bench_models.hpp"

namespace stickslip {
namespace {

ModelFile from_yaml(const std::string& yaml) {
  const auto path = std::filesystem::temp_directory_path() / "stickslip_bench_time_stepping.yaml";
  std::ofstream(path) << yaml;
  ModelFile mf = read_model_file(path.string());
  std::filesystem::remove(path);
  return mf;
}

// A ball (one frictional contact) dropped from 0.3 m, e = 0.8: flights, impacts, rest.
const char* kBall =
    "gravity: [0, -9.81]\n"
    "bodies: [{name: ball, mass: 1, inertia: 0.004, position: [0, 0.4]}]\n"
    "contacts: [{name: floor, type: circle_line, bodies: [ground, ball], radius: 0.1,"
    " impact: {law: newton, e: 0.8}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}}]\n";

using bench::kRockingBlock;  // bench_models.hpp

// Steps of h = 1 ms; the motion restarts every `period` steps (the reset is amortised over them).
void run_small(benchmark::State& st, const char* yaml, int period, bool direct = true) {
  ModelFile mf = from_yaml(yaml);
  if (!direct) mf.options.time_stepping.direct_contacts = 0;  // Lemke on the lifted LCP every step
  TimeStepper stepper(mf.model, mf.options);
  const State s0 = assembled_initial_state(mf.model, mf.options, stepper.workspace());
  stepper.reset(s0);
  const double h = 1e-3;
  long k = 0;
  const long pivots0 = stepper.problem().stats().iterations, direct0 = stepper.problem().stats().direct;
  for (auto _ : st) {
    if (++k % period == 0) stepper.reset(s0);
    stepper.step(stepper.state().t + h);
  }
  st.counters["steps_per_s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["direct"] =  // share of the steps solved by their contacts' faces
      static_cast<double>(stepper.problem().stats().direct - direct0) / static_cast<double>(st.iterations());
  st.counters["pivots"] =
      static_cast<double>(stepper.problem().stats().iterations - pivots0) / static_cast<double>(st.iterations());
}

void BM_BouncingBall(benchmark::State& st) { run_small(st, kBall, 3000); }
void BM_RockingBlock(benchmark::State& st) { run_small(st, kRockingBlock, 1500); }
void BM_BouncingBallLifted(benchmark::State& st) { run_small(st, kBall, 3000, false); }
void BM_RockingBlockLifted(benchmark::State& st) { run_small(st, kRockingBlock, 1500, false); }
BENCHMARK(BM_BouncingBall);
BENCHMARK(BM_RockingBlock);
BENCHMARK(BM_BouncingBallLifted);
BENCHMARK(BM_RockingBlockLifted);

// A running-bond wall of 5 rows and `columns` units (N = 5 columns + 2 blocks) on a table shaken
// by x = 0.02 sin(4π t) m (peak acceleration 3.2 m/s² < μ g: the wall rides the table, its contact
// impulses change every step). `sweeps` > 0 fixes the Gauss-Seidel sweeps per step (cost per
// sweep); 0 sweeps as needed for a natural residual of 1e-4 (pinned, with plain Gauss-Seidel, no
// subspace steps and no rescues, so that the figures measure the sweep itself; docs/performance.md:
// a solve left above 1e-4 after its 20 sweeps would otherwise go on to the interior-point rescue,
// whose cost on 7 588 contacts is many sweeps').
ModelFile wall(int columns, int sweeps, bool defaults = false) {
  std::string yaml =
      "gravity: [0, -9.81]\n"
      "bodies: [{name: table, motion: prescribed, x: {type: sine, amplitude: 0.02, omega: 12.566370614359172}}]\n"
      "generators: [{type: block_wall, name: w, rows: 5, columns: " +
      std::to_string(columns) +
      ", bond: running, base: table, block: {width: 0.4, height: 0.2, mass: 16},"
      " impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}]\n" +
      std::string(defaults ? "simulation: {time_stepping: {solver: pgs"
                           : "simulation: {time_stepping: {solver: pgs, tolerance: 1e-4, subspace_after: 0, "
                             "rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0");
  if (sweeps > 0) yaml += ", min_iterations: " + std::to_string(sweeps) + ", max_iterations: " + std::to_string(sweeps);
  return from_yaml(yaml + "}}\n");
}

void run_wall(benchmark::State& st, const ModelFile& mf) {
  TimeStepper stepper(mf.model, mf.options);
  stepper.reset(assembled_initial_state(mf.model, mf.options, stepper.workspace()));
  const double h = 1e-3;
  for (int k = 0; k < 100; ++k) stepper.step(stepper.state().t + h);  // settle, warm the start
  const long sweeps0 = stepper.problem().stats().iterations;
  for (auto _ : st) stepper.step(stepper.state().t + h);
  const double steps = static_cast<double>(st.iterations());
  const double sweeps = static_cast<double>(stepper.problem().stats().iterations - sweeps0);
  st.counters["blocks"] = static_cast<double>(mf.model.bodies.size() - 2);
  st.counters["contacts"] = static_cast<double>(mf.model.contacts.size());
  st.counters["W_entries"] = static_cast<double>(stepper.problem().operator_entries());
  st.counters["sweeps"] = sweeps / steps;
  st.counters["s_per_step"] = benchmark::Counter(steps, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  st.counters["s_per_sweep"] = benchmark::Counter(sweeps, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  const ImpulseSolverStats& s = stepper.problem().stats();
  st.counters["unconverged"] = static_cast<double>(s.unconverged);
  st.counters["max_sweeps"] = s.max_iterations;
}

void BM_Wall(benchmark::State& st) {
  run_wall(st, wall(static_cast<int>(st.range(0)), static_cast<int>(st.range(1))));
}

// The same walls at the default settings (tolerance 1e-6, subspace steps after 3 sweeps): what a
// user gets. `unconverged` counts the solves left above the tolerance over the whole run (settling
// included).
void BM_WallDefaults(benchmark::State& st) { run_wall(st, wall(static_cast<int>(st.range(0)), 0, true)); }
// Columns 2, 20, 200, 2000: N = 12, 102, 1002, 10002 blocks. The same 300 steps (t = 0.1 … 0.4 s)
// for every N, so that the sweeps per step compare.
BENCHMARK(BM_Wall)
    ->ArgsProduct({{2, 20, 200, 2000}, {0, 20}})
    ->ArgNames({"columns", "fixed_sweeps"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(300);
// Columns 20, 200, 2000: 748, 7 588 and 75 988 contacts. The same 300 steps as above.
BENCHMARK(BM_WallDefaults)->Arg(20)->Arg(200)->Arg(2000)->ArgName("columns")->Unit(benchmark::kMillisecond)->Iterations(300);

// Spatial boxes (issue 11, S3): a grid of nx × ny columns of `layers` boxes (0.2 × 0.2 × 0.1 m,
// 1 kg) on a horizontal plane, 0.5 m apart; the bottom box's eight corners against the ground
// (box_plane), each upper box's corners against the top face of the box below (a plane of that
// box). Rigid corners (e = 0), Coulomb μ = 0.5 on the disc cone (Gauss-Seidel, default tolerance
// 1e-6, min 3 sweeps). Every bottom box is thrown at 0.5 m/s in its own direction with a spin of
// 3 rad/s, so the friction impulses change every step; the boxes above ride on it.
ModelFile box_pile(int nx, int ny, int layers) {
  std::ostringstream bodies, contacts;
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < ny; ++j)
      for (int l = 0; l < layers; ++l) {
        const int k = i * ny + j;
        const double angle = 0.7 * k;
        bodies << "  - {name: b" << k << "_" << l << ", mass: 1, inertia: [0.00416667, 0.00416667, 0.00666667],"
               << " position: [" << 0.5 * i << ", " << 0.5 * j << ", " << 0.05 + 0.1 * l << "]";
        if (l == 0) {
          bodies << ", velocity: [" << 0.5 * std::cos(angle) << ", " << 0.5 * std::sin(angle)
                 << ", 0], angular_velocity: [0, 0, 3]";
        }
        bodies << "}\n";
        contacts << "  - {name: cb" << k << "_" << l << ", type: box_plane, bodies: [";
        if (l == 0) {
          contacts << "ground, b" << k << "_0], plane: {normal: [0, 0, 1]}";
        } else {
          contacts << "b" << k << "_" << l - 1 << ", b" << k << "_" << l << "], plane: {point: [0, 0, 0.05], normal: [0, 0, 1]}";
        }
        contacts << ", half_extents: [0.1, 0.1, 0.05], impact: {law: newton, e: 0},"
                 << " friction: {law: coulomb, mu_s: 0.5, mu_k: 0.5}}\n";
      }
  std::ostringstream yaml;
  yaml << "dimension: spatial\ngravity: [0, 0, -9.81]\nbodies:\n" << bodies.str() << "contacts:\n" << contacts.str()
       << "simulation: {scheme: time-stepping, time_stepping: {solver: pgs}}\n";
  return from_yaml(yaml.str());
}

void BM_SpatialBoxPile(benchmark::State& st) {
  const ModelFile mf = box_pile(static_cast<int>(st.range(0)), static_cast<int>(st.range(1)), static_cast<int>(st.range(2)));
  TimeStepper stepper(mf.model, mf.options);
  stepper.reset(assembled_initial_state(mf.model, mf.options, stepper.workspace()));
  const double h = 1e-3;
  for (int k = 0; k < 20; ++k) stepper.step(stepper.state().t + h);  // settle, warm the start
  const ImpulseSolverStats before = stepper.problem().stats();
  for (auto _ : st) stepper.step(stepper.state().t + h);
  const double steps = static_cast<double>(st.iterations());
  const ImpulseSolverStats& after = stepper.problem().stats();
  st.counters["boxes"] = static_cast<double>(mf.model.bodies.size() - 1);
  st.counters["contacts"] = static_cast<double>(mf.model.contacts.size());
  st.counters["sweeps"] = static_cast<double>(after.iterations - before.iterations) / steps;
  st.counters["s_per_step"] = benchmark::Counter(steps, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  // Solves left above the tolerance during the timed steps (the settling steps not counted), those
  // handed to the proximal point rescue and finished by it, its Newton steps per solve handed, and
  // the solves refined for a stick/slip decision.
  st.counters["unconverged"] = static_cast<double>(after.unconverged - before.unconverged);
  const double handed = static_cast<double>(after.proximal_attempts - before.proximal_attempts);
  st.counters["proximal"] = handed;
  st.counters["finished"] = static_cast<double>(after.proximal_rescued - before.proximal_rescued);
  st.counters["newton"] = handed > 0 ? static_cast<double>(after.proximal_newton_steps - before.proximal_newton_steps) / handed : 0.0;
  st.counters["refined"] = static_cast<double>(after.refinements - before.refinements);
  st.counters["resolves"] = static_cast<double>(stepper.gyroscopic_resolves()) / steps;  // settling included
}
// Boxes on the ground: 1, 25, 100 and 400 single boxes (8 to 3200 corner contacts), and 10 × 10
// columns of 3 boxes. Piles: columns of 10 boxes, one (10 boxes), 5 (50) and 10 (100 boxes, 800
// corner contacts); towers of 20 boxes, one and five. The same 300 steps (t = 0.02 … 0.32 s) for
// every size.
BENCHMARK(BM_SpatialBoxPile)
    ->Args({1, 1, 1})
    ->Args({5, 5, 1})
    ->Args({10, 10, 1})
    ->Args({20, 20, 1})
    ->Args({10, 10, 3})
    ->Args({1, 1, 10})
    ->Args({1, 5, 10})
    ->Args({2, 5, 10})
    ->Args({1, 1, 20})
    ->Args({1, 5, 20})
    ->ArgNames({"nx", "ny", "layers"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(300);

// Spinning bodies (issue 32): a fast heavy top on a spherical joint (m = 0.5 kg, l = 0.05 m, J = (3.5,
// 3.5, 5)·1e-4 kg m², ω₃ = 200 rad/s at 20° in steady precession: tests/formulations/
// spinning_bodies_test.cpp) and the torque-free T-handle of examples/tumbling_t_handle, h = 1 ms, under
// the θ-method (0) and the generalized-α method (1). `resolves`: complementarity problems solved
// again per step by the implicit gyroscopic iteration (time_stepping/implicit_gyroscopic.cpp).
std::string spinning_body(bool top, bool alpha) {
  const std::string method = alpha ? "{method: generalized_alpha}" : "{method: theta}";
  if (!top) {
    return "dimension: spatial\nbodies: [{name: handle, mass: 0.2, inertia: [2.0e-4, 5.0e-4, 6.0e-4],"
           " angular_velocity: [0, 20, 0.02]}]\nsimulation: {scheme: time-stepping, time_stepping: " + method + "}\n";
  }
  return "dimension: spatial\ngravity: [0, 0, -9.81]\n"
         "bodies: [{name: top, mass: 0.5, inertia: [3.5e-4, 3.5e-4, 5e-4],"
         " position: [0, -0.017101007166283436, 0.04698463103929543], orientation: {axis: [1, 0, 0], angle: 0.3490658503988659},"
         " velocity: [0.04361248790106087, 0, 0], angular_velocity: [0, -67.5843820040389, 188.2368511444359],"
         " angular_velocity_frame: global}]\n"
         "joints: [{name: pivot, type: spherical, bodies: [ground, top], points: [[0, 0, 0], [0, 0, -0.05]]}]\n"
         "simulation: {scheme: time-stepping, time_stepping: " + method + "}\n";
}

void run_spinning(benchmark::State& st, bool top) {
  const ModelFile mf = from_yaml(spinning_body(top, st.range(0) == 1));
  TimeStepper stepper(mf.model, mf.options);
  const State s0 = assembled_initial_state(mf.model, mf.options, stepper.workspace());
  stepper.reset(s0);
  const double h = 1e-3;
  long k = 0;
  for (auto _ : st) {
    if (++k % 2000 == 0) stepper.reset(s0);
    stepper.step(stepper.state().t + h);
  }
  st.counters["steps_per_s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["resolves"] = static_cast<double>(stepper.gyroscopic_resolves()) / static_cast<double>(st.iterations());
}

void BM_FastTop(benchmark::State& st) { run_spinning(st, true); }
void BM_TumblingHandle(benchmark::State& st) { run_spinning(st, false); }
BENCHMARK(BM_FastTop)->Arg(0)->Arg(1)->ArgName("alpha");
BENCHMARK(BM_TumblingHandle)->Arg(0)->Arg(1)->ArgName("alpha");

}  // namespace
}  // namespace stickslip

BENCHMARK_MAIN();
