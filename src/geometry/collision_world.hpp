// Collision detection between shapes (docs/architecture.md, "Shapes and collision detection"): the
// one interface to the collision library (Bullet's collision module in double precision). Nothing
// outside src/geometry/bullet_* includes the library's headers, so it can be swapped.
//
// Each detection takes the objects' poses and returns every contact point closer than a margin,
// pair by pair:
//   broad phase   Bullet's dynamic AABB tree (btDbvtBroadphase): candidate pairs whose boxes, grown
//                 by the margin, overlap (cost with the number of nearby pairs, not the square of the
//                 objects); planes are tested against each object's box directly; filtering by
//                 owner (objects of one owner never meet), groups and masks, excluded owner pairs,
//                 and pairs of objects that are both not dynamic;
//   narrow phase  (bullet_narrowphase.cpp) the separating axis from Bullet's GJK/EPA or a face of
//                 either polyhedron, whichever separates most, then the manifold: the clipped
//                 polygon of the two faces (Bullet's face clipping), the segment of a capsule lying
//                 on a face, or one point; against a plane the support points themselves (every
//                 vertex, capsule end or cylinder rim point within the margin) so that face contact
//                 gives its full manifold at first touch; triangle meshes through Bullet's BVH;
//   identity      each point keeps the id it had in the previous detection when it is found within
//                 a twentieth of the smaller shape's size of where it was, in either shape's frame
//                 (greedy, nearest first); new points take the pair's next free id.
// Points come sorted by (object a, object b, id), so the result does not depend on the library's
// pair order, and a detection depends only on the poses and on the previous detection's points
// (save/restore carry those across a checkpoint).
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "geometry/shape.hpp"

namespace stickslip::geometry {

struct CollisionObject {
  Shape shape;
  int owner = -1;               // the body: objects of one owner never collide
  bool dynamic = true;          // false: it moves only as prescribed, or not at all (two such objects never collide)
  std::uint32_t group = 1;      // collides with b when (group & b.mask) and (b.group & mask)
  std::uint32_t mask = ~0u;
};

// One point of a pair's manifold. The pair is (a, b) with a < b, except that a plane or a triangle
// mesh is always a; the normal points from a towards b.
struct ContactPoint {
  int a = -1, b = -1;
  int id = 0;        // identity within the pair while the point persists
  int previous = -1;  // index of this point among the previous detection's points, -1 when new
  Vec3 position = Vec3::Zero();  // world, midway between the two surfaces (against a plane: on b's surface)
  Vec3 normal = Vec3::UnitZ();   // world, unit
  double gap = 0;                // signed distance between the surfaces along the normal (< 0: overlap)
  Vec3 local_a = Vec3::Zero(), local_b = Vec3::Zero();  // the position in a's and b's frames
};

struct DetectionStats {
  long candidate_pairs = 0;  // pairs the broad phase passed to the narrow phase
  long touching_pairs = 0;   // pairs with at least one point
};

class CollisionWorld {
 public:
  // `excluded` lists owner pairs that never collide (bodies joined by a joint).
  CollisionWorld(std::vector<CollisionObject> objects, std::vector<std::pair<int, int>> excluded = {});
  ~CollisionWorld();
  CollisionWorld(const CollisionWorld&) = delete;
  CollisionWorld& operator=(const CollisionWorld&) = delete;

  int size() const;
  const CollisionObject& object(int k) const;
  void set_pose(int object, const Pose& world);
  const Pose& pose(int object) const;
  // Whether objects a and b may touch at all (owners, dynamic, groups and masks, excluded owners).
  bool may_collide(int a, int b) const;
  // Every point closer than `margin` [m] at the poses set; the previous points become
  // previous_points().
  void detect(double margin);
  const std::vector<ContactPoint>& points() const;
  const std::vector<ContactPoint>& previous_points() const;
  const DetectionStats& stats() const;

  // The points that carry identities into the next detection, as plain numbers (checkpoints):
  // per point a, b, id and local_a, local_b.
  void save(std::vector<std::int64_t>& integers, std::vector<double>& reals) const;
  void restore(const std::vector<std::int64_t>& integers, const std::vector<double>& reals);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace stickslip::geometry
