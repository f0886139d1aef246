// The collision detection's cost per step (issue 30, item 10; docs/performance.md): piles of 100,
// 1 000 and 10 000 shapes (boxes, spheres and capsules in turn, about 10 cm) in a bin (five planes),
// packed as a resting pile is, each part near its neighbours: one detection (broad phase, narrow
// phase, identities) at the margin of the time-stepping scheme, 1 mm, with the parts shifted by a
// small random step between detections (as a step moves them), so that the broad phase's tree is
// updated and every point is matched to its previous self. Counters: candidate pairs (broad phase),
// touching pairs, points, and the time per shape.
// Run: build/bin/bench_collision --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

#include "geometry/collision_world.hpp"

namespace stickslip {
namespace {

using geometry::CollisionObject;
using geometry::CollisionWorld;
using geometry::Pose;

struct Pile {
  std::unique_ptr<CollisionWorld> world;
  std::vector<Pose> poses;
  int planes = 5;
};

// n parts on a cubic lattice of pitch 0.1 m in a bin: boxes of 0.099 m, spheres of diameter 0.099 m
// and capsules 0.099 m long lying along x (radius 0.03), in turn, each turned by up to 0.02 rad and
// shifted by up to 0.2 mm: neighbours 0.5-1.5 mm apart, within the margin, as in a resting pile.
Pile make_pile(int n) {
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> unit(-1, 1);
  const int side = static_cast<int>(std::ceil(std::sqrt(n / 4.0)));  // a pile about 4 layers high per 16 cells
  std::vector<CollisionObject> objects;
  const double half = 0.05 * side;
  const Vec3 normals[5] = {{0, 0, 1}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
  for (const Vec3& nrm : normals) objects.push_back({geometry::make_plane(nrm), 0, false});
  Pile p;
  for (int k = 0; k < n; ++k) {
    const int kind = k % 3;
    const geometry::Shape s = kind == 0   ? geometry::make_box(Vec3::Constant(0.0495))
                              : kind == 1 ? geometry::make_sphere(0.0495)
                                          : geometry::make_capsule(0.03, 0.0195);
    objects.push_back({s, k + 1, true});
    const Vec3 cell(k % side, (k / side) % side, k / (side * side));
    const Quat along_x(Eigen::AngleAxisd(kind == 2 ? 1.5707963267948966 : 0.0, Vec3::UnitY()));
    const Quat tilt(Eigen::AngleAxisd(0.02 * unit(rng), Vec3(unit(rng), unit(rng), unit(rng)).normalized()));
    p.poses.push_back({Vec3(-half + 0.05, -half + 0.05, 0.0505) + 0.1 * cell + 2e-4 * Vec3(unit(rng), unit(rng), unit(rng)),
                       tilt * along_x});
  }
  p.world = std::make_unique<CollisionWorld>(objects);
  p.world->set_pose(0, {Vec3::Zero(), Quat::Identity()});
  for (int w = 1; w < 5; ++w) p.world->set_pose(w, {-half * normals[w], Quat::Identity()});
  for (int k = 0; k < n; ++k) p.world->set_pose(5 + k, p.poses[static_cast<std::size_t>(k)]);
  return p;
}

void BM_DetectPile(benchmark::State& st) {
  const int n = static_cast<int>(st.range(0));
  Pile p = make_pile(n);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> step(-1e-5, 1e-5);  // 1 cm/s over a millisecond step
  p.world->detect(1e-3);
  for (auto _ : st) {
    st.PauseTiming();
    for (int k = 0; k < n; ++k) {
      Pose& x = p.poses[static_cast<std::size_t>(k)];
      x.position += Vec3(step(rng), step(rng), step(rng));
      p.world->set_pose(5 + k, x);
    }
    st.ResumeTiming();
    p.world->detect(1e-3);
  }
  st.counters["candidate_pairs"] = static_cast<double>(p.world->stats().candidate_pairs);
  st.counters["touching_pairs"] = static_cast<double>(p.world->stats().touching_pairs);
  st.counters["points"] = static_cast<double>(p.world->points().size());
  st.counters["s_per_shape"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace
}  // namespace stickslip

BENCHMARK(stickslip::BM_DetectPile)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
