#include "geometry/shape.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "geometry/mass_properties.hpp"

namespace stickslip::geometry {
namespace {

void require_positive(double value, const char* what) {
  if (!(value > 0) || !std::isfinite(value)) {
    throw GeometryError(std::string(what) + " must be a finite number > 0");
  }
}

double farthest_vertex(const ConvexPolyhedron& p) {
  double r = 0;
  for (const Vec3& v : p.vertices) r = std::max(r, v.norm());
  return r;
}

// Twice the area of each triangle against its longest edge squared: below this it is a sliver or a
// point, which has no normal.
constexpr double kDegenerateTriangle = 1e-12;

void check_mesh(const TriangleMesh& mesh, std::size_t max_triangles) {
  if (mesh.triangles.empty()) throw GeometryError("the mesh has no triangles");
  if (mesh.triangles.size() > max_triangles) {
    throw GeometryError("the mesh has " + std::to_string(mesh.triangles.size()) + " triangles, more than the " +
                        std::to_string(max_triangles) + " a shape may have (docs/model-format.md); decimate it");
  }
  const int n = static_cast<int>(mesh.vertices.size());
  for (const Vec3& v : mesh.vertices)
    if (!v.allFinite()) throw GeometryError("a vertex of the mesh is not finite");
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const auto& tri = mesh.triangles[t];
    for (int k : tri)
      if (k < 0 || k >= n) throw GeometryError("triangle " + std::to_string(t) + " names a vertex that does not exist");
    const Vec3 &a = mesh.vertices[static_cast<std::size_t>(tri[0])], &b = mesh.vertices[static_cast<std::size_t>(tri[1])],
               &c = mesh.vertices[static_cast<std::size_t>(tri[2])];
    const double longest = std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
    if (!((b - a).cross(c - a).norm() > kDegenerateTriangle * longest)) {
      throw GeometryError("triangle " + std::to_string(t) + " of the mesh has no area (its vertices are on one line)");
    }
  }
}

// Signed volume of a closed, consistently oriented mesh (divergence theorem), NaN when some edge is
// not shared by exactly two triangles in opposite directions (then the mesh encloses no volume).
double closed_mesh_volume(const TriangleMesh& mesh) {
  std::vector<std::pair<int, int>> edges;
  double six_v = 0;
  for (const auto& t : mesh.triangles) {
    for (int k = 0; k < 3; ++k) edges.emplace_back(t[static_cast<std::size_t>(k)], t[static_cast<std::size_t>((k + 1) % 3)]);
    six_v += mesh.vertices[static_cast<std::size_t>(t[0])].dot(
        mesh.vertices[static_cast<std::size_t>(t[1])].cross(mesh.vertices[static_cast<std::size_t>(t[2])]));
  }
  std::sort(edges.begin(), edges.end());
  for (const auto& [a, b] : edges) {
    const bool twin = std::binary_search(edges.begin(), edges.end(), std::pair{b, a});
    const auto range = std::equal_range(edges.begin(), edges.end(), std::pair{a, b});
    if (!twin || range.second - range.first != 1) return std::numeric_limits<double>::quiet_NaN();
  }
  return six_v / 6.0;
}

}  // namespace

const char* shape_kind_name(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::sphere: return "sphere";
    case ShapeKind::box: return "box";
    case ShapeKind::capsule: return "capsule";
    case ShapeKind::cylinder: return "cylinder";
    case ShapeKind::convex_hull: return "convex_hull";
    case ShapeKind::plane: return "plane";
    case ShapeKind::triangle_mesh: return "triangle_mesh";
  }
  return "?";
}

Pose compose(const Pose& outer, const Pose& inner) {
  return {outer.apply(inner.position), (outer.orientation * inner.orientation).normalized()};
}

double Shape::bounding_radius() const {
  switch (kind) {
    case ShapeKind::sphere: return radius;
    case ShapeKind::box: return half_extents.norm();
    case ShapeKind::capsule: return half_length + radius;
    case ShapeKind::cylinder: return std::hypot(radius, half_length);
    case ShapeKind::convex_hull: return farthest_vertex(*polyhedron);
    case ShapeKind::plane: return std::numeric_limits<double>::infinity();
    case ShapeKind::triangle_mesh: {
      double r = 0;
      for (const Vec3& v : mesh->vertices) r = std::max(r, v.norm());
      return r;
    }
  }
  return 0;
}

Shape make_sphere(double radius) {
  require_positive(radius, "the radius");
  Shape s;
  s.kind = ShapeKind::sphere;
  s.radius = radius;
  return s;
}

Shape make_box(const Vec3& half_extents) {
  for (int k = 0; k < 3; ++k) require_positive(half_extents[k], "each half extent");
  Shape s;
  s.kind = ShapeKind::box;
  s.half_extents = half_extents;
  s.polyhedron = std::make_shared<const ConvexPolyhedron>(box_polyhedron(half_extents));
  return s;
}

namespace {

// A capsule or a cylinder: a radius about the z axis and a half length along it, both checked.
Shape round_shape(ShapeKind kind, double radius, double half_length) {
  require_positive(radius, "the radius");
  require_positive(half_length, "the half length");
  Shape s;
  s.kind = kind;
  s.radius = radius;
  s.half_length = half_length;
  return s;
}

}  // namespace

Shape make_capsule(double radius, double half_length) { return round_shape(ShapeKind::capsule, radius, half_length); }

Shape make_cylinder(double radius, double half_length) {
  Shape s = round_shape(ShapeKind::cylinder, radius, half_length);
  s.polyhedron = std::make_shared<const ConvexPolyhedron>(prism_polyhedron(radius, half_length, kCylinderFacets));
  return s;
}

Shape make_plane(const Vec3& normal) {
  if (!normal.allFinite() || !(normal.norm() > 0)) throw GeometryError("the normal must be a finite, non-zero vector");
  Shape s;
  s.kind = ShapeKind::plane;
  s.normal = normal.normalized();
  return s;
}

Shape make_convex_hull(const std::vector<Vec3>& points) {
  if (points.size() > kMaxHullPoints) {
    throw GeometryError("a convex hull of " + std::to_string(points.size()) + " points is more than the " +
                        std::to_string(kMaxHullPoints) + " a shape may have (docs/model-format.md)");
  }
  for (const Vec3& x : points)
    if (!x.allFinite()) throw GeometryError("a point of the convex hull is not finite");
  Shape s;
  s.kind = ShapeKind::convex_hull;
  s.polyhedron = std::make_shared<const ConvexPolyhedron>(convex_hull_polyhedron(points));
  return s;
}

// Convex when every vertex lies on the hull's surface and the mesh, if closed, holds the hull's
// volume; the tolerance is relative to the hull's size (rounding of a mesh written with decimals).
Shape make_convex_hull(std::shared_ptr<const TriangleMesh> mesh, std::string source) {
  check_mesh(*mesh, kMaxMeshTriangles);
  Shape s = make_convex_hull(mesh->vertices);
  const ConvexPolyhedron& hull = *s.polyhedron;
  const double size = farthest_vertex(hull) + (hull.vertices.front() - hull.vertices.back()).norm();
  const double tolerance = 1e-6 * size;
  for (std::size_t k = 0; k < mesh->vertices.size(); ++k) {
    double outermost = -std::numeric_limits<double>::infinity();
    for (const PolyhedronFace& f : hull.faces) outermost = std::max(outermost, f.normal.dot(mesh->vertices[k]) - f.offset);
    if (outermost < -tolerance) {
      throw GeometryError("the mesh is not convex: vertex " + std::to_string(k) + " lies " +
                          std::to_string(-outermost) + " inside its convex hull (use triangle_mesh for a fixed "
                          "body, or split the part into convex pieces)");
    }
  }
  const double volume = std::abs(closed_mesh_volume(*mesh));
  const double hull_volume = polyhedron_mass_properties(hull).volume;
  if (std::isfinite(volume) && volume < hull_volume * (1 - 1e-6)) {
    throw GeometryError("the mesh is not convex: it encloses " + std::to_string(volume) + " of its convex hull's " +
                        std::to_string(hull_volume) + " (use triangle_mesh for a fixed body, or split the part into "
                        "convex pieces)");
  }
  s.mesh = std::move(mesh);
  s.source = std::move(source);
  return s;
}

Shape make_triangle_mesh(std::shared_ptr<const TriangleMesh> mesh, std::string source) {
  check_mesh(*mesh, kMaxMeshTriangles);
  Shape s;
  s.kind = ShapeKind::triangle_mesh;
  s.mesh = std::move(mesh);
  s.source = std::move(source);
  return s;
}

}  // namespace stickslip::geometry
