// stickslip against Bullet and ODE on the same scenes (scene.hpp): time per step and accuracy side by
// side (docs/performance.md, "stickslip against Bullet and ODE"; `make bench-engines`).
//
// Per scene, each engine's world is built once and run for the scene's accuracy steps, sampled at
// every step (untimed): the accuracy figures below. Then, after a few untimed steps more, the timed
// repetitions: in each, every engine in turn (the order rotated from one repetition to the next, so
// that a change of the machine's load falls on all of them) steps `timed_steps` times, and its CPU
// time (the process's: all its threads) and wall time are taken. The figure is the median over the
// repetitions of the time per step.
//
// Accuracy, computed the same way from every engine's poses and velocities:
//   stack  drift: the largest distance any box moved from its start over the run (exact: 0);
//          penetration: the deepest any bottom corner of a box went below the top face of its
//          support (or the ground), over the run (exact: 0);
//   hold   creep: the distance the box moved over the run (friction holds it: exact 0);
//   slide  the acceleration along the slope over the second half of the run against
//          g (sin α − μ cos α), relative error;
//   roll   t*: the first time the slip speed of the contact point falls below 1e-3 v0, against
//          2 v0 / (7 μ g); the speed at the end against 5/7 v0 (each to within one step h).
// stickslip also reports its contact problems: how many, how many were left above the default
// tolerance, the largest natural residual, the mean sweeps.
//
// Usage: bench_engines [--reps N] [--filter TEXT] [--engines stickslip,bullet,ode] [--json FILE]
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine.hpp"

namespace engines {
namespace {

struct EngineKind {
  std::string name;
  std::function<std::unique_ptr<Engine>(const Scene&)> make;
};

std::vector<EngineKind> available_engines() {
  std::vector<EngineKind> e{{"stickslip", make_stickslip}};
#ifdef STICKSLIP_BENCH_BULLET
  e.push_back({"bullet", make_bullet});
#endif
#ifdef STICKSLIP_BENCH_ODE
  e.push_back({"ode", make_ode});
#endif
  return e;
}

double seconds(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double median(std::vector<double> x) {
  if (x.empty()) return NAN;
  std::sort(x.begin(), x.end());
  const std::size_t n = x.size();
  return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

// The deepest bottom corner of box k below its support's top face (or the ground's z = 0).
double penetration(const Scene& scene, const Engine& engine, int k) {
  const BodySpec& b = scene.bodies[static_cast<std::size_t>(k)];
  const BodyState s = engine.body(k);
  Vec3 normal = Vec3::UnitZ(), point = Vec3::Zero();
  if (b.support >= 0) {
    const BodyState below = engine.body(b.support);
    normal = below.orientation * Vec3::UnitZ();
    point = below.position + below.orientation * Vec3(0, 0, scene.bodies[static_cast<std::size_t>(b.support)].half.z());
  }
  double deepest = -INFINITY;
  for (int c = 0; c < 4; ++c) {
    const Vec3 corner(c & 1 ? b.half.x() : -b.half.x(), c & 2 ? b.half.y() : -b.half.y(), -b.half.z());
    deepest = std::max(deepest, -normal.dot(s.position + s.orientation * corner - point));
  }
  return deepest;
}

struct Accuracy {
  std::vector<std::pair<std::string, double>> figures;  // name, value
};

Accuracy run_accuracy(const Scene& scene, Engine& engine) {
  Accuracy a;
  const int n = scene.accuracy_steps;
  if (n == 0) return a;
  const int bodies = static_cast<int>(scene.bodies.size());
  std::vector<Vec3> start(static_cast<std::size_t>(bodies));
  for (int k = 0; k < bodies; ++k) start[static_cast<std::size_t>(k)] = engine.body(k).position;
  double deepest = 0, slip_end = NAN, v_half = 0;
  const BodySpec& first = scene.bodies.front();
  const double v0 = first.velocity.norm();
  for (int i = 1; i <= n; ++i) {
    engine.step();
    const double t = i * scene.h;
    if (scene.measure == Measure::stack) {
      for (int k = 0; k < bodies; ++k) deepest = std::max(deepest, penetration(scene, engine, k));
    } else if (scene.measure == Measure::roll && std::isnan(slip_end)) {
      const BodyState s = engine.body(0);
      const Vec3 slip = s.velocity + s.angular_velocity.cross(Vec3(0, 0, -first.radius));
      if (slip.norm() < 1e-3 * v0) slip_end = t;
    } else if (scene.measure == Measure::slide && i == n / 2) {
      v_half = engine.body(0).velocity.x();
    }
  }
  double drift = 0;
  for (int k = 0; k < bodies; ++k)
    drift = std::max(drift, (engine.body(k).position - start[static_cast<std::size_t>(k)]).norm());
  const double g = scene.gravity.norm(), T = n * scene.h;
  switch (scene.measure) {
    case Measure::stack:
      a.figures = {{"drift [m]", drift}, {"penetration [m]", deepest}};
      break;
    case Measure::hold:
      a.figures = {{"creep [m]", drift}};
      break;
    case Measure::slide: {
      const double exact = std::abs(scene.gravity.x()) - scene.mu * std::abs(scene.gravity.z());
      const double measured = (engine.body(0).velocity.x() - v_half) / (T - (n / 2) * scene.h);
      a.figures = {{"acceleration [m/s²]", measured}, {"error", (measured - exact) / exact}};
      break;
    }
    case Measure::roll: {
      const double t_exact = 2 * v0 / (7 * scene.mu * g);
      const double v_end = engine.body(0).velocity.norm();
      a.figures = {{"t* [s]", slip_end},
                   {"t* error", (slip_end - t_exact) / t_exact},
                   {"rolling speed error", (v_end - 5.0 / 7.0 * v0) / (5.0 / 7.0 * v0)}};
      break;
    }
  }
  return a;
}

struct Result {
  std::string engine;
  std::vector<double> cpu, wall;  // per step, one per repetition
  Accuracy accuracy;
  bool has_solver = false;
  SolverFigures solver;
};

std::string format_time(double s) {
  char text[32];
  if (s >= 1e-3) std::snprintf(text, sizeof text, "%.3g ms", s * 1e3);
  else std::snprintf(text, sizeof text, "%.3g µs", s * 1e6);
  return text;
}

void print_scene(const Scene& scene, const std::vector<Result>& results) {
  std::printf("\n### %s (%zu bodies, h = %g s)\n\n", scene.name.c_str(), scene.bodies.size(), scene.h);
  double bullet = NAN;
  for (const Result& r : results)
    if (r.engine == "bullet") bullet = median(r.cpu);
  std::printf("| engine | CPU per step (median) | range | wall per step | / Bullet |");
  if (!results.empty())
    for (const auto& f : results.front().accuracy.figures) std::printf(" %s |", f.first.c_str());
  std::printf(" contact problems |\n|---|---|---|---|---|");
  if (!results.empty())
    for (std::size_t i = 0; i < results.front().accuracy.figures.size(); ++i) std::printf("---|");
  std::printf("---|\n");
  for (const Result& r : results) {
    const auto [lo, hi] = std::minmax_element(r.cpu.begin(), r.cpu.end());
    std::printf("| %s | %s | %s – %s | %s | %.2f |", r.engine.c_str(), format_time(median(r.cpu)).c_str(),
                format_time(*lo).c_str(), format_time(*hi).c_str(), format_time(median(r.wall)).c_str(),
                median(r.cpu) / bullet);
    for (const auto& f : r.accuracy.figures) std::printf(" %.3g |", f.second);
    if (r.has_solver) {
      std::printf(" %ld solved, %ld above %g, largest residual %.2g, %.1f sweeps, %ld subspace steps |", r.solver.solves,
                  r.solver.unconverged, r.solver.tolerance, r.solver.max_residual, r.solver.sweeps, r.solver.subspace_steps);
    } else {
      std::printf(" |");
    }
    std::printf("\n");
  }
  std::fflush(stdout);
}

void write_json(const std::string& path, const std::vector<std::pair<Scene, std::vector<Result>>>& all) {
  std::ofstream out(path);
  out.precision(6);
  out << "{\"scenes\": [\n";
  for (std::size_t s = 0; s < all.size(); ++s) {
    const auto& [scene, results] = all[s];
    out << " {\"name\": \"" << scene.name << "\", \"bodies\": " << scene.bodies.size() << ", \"engines\": [\n";
    for (std::size_t e = 0; e < results.size(); ++e) {
      const Result& r = results[e];
      out << "  {\"engine\": \"" << r.engine << "\", \"cpu_per_step\": " << median(r.cpu)
          << ", \"wall_per_step\": " << median(r.wall);
      for (const auto& f : r.accuracy.figures) out << ", \"" << f.first << "\": " << f.second;
      if (r.has_solver) {
        out << ", \"solves\": " << r.solver.solves << ", \"unconverged\": " << r.solver.unconverged
            << ", \"max_residual\": " << r.solver.max_residual << ", \"sweeps\": " << r.solver.sweeps
            << ", \"subspace_steps\": " << r.solver.subspace_steps;
      }
      out << "}" << (e + 1 < results.size() ? "," : "") << "\n";
    }
    out << " ]}" << (s + 1 < all.size() ? "," : "") << "\n";
  }
  out << "]}\n";
}

std::vector<Result> run_scene(const Scene& scene, const std::vector<EngineKind>& kinds, int reps) {
  std::vector<std::unique_ptr<Engine>> worlds;
  std::vector<Result> results;
  for (const EngineKind& k : kinds) {
    worlds.push_back(k.make(scene));
    results.push_back({k.name, {}, {}, {}, false, {}});
    results.back().accuracy = run_accuracy(scene, *worlds.back());
    for (int i = 0; i < scene.warmup_steps; ++i) worlds.back()->step();
  }
  const std::size_t n = kinds.size();
  for (int rep = 0; rep < reps; ++rep) {
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t e = (j + static_cast<std::size_t>(rep)) % n;
      const double cpu0 = seconds(CLOCK_PROCESS_CPUTIME_ID), wall0 = seconds(CLOCK_MONOTONIC);
      for (int i = 0; i < scene.timed_steps; ++i) worlds[e]->step();
      const double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0, wall = seconds(CLOCK_MONOTONIC) - wall0;
      results[e].cpu.push_back(cpu / scene.timed_steps);
      results[e].wall.push_back(wall / scene.timed_steps);
    }
  }
  for (std::size_t e = 0; e < n; ++e) {
    results[e].has_solver = worlds[e]->has_solver_figures();
    results[e].solver = worlds[e]->solver_figures();
  }
  return results;
}

int run(int argc, char** argv) {
  int reps = 5;
  std::string filter, json, only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "bench_engines: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--reps") reps = std::max(1, std::atoi(value().c_str()));
    else if (a == "--filter") filter = value();
    else if (a == "--engines") only = value();
    else if (a == "--json") json = value();
    else {
      std::fprintf(stderr, "usage: bench_engines [--reps N] [--filter TEXT] [--engines stickslip,bullet,ode] [--json FILE]\n");
      return 2;
    }
  }
  std::vector<EngineKind> kinds;
  for (const EngineKind& k : available_engines())
    if (only.empty() || ("," + only + ",").find("," + k.name + ",") != std::string::npos) kinds.push_back(k);
  std::printf("engines:");
  for (const EngineKind& k : kinds) std::printf(" %s", k.name.c_str());
  std::printf("; %d timed repetitions per scene, medians\n", reps);
  std::vector<std::pair<Scene, std::vector<Result>>> all;
  for (const Scene& scene : all_scenes()) {
    if (!filter.empty() && scene.name.find(filter) == std::string::npos) continue;
    all.emplace_back(scene, run_scene(scene, kinds, reps));
    print_scene(scene, all.back().second);
  }
  if (!json.empty()) write_json(json, all);
  return 0;
}

}  // namespace
}  // namespace engines

int main(int argc, char** argv) { return engines::run(argc, argv); }
