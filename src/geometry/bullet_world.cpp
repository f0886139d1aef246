// The collision world (collision_world.hpp): Bullet's dynamic AABB tree as the broad phase, the
// narrow phase of bullet_narrowphase.cpp, and the points' identities (contact_identity.cpp). Part
// of the collision adapter: only src/geometry/bullet_* include Bullet's headers.
#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>
#include <BulletCollision/BroadphaseCollision/btOverlappingPairCache.h>
#include <LinearMath/btAabbUtil2.h>

#include <algorithm>
#include <cstdint>

#include "geometry/bullet_convert.hpp"
#include "geometry/bullet_narrowphase.hpp"
#include "geometry/collision_world.hpp"
#include "geometry/contact_identity.hpp"

namespace stickslip::geometry {

namespace {

bool is_reference(const Shape& s) { return s.kind == ShapeKind::plane || s.kind == ShapeKind::triangle_mesh; }

}  // namespace

struct CollisionWorld::Impl : btOverlapFilterCallback {
  std::vector<CollisionObject> objects;
  std::vector<detail::NarrowShape> narrow;
  std::vector<Pose> poses;
  std::vector<std::pair<int, int>> excluded;  // owner pairs (smaller first), sorted
  std::vector<int> planes;
  btDbvtBroadphase broadphase;
  std::vector<btBroadphaseProxy*> proxies;  // null for planes
  std::vector<std::pair<int, int>> pairs;   // this detection's candidates (a, b)
  std::vector<detail::RawPoint> raw;
  ContactIdentity identity;
  DetectionStats stats;

  bool may_collide(int i, int j) const {
    const CollisionObject &a = objects[static_cast<std::size_t>(i)], &b = objects[static_cast<std::size_t>(j)];
    if (i == j || a.owner == b.owner || (!a.dynamic && !b.dynamic)) return false;
    if (!(a.group & b.mask) || !(b.group & a.mask)) return false;
    if (is_reference(a.shape) && is_reference(b.shape)) return false;  // planes and meshes are not solids
    const std::pair<int, int> owners = std::minmax(a.owner, b.owner);
    return !std::binary_search(excluded.begin(), excluded.end(), owners);
  }
  bool needBroadphaseCollision(btBroadphaseProxy* p0, btBroadphaseProxy* p1) const override {
    return may_collide(static_cast<int>(reinterpret_cast<std::intptr_t>(p0->m_clientObject)),
                       static_cast<int>(reinterpret_cast<std::intptr_t>(p1->m_clientObject)));
  }

  void update_boxes(double margin);
  void collect_pairs(double margin);
  void narrow_phase(double margin);
};

// Each object's box grown by the margin: pairs whose grown boxes overlap are candidates.
// The proxies are made at the first detection, with the objects' first poses (made at construction,
// every object would sit at the origin and meet every other once).
void CollisionWorld::Impl::update_boxes(double margin) {
  for (std::size_t k = 0; k < objects.size(); ++k) {
    const CollisionObject& o = objects[k];
    if (o.shape.kind == ShapeKind::plane) continue;
    Vec3 lower, upper;
    detail::world_box(narrow[k], poses[k], lower, upper);
    const btVector3 low = detail::to_bt(lower - Vec3::Constant(0.5 * margin)), high = detail::to_bt(upper + Vec3::Constant(0.5 * margin));
    if (proxies[k] == nullptr) {
      proxies[k] = broadphase.createProxy(low, high, 0, reinterpret_cast<void*>(static_cast<std::intptr_t>(k)),
                                          static_cast<int>(o.group), static_cast<int>(o.mask), nullptr);
    } else {
      broadphase.setAabb(proxies[k], low, high, nullptr);
    }
  }
}

// The broad phase's pairs whose boxes overlap now (its cache may still hold a few that no longer do,
// cleaned up over later calls), and every plane with every object it may meet; sorted, so the order
// is the objects', not the library's.
void CollisionWorld::Impl::collect_pairs(double margin) {
  update_boxes(margin);
  broadphase.calculateOverlappingPairs(nullptr);
  pairs.clear();
  btOverlappingPairCache* cache = broadphase.getOverlappingPairCache();
  const btBroadphasePairArray& cached = cache->getOverlappingPairArray();
  for (int k = 0; k < cached.size(); ++k) {
    const btBroadphaseProxy *p0 = cached[k].m_pProxy0, *p1 = cached[k].m_pProxy1;
    if (!TestAabbAgainstAabb2(p0->m_aabbMin, p0->m_aabbMax, p1->m_aabbMin, p1->m_aabbMax)) continue;
    int a = static_cast<int>(reinterpret_cast<std::intptr_t>(p0->m_clientObject));
    int b = static_cast<int>(reinterpret_cast<std::intptr_t>(p1->m_clientObject));
    if (a > b) std::swap(a, b);
    if (is_reference(objects[static_cast<std::size_t>(b)].shape)) std::swap(a, b);
    pairs.emplace_back(a, b);
  }
  for (const int p : planes)
    for (int k = 0; k < static_cast<int>(objects.size()); ++k)
      if (may_collide(p, k)) pairs.emplace_back(p, k);
  std::sort(pairs.begin(), pairs.end());
  stats.candidate_pairs = static_cast<long>(pairs.size());
}

void CollisionWorld::Impl::narrow_phase(double margin) {
  identity.begin();
  stats.touching_pairs = 0;
  for (const auto& [a, b] : pairs) {
    raw.clear();
    detail::collide(narrow[static_cast<std::size_t>(a)], poses[static_cast<std::size_t>(a)],
                    narrow[static_cast<std::size_t>(b)], poses[static_cast<std::size_t>(b)], margin, raw);
    if (raw.empty()) continue;
    ++stats.touching_pairs;
    const double size = std::min(objects[static_cast<std::size_t>(a)].shape.bounding_radius(),
                                 objects[static_cast<std::size_t>(b)].shape.bounding_radius());
    identity.add_pair(a, b, poses[static_cast<std::size_t>(a)], poses[static_cast<std::size_t>(b)], size, raw);
  }
}

CollisionWorld::CollisionWorld(std::vector<CollisionObject> objects, std::vector<std::pair<int, int>> excluded)
    : impl_(std::make_unique<Impl>()) {
  Impl& w = *impl_;
  w.objects = std::move(objects);
  for (auto& [i, j] : excluded)
    if (i > j) std::swap(i, j);
  std::sort(excluded.begin(), excluded.end());
  w.excluded = std::move(excluded);
  w.broadphase.getOverlappingPairCache()->setOverlapFilterCallback(&w);
  w.narrow.reserve(w.objects.size());
  w.poses.assign(w.objects.size(), Pose{});
  w.proxies.assign(w.objects.size(), nullptr);
  for (std::size_t k = 0; k < w.objects.size(); ++k) {
    w.narrow.emplace_back(w.objects[k].shape);
    if (w.objects[k].shape.kind == ShapeKind::plane) w.planes.push_back(static_cast<int>(k));
  }
}

CollisionWorld::~CollisionWorld() {
  if (!impl_) return;
  for (btBroadphaseProxy* p : impl_->proxies)
    if (p != nullptr) impl_->broadphase.destroyProxy(p, nullptr);
}

int CollisionWorld::size() const { return static_cast<int>(impl_->objects.size()); }
const CollisionObject& CollisionWorld::object(int k) const { return impl_->objects[static_cast<std::size_t>(k)]; }
void CollisionWorld::set_pose(int k, const Pose& world) { impl_->poses[static_cast<std::size_t>(k)] = world; }
const Pose& CollisionWorld::pose(int k) const { return impl_->poses[static_cast<std::size_t>(k)]; }
bool CollisionWorld::may_collide(int a, int b) const { return impl_->may_collide(a, b); }

void CollisionWorld::detect(double margin) {
  impl_->collect_pairs(margin);
  impl_->narrow_phase(margin);
}

const std::vector<ContactPoint>& CollisionWorld::points() const { return impl_->identity.points(); }
const std::vector<ContactPoint>& CollisionWorld::previous_points() const { return impl_->identity.previous(); }
const DetectionStats& CollisionWorld::stats() const { return impl_->stats; }

void CollisionWorld::save(std::vector<std::int64_t>& integers, std::vector<double>& reals) const {
  impl_->identity.save(integers, reals);
}
void CollisionWorld::restore(const std::vector<std::int64_t>& integers, const std::vector<double>& reals) {
  impl_->identity.restore(integers, reals);
}

}  // namespace stickslip::geometry
