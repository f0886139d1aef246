// Every normal law of the registry on a spatial sphere_plane contact under the compliant scheme
// (issue 11: "every normal law of today" on spatial contacts). Each law is run twice on a sphere
// (m = 1 kg, ρ = 0.1 m) and a plane whose normal n = (0, 0.6, 0.8) lies along no axis:
//  - at rest at the law's static penetration δ* (F_e(δ*) = m g, gravity along −n) it stays there,
//    carrying m g;
//  - without gravity, thrown at the plane at v⁻ = 1 m/s with a tangential speed and a spin, it
//    leaves at the law's closed-form restitution (a point-mass impact along n: the sphere's
//    centre), keeps its tangential velocity and its spin (no friction; the force passes through the
//    centre).
// A law added to the registry without an entry here fails the test by name.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>

#include "../laws/normal_law_checks.hpp"
#include "../simulation_support.hpp"
#include "laws/extended_hertz.hpp"
#include "laws/hunt_crossley.hpp"
#include "laws/hysteretic_damping.hpp"
#include "laws/law_registry.hpp"

namespace stickslip {
namespace spatial_normal_laws_test {

using test::num;

constexpr double kMass = 1.0, kRadius = 0.1, kG = 9.81, kSpeed = 1.0;
const Vec3 kNormal(0, 0.6, 0.8), kTangent(1, 0, 0);

// A law's parameters and its exact restitution at approach speed v for a point mass kMass.
struct LawCase {
  laws::ParamValues params;
  std::function<double(const laws::NormalLaw&, double)> restitution;
};

double hysteretic(const laws::NormalLaw& law, double) {
  return dynamic_cast<const laws::HystereticDamping&>(law).effective_restitution();
}

const std::map<std::string, LawCase, std::less<>>& law_cases() {
  static const std::map<std::string, LawCase, std::less<>> cases{
      // Undamped: the impact is elastic.
      {"hertz", {{{"K", 1e8}, {"n", 1.5}}, [](const laws::NormalLaw&, double) { return 1.0; }}},
      // ζ = c/(2√(k m)) = 0.1: the clamped Kelvin-Voigt closed form.
      {"linear_spring_damper",
       {{{"k", 1e6}, {"c", 200}},
        [](const laws::NormalLaw&, double) { return laws::test::clamped_kelvin_voigt_restitution(200 / (2 * std::sqrt(1e6 * kMass))); }}},
      // The Hunt-Crossley family: the exact relation of hysteretic_damping.hpp at d(e).
      {"hunt_crossley", {{{"K", 1e8}, {"n", 1.5}, {"e", 0.8}}, hysteretic}},
      {"lankarani_nikravesh", {{{"K", 1e8}, {"n", 1.5}, {"e", 0.8}}, hysteretic}},
      {"herbert_mcwhannell", {{{"K", 1e8}, {"n", 1.5}, {"e", 0.8}}, hysteretic}},
      {"lee_wang", {{{"K", 1e8}, {"n", 1.5}, {"e", 0.8}}, hysteretic}},
      {"flores", {{{"K", 1e8}, {"n", 1.5}, {"e", 0.8}}, hysteretic}},
      {"hunt_crossley_chi",
       {{{"K", 1e8}, {"n", 1.5}, {"chi", 0.2}},
        [](const laws::NormalLaw& law, double v) { return dynamic_cast<const laws::HuntCrossleyChi&>(law).effective_restitution(v); }}},
      // n = 1: Hunt-Crossley with χ = c2/K1 (extended_hertz.hpp), so the same relation at d = χ v⁻.
      {"extended_hertz",
       {{{"K1", 1e6}, {"n", 1.0}, {"c2", 2e5}},
        [](const laws::NormalLaw& law, double v) {
          const auto& p = dynamic_cast<const laws::ExtendedHertz&>(law).params();
          return laws::hysteretic_restitution(p.c2 / p.K1 * v);
        }}},
  };
  return cases;
}

std::string law_yaml(std::string_view name, const laws::ParamValues& params) {
  std::string s = "{law: " + std::string(name);
  for (const auto& [key, value] : params) s += ", " + key + ": " + num(value);
  return s + "}";
}

std::string vec(const Vec3& v) { return "[" + num(v.x()) + ", " + num(v.y()) + ", " + num(v.z()) + "]"; }

// The sphere at centre height `height` above the plane through the origin, velocity v, spin w.
std::string sphere_on_plane(std::string_view law, const LawCase& c, const Vec3& gravity, double height, const Vec3& v,
                            const Vec3& w, double t_end) {
  return R"(
dimension: spatial
gravity: )" + vec(gravity) + R"(
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: )" + vec(height * kNormal) +
         ", velocity: " + vec(v) + ", angular_velocity: " + vec(w) + R"(}
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, ball]
    plane: {point: [0, 0, 0], normal: )" + vec(kNormal) + R"(}
    radius: 0.1
    normal: )" + law_yaml(law, c.params) + R"(
simulation: {integrator: dopri5, rtol: 1e-10, atol: 1e-13, t_end: )" + num(t_end) + R"(, output_interval: 0.001}
)";
}

// δ* with F_e(δ*) = m g, by bisection to the last bit (F_e is increasing).
double static_penetration(const laws::NormalLaw& law) {
  double lo = 0, hi = 1e-2;
  for (int i = 0; i < 200 && hi - lo > 0; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    (law.elastic_force(mid) < kMass * kG ? lo : hi) = mid;
  }
  return hi;
}

Vec3 ball(const MemorySink& out, std::size_t k, const char* x, const char* y, const char* z) {
  return {test::at(out, k, std::string("ball.") + x), test::at(out, k, std::string("ball.") + y),
          test::at(out, k, std::string("ball.") + z)};
}

class SpatialNormalLaw : public ::testing::TestWithParam<std::string_view> {};

TEST_P(SpatialNormalLaw, RestsAtTheStaticPenetrationCarryingTheWeight) {
  const std::string_view name = GetParam();
  const auto found = law_cases().find(name);
  ASSERT_NE(found, law_cases().end()) << "registered normal law '" << name << "' has no case in this test";
  const auto law = laws::make_law<laws::NormalLaw>(name, found->second.params);
  const double delta = static_penetration(*law);
  const MemorySink out = test::run(test::model_from_yaml(
      sphere_on_plane(name, found->second, -kG * kNormal, kRadius - delta, Vec3::Zero(), Vec3::Zero(), 0.2)));
  // δ* is F_e's root to the last bit, so the sphere starts in equilibrium up to a few ulps of m g.
  // What moves it is the integrator: its error control admits local errors up to rtol |r| = 1e-11 m
  // on the centre's coordinates (|r| ≈ 0.1 m), which the contact spring turns into a force error of
  // its stiffness k(δ*) times that and a speed of its natural frequency √(k/m) times that (seen:
  // 1e-15 m, 2e-10 N, 1.5e-12 m/s; a law wired wrongly is off by its whole δ* or m g).
  const double position_tol = 1e-10 * kRadius, k = law->stiffness(delta);
  for (std::size_t row = 0; row < out.rows.size(); ++row) {
    EXPECT_NEAR(test::at(out, row, "floor.gap"), -delta, position_tol) << name << " row " << row;
    EXPECT_NEAR(test::at(out, row, "floor.fn"), kMass * kG, k * position_tol) << name << " row " << row;
    EXPECT_LT(ball(out, row, "vx", "vy", "vz").norm(), std::sqrt(k / kMass) * position_tol) << name << " row " << row;
  }
  EXPECT_LT(1e3 * position_tol, delta) << name;  // the tolerance is far below the penetration tested
}

TEST_P(SpatialNormalLaw, BouncesAtTheLawsRestitution) {
  const std::string_view name = GetParam();
  const auto found = law_cases().find(name);
  ASSERT_NE(found, law_cases().end()) << "registered normal law '" << name << "' has no case in this test";
  const auto law = laws::make_law<laws::NormalLaw>(name, found->second.params);
  const Vec3 v0 = -kSpeed * kNormal + 0.5 * kTangent, w0(3, -2, 5);
  // Starts 1 cm from the plane: the impact begins at t = 0.01 s and lasts well under 10 ms.
  const MemorySink out =
      test::run(test::model_from_yaml(sphere_on_plane(name, found->second, Vec3::Zero(), kRadius + 0.01, v0, w0, 0.05)));
  const std::size_t last = out.rows.size() - 1;
  ASSERT_GT(test::at(out, last, "floor.gap"), 0) << name << ": the sphere has left the plane";
  const Vec3 v = ball(out, last, "vx", "vy", "vz");
  const double expected = found->second.restitution(*law, kSpeed);
  // The normal component: the law's restitution, to the integration error of dopri5 at rtol 1e-10
  // through a located onset and exit (the laws' own RK4 runs reach 1e-9; seen here: 4e-9 for Hertz,
  // 2.5e-9 for the clamped Kelvin-Voigt law).
  EXPECT_NEAR(v.dot(kNormal), expected * kSpeed, 2e-8) << name;
  // No friction: the tangential velocity and the spin are untouched; the force has no component
  // along the plane and no moment about the centre, so only rounding moves them: of the normal's
  // components (1e-16 each, times the normal impulse ~2 N s, over m), and of the lever ρ n × F_N n
  // (1e-16 ρ times the impulse, over J = 0.004 kg m²: 1e-14 rad/s).
  EXPECT_NEAR((v - v.dot(kNormal) * kNormal - 0.5 * kTangent).norm(), 0, 1e-14) << name;
  EXPECT_NEAR((ball(out, last, "wx", "wy", "wz") - w0).norm(), 0, 1e-12) << name;
  if (name != "hertz") {
    EXPECT_LT(expected, 1.0) << name;  // the case is a dissipating one
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, SpatialNormalLaw, ::testing::ValuesIn(laws::law_names<laws::NormalLaw>()),
                         [](const auto& param_info) { return std::string(param_info.param); });

}  // namespace spatial_normal_laws_test
}  // namespace stickslip
