// Shapes and their polyhedra (src/geometry/shape.hpp, polyhedron.hpp).
#include <gtest/gtest.h>

#include "geometry/mass_properties.hpp"
#include "geometry/shape.hpp"

namespace stickslip::geometry {
namespace shape_test {

std::vector<Vec3> cube_points(double h) {
  std::vector<Vec3> p;
  for (int k = 0; k < 8; ++k) p.emplace_back((k & 1) ? h : -h, (k & 2) ? h : -h, (k & 4) ? h : -h);
  return p;
}

// Every face lists its vertices counter-clockwise about its outward normal, and the whole polyhedron
// lies on the inner side of each face's plane.
void expect_outward_faces(const ConvexPolyhedron& p) {
  for (const PolyhedronFace& f : p.faces) {
    for (const Vec3& v : p.vertices) EXPECT_LE(f.normal.dot(v), f.offset + 1e-12);
    Vec3 area = Vec3::Zero();
    for (std::size_t k = 0; k < f.vertices.size(); ++k) {
      area += p.vertices[static_cast<std::size_t>(f.vertices[k])].cross(
          p.vertices[static_cast<std::size_t>(f.vertices[(k + 1) % f.vertices.size()])]);
    }
    EXPECT_GT(area.dot(f.normal), 0);
  }
}

TEST(Shape, BoxFacesAreExactlyTheAxes) {
  const Shape box = make_box(Vec3(0.3, 0.2, 0.1));
  const ConvexPolyhedron& p = *box.polyhedron;
  ASSERT_EQ(p.vertices.size(), 8u);
  ASSERT_EQ(p.faces.size(), 6u);
  for (std::size_t f = 0; f < 6; ++f) {
    Vec3 axis = Vec3::Zero();
    axis[static_cast<Eigen::Index>(f / 2)] = f % 2 == 0 ? -1.0 : 1.0;
    EXPECT_EQ(p.faces[f].normal, axis);  // exact: Newell's sums of ±h products
    EXPECT_EQ(p.faces[f].offset, box.half_extents[static_cast<Eigen::Index>(f / 2)]);
  }
  EXPECT_EQ(p.edge_directions.size(), 3u);
  expect_outward_faces(p);
}

TEST(Shape, ConvexHullMergesCoplanarFacesAndDropsInnerPoints) {
  std::vector<Vec3> points = cube_points(0.5);
  points.emplace_back(0.1, 0.2, -0.3);  // inside
  points.emplace_back(0.5, 0.0, 0.0);   // on a face: not a vertex of the hull
  const Shape hull = make_convex_hull(points);
  const ConvexPolyhedron& p = *hull.polyhedron;
  EXPECT_EQ(p.vertices.size(), 8u);
  ASSERT_EQ(p.faces.size(), 6u);
  for (const PolyhedronFace& f : p.faces) {
    EXPECT_EQ(f.vertices.size(), 4u);
    EXPECT_NEAR(f.normal.cwiseAbs().maxCoeff(), 1.0, 1e-15);  // an axis, to rounding
    EXPECT_NEAR(f.offset, 0.5, 1e-15);
  }
  expect_outward_faces(p);
  EXPECT_NEAR(unit_mass_properties(hull).volume, 1.0, 1e-14);
}

TEST(Shape, DegenerateShapesAreRefused) {
  EXPECT_THROW(make_sphere(0), GeometryError);
  EXPECT_THROW(make_sphere(-1), GeometryError);
  EXPECT_THROW(make_box(Vec3(1, 0, 1)), GeometryError);
  EXPECT_THROW(make_capsule(0.1, 0), GeometryError);
  EXPECT_THROW(make_cylinder(std::nan(""), 1), GeometryError);
  EXPECT_THROW(make_plane(Vec3::Zero()), GeometryError);
  // Points in one plane, or too few.
  std::vector<Vec3> flat;
  for (int k = 0; k < 6; ++k) flat.emplace_back(std::cos(k), std::sin(k), 0.2);
  try {
    make_convex_hull(flat);
    FAIL() << "a flat hull was accepted";
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("one plane"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_convex_hull(std::vector<Vec3>{Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY()}), GeometryError);
}

// A closed mesh: the cube of half size 1, or the same with its top face pushed in to a pyramid's
// apex below it (not convex: the apex lies inside the hull).
std::shared_ptr<TriangleMesh> cube_mesh(bool dent) {
  auto m = std::make_shared<TriangleMesh>();
  m->vertices = cube_points(1.0);
  const int quads[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  for (int f = 0; f < 6; ++f) {
    const auto& q = quads[f];
    if (dent && f == 5) {
      m->vertices.emplace_back(0, 0, 0.5);
      const int apex = 8;
      for (int k = 0; k < 4; ++k) m->triangles.push_back({q[k], q[(k + 1) % 4], apex});
      continue;
    }
    m->triangles.push_back({q[0], q[1], q[2]});
    m->triangles.push_back({q[0], q[2], q[3]});
  }
  return m;
}

TEST(Shape, ConvexHullOfAMeshRefusesANonConvexMesh) {
  const Shape cube = make_convex_hull(cube_mesh(false), "cube.stl");
  EXPECT_NEAR(unit_mass_properties(cube).volume, 8.0, 1e-13);
  EXPECT_EQ(cube.source, "cube.stl");
  try {
    make_convex_hull(cube_mesh(true), "dent.stl");
    FAIL() << "a non-convex mesh was accepted as a convex hull";
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("not convex"), std::string::npos) << e.what();
  }
}

TEST(Shape, TriangleMeshChecksItsTriangles) {
  auto mesh = cube_mesh(false);
  EXPECT_NO_THROW(make_triangle_mesh(mesh, ""));
  auto bad = std::make_shared<TriangleMesh>(*mesh);
  bad->triangles.push_back({0, 1, 99});
  EXPECT_THROW(make_triangle_mesh(bad, ""), GeometryError);
  auto sliver = std::make_shared<TriangleMesh>(*mesh);
  sliver->vertices.push_back(0.5 * (mesh->vertices[0] + mesh->vertices[1]));
  sliver->triangles.push_back({0, 1, static_cast<int>(sliver->vertices.size()) - 1});
  EXPECT_THROW(make_triangle_mesh(sliver, ""), GeometryError);
}

TEST(Shape, BoundingRadiusHoldsTheShape) {
  EXPECT_DOUBLE_EQ(make_capsule(0.1, 0.3).bounding_radius(), 0.4);
  EXPECT_DOUBLE_EQ(make_box(Vec3(1, 2, 2)).bounding_radius(), 3.0);
  EXPECT_DOUBLE_EQ(make_cylinder(0.3, 0.4).bounding_radius(), 0.5);
  EXPECT_TRUE(std::isinf(make_plane(Vec3::UnitZ()).bounding_radius()));
}

}  // namespace shape_test
}  // namespace stickslip::geometry
