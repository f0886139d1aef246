// Triangle surfaces of the scene's shapes (animation_scene.hpp), in their body's frame: what the
// ParaView export (vtk_export.hpp) writes. Curved shapes are approximated by a fixed number of
// facets (kSegments around, kSegments / 2 from pole to pole).
#pragma once

#include <array>
#include <vector>

#include "io/animation_scene.hpp"

namespace stickslip {

struct TriangleMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;  // counter-clockwise seen from outside
  void append(const TriangleMesh& other);
};

constexpr int kSegments = 24;

// The surface of a shape in its body's frame. A plane without a size is drawn as a square patch of
// half-size `plane_half`; a convex shape without triangles as its vertices alone (no triangles).
TriangleMesh shape_mesh(const SceneShape& shape, double plane_half);

}  // namespace stickslip
