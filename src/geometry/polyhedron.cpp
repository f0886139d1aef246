#include "geometry/polyhedron.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace stickslip::geometry {

void complete_polyhedron(ConvexPolyhedron& p) {
  p.edge_directions.clear();
  Vec3 inside = Vec3::Zero();  // the mean of the vertices lies inside a convex polyhedron
  for (const Vec3& v : p.vertices) inside += v;
  inside /= static_cast<double>(p.vertices.size());
  for (PolyhedronFace& f : p.faces) {
    Vec3 n = Vec3::Zero();  // Newell: twice the vector area of the polygon
    Vec3 centre = Vec3::Zero();
    const std::size_t count = f.vertices.size();
    for (std::size_t k = 0; k < count; ++k) {
      const Vec3& a = p.vertices[static_cast<std::size_t>(f.vertices[k])];
      const Vec3& b = p.vertices[static_cast<std::size_t>(f.vertices[(k + 1) % count])];
      n += a.cross(b);
      centre += a;
    }
    f.normal = n.normalized();
    f.offset = f.normal.dot(centre / static_cast<double>(count));
    if (f.offset < f.normal.dot(inside)) {  // listed clockwise seen from outside: turn it round
      std::reverse(f.vertices.begin(), f.vertices.end());
      f.normal = -f.normal;
      f.offset = -f.offset;
    }
    for (std::size_t k = 0; k < count; ++k) {
      const Vec3 e = (p.vertices[static_cast<std::size_t>(f.vertices[(k + 1) % count])] -
                      p.vertices[static_cast<std::size_t>(f.vertices[k])]).normalized();
      bool known = false;
      for (const Vec3& d : p.edge_directions) known = known || std::abs(d.dot(e)) > 1 - 1e-12;
      if (!known) p.edge_directions.push_back(e);
    }
  }
}

ConvexPolyhedron box_polyhedron(const Vec3& h) {
  ConvexPolyhedron p;
  for (int k = 0; k < 8; ++k) {
    p.vertices.emplace_back((k & 1) ? h.x() : -h.x(), (k & 2) ? h.y() : -h.y(), (k & 4) ? h.z() : -h.z());
  }
  // Counter-clockwise seen from outside: −x, +x, −y, +y, −z, +z.
  const int faces[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  for (const auto& f : faces) p.faces.push_back({{f[0], f[1], f[2], f[3]}, Vec3::UnitZ(), 0.0});
  complete_polyhedron(p);  // Newell's sums of ±h products: exactly the axes
  return p;
}

ConvexPolyhedron prism_polyhedron(double radius, double half_length, int sides) {
  ConvexPolyhedron p;
  for (int end = 0; end < 2; ++end) {
    for (int k = 0; k < sides; ++k) {
      const double a = 2 * std::numbers::pi * k / sides;
      p.vertices.emplace_back(radius * std::cos(a), radius * std::sin(a), end == 0 ? -half_length : half_length);
    }
  }
  PolyhedronFace bottom, top;
  for (int k = 0; k < sides; ++k) {
    bottom.vertices.push_back(sides - 1 - k);  // seen from below: clockwise from above
    top.vertices.push_back(sides + k);
    const int next = (k + 1) % sides;
    p.faces.push_back({{k, next, sides + next, sides + k}, Vec3::UnitZ(), 0.0});
  }
  p.faces.push_back(bottom);
  p.faces.push_back(top);
  complete_polyhedron(p);
  return p;
}

}  // namespace stickslip::geometry
