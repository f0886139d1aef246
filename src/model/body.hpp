// A planar rigid body: coordinates q_b = [x, y, θ] of its centre of mass and its orientation
// (θ counter-clockwise), velocities v_b = [ẋ, ẏ, ω]. Spatial bodies will add their own kind with
// q_b = [r, quaternion] and v_b = [ṙ, ω_body]; everything downstream addresses a body through its
// q/v offsets and sizes, so they join without changing the assembly interfaces.
#pragma once

#include <array>
#include <string>

#include "math/types.hpp"
#include "model/time_function.hpp"

namespace stickslip {

enum class BodyMotion {
  fixed,       // the ground or a body welded to it: never moves, no coordinates
  dynamic,     // free body: its coordinates are unknowns of the equations of motion
  prescribed,  // kinematic body: pose given as functions of time (a driven platform), no coordinates
};

struct Body {
  std::string name;
  BodyMotion motion = BodyMotion::dynamic;
  double mass = 0;     // m [kg]
  double inertia = 0;  // J [kg m²], about the centre of mass

  // Initial state (dynamic bodies) or fixed pose (fixed bodies).
  Vec2 position = Vec2::Zero();
  double angle = 0;
  Vec2 velocity = Vec2::Zero();
  double angular_velocity = 0;

  // Prescribed bodies: x(t), y(t), θ(t) of the centre of mass.
  std::array<TimeFunction, 3> prescribed{};

  // Set by ModelBuilder::build for dynamic bodies; -1 otherwise.
  int q_offset = -1;
  int v_offset = -1;

  static constexpr int kPlanarCoordinates = 3;
  bool is_dynamic() const { return motion == BodyMotion::dynamic; }
};

}  // namespace stickslip
