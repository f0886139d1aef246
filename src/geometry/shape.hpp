// Shapes of spatial bodies (docs/model-format.md, "Shapes"): what the collision detection, the mass
// properties and the animation page read. Each is described in its own frame; a `Pose` puts it in
// its body's frame. Conventions of the shape frame:
//   sphere        centre at the origin, radius r;
//   box           centred, half extents (a, b, c) along x, y, z;
//   capsule       the segment from (0, 0, −h) to (0, 0, h) swept by a sphere of radius r (axis z);
//   cylinder      axis z, radius r, end faces at z = ±h;
//   convex_hull   the convex hull of points (given, or a mesh file's vertices);
//   plane         the half-space below the plane through the origin with unit normal n (the body
//                 on the other side may not cross it); unbounded, for fixed and prescribed bodies;
//   triangle_mesh a surface of triangles (their outward side by the right-hand rule of each
//                 triangle's vertex order), for fixed and prescribed bodies.
// Shapes are immutable once made; polyhedra and meshes are shared between copies.
#pragma once

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "geometry/polyhedron.hpp"
#include "math/rotation.hpp"
#include "math/types.hpp"

namespace stickslip::geometry {

enum class ShapeKind { sphere, box, capsule, cylinder, convex_hull, plane, triangle_mesh };
const char* shape_kind_name(ShapeKind kind);  // "sphere", "box", ... as in model files

// A shape that cannot be made (a degenerate hull, a mesh beyond its bound, an unreadable file...).
class GeometryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A frame inside another: a point x of the inner frame is at position + orientation x.
struct Pose {
  Vec3 position = Vec3::Zero();
  Quat orientation = Quat::Identity();
  Vec3 apply(const Vec3& x) const { return position + orientation * x; }
};
Pose compose(const Pose& outer, const Pose& inner);  // inner's frame expressed in outer's parent

// A surface of triangles; each triangle lists three vertex indices.
struct TriangleMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;
};

struct Shape {
  ShapeKind kind = ShapeKind::sphere;
  double radius = 0;                  // sphere, capsule, cylinder
  double half_length = 0;             // capsule, cylinder: h
  Vec3 half_extents = Vec3::Zero();   // box
  Vec3 normal = Vec3::UnitZ();        // plane (unit)
  // box, convex_hull: the polyhedron itself; cylinder: a prism of kCylinderFacets sides inscribed in
  // it, which stands for the cylinder against shapes other than planes (its rims are exact there).
  std::shared_ptr<const ConvexPolyhedron> polyhedron;
  std::shared_ptr<const TriangleMesh> mesh;  // triangle_mesh; convex_hull made from a mesh: its source
  std::string source;                        // the mesh file read, if any

  bool is_convex_solid() const { return kind != ShapeKind::plane && kind != ShapeKind::triangle_mesh; }
  // The radius of the smallest sphere about the shape's origin that holds it (infinite for a plane).
  double bounding_radius() const;
};

// Sides of the prism that stands for a cylinder against shapes other than planes.
constexpr int kCylinderFacets = 32;
// Largest triangle mesh and largest point set of a convex hull a shape may have (docs/model-format.md):
// a finer surface costs memory and detection time out of proportion to what a contact needs.
constexpr std::size_t kMaxMeshTriangles = 500000;
constexpr std::size_t kMaxHullPoints = 100000;

// The shapes, checked: dimensions finite and > 0 (GeometryError otherwise, saying which).
Shape make_sphere(double radius);
Shape make_box(const Vec3& half_extents);
Shape make_capsule(double radius, double half_length);
Shape make_cylinder(double radius, double half_length);
Shape make_plane(const Vec3& normal);  // any non-zero length
// The convex hull of the points (at least four not in one plane; at most kMaxHullPoints).
Shape make_convex_hull(const std::vector<Vec3>& points);
// The convex hull of a closed mesh, refused when the mesh is not convex (a vertex inside the hull,
// or a volume below the hull's) so that a non-convex part is not silently filled in.
Shape make_convex_hull(std::shared_ptr<const TriangleMesh> mesh, std::string source);
// A triangle mesh (at most kMaxMeshTriangles triangles; indices in range; no triangle of zero area
// beyond rounding).
Shape make_triangle_mesh(std::shared_ptr<const TriangleMesh> mesh, std::string source);

}  // namespace stickslip::geometry
