// Mass properties of shapes and bodies (src/geometry/mass_properties.hpp) against closed forms and
// against the polyhedral integration of fine tessellations.
#include <gtest/gtest.h>

#include <numbers>

#include "geometry/mass_properties.hpp"

namespace stickslip::geometry {
namespace mass_properties_test {

constexpr double kPi = std::numbers::pi;

// The unit right tetrahedron (0, e1, e2, e3): V = 1/6, centroid (1/4, 1/4, 1/4), and, from
// ∫x² dV = 1/60 and ∫xy dV = 1/120, about the centroid I_xx = 2 (1/60 − V/16) = 1/80 and
// I_xy = −(1/120 − V/16) = 1/480.
TEST(MassProperties, TetrahedronMatchesItsIntegrals) {
  const Shape t = make_convex_hull({Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()});
  const MassProperties m = unit_mass_properties(t);
  EXPECT_NEAR(m.volume, 1.0 / 6.0, 1e-15);
  EXPECT_LT((m.centroid - Vec3::Constant(0.25)).norm(), 1e-15);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) EXPECT_NEAR(m.inertia(i, j), i == j ? 1.0 / 80.0 : 1.0 / 480.0, 1e-16);
  }
}

TEST(MassProperties, BoxClosedFormEqualsItsPolyhedron) {
  const Shape box = make_box(Vec3(0.3, 0.2, 0.1));
  const MassProperties closed = unit_mass_properties(box), integrated = polyhedron_mass_properties(*box.polyhedron);
  EXPECT_NEAR(closed.volume, 0.048, 1e-16);
  EXPECT_NEAR(integrated.volume, closed.volume, 1e-16);
  EXPECT_LT(integrated.centroid.norm(), 1e-16);
  EXPECT_LT((integrated.inertia - closed.inertia).cwiseAbs().maxCoeff(), 1e-17);
  EXPECT_NEAR(closed.inertia(0, 0), 0.048 * (0.16 + 0.04) / 12, 1e-17);
}

// A cylinder against the prism of 720 sides inscribed in it: the prism lacks the fraction
// 1 − sin(2π/m) m/(2π) ≈ (2π/m)²/6 = 1.3e-5 of the area (and about twice that of the moment), so
// 1e-4 relative. A capsule against its volume and moments integrated slice by slice as a solid of
// revolution, V = ∫ π R² dz, I_zz = ∫ π R⁴/2 dz, I_xx = ∫ (π R⁴/4 + π R² z²) dz, with the caps in
// z = ±(h + r sin φ) (smooth in φ) by Simpson's rule on 4000 intervals (error ~(1/4000)⁴): an
// independent route to the hemispheres' centroid (3r/8) and moment (83/320 m r²) of the closed form.
void expect_close(const MassProperties& a, const MassProperties& b, double relative) {
  EXPECT_NEAR(a.volume, b.volume, relative * b.volume);
  const double scale = b.inertia.cwiseAbs().maxCoeff();
  EXPECT_LT((a.inertia - b.inertia).cwiseAbs().maxCoeff(), relative * scale) << a.inertia << "\n\n" << b.inertia;
  EXPECT_LT(a.centroid.norm(), relative * 1e-3);
}

// ∫ f over [a, b] by Simpson's rule on n (even) intervals.
template <class F>
double simpson(F f, double a, double b, int n) {
  const double h = (b - a) / n;
  double s = f(a) + f(b);
  for (int k = 1; k < n; ++k) s += (k % 2 ? 4 : 2) * f(a + k * h);
  return s * h / 3;
}

MassProperties capsule_by_slices(double r, double h) {
  // One cap, z = h + r sin φ, R = r cos φ, dz = r cos φ dφ; the cylinder exactly; doubled by symmetry.
  const auto cap = [&](auto integrand) {
    return simpson([&](double phi) { return integrand(r * std::cos(phi), h + r * std::sin(phi)) * r * std::cos(phi); },
                   0.0, kPi / 2, 4000);
  };
  const auto volume = [](double R, double) { return kPi * R * R; };
  const auto axial = [](double R, double) { return kPi * std::pow(R, 4) / 2; };
  const auto transverse = [](double R, double z) { return kPi * std::pow(R, 4) / 4 + kPi * R * R * z * z; };
  MassProperties m;
  m.volume = 2 * (cap(volume) + kPi * r * r * h);
  const double izz = 2 * (cap(axial) + kPi * std::pow(r, 4) / 2 * h);
  const double ixx = 2 * (cap(transverse) + kPi * std::pow(r, 4) / 4 * h + kPi * r * r * std::pow(h, 3) / 3);
  m.inertia = Vec3(ixx, ixx, izz).asDiagonal();
  return m;
}

TEST(MassProperties, CylinderAndCapsuleMatchTheirIntegrals) {
  const double r = 0.1, h = 0.25;
  const MassProperties exact = unit_mass_properties(make_cylinder(r, h));
  EXPECT_NEAR(exact.volume, kPi * r * r * 2 * h, 1e-16);
  expect_close(polyhedron_mass_properties(prism_polyhedron(r, h, 720)), exact, 1e-4);
  expect_close(unit_mass_properties(make_capsule(r, h)), capsule_by_slices(r, h), 1e-12);
}

TEST(MassProperties, SphereIsTwoFifthsMrSquared) {
  const MassProperties m = unit_mass_properties(make_sphere(0.2));
  EXPECT_NEAR(m.volume, 4.0 / 3.0 * kPi * 0.008, 1e-16);
  EXPECT_NEAR(m.inertia(2, 2), 0.4 * m.volume * 0.04, 1e-18);
}

// Two cubes side by side make the 2 × 1 × 1 box exactly; a box turned a quarter turn about z swaps
// its x and y moments; a shape off the origin moves the centre of mass.
TEST(MassProperties, BodyOfSeveralShapesAddsByParallelAxes) {
  const Shape cube = make_box(Vec3::Constant(0.5));
  const Shape bar = make_box(Vec3(1, 0.5, 0.5));
  const BodyMass two = body_mass({{&cube, {Vec3(-0.5, 0, 0), Quat::Identity()}, 10.0},
                                  {&cube, {Vec3(0.5, 0, 0), Quat::Identity()}, 10.0}});
  const BodyMass one = body_mass({{&bar, {}, 10.0}});
  EXPECT_NEAR(two.mass, 20.0, 1e-14);
  EXPECT_LT(two.center_of_mass.norm(), 1e-15);
  EXPECT_LT((two.inertia - one.inertia).cwiseAbs().maxCoeff(), 1e-14);

  const Quat quarter(Eigen::AngleAxisd(kPi / 2, Vec3::UnitZ()));
  const BodyMass turned = body_mass({{&bar, {Vec3(0, 0, 2), quarter}, 10.0}});
  EXPECT_LT((turned.center_of_mass - Vec3(0, 0, 2)).norm(), 1e-15);
  EXPECT_NEAR(turned.inertia(0, 0), one.inertia(1, 1), 1e-14);
  EXPECT_NEAR(turned.inertia(1, 1), one.inertia(0, 0), 1e-14);
  EXPECT_THROW(unit_mass_properties(make_plane(Vec3::UnitZ())), GeometryError);
}

}  // namespace mass_properties_test
}  // namespace stickslip::geometry
