// URDF robots as stickslip models (docs/urdf.md): the file is read by urdfdom (links, joints,
// inertials, limits, dynamics) and walked with tinyxml2 for the lines of its elements, so that every
// element the model cannot take is reported at its line. The robot becomes a model tree (the same
// keys a spatial model file has), read by read_model; errors in it are relocated to the URDF's line.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <yaml-cpp/yaml.h>

#include "math/types.hpp"

namespace stickslip {

// What a model file's `urdf:` section may set (docs/urdf.md, "Including a URDF").
struct UrdfSettings {
  bool fixed_base = false;  // attach the root link to the ground (a root without mass always is)
  // Where the root link's frame is placed in the world (the robot's zero configuration carried there).
  Vec3 base_position = Vec3::Zero();
  Eigen::Quaterniond base_orientation = Eigen::Quaterniond::Identity();
  YAML::Node limit_laws;    // the stops' `impact` and `normal` laws (default: newton, e = 0)
  std::string material;     // the material of every collision shape (none: the shapes are only drawn)
  std::map<std::string, std::string> link_materials;  // a link's own, instead of `material`
};

struct UrdfImport {
  YAML::Node tree;                    // dimension, gravity, bodies, joints, forces, contacts, simulation
  std::vector<std::string> warnings;  // "file:line: <element> ...: not imported: why"
  // The URDF line of each generated element, by key path ("bodies[2]", "joints[0]", "contacts[1]").
  std::map<std::string, int> lines;
};

// Throws InputError (the file and line) for what cannot be imported at all: an unreadable file, a
// link that moves without mass, a planar joint, a collision or visual mesh that cannot be found or read.
UrdfImport import_urdf(const std::string& path, const UrdfSettings& settings = {});

// The elements of the file that the import does not take, with their lines (urdf_elements.cpp), and
// the line of every link and joint by name.
struct UrdfElementLines {
  std::map<std::string, int> links, joints;
  std::map<std::string, std::vector<int>> collisions;  // the line of each <collision> of a link, in order
  std::map<std::string, std::vector<int>> visuals;     // the line of each <visual> of a link, in order
  std::vector<std::string> unsupported;  // warnings, each "file:line: ..."
};
UrdfElementLines urdf_element_lines(const std::string& path);

}  // namespace stickslip
