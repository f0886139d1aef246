// Mesh files through assimp (STL, OBJ, PLY, OFF, glTF, Collada and the other formats it reads):
// every mesh of the file, its triangles (polygons are split into triangles) and the vertices they
// use, in the file's own units and axes, identical vertices joined. Errors name the file.
#pragma once

#include <memory>
#include <string>

#include "geometry/shape.hpp"

namespace stickslip::geometry {

struct MeshLimits {
  std::size_t max_triangles = kMaxMeshTriangles;
};

// Throws GeometryError ("<path>: why") when the file cannot be read, holds no triangles, or holds
// more than limits.max_triangles.
std::shared_ptr<const TriangleMesh> read_mesh_file(const std::string& path, const MeshLimits& limits = {});

}  // namespace stickslip::geometry
