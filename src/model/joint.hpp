// Bilateral holonomic joints between two planar bodies (body_i, body_j). Points and axes are given
// in each body's frame (origin at its centre of mass). The equations live in assembly/, one file per
// joint type; the constraint force on body j is G_jᵀ λ (Lagrange equations of the first kind,
// M q̈ = f + Gᵀ λ, Zhang & Wang 2017 eq. (11)).
#pragma once

#include <string>

#include "math/types.hpp"

namespace stickslip {

enum class JointType {
  revolute,   // P_j - P_i = 0 (2 equations)
  prismatic,  // planar translational: n_i · (P_j - P_i) = 0 and θ_j - θ_i - θ0 = 0 (2 equations)
  weld,       // P_j - P_i = 0 and θ_j - θ_i - θ0 = 0 (3 equations)
};

struct Joint {
  std::string name;
  JointType type = JointType::revolute;
  int body_i = 0, body_j = 0;  // indices into Model::bodies
  Vec2 point_i = Vec2::Zero(), point_j = Vec2::Zero();  // attachment points, body frames
  Vec2 axis_i = Vec2::UnitX();  // prismatic: sliding axis, body i frame (unit vector)
  double angle_offset = 0;      // θ0 of the locked relative rotation (prismatic, weld)

  int row_offset = -1;  // first row of this joint in Φ, set by ModelBuilder::build
};

// Number of constraint equations of a joint type.
int joint_equation_count(JointType type);
const char* joint_type_name(JointType type);

}  // namespace stickslip
