// Spatial contacts under the time-stepping scheme (issue 11, stage S3): rigid contacts with two
// tangent rows, the exact disc cone in Gauss-Seidel, Newton's impact law. Against closed forms: a
// sphere sliding on a rough plane rolls at 5/7 v0 from the step after t* = 2 v0/(7 μ g); a box on
// four corners of an incline sticks with no creep at all below tan α = μ and slides at
// g(sin α − μ cos α) above, with μ_s ≠ μ_k held by μ_s and sliding under μ_k; a spinning ball
// bouncing with restitution e; two spheres exchanging momentum head-on (Newton's cradle).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"
#include "incline_box.hpp"
#include "formulations/event_log.hpp"

namespace stickslip {
namespace spatial_contact_time_stepping_test {

using test::model_from_yaml;
using test::num;

constexpr double g = 9.81;

MemorySink run(const std::string& yaml, MemoryEventSink* events = nullptr) {
  const ModelFile mf = model_from_yaml(yaml);
  MemorySink out;
  simulate(mf.model, mf.options, out, {}, events);
  return out;
}

double at(const MemorySink& out, const std::string& column, std::size_t row) {
  return out.rows[row][static_cast<std::size_t>(out.column(column))];
}

// Sphere m = 1 kg, ρ = 0.1 m, J = 2/5 m ρ², thrown at v0 along (0.6, 0.8) without spin on a
// horizontal plane, rigid contact (e = 0), Coulomb μ = 0.2, resting on the plane (gap 0).
std::string sliding_sphere(double h, const char* solver) {
  return R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, 0.1], velocity: [0.6, 0.8, 0]}
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, ball]
    plane: {point: [0, 0, 0], normal: [0, 0, 1]}
    radius: 0.1
    impact: {law: newton, e: 0}
    friction: {law: coulomb, mu_s: 0.2, mu_k: 0.2}
simulation:
  scheme: time-stepping
  step: )" + num(h) + R"(
  t_end: 0.3
  output_interval: )" + num(h) + R"(
  time_stepping: {solver: )" + solver + R"(}
)";
}

TEST(SpatialContactTimeStepping, SlidingSphereRollsAtFiveSeventhsOfItsSpeedAfterTheAnalyticTime) {
  const double v0 = 1, mu = 0.2, h = 1e-3;
  const double rate = 3.5 * mu * g, t_star = v0 / rate;  // slip s = v − ρω falls at 7/2 μ g
  // The three solvers under Moreau-Jean, and Gauss-Seidel under the Stewart-Trinkle variant (whose
  // normal row asks for the gap, 0 here, rather than v_N: the same impulses for a resting ball).
  for (const char* solver : {"auto", "pgs", "apgd", "pgs, formulation: stewart_trinkle"}) {
    const MemorySink out = run(sliding_sphere(h, solver));
    bool rolled = false;
    for (std::size_t k = 0; k < out.rows.size(); ++k) {
      const double t = at(out, "t", k);
      const double vx = at(out, "ball.vx", k), vy = at(out, "ball.vy", k), speed = std::hypot(vx, vy);
      // Isotropy: the disc cone's friction opposes the slip, which keeps its direction (0.6, 0.8).
      EXPECT_NEAR(0.8 * vx - 0.6 * vy, 0, 1e-13) << solver << " " << t;
      // The normal row passes through the centre (no coupling to the tangent rows), so P_N = m g h
      // and each sliding step takes exactly μ g h off the speed: v = v0 − μ g t at every step's end
      // before t*, to rounding over 300 steps (the solvers stop at 1e-6 of ‖b‖ but the decoupled
      // problem is solved exactly in one sweep; APGD converges to 1e-6 of b ~ 1 m/s in impulse).
      const double tol = std::string(solver) == "apgd" ? 1e-6 : 1e-12;
      if (t <= t_star) {
        EXPECT_NEAR(speed, v0 - mu * g * t, tol) << solver << " " << t;
      }
      // Angular momentum about the contact point is conserved by every impulse (friction acts at
      // the point, the normal impulse and gravity along the vertical through the centre), so once
      // the slip is stopped the speed is 5/7 v0. The stop falls in the step containing t*: every row
      // from t* + h on rolls.
      if (t >= t_star + h) {
        EXPECT_NEAR(speed, 5.0 / 7.0 * v0, tol) << solver << " " << t;
        EXPECT_LT(at(out, "floor.slip", k), 10 * tol) << solver << " " << t;
        rolled = true;
      }
      // The ball neither sinks nor lifts (Moreau-Jean keeps v_N = 0 on a closed contact): z moves
      // by the rounding only after the exact solves, by the residual's v_N times h per step after
      // APGD's (1e-6 m/s · h over 300 steps: 3e-7 m; seen 1.4e-10 m).
      EXPECT_NEAR(at(out, "ball.z", k), 0.1, std::string(solver) == "apgd" ? 3e-7 : 1e-12) << solver << " " << t;
    }
    EXPECT_TRUE(rolled) << solver;
  }
}

// A box (0.2 × 0.2 × 0.1 m, 1 kg) on its four bottom corners on a plane tilted by α about y, rigid
// corners (e = 0) and Coulomb friction μ_s = μ_k = 0.3; box_plane gives 8 corners, the top four never
// touch. It starts at rest on the plane.
std::string incline_box(double tan_alpha, const char* solver, double tolerance, double mu_s = 0.3, double mu_k = 0.3) {
  return test::incline_box_model(tan_alpha, 0.05, R"(    type: box_plane
    half_extents: [0.1, 0.1, 0.05]
    impact: {law: newton, e: 0}
    friction: {law: coulomb, mu_s: )" + num(mu_s) + ", mu_k: " + num(mu_k) + R"(}
)", R"(simulation:
  scheme: time-stepping
  step: 0.001
  t_end: 1
  output_interval: 0.01
  time_stepping: {solver: )" + std::string(solver) + ", tolerance: " + test::num(tolerance) + R"(}
)");
}

double downhill_position(const MemorySink& out, std::size_t k, double alpha) { return test::downhill(out, k, alpha, "x", "z"); }
double downhill_speed(const MemorySink& out, std::size_t k, double alpha) { return test::downhill(out, k, alpha, "vx", "vz"); }

TEST(SpatialContactTimeStepping, BoxOnInclineSticksWithoutCreepBelowTanAlphaEqualMu) {
  for (const double tan_alpha : {0.2, 0.29}) {
    const double alpha = std::atan(tan_alpha);
    const MemorySink out = run(incline_box(tan_alpha, "pgs", 1e-12));
    const std::size_t last = out.rows.size() - 1;
    // Rigid stiction: the friction impulse lies inside the disc and v_T⁺ = 0 up to the solver's
    // residual (1e-12 of ‖b‖ ~ g h = 1e-2 m/s); over 1000 steps the box moves by at most 1000 h
    // times that, 1e-14 m. No presliding, no creep: this is what the compliant scheme's bristles
    // cannot give (micrometres there).
    EXPECT_LT(std::abs(downhill_position(out, last, alpha) - downhill_position(out, 0, alpha)), 1e-12) << tan_alpha;
    EXPECT_LT(std::abs(downhill_speed(out, last, alpha)), 1e-12) << tan_alpha;
    // The contact forces (impulses / h) carry the weight: Σ F_N = m g cos α, Σ F_T2 = −m g sin α
    // (t₂ points down the slope), nothing across it; the top corners carry nothing. The split
    // between the four corners is indeterminate (rigid), the sums are not (to the solver's residual
    // over h: 1e-12 · 1e-2 / 1e-3 ~ 1e-11 N).
    double normal = 0, tangential = 0, across = 0;
    for (int c = 1; c <= 8; ++c) {
      const std::string name = "corner_" + std::to_string(c);
      normal += at(out, name + ".fn", last);
      tangential += at(out, name + ".ft2", last);
      across += at(out, name + ".ft1", last);
      if (c > 4) {
        EXPECT_EQ(at(out, name + ".fn", last), 0.0) << name;
      }
    }
    EXPECT_NEAR(normal, g * std::cos(alpha), 1e-9);
    EXPECT_NEAR(tangential, -g * std::sin(alpha), 1e-9);
    EXPECT_NEAR(across, 0.0, 1e-9);
  }
}

TEST(SpatialContactTimeStepping, BoxOnInclineSlidesAboveTanAlphaEqualMuAtTheCoulombAcceleration) {
  const double mu = 0.3;
  for (const double tan_alpha : {0.31, 0.4}) {
    const double alpha = std::atan(tan_alpha);
    const MemorySink out = run(incline_box(tan_alpha, "pgs", 1e-12));
    const double a = g * (std::sin(alpha) - mu * std::cos(alpha));  // 0.094 and 0.911 m/s²
    // Every step adds exactly a h to the downhill speed (friction μ P_N on every corner, P_N summing
    // to m g cos α h): v = a t at each row to the solver's residual per step, 1e-12 · 1e-2 m/s over
    // 1000 steps.
    for (std::size_t k = 0; k < out.rows.size(); ++k) {
      EXPECT_NEAR(downhill_speed(out, k, alpha), a * at(out, "t", k), 1e-10) << tan_alpha << " at " << at(out, "t", k);
    }
    // The position follows ½ a t² up to the θ-method's exact treatment of a constant acceleration
    // (q_{k+1} = q_k + h (v_k + v_{k+1})/2 is exact for it).
    const std::size_t last = out.rows.size() - 1;
    const double t = at(out, "t", last);
    EXPECT_NEAR(downhill_position(out, last, alpha) - downhill_position(out, 0, alpha), 0.5 * a * t * t, 1e-10);
  }
}

// μ_s = 0.4 > μ_k = 0.3. The scheme takes μ_s for a contact that stuck at the end of the previous
// step (docs/schemes.md), so the box at rest holds below tan α = μ_s, also where μ_k alone could not
// (tan α = 0.35); above it, the first step breaks away under μ_s and every later step slides under
// μ_k: v = a_k t − (μ_s − μ_k) g cos α h, a_k = g(sin α − μ_k cos α), exactly.
TEST(SpatialContactTimeStepping, BoxOnInclineHeldByMuStaticSlidesWithMuKinetic) {
  const double mu_s = 0.4, mu_k = 0.3, h = 0.001;
  for (const double tan_alpha : {0.2, 0.35, 0.39}) {
    const double alpha = std::atan(tan_alpha);
    const MemorySink out = run(incline_box(tan_alpha, "pgs", 1e-12, mu_s, mu_k));
    const std::size_t last = out.rows.size() - 1;
    // As without μ_s ≠ μ_k above: the solver's residual over 1000 steps.
    EXPECT_LT(std::abs(downhill_position(out, last, alpha) - downhill_position(out, 0, alpha)), 1e-12) << tan_alpha;
    EXPECT_LT(std::abs(downhill_speed(out, last, alpha)), 1e-12) << tan_alpha;
  }
  for (const double tan_alpha : {0.41, 0.5}) {
    const double alpha = std::atan(tan_alpha);
    const MemorySink out = run(incline_box(tan_alpha, "pgs", 1e-12, mu_s, mu_k));
    const double a_k = g * (std::sin(alpha) - mu_k * std::cos(alpha));
    const double lag = (mu_s - mu_k) * g * std::cos(alpha) * h;
    // The solver's residual per step (1e-12 of ‖b‖ ~ 1e-2 m/s) over 1000 steps, as above.
    for (std::size_t k = 1; k < out.rows.size(); ++k) {
      EXPECT_NEAR(downhill_speed(out, k, alpha), a_k * at(out, "t", k) - lag, 1e-10) << tan_alpha << " at " << at(out, "t", k);
    }
  }
}

// Newton's cradle of two spheres in free space, time-stepping: sphere a (1 kg, ρ = 0.1 m) at
// 1 m/s along d = (0.48, 0.6, 0.64) hits sphere b (2 kg, ρ = 0.15 m) at rest head-on, Newton's
// e = 0.8. Momentum and v_N⁺ = −e v_N⁻ give v_a⁺ = (m_a − e m_b)/(m_a + m_b) v = −0.2 v and
// v_b⁺ = (1 + e) m_a/(m_a + m_b) v = 0.6 v; the kinetic energy falls by
// ½ m_a m_b/(m_a + m_b) (1 − e²) v² = 0.12 J. Head-on, the contact has no slip, so the friction
// impulse is zero and nothing spins.
TEST(SpatialContactTimeStepping, NewtonsCradleOfTwoSpheresExchangesMomentumWithRestitution) {
  const Vec3 d(0.48, 0.6, 0.64);
  const double e = 0.8, ma = 1, mb = 2, v = 1;
  const Vec3 b0 = 0.4 * d;  // centres 0.4 m apart: the spheres touch after 0.15 s
  MemoryEventSink events;
  const MemorySink out = run(R"(
dimension: spatial
gravity: [0, 0, 0]
bodies:
  - {name: a, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, 0], velocity: [)" + num(v * d.x()) + ", " +
                                 num(v * d.y()) + ", " + num(v * d.z()) + R"(]}
  - {name: b, mass: 2, inertia: [0.018, 0.018, 0.018], position: [)" + num(b0.x()) + ", " + num(b0.y()) + ", " +
                                 num(b0.z()) + R"(]}
contacts:
  - name: pair
    type: sphere_sphere
    bodies: [a, b]
    centers: [[0, 0, 0], [0, 0, 0]]
    radii: [0.1, 0.15]
    impact: {law: newton, e: 0.8}
    friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}
simulation: {scheme: time-stepping, step: 1e-4, t_end: 0.3, output_interval: 0.001}
)", &events);
  int impacts = 0;
  for (const EventRecord& r : events.events) impacts += r.kind == "impact";
  EXPECT_EQ(impacts, 1);
  const std::size_t last = out.rows.size() - 1;
  const auto velocity = [&](const std::string& body) {
    return Vec3(at(out, body + ".vx", last), at(out, body + ".vy", last), at(out, body + ".vz", last));
  };
  const Vec3 va = velocity("a"), vb = velocity("b");
  // One impulse along d solves v_N⁺ = −e v_N⁻ exactly (a 1 × 1 normal row, the tangent rows at zero
  // slip): rounding only.
  EXPECT_NEAR((va - (ma - e * mb) / (ma + mb) * v * d).norm(), 0, 1e-13);
  EXPECT_NEAR((vb - (1 + e) * ma / (ma + mb) * v * d).norm(), 0, 1e-13);
  EXPECT_NEAR((ma * va + mb * vb - ma * v * d).norm(), 0, 1e-13);
  const auto energy = out.series("energy.total");
  EXPECT_NEAR(energy.front() - energy.back(), 0.5 * ma * mb / (ma + mb) * (1 - e * e) * v * v, 1e-13);
  for (const char* w : {"a.wx", "a.wy", "a.wz", "b.wx", "b.wy", "b.wz"}) EXPECT_NEAR(at(out, w, last), 0, 1e-13) << w;
}

// A ball (ρ = 0.1 m) dropped from 0.3 m with a spin about a horizontal axis and a sideways speed,
// Newton restitution e = 0.8 and friction: each impact sends the normal velocity back at e times
// its value (the normal row is decoupled from the friction rows for a sphere), whatever the
// friction does; the apexes fall by e² each bounce.
TEST(SpatialContactTimeStepping, BouncingBallKeepsNewtonsRestitution) {
  const double e = 0.8, h = 1e-4;
  MemoryEventSink events;
  const MemorySink out = run(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, 0.4], velocity: [0.5, 0.2, 0],
     angular_velocity: [3, -2, 1]}
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, ball]
    plane: {normal: [0, 0, 1]}
    radius: 0.1
    impact: {law: newton, e: 0.8}
    friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}
simulation:
  scheme: time-stepping
  step: )" + num(h) + R"(
  t_end: 1.2
  output_interval: )" + num(h) + R"(
)", &events);
  int impacts = 0;
  for (const EventRecord& r : events.events) {
    if (r.kind != "impact") continue;
    ++impacts;
    // v_N⁺ = −e v_N⁻ exactly (Moreau-Jean's impact law on the step's velocities): rounding only.
    EXPECT_NEAR(r.vn_after, -e * r.vn_before, 1e-12) << r.t;
  }
  EXPECT_GE(impacts, 3);
  // Apexes (rows where v_z changes sign from + to −): the flight height above the contact height
  // falls by e² per bounce. The impact happens at a step's end within |v| h of the true contact
  // height (2.4 m/s · 1e-4 = 2.4e-4 m), which shifts each apex by that much: bound 5e-4 m.
  std::vector<double> apex;
  for (std::size_t k = 1; k < out.rows.size(); ++k)
    if (at(out, "ball.vz", k - 1) > 0 && at(out, "ball.vz", k) <= 0) apex.push_back(at(out, "ball.z", k) - 0.1);
  ASSERT_GE(apex.size(), 2u);
  const double first_flight = 0.3 * e * e;
  EXPECT_NEAR(apex[0], first_flight, 5e-4);
  EXPECT_NEAR(apex[1], first_flight * e * e, 5e-4);
}

// Lemke's lifting takes interval cones only: `solver: lemke` with spatial contacts is refused under
// its key, naming what to use.
TEST(SpatialContactTimeStepping, LemkeIsRefusedForSpatialContactsByName) {
  const ModelFile mf = model_from_yaml(sliding_sphere(1e-3, "lemke"));
  MemorySink out;
  try {
    simulate(mf.model, mf.options, out);
    FAIL() << "lemke accepted a spatial contact";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.path(), "simulation.time_stepping.solver");
    EXPECT_NE(e.message().find("pgs or apgd"), std::string::npos) << e.what();
  }
}

}  // namespace spatial_contact_time_stepping_test
}  // namespace stickslip
