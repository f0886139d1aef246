// The convex hull of a point set through Bullet's hull computer (Kniemeyer's implementation of
// Preparata & Hong): its vertices and its faces as planar polygons (coplanar triangles merged).
// Part of the adapter to the collision library: only the files src/geometry/bullet_* include
// Bullet's headers (scripts/check_layers.py).
#include <LinearMath/btConvexHullComputer.h>

#include <algorithm>
#include <cmath>

#include "geometry/polyhedron.hpp"
#include "geometry/shape.hpp"

namespace stickslip::geometry {

ConvexPolyhedron convex_hull_polyhedron(const std::vector<Vec3>& points) {
  if (points.size() < 4) throw GeometryError("a convex hull needs at least four points not in one plane");
  double extent = 0;
  for (const Vec3& x : points) extent = std::max(extent, (x - points.front()).norm());
  btConvexHullComputer hull;
  hull.compute(points.front().data(), sizeof(Vec3), static_cast<int>(points.size()), 0.0, 0.0);
  ConvexPolyhedron p;
  for (int k = 0; k < hull.vertices.size(); ++k) {
    const btVector3& v = hull.vertices[k];
    p.vertices.emplace_back(v.x(), v.y(), v.z());
  }
  for (int f = 0; f < hull.faces.size(); ++f) {
    PolyhedronFace face;
    const btConvexHullComputer::Edge* first = &hull.edges[hull.faces[f]];
    const btConvexHullComputer::Edge* e = first;
    do {
      face.vertices.push_back(e->getSourceVertex());
      e = e->getNextEdgeOfFace();
    } while (e != first);
    p.faces.push_back(std::move(face));
  }
  // A flat hull has two faces back to back (or none): no volume to hold anything.
  if (p.faces.size() < 4 || p.vertices.size() < 4) {
    throw GeometryError("the points of the convex hull lie in one plane (or on one line): it has no volume");
  }
  complete_polyhedron(p);
  double thickness = 0;  // the hull's smallest width over its face normals
  for (const PolyhedronFace& f : p.faces) {
    double lowest = f.offset;
    for (const Vec3& v : p.vertices) lowest = std::min(lowest, f.normal.dot(v));
    thickness = thickness == 0 ? f.offset - lowest : std::min(thickness, f.offset - lowest);
  }
  if (!(thickness > 1e-9 * extent)) {
    throw GeometryError("the points of the convex hull lie in one plane (or on one line): it has no volume");
  }
  return p;
}

}  // namespace stickslip::geometry
