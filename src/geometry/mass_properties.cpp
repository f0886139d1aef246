#include "geometry/mass_properties.hpp"

#include <cmath>
#include <numbers>

namespace stickslip::geometry {
namespace {

constexpr double kPi = std::numbers::pi;

MassProperties diagonal(double volume, double ixx, double iyy, double izz) {
  MassProperties m;
  m.volume = volume;
  m.inertia = Vec3(ixx, iyy, izz).asDiagonal();
  return m;
}

// Cylinder of radius r and length L = 2h along z: V = π r² L, axial moment V r²/2, transverse
// V (3r² + L²)/12.
MassProperties cylinder(double r, double h) {
  const double L = 2 * h, v = kPi * r * r * L;
  const double transverse = v * (3 * r * r + L * L) / 12.0;
  return diagonal(v, transverse, transverse, 0.5 * v * r * r);
}

// Capsule: that cylinder and two hemispheres. A hemisphere of volume V_h = 2/3 π r³ has its centroid
// 3r/8 from its flat face and, about that centroid, the transverse moment (2/5 − 9/64) V_h r² =
// 83/320 V_h r²; its flat face sits at z = ±h.
MassProperties capsule(double r, double h) {
  const MassProperties c = cylinder(r, h);
  const double vh = 2.0 / 3.0 * kPi * r * r * r;
  const double axial = c.inertia(2, 2) + 2 * (0.4 * vh * r * r);
  const double arm = h + 3.0 * r / 8.0;
  const double transverse = c.inertia(0, 0) + 2 * (83.0 / 320.0 * vh * r * r + vh * arm * arm);
  return diagonal(c.volume + 2 * vh, transverse, transverse, axial);
}

}  // namespace

MassProperties polyhedron_mass_properties(const ConvexPolyhedron& p) {
  double volume = 0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();  // ∫ x xᵀ dV about the origin
  for (const PolyhedronFace& f : p.faces) {
    const Vec3& a = p.vertices[static_cast<std::size_t>(f.vertices[0])];
    for (std::size_t k = 1; k + 1 < f.vertices.size(); ++k) {
      const Vec3& b = p.vertices[static_cast<std::size_t>(f.vertices[k])];
      const Vec3& c = p.vertices[static_cast<std::size_t>(f.vertices[k + 1])];
      const double v = a.dot(b.cross(c)) / 6.0;  // signed: faces counter-clockwise from outside
      const Vec3 s = a + b + c;
      volume += v;
      first += v * s / 4.0;
      second += v / 20.0 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
    }
  }
  MassProperties m;
  m.volume = volume;
  m.centroid = first / volume;
  const Mat3 central = second - volume * m.centroid * m.centroid.transpose();
  m.inertia = central.trace() * Mat3::Identity() - central;
  return m;
}

MassProperties unit_mass_properties(const Shape& s) {
  switch (s.kind) {
    case ShapeKind::sphere: {
      const double v = 4.0 / 3.0 * kPi * s.radius * s.radius * s.radius;
      const double j = 0.4 * v * s.radius * s.radius;
      return diagonal(v, j, j, j);
    }
    case ShapeKind::box: {
      const Vec3 e = 2 * s.half_extents;  // edge lengths
      const double v = e.prod();
      return diagonal(v, v * (e.y() * e.y() + e.z() * e.z()) / 12.0, v * (e.x() * e.x() + e.z() * e.z()) / 12.0,
                      v * (e.x() * e.x() + e.y() * e.y()) / 12.0);
    }
    case ShapeKind::capsule: return capsule(s.radius, s.half_length);
    case ShapeKind::cylinder: return cylinder(s.radius, s.half_length);
    case ShapeKind::convex_hull: return polyhedron_mass_properties(*s.polyhedron);
    case ShapeKind::plane:
    case ShapeKind::triangle_mesh: break;
  }
  throw GeometryError(std::string("a ") + shape_kind_name(s.kind) +
                      " has no volume, so no mass: it belongs to a fixed or prescribed body");
}

BodyMass body_mass(const std::vector<ShapeMass>& shapes) {
  BodyMass out;
  std::vector<MassProperties> unit;
  Vec3 weighted = Vec3::Zero();
  for (const ShapeMass& s : shapes) {
    unit.push_back(unit_mass_properties(*s.shape));
    const double m = s.density * unit.back().volume;
    out.mass += m;
    weighted += m * s.pose.apply(unit.back().centroid);
  }
  out.center_of_mass = weighted / out.mass;
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    const ShapeMass& s = shapes[k];
    const double m = s.density * unit[k].volume;
    const Mat3 R = s.pose.orientation.toRotationMatrix();
    const Vec3 d = s.pose.apply(unit[k].centroid) - out.center_of_mass;
    out.inertia += s.density * R * unit[k].inertia * R.transpose() + m * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  }
  return out;
}

}  // namespace stickslip::geometry
