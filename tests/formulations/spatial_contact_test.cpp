// Spatial contacts under the compliant scheme (issue 11, stage S3), against closed forms and
// conservation laws: a sphere thrown sliding on a rough plane rolls at 5/7 v0 from t* = 2 v0/(7 μ g);
// a ball bouncing and spinning in a vertical plane reproduces the planar model's columns; a box on
// an incline (four corners on a tilted plane, LuGre bristles) sticks below and slides above
// tan α = μ at g(sin α − μ cos α), and with μ_s ≠ μ_k is held by μ_s and slides with μ_k; two
// spheres colliding obliquely with friction keep their linear momentum to rounding and their angular
// momentum to the integration tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <tuple>

#include "../simulation_support.hpp"
#include "incline_box.hpp"

namespace stickslip {
namespace spatial_contact_test {

using test::model_from_yaml;
using test::num;
using test::release_or_sanitized;

MemorySink run(const std::string& yaml) {
  const ModelFile mf = model_from_yaml(yaml);
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

double at(const MemorySink& out, const std::string& column, std::size_t row) {
  return out.rows[row][static_cast<std::size_t>(out.column(column))];
}

constexpr double g = 9.81;

// Sphere m = 1 kg, ρ = 0.1 m, J = 2/5 m ρ², thrown at v0 = 1 m/s along (0.6, 0.8) without spin on
// a horizontal plane, μ = 0.2, regularised Coulomb (tanh, v_t = 1e-4 m/s). It starts at the static
// penetration of its Hunt-Crossley contact, so F_N = m g throughout.
TEST(SpatialContact, SlidingSphereRollsAtFiveSeventhsOfItsSpeedAtTheAnalyticTime) {
  const double v0 = 1, mu = 0.2, v_t = 1e-4, rho = 0.1, K = 1e7;
  const double delta = std::pow(g / K, 1 / 1.5);
  const MemorySink out = run(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, )" + num(rho - delta) + R"(],
     velocity: [0.6, 0.8, 0]}
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, ball]
    plane: {point: [0, 0, 0], normal: [0, 0, 1]}
    radius: 0.1
    normal: {law: hunt_crossley_chi, K: 1e7, n: 1.5, chi: 0.5}
    friction: {law: coulomb_tanh, mu: 0.2, v_t: 1e-4}
simulation: {integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 0.3, output_interval: 0.001}
)");
  // Sliding: v̇ = −μ g, ρ ω̇ = 5/2 μ g, so the slip s = v − ρω falls at 7/2 μ g and vanishes at
  // t* = 2 v0/(7 μ g). Regularised, ds/dt = −7/2 μ g tanh(s/v_t): the time constant near s = 0 is
  // τ = v_t/(7/2 μ g) = 15 μs, and s crosses v_t at t* − τ ln(2 sinh 1) = t* − 0.854 τ exactly.
  const double rate = 3.5 * mu * g, t_star = v0 / rate, tau = v_t / rate;
  const double t_cross = t_star - tau * std::log(2 * std::sinh(1.0));
  std::size_t first_rolling = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, "t", k);
    const double vx = at(out, "ball.vx", k), vy = at(out, "ball.vy", k);
    const double speed = std::hypot(vx, vy), slip = at(out, "floor.slip", k);
    // Isotropy: the force opposes the slip, which keeps the direction (0.6, 0.8); only rounding of
    // the components moves it.
    EXPECT_NEAR(0.8 * vx - 0.6 * vy, 0, 1e-13) << t;  // seen: 1e-14
    if (t < t_star - 20 * tau) {
      // s ≥ 20 v_t: tanh(s/v_t) = 1 to 1e-17, so the law is Coulomb's and the motion is linear in
      // t, which dopri5 integrates exactly: rounding only (seen: 1.5e-13, 5e-13 m/s).
      EXPECT_NEAR(speed, v0 - mu * g * t, 1e-11) << t;
      EXPECT_NEAR(slip, v0 - rate * t, 1e-11) << t;
    }
    if (first_rolling == 0 && slip < v_t) first_rolling = k;
    // Angular momentum about the contact point is conserved (the friction and normal forces pass
    // through P, gravity and F_N through the centre's vertical), so v = 5/7 v0 + 2/7 s at every
    // instant, whatever the regularisation did: within the integration error, largest in the
    // rolling phase, where the stiff friction (μ F_N/v_t = 2·10⁴ N s/m) keeps dopri5 at its
    // stability limit and its error estimate sees the slip's noise (seen: 4e-11 m/s).
    EXPECT_NEAR(speed, 5.0 / 7.0 * v0 + 2.0 / 7.0 * slip, 1e-9) << t;
  }
  ASSERT_GT(first_rolling, 0u);
  // The first row below v_t is the first output time after t_cross (1 ms rows).
  const double t_first = at(out, "t", first_rolling);
  EXPECT_GE(t_first, t_cross);
  EXPECT_LT(t_first - 0.001, t_cross);
  // Rolling: at t_end (150 ms, 10⁴ τ after t*) the slip has decayed to the integrator's noise.
  const std::size_t last = out.rows.size() - 1;
  EXPECT_LT(at(out, "floor.slip", last), 1e-9);  // seen: 5e-11
  EXPECT_NEAR(std::hypot(at(out, "ball.vx", last), at(out, "ball.vy", last)), 5.0 / 7.0 * v0, 1e-9);
}

// One ball (m = 1, ρ = 0.1, spin 3 rad/s, thrown sideways) bouncing on a rough floor with the
// Lankarani-Nikravesh law (e = 0.8), once planar and once spatial with every motion in the x-y plane
// (gravity −y, the plane's normal +y, so t₁ = x is the planar tangent).
std::string bouncing_ball(bool spatial) {
  const std::string laws = R"(
    normal: {law: lankarani_nikravesh, K: 1e7, n: 1.5, e: 0.8}
    friction: {law: coulomb_tanh, mu: 0.3, v_t: 1e-3}
simulation: {integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 1.2, output_interval: 0.001}
)";
  if (!spatial) {
    return R"(
gravity: [0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: 0.004, position: [0, 0.3], velocity: [0.5, 0], angular_velocity: 3}
contacts:
  - name: floor
    type: circle_line
    bodies: [ground, ball]
    radius: 0.1)" + laws;
  }
  return R"(
dimension: spatial
gravity: [0, -9.81, 0]
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0.3, 0], velocity: [0.5, 0, 0],
     angular_velocity: [0, 0, 3]}
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, ball]
    plane: {normal: [0, 1, 0]}
    radius: 0.1)" + laws;
}

// Relative agreement of the planar twin's columns (see the test).
constexpr double kPlanarTwinTolerance = 2e-6;

TEST(SpatialContact, BouncingBallInAPlaneReproducesThePlanarModel) {
  const MemorySink planar = run(bouncing_ball(false));
  const MemorySink spatial = run(bouncing_ball(true));
  ASSERT_EQ(planar.rows.size(), spatial.rows.size());
  const std::pair<const char*, const char*> pairs[] = {
      {"ball.x", "ball.x"},     {"ball.y", "ball.y"},         {"ball.vx", "ball.vx"}, {"ball.vy", "ball.vy"},
      {"ball.omega", "ball.wz"}, {"floor.gap", "floor.gap"}, {"floor.fn", "floor.fn"}, {"floor.vt", "floor.vt1"},
      {"floor.ft", "floor.ft1"}};
  // The two runs solve the same equations (the spatial ones restricted to the plane) with different
  // error norms (13 components against 6), so their steps and located onsets differ: the columns
  // agree to the integrators' global error at rtol = 1e-10, largest where a column changes fast
  // (ġ during an impact: 1.5e3 m/s² times a shift of the onset); seen: ball.vy 5.7e-7 and floor.fn
  // 5.3e-7 of their largest values, positions 5e-9, the rest below 1e-7.
  for (const auto& [p, s] : pairs) {
    const auto x = planar.series(p), y = spatial.series(s);
    double e = 0, size = 0;
    for (std::size_t k = 0; k < x.size(); ++k) {
      e = std::max(e, std::abs(x[k] - y[k]));
      size = std::max(size, std::abs(x[k]));
    }
    RecordProperty(p, std::to_string(e / size));
    EXPECT_LT(e, kPlanarTwinTolerance * size) << p << " vs " << s << " (largest " << size << ")";
  }
  // Out of the plane nothing moves, exactly: no force has a z component or a moment about x or y.
  for (const char* c : {"ball.z", "ball.vz", "ball.wx", "ball.wy", "floor.vt2", "floor.ft2"}) {
    for (double v : spatial.series(c)) ASSERT_EQ(v, 0.0) << c;
  }
  // The three bounces happened (the comparison covers impacts, not a flight only).
  int impacts = 0;
  const auto fn = spatial.series("floor.fn");
  for (std::size_t k = 1; k < fn.size(); ++k) impacts += fn[k] > 0 && fn[k - 1] == 0;
  EXPECT_GE(impacts, 3);
}

// A box (0.2 × 0.2 × 0.1 m, 1 kg) resting on its four bottom corners on a plane tilted by α about y
// (normal (−sin α, 0, cos α), the box turned with it), LuGre friction with μ_s = μ_k = μ = 0.3
// (a flat Stribeck curve, so μ is the only threshold), linear spring-damper corners. Its box_plane
// contact has 8 corners; the top four never touch.
std::string incline_box(double tan_alpha, double t_end, double mu_s = 0.3, double mu_k = 0.3) {
  const double alpha = std::atan(tan_alpha), k = 1e6;
  const double delta = g * std::cos(alpha) / 4 / k;  // static penetration of each corner
  return test::incline_box_model(tan_alpha, 0.05 - delta, R"(    type: box_plane
    half_extents: [0.1, 0.1, 0.05]
    normal: {law: linear_spring_damper, k: 1e6, c: 400}
    friction: {law: lugre, mu_s: )" + num(mu_s) + ", mu_k: " + num(mu_k) + R"(, sigma0: 1e5, sigma1: 200, v_s: 0.01}
)", "simulation: {integrator: dopri5, rtol: 1e-9, atol: 1e-12, t_end: " + num(t_end) + ", output_interval: 0.01}\n");
}

// (*) Half the span under the sanitizers (these runs took 34 and 26 s of that pass): the checks read
// the rows from 0.2-0.3 s on, or the last half of the run, either way.

// Velocity and displacement of the box down the incline, along (−cos α, 0, −sin α) (= t₂ of every corner).
double downhill_speed(const MemorySink& out, std::size_t k, double alpha) { return test::downhill(out, k, alpha, "vx", "vz"); }
double downhill_position(const MemorySink& out, std::size_t k, double alpha) { return test::downhill(out, k, alpha, "x", "z"); }

TEST(SpatialContact, BoxOnInclineSticksBelowTanAlphaEqualMu) {
  const double mu = 0.3, sigma0 = 1e5;
  for (const double tan_alpha : {0.2, 0.29}) {
    const double alpha = std::atan(tan_alpha);
    const MemorySink out = run(incline_box(tan_alpha, 2.0));
    const std::size_t last = out.rows.size() - 1, half = last / 2;
    // Below μ_k the LuGre bristle has one steady state, v = 0 with σ0 z = F_T/F_N: no creep. The box
    // moves only while the bristles take the load: quasi-statically dz/dx = 1 − σ0 z/μ, so
    // x = −(μ/σ0) ln(1 − tan α/μ) (3.3 μm at tan α = 0.2, 10 μm at 0.29); the box's inertia
    // overshoots it (seen: 3.6 and 18 μm), bounded by twice that.
    const double presliding = -(mu / sigma0) * std::log(1 - tan_alpha / mu);
    const double x0 = downhill_position(out, 0, alpha);
    EXPECT_LT(std::abs(downhill_position(out, last, alpha) - x0), 2 * presliding) << tan_alpha;
    // Zero creep: over the last second the box moves by the integrator's noise only (atol 1e-12 m;
    // seen: 2e-14 and 9e-14 m) and is at rest.
    EXPECT_LT(std::abs(downhill_position(out, last, alpha) - downhill_position(out, half, alpha)), 1e-12) << tan_alpha;
    EXPECT_LT(std::abs(downhill_speed(out, last, alpha)), 1e-12) << tan_alpha;
    // The four bottom corners carry the weight's normal component, the top ones nothing; the
    // holding friction points uphill (against t₂) and balances the slope component; nothing acts
    // across the slope (t₁ = y). Equilibrium to the integrator's tolerance (seen: 1.5e-11 N).
    double normal = 0, tangential = 0;
    for (int c = 1; c <= 8; ++c) {
      const std::string name = "corner_" + std::to_string(c);
      normal += at(out, name + ".fn", last);
      tangential += at(out, name + ".ft2", last);
      if (c > 4) {
        EXPECT_EQ(at(out, name + ".fn", last), 0.0) << name;
      }
      EXPECT_NEAR(at(out, name + ".ft1", last), 0.0, 1e-9) << name;
    }
    EXPECT_NEAR(normal, g * std::cos(alpha), 1e-9);
    EXPECT_NEAR(tangential, -g * std::sin(alpha), 1e-9);
  }
}

TEST(SpatialContact, BoxOnInclineSlidesAboveTanAlphaEqualMuAtTheCoulombAcceleration) {
  const double mu = 0.3;
  for (const double tan_alpha : {0.31, 0.4}) {
    const double alpha = std::atan(tan_alpha);
    const MemorySink out = run(incline_box(tan_alpha, release_or_sanitized(1.0, 0.5)));  // (*)
    const double a = g * (std::sin(alpha) - mu * std::cos(alpha));  // 0.094 and 0.911 m/s²
    // Once the bristles saturate (within μ/σ0 = 3 μm of sliding) the bristle equation's deviation
    // decays at the rate σ0|v|/μ (> 3·10³ s⁻¹ from 1 cm/s), and the corner loads settle (damping
    // 400 N s/m, ~10 ms): the friction is then μ Σ F_N = μ m g cos α, whatever the load's split
    // between the corners, and the speed grows at a. From 0.2 s on only rounding and the
    // integrator's error remain (seen: 1e-14 m/s).
    const std::size_t k0 = 20;
    ASSERT_NEAR(at(out, "t", k0), 0.2, 1e-12);
    for (std::size_t k = k0; k < out.rows.size(); ++k) {
      const double dt = at(out, "t", k) - at(out, "t", k0);
      EXPECT_NEAR(downhill_speed(out, k, alpha) - downhill_speed(out, k0, alpha), a * dt, 1e-10)
          << tan_alpha << " at " << at(out, "t", k);
    }
    const std::size_t last = out.rows.size() - 1;
    EXPECT_GT(downhill_speed(out, last, alpha), 0.9 * a * at(out, "t", last));  // from rest at t = 0
  }
}

// μ_s = 0.4 > μ_k = 0.3 (LuGre with a Stribeck curve, v_s = 1 cm/s). At rest the bristles hold up
// to g(0) = μ_s, so the box sticks without creep below tan α = μ_s, also at 0.35 where μ_k could not
// hold it; above μ_s it breaks away and, once its speed is far above v_s (g(v) = μ_k to within
// exp(−(v/v_s)²)), slides at a_k = g(sin α − μ_k cos α).
TEST(SpatialContact, BoxOnInclineHeldByMuStaticSlidesWithMuKinetic) {
  const double mu_s = 0.4, mu_k = 0.3, sigma0 = 1e5;
  {
    const double tan_alpha = 0.35, alpha = std::atan(tan_alpha);
    const MemorySink out = run(incline_box(tan_alpha, release_or_sanitized(2.0, 1.0), mu_s, mu_k));  // (*)
    const std::size_t last = out.rows.size() - 1, half = last / 2;
    // Presliding as above with μ_s (the curve at rest): x = −(μ_s/σ0) ln(1 − tan α/μ_s) = 8.3 μm,
    // bounded by twice that; zero creep over the last second to the integrator's noise, as above.
    const double presliding = -(mu_s / sigma0) * std::log(1 - tan_alpha / mu_s);
    const double x0 = downhill_position(out, 0, alpha);
    EXPECT_LT(std::abs(downhill_position(out, last, alpha) - x0), 2 * presliding);
    EXPECT_LT(std::abs(downhill_position(out, last, alpha) - downhill_position(out, half, alpha)), 1e-12);
    EXPECT_LT(std::abs(downhill_speed(out, last, alpha)), 1e-12);
  }
  {
    const double tan_alpha = 0.45, alpha = std::atan(tan_alpha);
    const MemorySink out = run(incline_box(tan_alpha, release_or_sanitized(1.0, 0.5), mu_s, mu_k));  // (*)
    const double a_k = g * (std::sin(alpha) - mu_k * std::cos(alpha));  // 1.34 m/s²
    // From 0.3 s the speed exceeds (sin α − μ_s cos α) g · 0.3 s = 0.13 m/s, so exp(−(v/v_s)²) <
    // 1e-70 and the bristles have settled as in the test above: a_k to the integrator's error.
    const std::size_t k0 = 30;
    ASSERT_NEAR(at(out, "t", k0), 0.3, 1e-12);
    ASSERT_GT(downhill_speed(out, k0, alpha), 0.13);
    for (std::size_t k = k0; k < out.rows.size(); ++k) {
      const double dt = at(out, "t", k) - at(out, "t", k0);
      EXPECT_NEAR(downhill_speed(out, k, alpha) - downhill_speed(out, k0, alpha), a_k * dt, 1e-10) << at(out, "t", k);
    }
  }
}

// Two spheres in free space (no gravity) collide obliquely with spin: Hertz contact with
// Lankarani-Nikravesh damping and friction.
TEST(SpatialContact, TwoSpheresCollidingConserveMomentum) {
  const MemorySink out = run(R"(
dimension: spatial
gravity: [0, 0, 0]
bodies:
  - {name: a, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, 0], velocity: [1, 0.2, 0.1],
     angular_velocity: [5, -3, 8]}
  - {name: b, mass: 2, inertia: [0.018, 0.018, 0.018], position: [0.5, 0.08, -0.05],
     angular_velocity: [-2, 4, 1]}
contacts:
  - name: pair
    type: sphere_sphere
    bodies: [a, b]
    centers: [[0, 0, 0], [0, 0, 0]]
    radii: [0.1, 0.15]
    normal: {law: lankarani_nikravesh, K: 1e8, n: 1.5, e: 0.7}
    friction: {law: coulomb_tanh, mu: 0.4, v_t: 1e-3}
simulation: {integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 0.6, output_interval: 0.001}
)");
  const auto vec = [&](const std::string& b, const char* x, const char* y, const char* z, std::size_t k) {
    return Vec3(at(out, b + x, k), at(out, b + y, k), at(out, b + z, k));
  };
  const auto momentum = [&](std::size_t k) { return Vec3(vec("a", ".vx", ".vy", ".vz", k) + 2 * vec("b", ".vx", ".vy", ".vz", k)); };
  // Isotropic inertia: J ω in the world frame is J (A ω_body) for either frame.
  const auto angular_momentum = [&](std::size_t k) {
    Vec3 L = Vec3::Zero();
    for (const auto& [b, m, J] : {std::tuple{"a", 1.0, 0.004}, std::tuple{"b", 2.0, 0.018}}) {
      const std::string n = b;
      const Quat p(at(out, n + ".qw", k), at(out, n + ".qx", k), at(out, n + ".qy", k), at(out, n + ".qz", k));
      L += vec(n, ".x", ".y", ".z", k).cross(m * vec(n, ".vx", ".vy", ".vz", k)) + J * (p * vec(n, ".wx", ".wy", ".wz", k));
    }
    return L;
  };
  const Vec3 p0 = momentum(0), L0 = angular_momentum(0);
  bool touched = false;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    touched = touched || at(out, "pair.fn", k) > 0;
    // W_N, W_T give body i exactly −(the force on body j) and a Runge-Kutta method keeps linear
    // invariants, so m_a v_a + m_b v_b changes by rounding only, ~1e-16 per step over ~10³ steps
    // (seen: 2e-15).
    EXPECT_LT((momentum(k) - p0).norm(), 1e-13 * p0.norm()) << k;
    // Σ r × F + moments cancel exactly in the equations (both forces act at P), but L is quadratic:
    // the integrator's truncation error during the 2 ms contact (rtol 1e-10) remains; the flights
    // are integrated exactly (constant v; constant ω about an axis R ω that the isotropic bodies'
    // rotation keeps). Seen: 4e-14.
    EXPECT_LT((angular_momentum(k) - L0).norm(), 1e-10 * L0.norm()) << k;
  }
  EXPECT_TRUE(touched);
  // The collision changed the velocities by order one and friction changed the spins.
  const std::size_t last = out.rows.size() - 1;
  EXPECT_GT((vec("a", ".vx", ".vy", ".vz", last) - vec("a", ".vx", ".vy", ".vz", 0)).norm(), 0.3);
  EXPECT_GT(std::abs(at(out, "a.wx", last) - 5), 0.1);
  const auto energy = out.series("energy.total");
  EXPECT_LT(energy.back(), energy.front());  // the damping dissipated
}

}  // namespace spatial_contact_test
}  // namespace stickslip
