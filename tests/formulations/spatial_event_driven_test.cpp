// Spatial models under the event-driven scheme (issue 11, stage S4). Without contacts its smooth
// phases integrate the same equations of motion as the compliant scheme (ModalDynamics with no
// contact rows: the KKT solve of the joints and drivers), with the quaternion normalised where the
// integrator's vector becomes a state and positions projected through the kinematic map at events;
// checked against conservation laws and against the compliant run of the same model.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"
#include "math/rotation.hpp"

namespace stickslip {
namespace {

using test::model_from_yaml;
using test::num;

double at(const MemorySink& out, std::size_t k, const std::string& c) {
  return out.rows[k][static_cast<std::size_t>(out.column(c))];
}
Quat orientation(const MemorySink& out, const std::string& b, std::size_t k) {
  return Quat(at(out, k, b + ".qw"), at(out, k, b + ".qx"), at(out, k, b + ".qy"), at(out, k, b + ".qz"));
}
Vec3 body_omega(const MemorySink& out, const std::string& b, std::size_t k) {
  return {at(out, k, b + ".wx"), at(out, k, b + ".wy"), at(out, k, b + ".wz")};
}

MemorySink run(const ModelFile& mf) {
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

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

// What is not done yet is refused with the scheme, the stage and the contact named.
TEST(SpatialEventDriven, RefusesSpatialContactsByName) {
  ModelFile mf = model_from_yaml(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, 0.2]}
contacts:
  - {name: floor, type: sphere_plane, bodies: [ground, ball], plane: {point: [0, 0, 0], normal: [0, 0, 1]},
     center: [0, 0, 0], radius: 0.1, impact: {law: newton, e: 0.5}}
simulation: {scheme: event-driven, t_end: 0.1}
)");
  MemorySink out;
  try {
    simulate(mf.model, mf.options, out);
    FAIL() << "event-driven accepted a spatial contact";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.path(), "simulation.scheme");
    EXPECT_NE(e.message().find("contact 'floor'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace stickslip
