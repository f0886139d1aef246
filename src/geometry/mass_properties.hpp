// Mass properties of shapes at unit density (multiply by the density ρ): volume V, centroid c and the
// inertia tensor about the centroid, I = ∫ (|x − c|² 1 − (x − c)(x − c)ᵀ) dV, each in the shape's
// frame; and the mass properties of a body made of several shapes (each with its pose and density),
// about the body's centre of mass in the body frame. Closed forms for the primitives; a polyhedron
// is split into tetrahedra from the origin, one per triangle of a fan of each face, whose signed
// volumes, centroids and second moments add up (∫ x xᵀ dV over a tetrahedron with a vertex at the
// origin and the others a, b, c is V/20 (aaᵀ + bbᵀ + ccᵀ + ssᵀ), s = a + b + c).
#pragma once

#include <vector>

#include "geometry/shape.hpp"

namespace stickslip::geometry {

struct MassProperties {
  double volume = 0;          // V [m³] (the mass at unit density)
  Vec3 centroid = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();  // about the centroid, per unit density [m⁵]
};

// Planes and triangle meshes have no volume: GeometryError.
MassProperties unit_mass_properties(const Shape& shape);
MassProperties polyhedron_mass_properties(const ConvexPolyhedron& p);

struct BodyMass {
  double mass = 0;                   // m = Σ ρ_k V_k
  Vec3 center_of_mass = Vec3::Zero();  // in the body frame
  Mat3 inertia = Mat3::Zero();         // about the centre of mass, body frame axes
};

struct ShapeMass {
  const Shape* shape = nullptr;
  Pose pose;         // the shape's frame in the body frame
  double density = 0;  // ρ [kg/m³]
};
// Σ over the shapes, each turned into the body frame (R I Rᵀ) and moved to the common centre of mass
// (parallel axes: + m_k (|d|² 1 − d dᵀ), d = c_k − c).
BodyMass body_mass(const std::vector<ShapeMass>& shapes);

}  // namespace stickslip::geometry
