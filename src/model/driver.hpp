// Rheonomic (driving) constraints: a coordinate prescribed as a function of time,
// Φ_d(q, t) = c(q) - f(t) = 0 (Zhang & Wang 2017 eq. (9)).
#pragma once

#include <string>

#include "model/joint.hpp"
#include "model/time_function.hpp"

namespace stickslip {

enum class DriverTarget {
  body_x,            // x of a body's centre of mass
  body_y,            // y of a body's centre of mass
  body_angle,        // θ of a body
  joint_coordinate,  // revolute: θ_j - θ_i; prismatic: u_i · (P_j - P_i)
  body_z,            // z of a spatial body's centre of mass
};

// Which coordinate of its joint a joint driver drives. A revolute joint has only its angle and a
// prismatic joint only its slide (`natural`); a spatial cylindrical joint has both, a universal
// joint an angle about each pin, and the driver names one.
enum class JointCoordinate {
  natural,  // the joint's only coordinate
  angle,    // the relative rotation about the axis (revolute_joint.cpp's θ)
  slide,    // axis_iᵀ(P_j − P_i)
  angle_i,  // universal: the cross's rotation about body i's pin, from ref_i to body j's pin
  angle_j,  // universal: body j's rotation about its pin relative to the cross
};

struct Driver {
  std::string name;
  DriverTarget target = DriverTarget::body_angle;
  int body = -1;   // for body targets
  int joint = -1;  // for joint_coordinate
  JointCoordinate joint_coordinate = JointCoordinate::natural;
  TimeFunction function;

  int row_offset = -1;  // row in Φ, set by ModelBuilder::build
};

// Empty when a joint driver may drive `coordinate` of a joint of this type in a model of this
// dimension, else why not, naming what can be driven (the builder's and the file reader's message).
// `element` names what acts on the coordinate in the message ("driver", "joint actuator").
std::string joint_driver_problem(JointType type, Dimension dimension, JointCoordinate coordinate,
                                 const std::string& element = "driver");

// The coordinate a driver on a joint of this type really drives (`natural` resolved; the driver
// must have passed joint_driver_problem).
JointCoordinate driven_joint_coordinate(JointType type, JointCoordinate coordinate);

}  // namespace stickslip
