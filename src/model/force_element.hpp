// Applied force elements. Gravity is a model-wide vector (Model::gravity).
#pragma once

#include <string>

#include "math/types.hpp"
#include "model/time_function.hpp"

namespace stickslip {

// A force applied at a point of a body; components in the global frame or in the body frame.
struct PointForce {
  std::string name;
  int body = -1;
  Vec2 point = Vec2::Zero();  // body frame
  bool body_frame = false;    // components follow the body
  TimeFunction fx, fy;
};

// A pure torque on a body.
struct AppliedTorque {
  std::string name;
  int body = -1;
  TimeFunction torque;
};

// Translational spring-damper between a point of body i and a point of body j:
// F = k (L - L0) + c L̇ along the line joining them (pulling the points together when stretched).
struct SpringDamper {
  std::string name;
  int body_i = -1, body_j = -1;
  Vec2 point_i = Vec2::Zero(), point_j = Vec2::Zero();  // body frames
  double stiffness = 0, damping = 0, rest_length = 0;
};

// Rotational spring-damper between two bodies, torque on body j (the reverse on body i):
// M = -k (θ_j - θ_i - θ0) - c (θ̇_j - θ̇_i)   (Zhang & Wang 2017 eq. (12)).
struct RotationalSpringDamper {
  std::string name;
  int body_i = -1, body_j = -1;
  double stiffness = 0, damping = 0, rest_angle = 0;
};

}  // namespace stickslip
