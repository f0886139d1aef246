// Applied force elements. Gravity is a model-wide vector (Model::gravity).
#pragma once

#include <string>

#include "math/types.hpp"
#include "model/driver.hpp"
#include "model/time_function.hpp"

namespace stickslip {

// A force applied at a point of a body; components in the global frame or in the body frame.
// Planar bodies use x, y of `point` and fx, fy; spatial bodies all three.
struct PointForce {
  std::string name;
  int body = -1;
  Vec3 point = Vec3::Zero();  // body frame
  bool body_frame = false;    // components follow the body
  TimeFunction fx, fy, fz;
};

// A pure torque on a body: planar bodies take `torque` (about z, counter-clockwise); spatial bodies
// the vector [tx, ty, torque] in the global frame or in the body frame.
struct AppliedTorque {
  std::string name;
  int body = -1;
  TimeFunction torque;  // planar torque; spatial: the z component
  TimeFunction tx, ty;  // spatial only
  bool body_frame = false;  // spatial only: components follow the body
};

// Translational spring-damper between a point of body i and a point of body j:
// F = k (L - L0) + c L̇ along the line joining them (pulling the points together when stretched).
struct SpringDamper {
  std::string name;
  int body_i = -1, body_j = -1;
  Vec3 point_i = Vec3::Zero(), point_j = Vec3::Zero();  // body frames (planar bodies: x, y)
  double stiffness = 0, damping = 0, rest_length = 0;
};

// Rotational spring-damper between two bodies, torque on body j (the reverse on body i):
// M = -k (θ_j - θ_i - θ0) - c (θ̇_j - θ̇_i)   (Zhang & Wang 2017 eq. (12)).
// Spatial models: on a revolute joint (`joint`), θ its relative angle (assembly/spatial_joints,
// relative_rotation_state, counted through full turns) and M about its axis; the builder sets
// body_i, body_j from the joint.
struct RotationalSpringDamper {
  std::string name;
  int body_i = -1, body_j = -1;
  int joint = -1;  // spatial models: the revolute joint
  double stiffness = 0, damping = 0, rest_angle = 0;
};

// An actuator in a joint: a torque about a revolute joint's axis, a force along a prismatic joint's
// axis (a cylindrical joint's angle or slide, a universal joint's pin angle, as a driver names them),
// acting on body j and, reversed, on body i. Its generalised force is Gᵀ u with G the row of the
// joint coordinate (assembly/constraints.hpp), so its power is u times the coordinate's rate.
struct JointActuator {
  std::string name;
  int joint = -1;
  JointCoordinate coordinate = JointCoordinate::natural;
  TimeFunction effort;  // u(t) [N m or N]
};

}  // namespace stickslip
