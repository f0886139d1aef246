// Unilateral contacts between two planar bodies. Geometry (global frame at each instant):
//   circle_line:   a circle of radius ρ_j ≥ 0 (a point when ρ_j = 0) on body j against a line on
//                  body i; the line's outward normal n = perp(d) (left of its direction d) points to
//                  the side where body j may be. Gap g_N = nᵀ(C_j − A_i) − ρ_j.
//   circle_circle: a circle on body i against a circle on body j (outside each other);
//                  n = (C_j − C_i)/|C_j − C_i|, g_N = |C_j − C_i| − ρ_i − ρ_j.
// The tangent is t = −perp(n) (t = d for a line), fixed per contact and reported with the output.
// Spatial shapes (dimension: spatial, issue 11 stage S3; points in the user's body frames):
//   sphere_plane:  a sphere of radius ρ_j ≥ 0 (a point when ρ_j = 0: a box corner) on body j against
//                  the plane (point A, unit normal n₀) of body i; n = A_i n₀ points to the side where
//                  body j may be; g_N = nᵀ(C_j − A) − ρ_j, P = C_j − ρ_j n.
//   sphere_sphere: n = (C_j − C_i)/|C_j − C_i|, g_N = |C_j − C_i| − ρ_i − ρ_j, P in the middle of
//                  the overlap.
// Spatial contacts have two tangent rows t₁, t₂ = n × t₁ (an orthonormal, right-handed basis
// (t₁, t₂, n)), chosen to move continuously with the contact (contact_kinematics.cpp says how).
// Joint limits (either dimension): joint_limit keeps a coordinate of a joint (a revolute joint's angle,
// a prismatic joint's slide, as a driver names it; model/driver.hpp) above a lower limit (side +1)
// or below an upper one (side −1): g_N = side (x − limit), W_N = side G_x (the coordinate's row,
// assembly/constraints.hpp, evaluate_joint_coordinate), frictionless; units rad or m, and its
// "force" is the torque or force the stop exerts (assembly/joint_limit.cpp).
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
#include "model/driver.hpp"

namespace stickslip {

// shape_point: one point of the contact between two shapes (model/shapes.hpp), found by the collision
// detection (assembly/shape_contacts.hpp), which gives its geometry at each instant; the schemes make
// these, one per point they hold, never the model.
enum class ContactShape { circle_line, circle_circle, sphere_plane, sphere_sphere, shape_point, joint_limit };

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
  double radius_j = 0;  // also the sphere on body j (spatial shapes)
  // Spatial shapes (body frames as the model gives them): the plane of body i, the spheres' centres.
  Vec3 plane_point = Vec3::Zero();
  Vec3 plane_normal = Vec3::UnitZ();  // normalised by ModelBuilder::build
  Vec3 sphere_center_i = Vec3::Zero();  // sphere_sphere; radius_i is its radius
  Vec3 sphere_center_j = Vec3::Zero();
  // Set by ModelBuilder::build for the spatial shapes: sphere_plane: t₁ in body i's frame (⊥ n₀);
  // sphere_sphere: the reference normal n_ref (world, the initial direction C_i → C_j) and t₁ ⊥ n_ref.
  Vec3 reference_normal = Vec3::UnitZ();
  Vec3 reference_tangent = Vec3::UnitX();
  // joint_limit: the joint and coordinate, the limit and its side (+1 lower, −1 upper).
  int joint = -1;
  JointCoordinate coordinate = JointCoordinate::natural;
  double limit = 0;
  double limit_side = 1;

  std::shared_ptr<const laws::NormalLaw> normal;      // compliant contact; null for a rigid one
  std::shared_ptr<const laws::ImpactLaw> impact;      // rigid contact restitution (optional)
  std::shared_ptr<const laws::FrictionLaw> friction;  // null: frictionless
  // Laws defined through a restitution coefficient need the approach speed at contact onset; a
  // contact that closes slower than this (a resting contact) uses this value [m/s].
  double min_impact_speed = 1e-3;

  int z_offset = -1;  // first friction state in State::z (set by ModelBuilder::build)
  // shape_point, and the contacts compile_shape_contacts makes (model/shape_compiler.hpp): the pair of
  // Model::shapes (normal from shape_i to shape_j) and the point's id; -1 for the model's own contacts.
  int shape_i = -1, shape_j = -1, point_id = -1;
  bool from_shapes() const { return shape_i >= 0; }

  bool compliant() const { return normal != nullptr; }
  bool joint_limit() const { return shape == ContactShape::joint_limit; }
  bool spatial() const {
    return shape == ContactShape::sphere_plane || shape == ContactShape::sphere_sphere ||
           shape == ContactShape::shape_point;
  }
  // The planar shapes: one tangent t = −perp(n); the spatial shapes two (t₁, t₂).
  int tangent_rows() const { return spatial() ? 2 : 1; }
  // A bristle law keeps one deflection per tangent row (z₁, z₂ for a spatial contact).
  int friction_states() const { return friction ? friction->state_size() * tangent_rows() : 0; }
};

}  // namespace stickslip
