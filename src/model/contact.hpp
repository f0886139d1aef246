// Unilateral contacts between two planar bodies. Geometry (global frame at each instant):
//   circle_line:   a circle of radius ρ_j ≥ 0 (a point when ρ_j = 0) on body j against a line on
//                  body i; the line's outward normal n = perp(d) (left of its direction d) points to
//                  the side where body j may be. Gap g_N = nᵀ(C_j − A_i) − ρ_j.
//   circle_circle: a circle on body i against a circle on body j (outside each other);
//                  n = (C_j − C_i)/|C_j − C_i|, g_N = |C_j − C_i| − ρ_i − ρ_j.
// The tangent is t = −perp(n) (t = d for a line), fixed per contact and reported with the output.
// A contact is compliant (a normal force law) or rigid (an impact law), or carries both so that one
// model file runs under every scheme: the compliant and event-driven schemes use the normal law when
// there is one, the time-stepping scheme the impact law. Friction is optional.
#pragma once

#include <limits>
#include <memory>
#include <string>

#include "laws/friction_law.hpp"
#include "laws/impact_law.hpp"
#include "laws/normal_law.hpp"
#include "math/types.hpp"

namespace stickslip {

enum class ContactShape { circle_line, circle_circle };

// Tangent rows of a contact: one in the plane; two for a spatial contact (stage S3 of issue 11).
constexpr int kMaxTangentRows = 2;

struct Contact {
  std::string name;
  ContactShape shape = ContactShape::circle_line;
  int body_i = 0;  // carries the line (circle_line) or the first circle
  int body_j = 0;  // carries the point or circle

  // circle_line: the line, in body i's frame; its extent along d from line_point.
  Vec2 line_point = Vec2::Zero();
  Vec2 line_direction = Vec2::UnitX();
  double extent_min = -std::numeric_limits<double>::infinity();
  double extent_max = std::numeric_limits<double>::infinity();
  // circle_circle: the circle on body i.
  Vec2 center_i = Vec2::Zero();
  double radius_i = 0;
  // The point or circle on body j, in body j's frame.
  Vec2 center_j = Vec2::Zero();
  double radius_j = 0;

  std::shared_ptr<const laws::NormalLaw> normal;      // compliant contact; null for a rigid one
  std::shared_ptr<const laws::ImpactLaw> impact;      // rigid contact restitution (optional)
  std::shared_ptr<const laws::FrictionLaw> friction;  // null: frictionless
  // Laws defined through a restitution coefficient need the approach speed at contact onset; a
  // contact that closes slower than this (a resting contact) uses this value [m/s].
  double min_impact_speed = 1e-3;

  int z_offset = -1;  // first friction state in State::z (set by ModelBuilder::build)

  bool compliant() const { return normal != nullptr; }
  int tangent_rows() const { return 1; }  // the planar shapes: one tangent t = −perp(n)
  int friction_states() const { return friction ? friction->state_size() : 0; }
};

}  // namespace stickslip
