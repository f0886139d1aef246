// Shapes on spatial bodies, their materials, and the contacts found between them (docs/model-format.md,
// "Shapes and materials"; docs/architecture.md, "Shapes and collision detection").
//   - A body carries any number of shapes (geometry/shape.hpp), each with a pose in the body's frame.
//     The shapes give the body its mass, centre of mass and inertia from their densities when the
//     body's mass is not given.
//   - A model that declares materials gets every pair of shapes that the collision detection finds
//     touching as a contact, with the laws of the two shapes' materials (the material's own when
//     both have it, else their `material_pairs` entry). Shapes of one body never touch; nor do the
//     shapes of two bodies joined by a joint unless the joint says `collide`, of two bodies that are
//     not dynamic, or whose groups and masks exclude each other.
//   - A body may also carry visuals: shapes that are only drawn (any kind, a triangle mesh on a moving
//     body too, with a colour). They take no part in mass properties or collision detection.
//   - Contact reports name a pair of shapes or of bodies whose contact resultant becomes output
//     columns.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "geometry/shape.hpp"
#include "laws/friction_law.hpp"
#include "laws/impact_law.hpp"
#include "laws/normal_law.hpp"

namespace stickslip {

// The laws of a contact, as model/contact.hpp's Contact holds them.
struct ContactLaws {
  std::shared_ptr<const laws::NormalLaw> normal;      // compliant
  std::shared_ptr<const laws::ImpactLaw> impact;      // rigid
  std::shared_ptr<const laws::FrictionLaw> friction;  // null: frictionless
  double min_impact_speed = 1e-3;                     // [m/s], as Contact::min_impact_speed
  bool any() const { return normal || impact; }
};

struct Material {
  std::string name;
  double density = std::numeric_limits<double>::quiet_NaN();  // [kg/m³]; NaN: none
  ContactLaws laws;  // between two shapes of this material (none: only in pairs)
};

struct MaterialPair {
  int a = -1, b = -1;  // Model::materials
  ContactLaws laws;
};

struct BodyShape {
  std::string name;
  int body = 0;
  geometry::Shape geometry;
  // The shape's frame in the body's frame: as given (the frame of the body's `position` and
  // `orientation`); ModelBuilder::build makes it relative to the centre of mass.
  geometry::Pose pose;
  int material = -1;  // Model::materials, -1: none
  double density = std::numeric_limits<double>::quiet_NaN();  // [kg/m³]; NaN: the material's
  std::uint32_t group = 1;     // collides with b when (group & b.mask) and (b.group & mask)
  std::uint32_t mask = ~0u;
};

// A drawn-only shape (docs/model-format.md, "Visuals"): the animation page draws it on its body; the
// mass properties, the collision detection and the output never read it.
struct BodyVisual {
  std::string name;
  int body = 0;
  geometry::Shape geometry;
  geometry::Pose pose;  // in the body's frame, as BodyShape::pose (ModelBuilder::build moves it with the centre of mass)
  // Red, green, blue, opacity in [0, 1]; NaN: the page's colour of the body.
  std::array<double, 4> color{std::numeric_limits<double>::quiet_NaN(), 0, 0, 1};
  bool has_color() const { return !std::isnan(color[0]); }
};

// Output columns <name>.fx .fy .fz .mx .my .mz .points: the force and moment (about the centre of mass
// of the body it acts on, world axes) that the contacts between two shapes, between any shapes of two
// bodies, or between one body's shapes and all others put on the second shape or body (on the one
// body), and the number of their points that are closed.
struct ContactReport {
  enum class Kind { shapes, bodies, body };
  std::string name;
  Kind kind = Kind::shapes;
  int first = -1, second = -1;  // Model::shapes or Model::bodies; `body`: the body is `second`, first = -1
};

}  // namespace stickslip
