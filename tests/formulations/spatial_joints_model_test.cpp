// Spatial joints wired into the model (issue 11, stage S2b): model files, builder, the assembled
// constraint rows under the compliant scheme, reactions, drivers and rotational spring-dampers.
// Against finite differences (G along the kinematic map through the assembled model), conservation
// laws and a closed form (the spherical pendulum), statics (a hanging chain's reactions carry the
// weights) and the planar model of the same mechanism (the spatial slider-crank).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/kinematic_map.hpp"
#include "assembly/spatial_joints/spatial_joint.hpp"
#include "math/rotation.hpp"
#include "state/state.hpp"

namespace stickslip {
namespace spatial_joints_model_test {

using test::model_from_yaml;
using test::num;
using test::run;
using test::at;
using test::orientation;

TEST(SpatialJointsModel, EquationCountsAgreeWithTheAssemblyRegistry) {
  for (JointType type : {JointType::spherical, JointType::revolute, JointType::prismatic, JointType::cylindrical,
                         JointType::universal, JointType::weld}) {
    Joint j;
    j.type = type;
    j.dimension = Dimension::spatial;
    EXPECT_EQ(joint_equation_count(j), spatial::spatial_joint_kind(spatial::spatial_joint_type(type)).rows)
        << joint_type_name(type);
  }
}

// Six bodies in a chain, one joint of each type, full inertia tensors (so every principal frame
// differs from the body's own and the builder must turn each joint frame), poses and velocities not
// assembled, two joint drivers. Points and axes are in the bodies' own frames.
std::string all_joints_chain() {
  std::string bodies;
  const char* orientations[] = {"{axis: [1, 2, 3], angle: 0.4}", "{axis: [0, 1, 1], angle: -0.7}",
                                "{axis: [3, -1, 2], angle: 1.1}", "{axis: [1, 0, 0], angle: 0.3}",
                                "{axis: [-1, 2, 0.5], angle: 2.0}", "{axis: [0, 0, 1], angle: -1.3}"};
  for (int k = 0; k < 6; ++k) {
    bodies += "  - name: b" + std::to_string(k) + R"(
    mass: )" + num(1.0 + 0.3 * k) + R"(
    inertia: [[0.3, 0.02, -0.01], [0.02, 0.25, 0.03], [-0.01, 0.03, 0.2]]
    position: [)" + num(0.5 * k + 0.1) + ", " + num(0.05 * k) + ", " + num(-0.2 * k) + R"(]
    orientation: )" + orientations[k] + R"(
    velocity: [)" + num(0.3 - 0.1 * k) + ", " + num(0.2 * k) + R"(, 0.1]
    angular_velocity: [)" + num(0.5 * k - 1) + ", 0.7, " + num(-0.3 * k) + R"(]
)";
  }
  return R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
)" + bodies + R"(joints:
  - {name: j0, type: revolute, bodies: [ground, b0], points: [[0.1, 0, 0], [-0.1, 0.05, 0]], axis: [0, 1, 1], reference: [1, 0, 0], axis_j: [0, 0, 1], reference_j: [0, 1, 0]}
  - {name: j1, type: spherical, bodies: [b0, b1], points: [[0.2, 0.1, 0], [-0.2, 0, 0.1]]}
  - {name: j2, type: prismatic, bodies: [b1, b2], points: [[0.1, 0, 0], [0, 0.1, 0]], axis: [1, 1, 0], reference: [0, 0, 1], axis_j: [1, 0, 0], reference_j: [0, 1, 0]}
  - {name: j3, type: cylindrical, bodies: [b2, b3], points: [[0.2, 0, 0.1], [0, 0, 0]], axis: [0, 0, 1]}
  - {name: j4, type: universal, bodies: [b3, b4], points: [[0.1, 0.1, 0.1], [-0.1, 0, 0]], axis: [1, 0, 0], axis_j: [0, 1, 0]}
  - {name: j5, type: weld, bodies: [b4, b5], points: [[0.2, 0, 0], [-0.2, 0, 0]], axis: [0, 1, 0]}
drivers:
  - {name: turn, joint: j0, function: {type: polynomial, coefficients: [0.2, 1.5, 0.4]}}
  - {name: slide, joint: j2, function: {type: sine, amplitude: 0.1, omega: 1.3}}
simulation:
  t_end: 1
)";
}

// Φ at q (t fixed) into phi.
void constraints_at(const Model& model, const State& s, Workspace& ws, Vec& phi) {
  compute_body_kinematics(model, s, ws);
  assemble_constraints(model, s, ws);
  phi = ws.phi;
}

TEST(SpatialJointsModel, AssembledJacobianMatchesFiniteDifferencesAlongTheKinematicMap) {
  const ModelFile mf = model_from_yaml(all_joints_chain());
  const Model& model = mf.model;
  ASSERT_EQ(model.n_constraints, 5 + 3 + 5 + 4 + 4 + 6 + 2);
  State s = initial_state(model, 0.37);
  Workspace ws(model);
  Vec phi0;
  constraints_at(model, s, ws, phi0);
  const Mat G = ws.G;
  const Vec phi_dot = ws.phi_dot;
  ASSERT_GT(phi0.norm(), 0.1);  // not assembled: the test sees G away from Φ = 0 too
  // Central differences of Φ(q ⊕ ±ε e_k) along the kinematic map: truncation ε² Φ''' / 6 ~ 1e-12
  // (lever arms and rotations of order 1), rounding 1e-16 / ε ~ 1e-10; 1e-8 leaves a margin of 100
  // and is far below any wrong entry (a sign, a frame or a missing term is of order 0.1).
  const double eps = 1e-6;
  State sp = s, sm = s;
  Vec phi_p, phi_m;
  double worst = 0;
  for (int k = 0; k < model.nv; ++k) {
    Vec dir = Vec::Zero(model.nv);
    dir[k] = 1;
    integrate(model, s.q, dir, eps, sp.q);
    integrate(model, s.q, dir, -eps, sm.q);
    constraints_at(model, sp, ws, phi_p);
    constraints_at(model, sm, ws, phi_m);
    worst = std::max(worst, ((phi_p - phi_m) / (2 * eps) - G.col(k)).cwiseAbs().maxCoeff());
  }
  EXPECT_LT(worst, 1e-8);
  // Φ̇ = G v + Φ_t: along the motion q ⊕ v dt, with Φ_t from the drivers' functions.
  State tp = s, tm = s;
  integrate(model, s.q, s.v, eps, tp.q);
  integrate(model, s.q, s.v, -eps, tm.q);
  tp.t += eps;
  tm.t -= eps;
  constraints_at(model, tp, ws, phi_p);
  constraints_at(model, tm, ws, phi_m);
  EXPECT_LT(((phi_p - phi_m) / (2 * eps) - phi_dot).cwiseAbs().maxCoeff(), 1e-8);
}

// A spherical pendulum: a body of mass m hung by a spherical joint at its point L above the centre
// of mass. With an isotropic inertia J the body's own spin about its centre keeps J ω constant in a
// steady rotation about the vertical, so the conical pendulum's closed form holds exactly:
// Ω² = g / (L cos θ) for a circular orbit at the cone angle θ (Ω the rate about the vertical).
std::string spherical_pendulum(double theta, double omega, double vy_factor, const char* inertia, double t_end) {
  const double L = 1.0;
  const double x = L * std::sin(theta), z = -L * std::cos(theta);
  return R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - name: bob
    mass: 2
    inertia: )" + std::string(inertia) + R"(
    position: [)" + num(x) + ", 0, " + num(z) + R"(]
    velocity: [0, )" + num(vy_factor * omega * x) + R"(, 0]
    angular_velocity: [0, 0, )" + num(omega) + R"(]
    angular_velocity_frame: global
joints:
  - name: pivot
    type: spherical
    bodies: [ground, bob]
    location: [0, 0, 0]
simulation:
  integrator: dopri5
  rtol: 1e-11
  atol: 1e-13
  t_end: )" + num(t_end) + R"(
  output_interval: 0.01
)";
}

TEST(SpatialJointsModel, ConicalPendulumTurnsAtTheAnalyticRate) {
  const double theta = 0.5, g = 9.81, L = 1.0;
  const double omega = std::sqrt(g / (L * std::cos(theta)));
  const MemorySink out = run(model_from_yaml(spherical_pendulum(theta, omega, 1.0, "[0.01, 0.01, 0.01]", 5)));
  double radius_error = 0, height_error = 0, phase_error = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), x = at(out, k, "bob.x"), y = at(out, k, "bob.y"), z = at(out, k, "bob.z");
    radius_error = std::max(radius_error, std::abs(std::hypot(x, y) - L * std::sin(theta)));
    height_error = std::max(height_error, std::abs(z + L * std::cos(theta)));
    phase_error = std::max(phase_error, std::abs(std::remainder(std::atan2(y, x) - omega * t, 2 * std::numbers::pi)));
  }
  // The orbit is a relative equilibrium: an error in the rate (a wrong term in G, c or the
  // gyroscopic term) makes the cone angle oscillate by O(δΩ/Ω) and the phase drift linearly. With
  // rtol 1e-11 over ~1000 steps the integration error stays near 1e-8; 1e-7 is the bound.
  EXPECT_LT(radius_error, 1e-7);
  EXPECT_LT(height_error, 1e-7);
  EXPECT_LT(phase_error, 1e-7);
  EXPECT_LT(out.series("constraint.drift").back(), 1e-8);
}

TEST(SpatialJointsModel, SphericalPendulumConservesEnergyAndVerticalAngularMomentum) {
  // A non-circular orbit (80 % of the circular speed) of a body with a full inertia tensor: the
  // builder turns the joint point into the principal frame, and the motion is not a rotation.
  const double theta = 0.7, omega = std::sqrt(9.81 / std::cos(theta));
  const ModelFile mf = model_from_yaml(spherical_pendulum(
      theta, omega, 0.8, "[[0.05, 0.01, 0.0], [0.01, 0.04, -0.005], [0.0, -0.005, 0.03]]", 6));
  const MemorySink out = run(mf);
  const Mat3 J_user = mf.model.bodies[1].spatial.inertia;
  const auto angular_momentum_z = [&](std::size_t k) {
    const Quat p = orientation(out, "bob", k);
    const Vec3 w_user(at(out, k, "bob.wx"), at(out, k, "bob.wy"), at(out, k, "bob.wz"));
    const Vec3 spin = p * (J_user * w_user);
    const double m = 2;
    return m * (at(out, k, "bob.x") * at(out, k, "bob.vy") - at(out, k, "bob.y") * at(out, k, "bob.vx")) + spin.z();
  };
  const auto energy = out.series("energy.total");
  const double Lz0 = angular_momentum_z(0);
  double dE = 0, dL = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    dE = std::max(dE, std::abs(energy[k] - energy[0]) / std::abs(energy[0]));
    dL = std::max(dL, std::abs(angular_momentum_z(k) - Lz0) / std::abs(Lz0));
  }
  // Gravity and the joint force have no moment about the vertical through the pivot, and the joint
  // does no work: both are first integrals. dopri5 at rtol 1e-11, ~1000 steps: 1e-7 at most. A
  // reaction moment where the spherical joint has none, or a joint point in the wrong frame, breaks
  // L_z at order 1.
  EXPECT_LT(dE, 1e-7);
  EXPECT_LT(dL, 1e-7);
  // The orbit does swing (the test would say nothing about a body at rest).
  const auto z = out.series("bob.z");
  EXPECT_GT(*std::max_element(z.begin(), z.end()) - *std::min_element(z.begin(), z.end()), 0.05);
}

// A chain of three bodies hanging at rest under gravity from the ground by a revolute, a
// universal and a weld joint (points along the vertical): every joint carries the weight of the
// bodies below it, with no moment.
TEST(SpatialJointsModel, HangingChainReactionsCarryTheWeightsBelow) {
  const ModelFile mf = model_from_yaml(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: a, mass: 1.5, inertia: [0.1, 0.1, 0.02], position: [0, 0, -0.5]}
  - {name: b, mass: 2.5, inertia: [[0.2, 0.01, 0], [0.01, 0.15, 0], [0, 0, 0.1]], position: [0, 0, -1.5]}
  - {name: c, mass: 0.7, inertia: [0.01, 0.02, 0.015], position: [0, 0, -2.5], orientation: {axis: [0, 0, 1], angle: 30}}
joints:
  - {name: top, type: revolute, bodies: [ground, a], location: [0, 0, 0], axis: [1, 0, 0]}
  - {name: middle, type: universal, bodies: [a, b], location: [0, 0, -1], axis: [1, 0, 0], axis_j: [0, 1, 0]}
  - {name: bottom, type: weld, bodies: [b, c], location: [0, 0, -2]}
simulation:
  t_end: 0.2
  output_interval: 0.1
  rtol: 1e-10
  atol: 1e-12
)");
  const MemorySink out = run(mf);
  const double g = 9.81;
  const std::pair<const char*, double> expected[] = {{"top", (1.5 + 2.5 + 0.7) * g}, {"middle", (2.5 + 0.7) * g},
                                                     {"bottom", 0.7 * g}};
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    for (const auto& [joint, weight] : expected) {
      const std::string j = joint;
      // The force on body j (the lower body) holds its part of the chain up; the force on body i is
      // its reverse. Static: the only error is the solve's rounding, relative 1e-12 of the weight.
      EXPECT_NEAR(at(out, k, j + ".fz"), weight, 1e-10 * weight) << j;
      EXPECT_NEAR(at(out, k, j + ".fz_i"), -weight, 1e-10 * weight) << j;
      for (const char* c : {".fx", ".fy", ".mx", ".my", ".mz", ".mx_i", ".my_i", ".mz_i"}) {
        EXPECT_NEAR(at(out, k, j + c), 0.0, 1e-10 * weight) << j << c;
      }
    }
  }
}

// examples/spatial_slider_crank is examples/slider_crank rebuilt from spatial bodies: revolute crank
// pivot, spherical crank pin, universal wrist pin, prismatic guide. Its motion stays in the plane and
// repeats the planar model's columns.
TEST(SpatialJointsModel, SpatialSliderCrankReproducesThePlanarModel) {
  const MemorySink planar = test::run_model_file("examples/slider_crank/slider_crank.yaml");
  const MemorySink spatial = test::run_model_file("examples/spatial_slider_crank/spatial_slider_crank.yaml");
  ASSERT_EQ(planar.rows.size(), spatial.rows.size());
  // Both runs integrate the same motion at rtol 1e-9 (atol 1e-12) with different coordinates (the
  // planar angle, the spatial quaternion) and different step sequences: their difference is the two
  // runs' integration errors, a few 1e-10 over the 2 s (seen: 4e-10 m, 2e-9 m/s, 2e-9 N). The bounds
  // are ten times that; a wrong joint frame, Jacobian or reaction differs at order 1e-3 or more.
  for (const char* c : {"crank.x", "crank.y", "rod.x", "rod.y", "slider.x", "slider.y"}) {
    EXPECT_LT(test::max_difference(planar, spatial, c), 5e-9) << c;
  }
  for (const char* c : {"rod.vx", "rod.vy", "slider.vx"}) EXPECT_LT(test::max_difference(planar, spatial, c), 2e-8) << c;
  for (const char* c : {"crank_speed.effort", "guide.fy", "crank_pivot.fx", "crank_pivot.fy"}) {
    EXPECT_LT(test::max_difference(planar, spatial, c), 2e-8) << c;
  }
  // The planar wrist pin joins [rod, slider], the spatial one [slider, rod]: the force on the slider
  // is the planar fx and the spatial fx_i.
  const auto on_slider = spatial.series("wrist_pin.fx_i"), planar_on_slider = planar.series("wrist_pin.fx");
  for (std::size_t k = 0; k < on_slider.size(); ++k) EXPECT_NEAR(on_slider[k], planar_on_slider[k], 2e-8);
  // The guide's moment about z is the planar guide's torque; nothing leaves the plane.
  const auto mz = spatial.series("guide.mz"), torque = planar.series("guide.torque");
  for (std::size_t k = 0; k < mz.size(); ++k) EXPECT_NEAR(mz[k], torque[k], 2e-8);
  for (const char* c : {"rod.z", "slider.z", "guide.mx", "guide.my", "crank_pin.fz"}) {
    for (double x : spatial.series(c)) EXPECT_NEAR(x, 0.0, 1e-12) << c;
  }
  // The rod's angle θ (planar) is its rotation about z (spatial quaternion): ω_z in the world.
  for (std::size_t k = 0; k < spatial.rows.size(); ++k) {
    const Quat p = orientation(spatial, "rod", k);
    const Vec3 w = p * Vec3(at(spatial, k, "rod.wx"), at(spatial, k, "rod.wy"), at(spatial, k, "rod.wz"));
    EXPECT_NEAR(w.z(), at(planar, k, "rod.omega"), 2e-8);
  }
  // The kinetic energies agree too (the spatial one would include any spin out of the plane).
  EXPECT_LT(test::max_difference(planar, spatial, "energy.kinetic"), 2e-8);
}

// A rotational spring-damper on a spatial revolute joint: a body on a revolute joint to the ground
// (axis z, no gravity) released at rest with the spring wound by 1.5 turns oscillates about the rest
// angle as J θ̈ = −k θ (θ counted through full turns), θ(t) = θ0 cos(√(k/J) t).
TEST(SpatialJointsModel, RotationalSpringOnARevoluteJointCountsFullTurns) {
  const double turns = 1.5, k = 4.0, J = 0.2;
  const double theta0 = 2 * std::numbers::pi * turns;
  const ModelFile mf = model_from_yaml(R"(
dimension: spatial
bodies:
  - {name: wheel, mass: 1, inertia: [0.3, 0.25, )" + num(J) + R"(], orientation: {axis: [1, 0, 0], angle: 0}}
joints:
  - {name: axle, type: revolute, bodies: [ground, wheel], location: [0, 0, 0], axis: [0, 0, 1], reference: [1, 0, 0]}
forces:
  - {name: coil, type: rotational_spring_damper, joint: axle, stiffness: )" + num(k) + R"(, rest_angle: )" + num(-theta0) + R"(}
simulation:
  integrator: dopri5
  rtol: 1e-11
  atol: 1e-13
  t_end: 3
  output_interval: 0.01
)");
  const MemorySink out = run(mf);
  // The wheel starts at θ = 0 and the rest angle is −θ0, so θ − θ_rest = θ0 cos(ωt): torque
  // τ = −k θ0 cos(ωt). Reaching −θ0 rad twists through ±π three times: a wrapped angle would jump.
  const double w = std::sqrt(k / J);
  double worst = 0;
  for (std::size_t r = 0; r < out.rows.size(); ++r) {
    const double t = at(out, r, "t");
    worst = std::max(worst, std::abs(at(out, r, "coil.torque") + k * theta0 * std::cos(w * t)));
  }
  // dopri5 at rtol 1e-11 over ~1000 steps: the angle's error stays near 1e-8 rad of θ0 ~ 9.4 rad,
  // k times that in the torque; 1e-6 N m bounds it.
  EXPECT_LT(worst, 1e-6);
  const auto e = out.series("energy.total");
  EXPECT_NEAR(e.back(), e.front(), 1e-7 * e.front());
  EXPECT_NEAR(e.front(), 0.5 * k * theta0 * theta0, 1e-12 * e.front());
}

// The references of a revolute joint set where its angle is zero: a body on a revolute joint about
// z, its angle driven to 0. With the default references (body j's carried from body i's) the body
// keeps its initial orientation; reference_j = body y makes θ = 0 where the body's y lies along the
// ground's x (a turn of −90° about z); reference = ground y with reference_j = body x, +90°. The
// initial projection turns the body there (axis_j is given with reference_j, in the body's frame).
TEST(SpatialJointsModel, ReferencesSetWhereARevoluteAngleIsZero) {
  const auto final_turn = [](const std::string& references) {
    const ModelFile mf = model_from_yaml(R"(
dimension: spatial
bodies:
  - {name: disc, mass: 1, inertia: [0.2, 0.2, 0.3], position: [0.1, 0, 0]}
joints:
  - {name: axle, type: revolute, bodies: [ground, disc], location: [0, 0, 0], axis: [0, 0, 1])" + references + R"(}
drivers:
  - {name: hold, joint: axle, function: 0}
simulation:
  t_end: 0.1
  output_interval: 0.1
  projection: true
)");
    const MemorySink out = run(mf);
    const Quat p = orientation(out, "disc", out.rows.size() - 1);
    return 2 * std::atan2(p.z(), p.w());  // the rotation about z (p = (cos φ/2, 0, 0, sin φ/2))
  };
  const double quarter = std::numbers::pi / 2;
  // The projection converges to its tolerance (1e-12 in Φ): the angle to 1e-10 rad.
  EXPECT_NEAR(final_turn(""), 0.0, 1e-10);
  EXPECT_NEAR(final_turn(", axis_j: [0, 0, 1], reference_j: [0, 1, 0]"), -quarter, 1e-10);
  EXPECT_NEAR(final_turn(", reference: [0, 1, 0], axis_j: [0, 0, 1], reference_j: [1, 0, 0]"), quarter, 1e-10);
}

}  // namespace spatial_joints_model_test
}  // namespace stickslip
