#include "io/shape_mesh.hpp"

#include <cmath>
#include <numbers>

namespace stickslip {

void TriangleMesh::append(const TriangleMesh& other) {
  const int base = static_cast<int>(vertices.size());
  vertices.insert(vertices.end(), other.vertices.begin(), other.vertices.end());
  for (const auto& t : other.triangles) triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
}

// File-local helpers, in a namespace of their own: unity batches compile io/ files together.
namespace mesh_detail {

TriangleMesh box_mesh(const Vec3& size) {
  TriangleMesh m;
  for (int k = 0; k < 8; ++k) {
    m.vertices.push_back(0.5 * Vec3((k & 1) ? size.x() : -size.x(), (k & 2) ? size.y() : -size.y(),
                                    (k & 4) ? size.z() : -size.z()));
  }
  // Corners k = x + 2y + 4z; each face as two triangles, outward.
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& f : faces) {
    m.triangles.push_back({f[0], f[1], f[2]});
    m.triangles.push_back({f[0], f[2], f[3]});
  }
  return m;
}

// A surface of revolution about z through the profile points (r, z), from the bottom pole to the
// top: rings of kSegments vertices, a point where r = 0.
TriangleMesh revolve(const std::vector<std::array<double, 2>>& profile) {
  TriangleMesh m;
  std::vector<int> first;  // index of each ring's first vertex
  std::vector<int> count;
  for (const auto& [r, z] : profile) {
    first.push_back(static_cast<int>(m.vertices.size()));
    const int n = r > 0 ? kSegments : 1;
    count.push_back(n);
    for (int k = 0; k < n; ++k) {
      const double a = 2 * std::numbers::pi * k / kSegments;
      m.vertices.emplace_back(r * std::cos(a), r * std::sin(a), z);
    }
  }
  for (std::size_t ring = 0; ring + 1 < profile.size(); ++ring) {
    const int a = first[ring], b = first[ring + 1];
    for (int k = 0; k < kSegments; ++k) {
      const int k1 = (k + 1) % kSegments;
      const int a0 = count[ring] == 1 ? a : a + k, a1 = count[ring] == 1 ? a : a + k1;
      const int b0 = count[ring + 1] == 1 ? b : b + k, b1 = count[ring + 1] == 1 ? b : b + k1;
      if (a0 != a1) m.triangles.push_back({a0, a1, b1});
      if (b0 != b1) m.triangles.push_back({a0, b1, b0});
    }
  }
  return m;
}

// Profile of a sphere of radius r centred at z = c, the half from angle lo to hi (−π/2 at the bottom).
void arc(std::vector<std::array<double, 2>>& profile, double r, double c, double lo, double hi, int steps) {
  for (int k = 0; k <= steps; ++k) {
    const double a = lo + (hi - lo) * k / steps;
    const double across = std::abs(a) == std::numbers::pi / 2 ? 0.0 : r * std::cos(a);  // a pole: one vertex
    profile.push_back({across, c + r * std::sin(a)});
  }
}

TriangleMesh plane_mesh(const SceneShape& s, double half) {
  const double hx = s.size.x() > 0 ? 0.5 * s.size.x() : half, hy = s.size.y() > 0 ? 0.5 * s.size.y() : half;
  TriangleMesh m;
  m.vertices = {{-hx, -hy, 0}, {hx, -hy, 0}, {hx, hy, 0}, {-hx, hy, 0}};
  m.triangles = {{0, 1, 2}, {0, 2, 3}};
  return m;
}

TriangleMesh local_mesh(const SceneShape& s, double plane_half) {
  const double pi = std::numbers::pi;
  std::vector<std::array<double, 2>> profile;
  switch (s.kind) {
    case SceneShape::Kind::box: return box_mesh(s.size);
    case SceneShape::Kind::sphere:
      arc(profile, s.radius, 0, -pi / 2, pi / 2, kSegments / 2);
      return revolve(profile);
    case SceneShape::Kind::capsule:
      arc(profile, s.radius, -0.5 * s.length, -pi / 2, 0, kSegments / 4);
      arc(profile, s.radius, 0.5 * s.length, 0, pi / 2, kSegments / 4);
      return revolve(profile);
    case SceneShape::Kind::cylinder:
      profile = {{0, -0.5 * s.length}, {s.radius, -0.5 * s.length}, {s.radius, 0.5 * s.length}, {0, 0.5 * s.length}};
      return revolve(profile);
    case SceneShape::Kind::plane: return plane_mesh(s, plane_half);
    case SceneShape::Kind::convex:
    case SceneShape::Kind::mesh: {
      TriangleMesh m;
      m.vertices = s.vertices;
      m.triangles = s.triangles;
      return m;
    }
  }
  return {};
}

}  // namespace mesh_detail

TriangleMesh shape_mesh(const SceneShape& shape, double plane_half) {
  TriangleMesh m = mesh_detail::local_mesh(shape, plane_half);
  for (Vec3& v : m.vertices) v = shape.position + shape.orientation * v;
  return m;
}

}  // namespace stickslip
