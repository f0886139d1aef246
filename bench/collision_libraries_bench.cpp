// The choice of collision library (docs/architecture.md, "Shapes and collision detection"): Bullet's
// collision module (through the project's adapter, src/geometry) against FCL 0.7 on what the schemes
// need of it:
//   manifold   a box resting on a larger box, 1e-7 m above it (a contact inside the margin) and 1e-7 m
//              into it: how many points, and their gaps (counters points_above, points_into, gap_error);
//   query      one convex-hull pair (12-vertex hulls) overlapping by about 1 mm, per query, and the
//              points each library finds;
//   broad      a detection over N spheres in a cubic pile where each overlaps its neighbours by about
//              0.5 mm: the broad phase (Bullet's dynamic AABB tree, btDbvtBroadphase, as the adapter
//              runs it, against FCL's DynamicAABBTreeCollisionManager) and the narrow phase of every
//              candidate pair, with the candidate pairs, touching pairs and points each finds.
// Both libraries get the same shapes at the same poses, so their rows time the same contact work.
// Optional (FCL, Debian libfcl-dev, BENCH_DEPS=1 scripts/install-deps.sh). Run:
//   build/bin/bench_collision_libraries --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <fcl/fcl.h>

#include <cmath>
#include <memory>
#include <random>

#include "geometry/collision_world.hpp"

namespace stickslip {
namespace {

using geometry::CollisionObject;
using geometry::CollisionWorld;
using geometry::Pose;

constexpr double kMargin = 1e-3;

// Box of half extents (0.1, 0.1, 0.05) centred on a 2 × 2 × 1 box whose top is z = 0, `gap` above it.
std::unique_ptr<CollisionWorld> bullet_boxes(double gap) {
  auto w = std::make_unique<CollisionWorld>(std::vector<CollisionObject>{
      {geometry::make_box(Vec3(1, 1, 0.5)), 0, false}, {geometry::make_box(Vec3(0.1, 0.1, 0.05)), 1, true}});
  w->set_pose(0, {Vec3(0, 0, -0.5), Quat::Identity()});
  w->set_pose(1, {Vec3(0.2, -0.3, 0.05 + gap), Quat::Identity()});
  return w;
}

int fcl_box_points(double gap, double* worst_gap_error) {
  auto big = std::make_shared<fcl::Boxd>(2, 2, 1), small = std::make_shared<fcl::Boxd>(0.2, 0.2, 0.1);
  fcl::CollisionObjectd a(big, fcl::Transform3d(Eigen::Translation3d(0, 0, -0.5)));
  fcl::CollisionObjectd b(small, fcl::Transform3d(Eigen::Translation3d(0.2, -0.3, 0.05 + gap)));
  fcl::CollisionRequestd request(16, true);
  fcl::CollisionResultd result;
  fcl::collide(&a, &b, request, result);
  for (std::size_t k = 0; k < result.numContacts(); ++k)
    *worst_gap_error = std::max(*worst_gap_error, std::abs(result.getContact(k).penetration_depth + gap));
  return static_cast<int>(result.numContacts());
}

void BM_ManifoldBoxOnBox_Bullet(benchmark::State& st) {
  double error = 0;
  int above = 0, into = 0;
  for (auto _ : st) {
    for (const double gap : {1e-7, -1e-7}) {
      auto w = bullet_boxes(gap);
      w->detect(kMargin);
      (gap > 0 ? above : into) = static_cast<int>(w->points().size());
      for (const auto& p : w->points()) error = std::max(error, std::abs(p.gap - gap));
    }
  }
  st.counters["points_above"] = above;
  st.counters["points_into"] = into;
  st.counters["gap_error"] = error;
}

void BM_ManifoldBoxOnBox_Fcl(benchmark::State& st) {
  double error = 0;
  int above = 0, into = 0;
  for (auto _ : st) {
    above = fcl_box_points(1e-7, &error);
    into = fcl_box_points(-1e-7, &error);
  }
  st.counters["points_above"] = above;
  st.counters["points_into"] = into;
  st.counters["gap_error"] = error;
}

// Twelve points on a slightly squashed icosahedron (a generic convex hull).
std::vector<Vec3> hull_points() {
  const double p = (1 + std::sqrt(5.0)) / 2;
  std::vector<Vec3> v;
  for (const double a : {-1.0, 1.0})
    for (const double b : {-p, p}) {
      v.emplace_back(0, a, b);
      v.emplace_back(a, b, 0);
      v.emplace_back(b, 0, a);
    }
  for (Vec3& x : v) x = 0.05 * Vec3(x.x(), x.y(), 0.8 * x.z());
  return v;
}

// The second hull's pose: turned, offset sideways, lowered onto the first until the deepest point of
// Bullet's manifold is about 1 mm in (steps of 0.1 mm from 0.15 m apart, where they do not touch).
fcl::Transform3d hull_pose() {
  const geometry::Shape hull = geometry::make_convex_hull(hull_points());
  const Quat turn(Eigen::AngleAxisd(0.4, Vec3(1, 2, 3).normalized()));
  CollisionWorld w({{hull, 0, true}, {hull, 1, true}});
  w.set_pose(0, {Vec3::Zero(), Quat::Identity()});
  double z = 0.15;
  for (; z > 0; z -= 1e-4) {
    w.set_pose(1, {Vec3(0.03, 0.02, z), turn});
    w.detect(kMargin);
    double deepest = 0;
    for (const auto& p : w.points()) deepest = std::min(deepest, p.gap);
    if (deepest < -1e-3) break;
  }
  fcl::Transform3d pose = fcl::Transform3d::Identity();
  pose.translation() = fcl::Vector3d(0.03, 0.02, z);
  pose.linear() = turn.toRotationMatrix();
  return pose;
}

void BM_QueryHullHull_Bullet(benchmark::State& st) {
  const geometry::Shape hull = geometry::make_convex_hull(hull_points());
  const fcl::Transform3d pose = hull_pose();
  CollisionWorld w({{hull, 0, true}, {hull, 1, true}});
  w.set_pose(0, {Vec3::Zero(), Quat::Identity()});
  w.set_pose(1, {Vec3(pose.translation()), Quat(pose.linear())});
  for (auto _ : st) {
    w.detect(kMargin);
    benchmark::DoNotOptimize(w.points().data());
  }
  st.counters["points"] = static_cast<double>(w.points().size());
}

void BM_QueryHullHull_Fcl(benchmark::State& st) {
  const std::vector<Vec3> pts = hull_points();
  const geometry::Shape hull = geometry::make_convex_hull(pts);
  auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
  for (const Vec3& v : hull.polyhedron->vertices) vertices->push_back(v);
  auto faces = std::make_shared<std::vector<int>>();
  for (const auto& f : hull.polyhedron->faces) {
    faces->push_back(static_cast<int>(f.vertices.size()));
    faces->insert(faces->end(), f.vertices.begin(), f.vertices.end());
  }
  auto shape = std::make_shared<fcl::Convexd>(vertices, static_cast<int>(hull.polyhedron->faces.size()), faces);
  fcl::CollisionObjectd a(shape, fcl::Transform3d::Identity()), b(shape, hull_pose());
  fcl::CollisionRequestd request(16, true);
  std::size_t points = 0;
  for (auto _ : st) {
    fcl::CollisionResultd result;
    fcl::collide(&a, &b, request, result);
    points = result.numContacts();
  }
  st.counters["points"] = static_cast<double>(points);
}

// N spheres of radius 0.1 on a jittered grid of spacing 0.1995 (±0.1 mm): each overlaps its 6
// neighbours by 0.3-0.7 mm, and its diagonal neighbours are 8 cm away.
std::vector<Vec3> pile(int n) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> jitter(-1e-4, 1e-4);
  const int side = static_cast<int>(std::ceil(std::cbrt(n)));
  const double d = 0.1995;
  std::vector<Vec3> x;
  for (int k = 0; k < n; ++k) x.emplace_back(d * (k % side) + jitter(rng), d * ((k / side) % side) + jitter(rng), d * (k / (side * side)) + jitter(rng));
  return x;
}

void BM_BroadPhase_Bullet(benchmark::State& st) {
  const std::vector<Vec3> x = pile(static_cast<int>(st.range(0)));
  std::vector<CollisionObject> objects;
  for (std::size_t k = 0; k < x.size(); ++k) objects.push_back({geometry::make_sphere(0.1), static_cast<int>(k), true});
  CollisionWorld w(objects);
  for (std::size_t k = 0; k < x.size(); ++k) w.set_pose(static_cast<int>(k), {x[k], Quat::Identity()});
  for (auto _ : st) w.detect(kMargin);  // broad and narrow phase
  st.counters["pairs"] = static_cast<double>(w.stats().candidate_pairs);
  st.counters["touching"] = static_cast<double>(w.stats().touching_pairs);
  st.counters["points"] = static_cast<double>(w.points().size());
}

// FCL 0.7's callback (Debian's): a function with user data; false goes on to the next pair. Each
// candidate pair of the broad phase gets its narrow phase, as the adapter's do.
struct FclPile {
  long pairs = 0, touching = 0, points = 0;
};
bool collide_pair(fcl::CollisionObjectd* a, fcl::CollisionObjectd* b, void* data) {
  auto& pile = *static_cast<FclPile*>(data);
  fcl::CollisionRequestd request(4, true);
  fcl::CollisionResultd result;
  fcl::collide(a, b, request, result);
  ++pile.pairs;
  pile.touching += result.numContacts() > 0 ? 1 : 0;
  pile.points += static_cast<long>(result.numContacts());
  return false;
}

void BM_BroadPhase_Fcl(benchmark::State& st) {
  const std::vector<Vec3> x = pile(static_cast<int>(st.range(0)));
  auto sphere = std::make_shared<fcl::Sphered>(0.1 + 0.5 * kMargin);
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> objects;
  fcl::DynamicAABBTreeCollisionManagerd manager;
  for (const Vec3& c : x) {
    objects.push_back(std::make_unique<fcl::CollisionObjectd>(sphere, fcl::Transform3d(Eigen::Translation3d(c))));
    manager.registerObject(objects.back().get());
  }
  manager.setup();
  FclPile found;
  for (auto _ : st) {
    manager.update();  // the poses would change in a step
    found = {};
    manager.collide(&found, collide_pair);
  }
  st.counters["pairs"] = static_cast<double>(found.pairs);
  st.counters["touching"] = static_cast<double>(found.touching);
  st.counters["points"] = static_cast<double>(found.points);
}

}  // namespace
}  // namespace stickslip

BENCHMARK(stickslip::BM_ManifoldBoxOnBox_Bullet);
BENCHMARK(stickslip::BM_ManifoldBoxOnBox_Fcl);
BENCHMARK(stickslip::BM_QueryHullHull_Bullet);
BENCHMARK(stickslip::BM_QueryHullHull_Fcl);
BENCHMARK(stickslip::BM_BroadPhase_Bullet)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(stickslip::BM_BroadPhase_Fcl)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
