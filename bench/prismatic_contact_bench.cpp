// One joint-local contact analysis of a frictional prismatic joint (Qi, Luo & Huang 2011, eq. (31)-(36))
// on the states of their example 1: it runs inside every right-hand-side evaluation of a model with
// such a joint. Figures in docs/performance.md.
#include <benchmark/benchmark.h>

#include <vector>

#include "../tests/prismatic_contact/example_load.hpp"
#include "assembly/prismatic_contact/adams_friction.hpp"

namespace {

using namespace stickslip::prismatic_contact;

// s: slider position (0.1: inside the guide, 0.44: tipped over the guide's end); v: sliding speed
// (0: at rest, deciding stick); push: the axial force.
void BM_ContactSolve(benchmark::State& state, LcpMethod method, double s, double v, double push) {
  PrismaticContactOptions o;
  o.method = method;
  o.fallback = false;
  PrismaticContactSolver solver(example::kSection, o);
  const PrismaticContactInput in = example::input(s, v, push);
  PrismaticContactResult r;
  for (auto _ : state) {
    solver.solve(in, r);
    benchmark::DoNotOptimize(r.eta);
  }
  state.counters["ok"] = r.ok();
  state.counters["faces"] = r.faces_tried;
  state.counters["problems"] = r.evaluations;
  state.counters["newton"] = r.newton_iterations;
}
BENCHMARK_CAPTURE(BM_ContactSolve, sliding_inside, LcpMethod::least_displacement, 0.1, 0.5, 100.0);
BENCHMARK_CAPTURE(BM_ContactSolve, sliding_tipped, LcpMethod::least_displacement, 0.44, 0.5, 100.0);
BENCHMARK_CAPTURE(BM_ContactSolve, at_rest_sticks, LcpMethod::least_displacement, 0.1, 0.0, 20.0);
BENCHMARK_CAPTURE(BM_ContactSolve, at_rest_slides, LcpMethod::least_displacement, 0.1, 0.0, 100.0);
BENCHMARK_CAPTURE(BM_ContactSolve, smoothed_newton_inside, LcpMethod::smoothed_newton, 0.1, 0.5, 100.0);
BENCHMARK_CAPTURE(BM_ContactSolve, smoothed_newton_tipped, LcpMethod::smoothed_newton, 0.44, 0.5, 100.0);
BENCHMARK_CAPTURE(BM_ContactSolve, lemke_inside, LcpMethod::lemke, 0.1, 0.5, 100.0);
BENCHMARK_CAPTURE(BM_ContactSolve, lemke_tipped, LcpMethod::lemke, 0.44, 0.5, 100.0);

// Along example 1's path: the slider from rest to 1 mm before the guide's end, 200 states in turn
// (the faces ruled out for one state mostly stay ruled out for the next, as in a simulation).
void BM_ContactSolvePath(benchmark::State& state) {
  PrismaticContactSolver solver(example::kSection);
  std::vector<PrismaticContactInput> path;
  for (int i = 0; i < 200; ++i) path.push_back(example::input(0.499 * i / 199.0, i == 0 ? 0.0 : 0.5));
  PrismaticContactResult r;
  std::size_t i = 0, faces = 0, solves = 0;
  for (auto _ : state) {
    solver.solve(path[i], r);
    benchmark::DoNotOptimize(r.eta);
    faces += r.faces_tried;
    ++solves;
    i = (i + 1) % path.size();
  }
  state.counters["faces"] = static_cast<double>(faces) / static_cast<double>(solves);
}
BENCHMARK(BM_ContactSolvePath);

// Listing a section's contact faces: once per joint, when the solver is made.
void BM_ContactFaces(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(contact_faces(example::kSection).size());
}
BENCHMARK(BM_ContactFaces)->Unit(benchmark::kMillisecond);

void BM_AdamsSliding(benchmark::State& state) {
  const PrismaticContactInput in = example::input(0.44, 0.5);
  const AdamsFrictionParameters p{example::kMu, BendingArm::overlap, 0.0, 0.05};
  for (auto _ : state) benchmark::DoNotOptimize(adams_sliding(in.reaction, in.half_length, -example::kMu, p).eta);
}
BENCHMARK(BM_AdamsSliding);

}  // namespace

BENCHMARK_MAIN();
