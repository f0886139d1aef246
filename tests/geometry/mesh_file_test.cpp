// Mesh files through assimp (src/geometry/mesh_file.hpp): STL and OBJ, errors naming the file.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "geometry/mass_properties.hpp"
#include "geometry/mesh_file.hpp"

namespace stickslip::geometry {
namespace mesh_file_test {

// The cube [0, 2]³ as an ASCII STL: 12 triangles, counter-clockwise from outside.
std::string cube_stl() {
  const int quads[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  const auto corner = [](int k) {
    return std::to_string(2 * (k & 1)) + " " + std::to_string(k & 2) + " " + std::to_string((k & 4) / 2);
  };
  std::string s = "solid cube\n";
  for (const auto& q : quads) {
    for (const auto& tri : {std::array<int, 3>{q[0], q[1], q[2]}, std::array<int, 3>{q[0], q[2], q[3]}}) {
      s += " facet normal 0 0 0\n  outer loop\n";
      for (int k : tri) s += "   vertex " + corner(k) + "\n";
      s += "  endloop\n endfacet\n";
    }
  }
  return s + "endsolid cube\n";
}

// A square pyramid as OBJ, its base a quad (split into two triangles by the reader).
const char* kPyramidObj =
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0.5 0.5 1\n"
    "f 1 4 3 2\nf 1 2 5\nf 2 3 5\nf 3 4 5\nf 4 1 5\n";

TEST(MeshFile, ReadsStlWithSharedVertices) {
  test::TempDir dir;
  const auto mesh = read_mesh_file(dir.write("cube.stl", cube_stl()));
  EXPECT_EQ(mesh->triangles.size(), 12u);
  EXPECT_EQ(mesh->vertices.size(), 8u);  // identical vertices joined
  const Shape hull = make_convex_hull(mesh, "cube.stl");
  const MassProperties m = unit_mass_properties(hull);
  EXPECT_NEAR(m.volume, 8.0, 1e-13);
  EXPECT_LT((m.centroid - Vec3::Constant(1.0)).norm(), 1e-14);
}

TEST(MeshFile, ReadsObjAndSplitsPolygons) {
  test::TempDir dir;
  const auto mesh = read_mesh_file(dir.write("pyramid.obj", kPyramidObj));
  EXPECT_EQ(mesh->triangles.size(), 6u);
  EXPECT_EQ(mesh->vertices.size(), 5u);
  EXPECT_NEAR(unit_mass_properties(make_convex_hull(mesh, "")).volume, 1.0 / 3.0, 1e-14);
}

void expect_error(const std::string& path, const std::string& says, const MeshLimits& limits = {}) {
  try {
    read_mesh_file(path, limits);
    FAIL() << path << " was read";
  } catch (const GeometryError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(path + ": ", 0), 0u) << what;  // names the file first
    EXPECT_NE(what.find(says), std::string::npos) << what;
  }
}

TEST(MeshFile, ErrorsNameTheFile) {
  test::TempDir dir;
  expect_error(dir.file("missing.stl"), "no such file");
  expect_error(dir.write("garbage.stl", "this is not a mesh\n\x01\x02"), "cannot be read as a mesh");
  expect_error(dir.write("pyramid.obj", kPyramidObj), "more than the 5 a shape may have", {5});
}

}  // namespace mesh_file_test
}  // namespace stickslip::geometry
