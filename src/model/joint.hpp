// Bilateral holonomic joints between two planar bodies (body_i, body_j). Points and axes are given
// in each body's frame (origin at its centre of mass). The equations live in assembly/, one file per
// joint type; the constraint force on body j is G_jᵀ λ (Lagrange equations of the first kind,
// M q̈ = f + Gᵀ λ, Zhang & Wang 2017 eq. (11)).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "laws/friction_law.hpp"
#include "math/types.hpp"

namespace stickslip {

enum class JointType {
  revolute,   // P_j - P_i = 0 (2 equations)
  prismatic,  // planar translational: n_i · (P_j - P_i) = 0 and θ_j - θ_i - θ0 = 0 (2 equations)
  weld,       // P_j - P_i = 0 and θ_j - θ_i - θ0 = 0 (3 equations)
};

// Friction inside a joint (Xing, Zheng & Wang 2019 for revolute joints). The normal force comes from
// the joint's multipliers, so the equations for λ become nonlinear (assembly/joint_friction.hpp).
//   revolute:  pin of radius R; the friction force acts tangentially at the contact point of the pin
//              in the hole (body j holds the hole), slip velocity v = R (ω_j − ω_i).
//   prismatic: slider of contact length L on the guide of body i, resting on it at P_j ± (L/2) u
//              (two-point idealisation); normal force from the reaction perpendicular to the axis
//              and the reaction moment, slip velocity = relative velocity along the axis.
struct JointFriction {
  std::shared_ptr<const laws::FrictionLaw> law;
  double pin_radius = 0;      // R [m], revolute
  double contact_length = 0;  // L [m], prismatic
};

struct Joint {
  std::string name;
  JointType type = JointType::revolute;
  int body_i = 0, body_j = 0;  // indices into Model::bodies
  Vec2 point_i = Vec2::Zero(), point_j = Vec2::Zero();  // attachment points, body frames
  Vec2 axis_i = Vec2::UnitX();  // prismatic: sliding axis, body i frame (unit vector)
  double angle_offset = 0;      // θ0 of the locked relative rotation (prismatic, weld)
  std::optional<JointFriction> friction;  // revolute and prismatic joints only

  int row_offset = -1;  // first row of this joint in Φ, set by ModelBuilder::build
  int z_offset = -1;    // first friction state in State::z, set by ModelBuilder::build
};

// Number of constraint equations of a joint type.
int joint_equation_count(JointType type);
const char* joint_type_name(JointType type);

}  // namespace stickslip
