// Collision shapes and visuals from URDF (urdf_import.hpp, docs/urdf.md "Collision shapes",
// "Visuals"): each <collision> of a link becomes a shape entry of its body, as a model file writes
// one under `shapes:`, and each <visual> an entry under `visuals:`.
#pragma once

#include <Eigen/Geometry>
#include <string>

#include <urdf_model/link.h>
#include <yaml-cpp/yaml.h>

#include "math/types.hpp"

namespace stickslip {

struct UrdfShapeSite {
  const std::string& urdf_path;  // the URDF file: meshes are found from its folder
  int line;                      // the <collision>'s (<visual>'s) line, for errors
  std::string owner;             // "link 'name'"
  bool dynamic;                  // a moving body takes a mesh as its convex hull, a fixed one as a surface
  std::string material;          // empty: no material key
};

// The shape of `collision`, posed in its body's frame by `rotation` and `position`. Throws InputError
// at the site's line for a mesh that cannot be found or read.
YAML::Node urdf_collision_shape(const urdf::Collision& collision, const Eigen::Quaterniond& rotation, const Vec3& position,
                                const UrdfShapeSite& site);

// The visual's geometry as an entry of its body's `visuals` (a mesh as its surface, whatever the
// body), with its material's colour. Throws InputError at the site's line for a mesh that is missing.
YAML::Node urdf_visual(const urdf::Visual& visual, const Eigen::Quaterniond& rotation, const Vec3& position,
                       const UrdfShapeSite& site);

// A <mesh filename>: package://PKG/rest (the folder PKG among the URDF folder and its parents, or
// PKG beside one of them), file:///absolute, or a path relative to the URDF's folder.
std::string resolve_urdf_mesh(const std::string& filename, const std::string& urdf_path);

}  // namespace stickslip
