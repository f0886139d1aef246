// The narrow phase of the collision adapter (collision_world.hpp): the points of one pair of
// objects at given poses. Internal to src/geometry (it includes Bullet's headers).
//
// A convex solid is a core (a point for a sphere, a segment for a capsule, a polyhedron for a box,
// a convex hull or a cylinder's prism) surrounded at a distance `radius` (the sphere's or capsule's,
// else 0). For two solids, or a triangle of a mesh and a solid, the axis u (from a to b) is the one
// that separates their cores most, g(u) = min_b uᵀx − max_a uᵀx − r_a − r_b, among the face normals
// of either polyhedron or triangle and the direction between the closest points that Bullet's GJK
// (EPA when the cores overlap) finds; on a tie (within 1e-9 of their size) a face wins, so a face
// contact has the face's normal exactly. Along a face normal the other side's face (or its segment)
// most turned towards it is clipped against that reference face's side planes (Bullet's face
// clipping) and every clipped vertex within the margin is a point, its gap measured from the
// reference plane: the full manifold of face-face, edge-face and vertex-face contact at once. Along
// GJK's axis the two closest points make one point; two nearly parallel segments (capsules side by
// side) give the ends of their overlap. A plane against a solid takes the support points of its core
// directly (every vertex, both segment ends, the lowest point of each cylinder rim, or eight points of
// a rim lying flat on it); a cylinder against anything else is its prism.
#pragma once

#include <memory>
#include <vector>

#include "geometry/shape.hpp"

class btConvexShape;
class btBvhTriangleMeshShape;
class btTriangleIndexVertexArray;

namespace stickslip::geometry::detail {

struct NarrowShape {
  explicit NarrowShape(const Shape& shape);
  ~NarrowShape();
  NarrowShape(NarrowShape&&) noexcept;
  const Shape* shape = nullptr;
  double radius = 0;                        // of the surface about the core
  std::unique_ptr<btConvexShape> core;      // convex solids: the core for GJK (margin 0)
  std::vector<int> indices;                 // triangle meshes: the triangles, flat
  std::unique_ptr<btTriangleIndexVertexArray> mesh_data;
  std::unique_ptr<btBvhTriangleMeshShape> mesh;
  Vec3 local_lower = Vec3::Zero(), local_upper = Vec3::Zero();  // polyhedra and meshes: the box of the vertices
};

struct RawPoint {
  Vec3 position, normal;
  double gap;
};

// Appends the points of (a, b) closer than `margin` to `out`; `a` may be a plane or a mesh, `b` is a
// convex solid, or both are convex solids. Normals point from a to b.
void collide(const NarrowShape& a, const Pose& pa, const NarrowShape& b, const Pose& pb, double margin,
             std::vector<RawPoint>& out);

// The axis-aligned box of an object at a pose (planes: none; the caller tests them otherwise).
void world_box(const NarrowShape& s, const Pose& pose, Vec3& lower, Vec3& upper);

}  // namespace stickslip::geometry::detail
