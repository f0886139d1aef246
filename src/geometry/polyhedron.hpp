// A convex polyhedron as the collision detection and the mass properties read it: vertices, faces
// (vertex indices counter-clockwise seen from outside, outward unit normal n and offset d with
// nᵀx = d on the face, nᵀx <= d inside) and the directions of its edges, each once up to sign.
#pragma once

#include <vector>

#include "math/types.hpp"

namespace stickslip::geometry {

struct PolyhedronFace {
  std::vector<int> vertices;
  Vec3 normal = Vec3::UnitZ();
  double offset = 0;
};

struct ConvexPolyhedron {
  std::vector<Vec3> vertices;
  std::vector<PolyhedronFace> faces;
  std::vector<Vec3> edge_directions;
};

// The box of half extents h (8 vertices, 6 faces with exactly the axes as normals).
ConvexPolyhedron box_polyhedron(const Vec3& half_extents);
// The prism with `sides` rectangular sides inscribed in the cylinder of axis z, radius r, ends ±h.
ConvexPolyhedron prism_polyhedron(double radius, double half_length, int sides);
// The convex hull of points (Bullet's hull computer, geometry/convex_hull.cpp). Coplanar faces come
// out merged into polygons. Throws GeometryError when the points span no volume.
ConvexPolyhedron convex_hull_polyhedron(const std::vector<Vec3>& points);

// Fills each face's normal (Newell's method: exact for a planar polygon, robust to nearly collinear
// vertices) and offset, and the unique edge directions. The faces' vertex lists must be set.
void complete_polyhedron(ConvexPolyhedron& p);

}  // namespace stickslip::geometry
