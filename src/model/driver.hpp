// Rheonomic (driving) constraints: a coordinate prescribed as a function of time,
// Φ_d(q, t) = c(q) - f(t) = 0 (Zhang & Wang 2017 eq. (9)).
#pragma once

#include <string>

#include "model/time_function.hpp"

namespace stickslip {

enum class DriverTarget {
  body_x,            // x of a body's centre of mass
  body_y,            // y of a body's centre of mass
  body_angle,        // θ of a body
  joint_coordinate,  // revolute: θ_j - θ_i; prismatic: u_i · (P_j - P_i)
  body_z,            // z of a spatial body's centre of mass
};

struct Driver {
  std::string name;
  DriverTarget target = DriverTarget::body_angle;
  int body = -1;   // for body targets
  int joint = -1;  // for joint_coordinate
  TimeFunction function;

  int row_offset = -1;  // row in Φ, set by ModelBuilder::build
};

}  // namespace stickslip
