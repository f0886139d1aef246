// Spatial models under the event-driven scheme (issue 11, stage S4). Without contacts its smooth
// phases integrate the same equations of motion as the compliant scheme (ModalDynamics with no
// contact rows: the KKT solve of the joints and drivers), with the quaternion normalised where the
// integrator's vector becomes a state and positions projected through the kinematic map at events;
// checked against conservation laws and against the compliant run of the same model.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"
#include "incline_box.hpp"
#include "math/rotation.hpp"

namespace stickslip {
namespace spatial_event_driven_test {

using test::model_from_yaml;
using test::num;
using test::run;
using test::at;
using test::orientation;
using test::body_omega;

// The asymmetric body J = (1, 2, 3) kg m² spinning about its intermediate axis with a 1 % perturbation
// (the Dzhanibekov flip; tests/formulations/spatial_free_body_test.cpp runs it under the compliant
// scheme).
TEST(SpatialEventDriven, TorqueFreeBodyConservesEnergyAngularMomentumAndUnitQuaternion) {
  ModelFile mf = model_from_yaml(R"(
dimension: spatial
bodies:
  - name: b
    mass: 1
    inertia: [1, 2, 3]
    orientation: {axis: [1, 2, 3], angle: 0.4}
    angular_velocity: [0, 1, 0.01]
simulation:
  scheme: event-driven
  integrator: dopri5
  rtol: 1e-11
  atol: 1e-13
  t_end: 40
  output_interval: 0.001
)");
  ASSERT_EQ(mf.options.scheme, Scheme::event_driven);
  const MemorySink out = run(mf);
  const Vec3 J(1, 2, 3);
  const auto momentum = [&](std::size_t k) { return Vec3(orientation(out, "b", k) * J.cwiseProduct(body_omega(out, "b", k))); };
  const Vec3 L0 = momentum(0);
  const auto energy = out.series("energy.total");
  double dL = 0, dE = 0, dp = 0, w_min = 1;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    dL = std::max(dL, (momentum(k) - L0).norm() / L0.norm());
    dE = std::max(dE, std::abs(energy[k] - energy[0]) / energy[0]);
    dp = std::max(dp, std::abs(orientation(out, "b", k).norm() - 1));
    w_min = std::min(w_min, body_omega(out, "b", k).y());
  }
  // dopri5 holds each step's local error below rtol = 1e-11; over the ~7·10³ steps of 40 s the errors
  // add at worst linearly, 1e-7. Neither law is built into the scheme.
  EXPECT_LT(dL, 1e-7);
  EXPECT_LT(dE, 1e-7);
  // The quaternion is normalised where the integrator's vector becomes a state: |p| = 1 to rounding
  // (a few ulps of the normalisation and of the output's turn into the user's frame).
  EXPECT_LT(dp, 1e-14);
  EXPECT_LT(w_min, -0.99);  // the flip happens within the run
}

// A spherical pendulum on a non-circular orbit, body with a full inertia tensor (the compliant
// version: spatial_joints_model_test.cpp): energy and the vertical angular momentum are first
// integrals; the joint rows are held by the modal dynamics' Baumgarte terms as in the compliant scheme.
TEST(SpatialEventDriven, SphericalPendulumConservesEnergyAndVerticalAngularMomentum) {
  const double theta = 0.7, L = 1.0, omega = std::sqrt(9.81 / (L * std::cos(theta)));
  const double x = L * std::sin(theta), z = -L * std::cos(theta);
  ModelFile mf = model_from_yaml(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - name: bob
    mass: 2
    inertia: [[0.05, 0.01, 0.0], [0.01, 0.04, -0.005], [0.0, -0.005, 0.03]]
    position: [)" + num(x) + ", 0, " + num(z) + R"(]
    velocity: [0, )" + num(0.8 * omega * x) + R"(, 0]
    angular_velocity: [0, 0, )" + num(omega) + R"(]
    angular_velocity_frame: global
joints:
  - {name: pivot, type: spherical, bodies: [ground, bob], location: [0, 0, 0]}
simulation:
  scheme: event-driven
  integrator: dopri5
  rtol: 1e-11
  atol: 1e-13
  t_end: 6
  output_interval: 0.01
)");
  const MemorySink out = run(mf);
  const Mat3 J_user = mf.model.bodies[1].spatial.inertia;
  const auto angular_momentum_z = [&](std::size_t k) {
    const Vec3 spin = orientation(out, "bob", k) * (J_user * body_omega(out, "bob", k));
    return 2.0 * (at(out, k, "bob.x") * at(out, k, "bob.vy") - at(out, k, "bob.y") * at(out, k, "bob.vx")) + spin.z();
  };
  const auto energy = out.series("energy.total");
  const double Lz0 = angular_momentum_z(0);
  double dE = 0, dL = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    dE = std::max(dE, std::abs(energy[k] - energy[0]) / std::abs(energy[0]));
    dL = std::max(dL, std::abs(angular_momentum_z(k) - Lz0) / std::abs(Lz0));
  }
  // dopri5 at rtol 1e-11 over ~1000 steps: 1e-7 at most (the compliant scheme's bound for the same run).
  EXPECT_LT(dE, 1e-7);
  EXPECT_LT(dL, 1e-7);
  EXPECT_LT(out.series("constraint.drift").back(), 1e-8);
  const auto zs = out.series("bob.z");
  EXPECT_GT(*std::max_element(zs.begin(), zs.end()) - *std::min_element(zs.begin(), zs.end()), 0.05);
}

// examples/spatial_slider_crank (revolute, spherical, universal and prismatic joints, a driver on the
// crank) under the event-driven scheme repeats the compliant run.
TEST(SpatialEventDriven, SpatialSliderCrankAgreesWithTheCompliantScheme) {
  const MemorySink compliant = test::run_model_file("examples/spatial_slider_crank/spatial_slider_crank.yaml");
  const MemorySink event_driven = test::run_model_file(
      "examples/spatial_slider_crank/spatial_slider_crank.yaml", [](SimulationOptions& o) { o.scheme = Scheme::event_driven; });
  ASSERT_EQ(compliant.rows.size(), event_driven.rows.size());
  // Both integrate the same equations with dopri5 at rtol 1e-9, atol 1e-12 over 2 s; the schemes
  // differ only in the order of the solve (ModalDynamics' augmented rows against the compliant
  // Schur complement), so their difference is the two runs' integration errors, as between the
  // planar and spatial slider-cranks (seen there: 4e-10 m, 2e-9 m/s, 2e-9 N). Bounds ten times that.
  for (const char* c : {"crank.x", "crank.y", "rod.x", "rod.y", "slider.x", "slider.qz", "rod.qw", "rod.qz"}) {
    EXPECT_LT(test::max_difference(compliant, event_driven, c), 5e-9) << c;
  }
  for (const char* c : {"rod.vx", "rod.vy", "slider.vx", "rod.wz", "energy.kinetic"}) {
    EXPECT_LT(test::max_difference(compliant, event_driven, c), 2e-8) << c;
  }
  for (const char* c : {"crank_speed.effort", "guide.fy", "guide.mz", "crank_pivot.fx", "wrist_pin.fx_i"}) {
    EXPECT_LT(test::max_difference(compliant, event_driven, c), 2e-8) << c;
  }
}

constexpr double g = 9.81;

struct EventRun {
  MemorySink out;
  MemoryEventSink events;
};
EventRun run_with_events(const std::string& yaml) {
  const ModelFile mf = model_from_yaml(yaml);
  EventRun r;
  simulate(mf.model, mf.options, r.out, {}, &r.events);
  return r;
}

// A sphere (m = 1 kg, ρ = 0.1 m, J = 2/5 m ρ²) resting on a horizontal plane (a rigid contact,
// Coulomb μ_s = μ_k = 0.2), thrown at v0 = 1 m/s along (0.6, 0.8) without spin: it slides with
// v̇ = −μ g and ρ ω̇ = 5/2 μ g, so the slip s = v − ρω falls at 7/2 μ g and vanishes at
// t* = 2 v0/(7 μ g), after which it rolls at 5/7 v0 (the compliant twin: spatial_contact_test.cpp).
// The contact rigid (Newton, e = 0) or compliant (a linear spring, k = 1e6 N/m, started at its static
// penetration m g / k, so F_N = m g throughout).
TEST(SpatialEventDriven, SlidingSphereRollsAtFiveSeventhsOfItsSpeedAtTheAnalyticTime) {
  const double v0 = 1, mu = 0.2;
  for (const bool rigid : {true, false}) {
    SCOPED_TRACE(rigid ? "rigid" : "compliant");
    const double z0 = rigid ? 0.1 : 0.1 - g / 1e6;
    const std::string law = rigid ? "impact: {law: newton, e: 0}" : "normal: {law: linear_spring_damper, k: 1e6, c: 0}";
    const EventRun r = run_with_events(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, )" + num(z0) + R"(], velocity: [0.6, 0.8, 0]}
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, ball]
    plane: {point: [0, 0, 0], normal: [0, 0, 1]}
    radius: 0.1
    )" + law + R"(
    friction: {law: coulomb, mu_s: 0.2, mu_k: 0.2}
simulation: {scheme: event-driven, integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 0.3, output_interval: 0.001}
)");
    const double t_star = v0 / (3.5 * mu * g);
    // One event: the slip stops (the contact was closed and sliding from the start).
    std::vector<EventRecord> stops;
    for (const EventRecord& e : r.events.events) {
      if (e.kind == "stick") stops.push_back(e);
    }
    ASSERT_EQ(stops.size(), 1u);
    // Between events the slip falls linearly in t, which dopri5 integrates exactly, so the event is
    // located to the root finder's tolerance (1e-12 s) plus rounding of the slip (1e-16 m/s over a
    // rate of 6.9 m/s²): 1e-10 s bounds both with a margin.
    EXPECT_NEAR(stops[0].t, t_star, 1e-10);
    for (std::size_t k = 0; k < r.out.rows.size(); ++k) {
      const double t = at(r.out, k, "t"), vx = at(r.out, k, "ball.vx"), vy = at(r.out, k, "ball.vy");
      const double speed = std::hypot(vx, vy);
      // The friction opposes the slip, which keeps its direction: rounding only.
      EXPECT_NEAR(0.8 * vx - 0.6 * vy, 0, 1e-12) << t;
      // Linear motions: dopri5 exact up to rounding (the compliant twin sees 5e-13 m/s).
      const double expected = t < t_star ? v0 - mu * g * t : 5.0 / 7.0 * v0;
      EXPECT_NEAR(speed, expected, 1e-10) << t;
      // Resting on the plane: the rigid contact's rows hold the height (rounding only), the spring
      // stays at its static penetration (an equilibrium).
      EXPECT_NEAR(at(r.out, k, "ball.z"), z0, 1e-10) << t;
      if (t > t_star) {
        // Rolling: the stuck contact holds the slip at zero with no friction force (nothing pushes).
        EXPECT_LT(std::hypot(at(r.out, k, "floor.vt1"), at(r.out, k, "floor.vt2")), 1e-10) << t;
        EXPECT_NEAR(std::hypot(at(r.out, k, "floor.ft1"), at(r.out, k, "floor.ft2")), 0.0, 1e-9) << t;
      } else {
        // Sliding: |F_T| = μ_k F_N (rounding), F_N = m g: a rigid contact's multiplier to rounding,
        // the undamped spring's force to k × (its oscillation excited by the integrator's local
        // errors, which atol = 1e-12 m bounds): 1e-6 N (seen: 4e-9 N).
        const double fn = at(r.out, k, "floor.fn");
        EXPECT_NEAR(std::hypot(at(r.out, k, "floor.ft1"), at(r.out, k, "floor.ft2")), mu * fn, 1e-12) << t;
        EXPECT_NEAR(fn, g, rigid ? 1e-9 : 1e-6) << t;
      }
    }
  }
}

// A ball dropped from h0 = 1 m (centre height above its radius) onto a rigid floor with Newton's
// restitution e = 0.7, thrown sideways at 0.3 m/s without friction: each impact reverses the normal
// velocity times e, so the k-th apex is at ρ + e^{2k} h0 and the impacts come at
// t_k = t_0 (1 + 2 e + … + 2 e^{k−1}), t_0 = √(2 h0 / g).
TEST(SpatialEventDriven, BouncingBallApexesFallAsTheSquareOfTheRestitution) {
  const double e = 0.7, h0 = 1.0, rho = 0.1;
  const EventRun r = run_with_events(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, )" + num(rho + h0) + R"(],
     velocity: [0.3, 0, 0], angular_velocity: [0, 0, 2]}
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, ball]
    plane: {normal: [0, 0, 1]}
    radius: 0.1
    impact: {law: newton, e: 0.7}
simulation: {scheme: event-driven, integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 2.5, output_interval: 0.0005}
)");
  const double t0 = std::sqrt(2 * h0 / g), v_impact = std::sqrt(2 * g * h0);
  std::vector<EventRecord> impacts;
  for (const EventRecord& ev : r.events.events) {
    if (ev.kind == "impact") impacts.push_back(ev);
  }
  ASSERT_GE(impacts.size(), 4u);
  double t_expected = t0, speed = v_impact;
  for (std::size_t k = 0; k < 4; ++k) {
    // Free flight is a quadratic in t (dopri5 exact up to rounding) and the impact law is algebraic:
    // the times and speeds are exact to the event tolerance (1e-12 s) and rounding; 1e-9.
    EXPECT_NEAR(impacts[k].t, t_expected, 1e-9) << k;
    EXPECT_NEAR(impacts[k].vn_before, -speed, 1e-9) << k;
    EXPECT_NEAR(impacts[k].vn_after, e * speed, 1e-9) << k;
    speed *= e;
    t_expected += 2 * speed / g;
  }
  // The apexes seen in the rows: between impacts k and k + 1 the height peaks at ρ + e^{2k+2} h0; the
  // rows (0.5 ms apart) straddle the apex by at most 0.25 ms, so they miss it by g (0.25 ms)²/2 = 3e-7 m.
  for (std::size_t k = 0; k + 1 < 4; ++k) {
    double apex = 0;
    for (std::size_t i = 0; i < r.out.rows.size(); ++i) {
      const double t = at(r.out, i, "t");
      if (t > impacts[k].t && t < impacts[k + 1].t) apex = std::max(apex, at(r.out, i, "ball.z"));
    }
    EXPECT_NEAR(apex, rho + std::pow(e, 2.0 * static_cast<double>(k + 1)) * h0, 4e-7) << k;
  }
  // Frictionless: the horizontal velocity and the spin never change.
  for (std::size_t i = 0; i < r.out.rows.size(); ++i) {
    EXPECT_NEAR(at(r.out, i, "ball.vx"), 0.3, 1e-12);
    EXPECT_NEAR(at(r.out, i, "ball.wz"), 2.0, 1e-12);
  }
}

// A box (0.2 × 0.2 × 0.1 m, 1 kg) resting on its four bottom corners (rigid, Coulomb μ_s = μ_k = 0.3)
// on a plane tilted by α about y; the plane's t₁ = y lies across the slope, t₂ = (−cos α, 0, −sin α)
// down it. With k facets the generators d_j = (cos 2πj/k, sin 2πj/k) include ±t₂ for k = 8 and not
// for k = 6, so the two runs show what the polyhedral cone changes (see the tests).
std::string incline_box_rigid(double tan_alpha, double t_end, int facets) {
  return test::incline_box_model(tan_alpha, 0.05, R"(    type: points_plane
    points: [[0.1, 0.1, -0.05], [-0.1, 0.1, -0.05], [-0.1, -0.1, -0.05], [0.1, -0.1, -0.05]]
    impact: {law: newton, e: 0}
    friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}
)", R"(simulation:
  scheme: event-driven
  integrator: dopri5
  rtol: 1e-10
  atol: 1e-12
  t_end: )" + test::num(t_end) + R"(
  output_interval: 0.01
  event_driven: {friction_facets: )" + std::to_string(facets) + R"(}
)");
}

using test::downhill;

TEST(SpatialEventDriven, BoxOnInclineSticksBelowTanAlphaEqualMuWithoutCreep) {
  const double mu = 0.3;
  for (const double tan_alpha : {0.2, 0.299}) {
    for (const int facets : {8, 6}) {
      const double alpha = std::atan(tan_alpha);
      const EventRun r = run_with_events(incline_box_rigid(tan_alpha, 1.0, facets));
      const std::size_t last = r.out.rows.size() - 1;
      // Rigid corners held by stuck contacts: the box does not move at all (the contact rows'
      // Baumgarte terms see only rounding). The four corners share the load indeterminately, so
      // sticking is judged on polygons circumscribing the discs with a facet facing each corner's
      // least-norm holding force (modal_dynamics.cpp): exact for this load, which points along the
      // slope, whether a generator lies along it (k = 8) or not (k = 6).
      EXPECT_LT(std::abs(downhill(r.out, last, alpha, "x", "z") - downhill(r.out, 0, alpha, "x", "z")), 1e-12)
          << tan_alpha << " k " << facets;
      EXPECT_LT(std::abs(downhill(r.out, last, alpha, "vx", "vz")), 1e-12) << tan_alpha << " k " << facets;
      double normal = 0, tangential = 0;
      for (int c = 1; c <= 4; ++c) {
        const std::string name = "corner_" + std::to_string(c);
        normal += at(r.out, last, name + ".fn");
        tangential += at(r.out, last, name + ".ft2");
      }
      // Static equilibrium of the stuck box: rounding of the modal solve (1e-12 relative).
      EXPECT_NEAR(normal, g * std::cos(alpha), 1e-9);
      EXPECT_NEAR(tangential, -g * std::sin(alpha), 1e-9);  // uphill, against t₂
      EXPECT_LT(std::abs(tangential) / normal, mu);
    }
  }
}

TEST(SpatialEventDriven, BoxOnInclineSlidesAboveTanAlphaEqualMuAtTheCoulombAcceleration) {
  const double mu = 0.3;
  for (const double tan_alpha : {0.31, 0.4}) {
    for (const int facets : {8, 6}) {
      const double alpha = std::atan(tan_alpha);
      const EventRun r = run_with_events(incline_box_rigid(tan_alpha, 0.5, facets));
      // The mode LCP (on the inscribed pyramid) decides that the box slides, and the phase's first
      // slip direction is made consistent with the disc's friction (event_settle.cpp): sliding, each
      // corner's friction is −μ_k F_N v̂_T, together μ m g cos α up the slope whatever the split of the
      // load and whether a generator lies along the slope (k = 8) or not (k = 6): the box slides
      // straight down at g (sin α − μ cos α). The motion is linear in t: dopri5 exact up to
      // rounding; 1e-9 m/s.
      const double a = g * (std::sin(alpha) - mu * std::cos(alpha));
      for (std::size_t k = 0; k < r.out.rows.size(); ++k) {
        const double t = at(r.out, k, "t");
        EXPECT_NEAR(downhill(r.out, k, alpha, "vx", "vz"), a * t, 1e-9) << tan_alpha << " k " << facets << " t " << t;
        EXPECT_NEAR(at(r.out, k, "box.vy"), 0.0, 1e-12);
      }
    }
  }
}

// What the polyhedral cone does to a sliding impact (simulation.event_driven.friction_facets): a ball
// (no spin) lands sliding at V = 2 m/s along the direction π/8 from t₁ = x on a rigid floor (e = 0,
// μ = 0.1). With k = 16 generators one lies along the slip and the tangential impulse is Coulomb's,
// μ P_N; with k = 8 the slip is midway between two and the impulse sits on the pyramid's edge,
// μ P_N cos(π/8). After the impact the ball slides at the disc's deceleration μ g along the same
// direction, so its horizontal speed is V − μ v_N c_k − μ g (t − t_i) with c_16 = 1, c_8 = cos(π/8).
TEST(SpatialEventDriven, FrictionFacetsShapeTheImpactCone) {
  const double V = 2, mu = 0.1, h = 0.2, rho = 0.1, a = std::numbers::pi / 8;
  for (const int facets : {16, 8}) {
    const EventRun r = run_with_events(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, )" + num(rho + h) + R"(],
     velocity: [)" + num(V * std::cos(a)) + ", " + num(V * std::sin(a)) + R"(, 0]}
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, ball]
    plane: {normal: [0, 0, 1]}
    radius: 0.1
    impact: {law: newton, e: 0}
    friction: {law: coulomb, mu_s: 0.1, mu_k: 0.1}
simulation: {scheme: event-driven, integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 0.4, output_interval: 0.01,
             event_driven: {friction_facets: )" + std::to_string(facets) + R"(}}
)");
    ASSERT_FALSE(r.events.events.empty());
    ASSERT_EQ(r.events.events[0].kind, "impact");
    const double t_i = r.events.events[0].t, vn = -r.events.events[0].vn_before;
    EXPECT_NEAR(vn, std::sqrt(2 * g * h), 1e-9);  // free fall, exact to rounding
    const double c_k = facets == 16 ? 1.0 : std::cos(a);
    int checked = 0;
    for (std::size_t k = 0; k < r.out.rows.size(); ++k) {
      const double t = at(r.out, k, "t");
      if (t <= t_i || t > t_i + 0.2) continue;  // sliding until ~0.38 s after the impact
      const double vx = at(r.out, k, "ball.vx"), vy = at(r.out, k, "ball.vy");
      // The impulse and the slide keep the direction (rounding), and the speed is linear in t after
      // an algebraic jump: exact up to rounding and the event's location (1e-12 s × μ g); 1e-9.
      EXPECT_NEAR(std::sin(a) * vx - std::cos(a) * vy, 0, 1e-12) << facets;
      EXPECT_NEAR(std::hypot(vx, vy), V - mu * vn * c_k - mu * g * (t - t_i), 1e-9) << facets << " t " << t;
      ++checked;
    }
    EXPECT_GT(checked, 10);
  }
}

// examples/box_on_incline/box_on_incline_rigid.yaml: the box thrown across the slope (tan α = 0.4 >
// μ = 0.3) and spinning, on eight rigid corners. Every bottom corner slides throughout with its slip
// direction turning as the box spins: its friction must be the disc's, −μ F_N v̂_T, at every instant
// (the pyramid of the LCPs never acts in a smooth phase); the box stays on the plane, and the energy
// lost is the friction's work Σ μ F_N |v_T|.
TEST(SpatialEventDriven, SpinningBoxOnInclineSlidesWithEachCornersFrictionAgainstItsSlip) {
  ModelFile mf = read_model_file(test::source_path("examples/box_on_incline/box_on_incline_rigid.yaml"));
  mf.options.output_interval = 0.001;
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const double mu = 0.3, alpha = std::atan(0.4);
  const auto corner = [&](std::size_t k, int c, const char* col) { return at(out, k, "corner_" + std::to_string(c) + col); };
  double work = 0, energy_error = 0;
  const auto power = [&](std::size_t k) {
    double p = 0;
    for (int c = 1; c <= 4; ++c) p += mu * corner(k, c, ".fn") * corner(k, c, ".slip");
    return p;
  };
  const double e0 = at(out, 0, "energy.total");
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    double normal = 0;
    for (int c = 1; c <= 8; ++c) {
      const double fn = corner(k, c, ".fn"), f1 = corner(k, c, ".ft1"), f2 = corner(k, c, ".ft2");
      const double v1 = corner(k, c, ".vt1"), v2 = corner(k, c, ".vt2");
      if (c > 4) {  // the top corners never touch
        EXPECT_EQ(corner(k, c, ".state"), static_cast<double>(ContactState::open));
        continue;
      }
      normal += fn;
      EXPECT_EQ(corner(k, c, ".state"), static_cast<double>(ContactState::slip_positive));
      // The disc, to rounding: |F_T| = μ F_N and F_T·v_T = −|F_T||v_T| (seen: 2e-16, 4e-16).
      EXPECT_NEAR(std::hypot(f1, f2), mu * fn, 1e-12) << k << " corner " << c;
      EXPECT_NEAR(f1 * v1 + f2 * v2, -std::hypot(f1, f2) * std::hypot(v1, v2), 1e-12) << k << " corner " << c;
    }
    // Held on the plane by the rigid rows (no tilt, no lift): Σ F_N = m g cos α to rounding (seen 9e-15).
    EXPECT_NEAR(normal, g * std::cos(alpha), 1e-12) << k;
    if (k > 0) work += 0.5 * (power(k) + power(k - 1)) * (at(out, k, "t") - at(out, k - 1, "t"));
    energy_error = std::max(energy_error, std::abs(at(out, k, "energy.total") - e0 + work));
  }
  // The work integrated by the trapezoidal rule over 1 ms rows: its error, O(h²), was 2.8e-5 J with
  // 5 ms rows, so ~1e-6 J here; 5e-6 J. A friction off the disc (the pyramid's cos(π/8) between its
  // generators) would change the ~5 J dissipated by ~0.4 J.
  EXPECT_GT(work, 4.0);
  EXPECT_LT(energy_error, 5e-6);
  // The spin and the sideways slip die out together; the box keeps sliding down.
  const std::size_t last = out.rows.size() - 1;
  EXPECT_LT(std::abs(at(out, last, "box.wz")), 0.05);
  EXPECT_GT(downhill(out, last, alpha, "vx", "vz"), 1.5);
}

// Two spheres in free space collide obliquely (rigid sphere_sphere contact, Newton e = 0.8, Coulomb
// μ = 0.3, both spinning): the impulses act equal and opposite at one point, so linear and angular
// momentum are conserved through the impact to rounding; the normal relative velocity reverses
// times e; the energy does not grow.
TEST(SpatialEventDriven, TwoSpheresCollidingConserveMomentumAndRestitute) {
  const EventRun r = run_with_events(R"(
dimension: spatial
gravity: [0, 0, 0]
bodies:
  - {name: a, mass: 1, inertia: [0.004, 0.004, 0.004], velocity: [1, 0, 0], angular_velocity: [0, 0, 5]}
  - {name: b, mass: 2, inertia: [0.018, 0.018, 0.018], position: [0.5, 0.12, 0.05], velocity: [-0.5, 0, 0],
     angular_velocity: [1, 0, 0]}
contacts:
  - {name: pair, type: sphere_sphere, bodies: [a, b], centers: [[0, 0, 0], [0, 0, 0]], radii: [0.1, 0.15],
     impact: {law: newton, e: 0.8}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}}
simulation: {scheme: event-driven, integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 0.6, output_interval: 0.01}
)");
  ASSERT_FALSE(r.events.events.empty());
  const EventRecord& hit = r.events.events[0];
  ASSERT_EQ(hit.kind, "impact");
  EXPECT_LT(hit.vn_before, -0.1);
  EXPECT_NEAR(hit.vn_after, -0.8 * hit.vn_before, 1e-12);
  const auto linear = [&](std::size_t k) {
    return Vec3(at(r.out, k, "a.vx") + 2 * at(r.out, k, "b.vx"), at(r.out, k, "a.vy") + 2 * at(r.out, k, "b.vy"),
                at(r.out, k, "a.vz") + 2 * at(r.out, k, "b.vz"));
  };
  const auto angular = [&](std::size_t k) {
    Vec3 L = Vec3::Zero();
    const std::pair<const char*, double> bodies[] = {{"a", 1.0}, {"b", 2.0}};
    for (const auto& [name, m] : bodies) {
      const std::string n = name;
      const Vec3 x(at(r.out, k, n + ".x"), at(r.out, k, n + ".y"), at(r.out, k, n + ".z"));
      const Vec3 v(at(r.out, k, n + ".vx"), at(r.out, k, n + ".vy"), at(r.out, k, n + ".vz"));
      const double J = m * 0.4 * std::pow(n == "a" ? 0.1 : 0.15, 2);
      L += m * x.cross(v) + J * (orientation(r.out, n, k) * body_omega(r.out, n, k));
    }
    return L;
  };
  const std::size_t last = r.out.rows.size() - 1;
  ASSERT_LT(hit.t, at(r.out, last, "t"));
  // Rounding of the impulse solve and of the free flights (exact in dopri5: linear motion, constant
  // spin): 1e-12 of momenta of order 1.
  EXPECT_LT((linear(last) - linear(0)).norm(), 1e-12);
  EXPECT_LT((angular(last) - angular(0)).norm(), 1e-12);
  EXPECT_LE(at(r.out, last, "energy.total"), at(r.out, 0, "energy.total"));
  EXPECT_LT(at(r.out, last, "pair.gap"), 1.0);  // they did meet and part
  EXPECT_GT(at(r.out, last, "pair.gap"), 0.0);
}

// Stick to slip at a located saturation: a box (1 kg) on four rigid corners on a horizontal plane,
// μ_s = 0.4, μ_k = 0.3, pushed at its centre of mass by a force growing at k = 10 N/s along the
// direction 30° from x (between two of the 8 generators, 0° and 45°). It holds without creep until
// k t_b = μ_s m g, then slides along the force with m v̇ = k t − μ_k m g:
//   v(t) = (k/2m)(t² − t_b²) − μ_k g (t − t_b).
// At the breakaway the kinetic friction (2.9 N) is large next to the net force that starts the slip
// (1 N), the case where the slip's start direction must be solved for, not guessed (event_settle.cpp).
TEST(SpatialEventDriven, PushedBoxBreaksLooseAtTheStaticLimitAndSlidesAlongThePush) {
  const double k = 10, mu_s = 0.4, mu_k = 0.3, a = std::numbers::pi / 6;
  const EventRun r = run_with_events(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: box, mass: 1, inertia: [0.004166666666666667, 0.004166666666666667, 0.006666666666666667],
     position: [0, 0, 0.05]}
contacts:
  - name: corner
    type: points_plane
    bodies: [ground, box]
    plane: {normal: [0, 0, 1]}
    points: [[0.1, 0.1, -0.05], [-0.1, 0.1, -0.05], [-0.1, -0.1, -0.05], [0.1, -0.1, -0.05]]
    impact: {law: newton, e: 0}
    friction: {law: coulomb, mu_s: 0.4, mu_k: 0.3}
forces:
  - {name: push, type: point_force, body: box, frame: global,
     fx: {type: polynomial, coefficients: [0, )" + num(k * std::cos(a)) + R"(]},
     fy: {type: polynomial, coefficients: [0, )" + num(k * std::sin(a)) + R"(]}}
simulation: {scheme: event-driven, integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 0.8, output_interval: 0.01}
)");
  const double t_b = mu_s * g / k;
  int slips = 0;
  for (const EventRecord& e : r.events.events) {
    if (e.kind != "slip") continue;
    ++slips;
    // The saturation of the set of four (their feasibility margin, linear in t) located to the
    // root finder's tolerance; 1e-10 s.
    EXPECT_NEAR(e.t, t_b, 1e-10) << e.contact;
  }
  EXPECT_EQ(slips, 4);  // the four corners together
  for (std::size_t i = 0; i < r.out.rows.size(); ++i) {
    const double t = at(r.out, i, "t"), vx = at(r.out, i, "box.vx"), vy = at(r.out, i, "box.vy");
    if (t <= t_b) {
      // Stuck: no creep at all (rounding of the stuck rows).
      EXPECT_LT(std::hypot(at(r.out, i, "box.x"), at(r.out, i, "box.y")), 1e-14) << t;
      continue;
    }
    // Sliding: along the push to rounding, at the closed-form speed (a polynomial, which dopri5
    // integrates exactly, started at the located event: 1e-12 s × 1 m/s²); 1e-9.
    EXPECT_NEAR(std::sin(a) * vx - std::cos(a) * vy, 0, 1e-12) << t;
    const double v = 0.5 * k * (t * t - t_b * t_b) - mu_k * g * (t - t_b);
    EXPECT_NEAR(std::hypot(vx, vy), v, 1e-9) << t;
  }
}

}  // namespace spatial_event_driven_test
}  // namespace stickslip
