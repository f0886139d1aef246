// Drivers on the coordinates of spatial joints: a cylindrical joint's angle and slide (each its own
// driver, `coordinate: angle | slide`), against the closed-form motion of a rotor on a fixed shaft;
// a universal joint's two pin angles (`angle_i`, `angle_j`), against the orientation they compose
// and Euler's moments; and the refusals that name what can be driven.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "io/input_error.hpp"

namespace stickslip {
namespace spatial_joint_drivers_test {

using test::at;
using test::num;

// A rotor (m = 3 kg, principal moments 0.02, 0.03, 0.05 kg m², its z axis the shaft's) on a
// cylindrical joint with the ground, shaft along global z through the origin, gravity
// (1, −2, −9.5) m/s² (the joint carries the part across the shaft). `drivers` holds the driver list.
std::string rotor(const std::string& drivers, double spin, double axial_speed) {
  return R"(
dimension: spatial
gravity: [1, -2, -9.5]
bodies:
  - {name: rotor, mass: 3, inertia: [0.02, 0.03, 0.05], velocity: [0, 0, )" + num(axial_speed) +
         "], angular_velocity: [0, 0, " + num(spin) + R"(]}
joints:
  - {name: shaft, type: cylindrical, bodies: [ground, rotor], location: [0, 0, 0], axis: [0, 0, 1]}
drivers:
)" + drivers + R"(
simulation: {integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 2, output_interval: 0.01}
)";
}

constexpr double kMass = 3, kJz = 0.05, kGz = -9.5;

// The angle driven at θ = ω0 t + ½ α t², the slide free. Rotation about the shaft is a principal
// rotation (no gyroscopic moment) and the centre stays on the shaft, so the two coordinates are
// uncoupled: the drive's torque is J_z α, and the rotor slides down as a free body along the shaft,
// z = ½ g_z t².
TEST(SpatialJointDrivers, CylindricalAngleFollowsItsFunctionWithTheTorqueJAlpha) {
  const double w0 = 2, alpha = 1.5;
  const MemorySink out = test::run(test::model_from_yaml(rotor(
      "  - {name: spin, joint: shaft, coordinate: angle, function: {type: polynomial, coefficients: [0, " + num(w0) +
          ", " + num(alpha / 2) + "]}}",
      w0, 0)));
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), theta = w0 * t + 0.5 * alpha * t * t;
    // The rotor's orientation is the rotation by θ about z: the driver holds it to the integration
    // error (dopri5 at rtol 1e-10 over 2 s; an index-1 solve without Baumgarte terms, so the drift is
    // that error: 1e-9, ten times the largest seen in these tests, 1e-10).
    const Quat expected(Eigen::AngleAxisd(theta, Vec3::UnitZ()));
    EXPECT_LT(test::orientation(out, "rotor", k).angularDistance(expected), 1e-9) << t;
    EXPECT_NEAR(at(out, k, "rotor.wz"), w0 + alpha * t, 1e-9) << t;
    // The torque the drive exerts on the rotor about the shaft: J_z θ̈, computed by the KKT solve at
    // each row from the row's state, so off by the state's error times the inertia (seen: 3e-16).
    EXPECT_NEAR(at(out, k, "spin.effort"), kJz * alpha, 1e-10) << t;
    // The free slide: constant acceleration g_z, which dopri5 integrates exactly (rounding only).
    EXPECT_NEAR(at(out, k, "rotor.z"), 0.5 * kGz * t * t, 1e-10) << t;
    EXPECT_NEAR(at(out, k, "rotor.x"), 0, 1e-10) << t;
  }
}

// The slide driven at s = A sin ω t, the angle free with an initial spin: the spin stays (no moment
// about the shaft), and the drive's force along the shaft is m (s̈ − g_z).
TEST(SpatialJointDrivers, CylindricalSlideFollowsItsFunctionWithTheForceMA) {
  const double A = 0.05, w = 4, spin = 3;
  const MemorySink out = test::run(test::model_from_yaml(
      rotor("  - {name: stroke, joint: shaft, coordinate: slide, function: {type: sine, amplitude: " + num(A) +
                ", omega: " + num(w) + "}}",
            spin, A * w)));
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), s = A * std::sin(w * t);
    // Tolerances as in the test above; the force is off by m ω² times the position error (seen:
    // 7e-12 m and 7e-15 N).
    EXPECT_NEAR(at(out, k, "rotor.z"), s, 1e-9) << t;
    EXPECT_NEAR(at(out, k, "stroke.effort"), kMass * (-w * w * s - kGz), 1e-9) << t;
    // A constant spin about a principal axis is integrated exactly by dopri5: rounding only.
    EXPECT_NEAR(at(out, k, "rotor.wz"), spin, 1e-10) << t;
  }
}

// A universal joint between the ground (pin along x) and a body (pin along its y axis), the body's
// centre at the joint, both pin angles driven: θ_i = 0.8 sin 2t, θ_j = 0.5 t + 0.3 t². Turning the
// body by θ_j about its pin and then the cross with it by θ_i about x gives A = R_x(θ_i) R_y(θ_j),
// so in the body frame ω = (θ̇_i cos θ_j, θ̇_j, θ̇_i sin θ_j). The moment the constraints and drives
// exert is τ = J ω̇ + ω × J ω (Euler; gravity acts at the fixed centre); a turn about body i's pin
// (θ_i alone) and one about body j's pin (θ_j alone) do no work against the joint's locked moment
// (along the pins' cross product), so the drives' efforts are τ's components along the pins:
// effort_i = (A τ)·e_x and effort_j = τ·e_y.
TEST(SpatialJointDrivers, UniversalPinAnglesFollowTheirFunctionsWithEulersMoments) {
  const MemorySink out = test::run(test::model_from_yaml(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: yoke, mass: 3, inertia: [0.02, 0.03, 0.05]}
joints:
  - {name: cross, type: universal, bodies: [ground, yoke], location: [0, 0, 0], axis: [1, 0, 0], axis_j: [0, 1, 0]}
drivers:
  - {name: tilt, joint: cross, coordinate: angle_i, function: {type: sine, amplitude: 0.8, omega: 2}}
  - {name: turn, joint: cross, coordinate: angle_j, function: {type: polynomial, coefficients: [0, 0.5, 0.3]}}
simulation: {integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 2, output_interval: 0.01}
)"));
  const Vec3 J(0.02, 0.03, 0.05);
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    const double a = 0.8 * std::sin(2 * t), a1 = 1.6 * std::cos(2 * t), a2 = -3.2 * std::sin(2 * t);
    const double b = 0.5 * t + 0.3 * t * t, b1 = 0.5 + 0.6 * t, b2 = 0.6;
    const Quat A = Quat(Eigen::AngleAxisd(a, Vec3::UnitX())) * Quat(Eigen::AngleAxisd(b, Vec3::UnitY()));
    const Vec3 w(a1 * std::cos(b), b1, a1 * std::sin(b));
    const Vec3 w1(a2 * std::cos(b) - a1 * b1 * std::sin(b), b2, a2 * std::sin(b) + a1 * b1 * std::cos(b));
    const Vec3 tau = J.cwiseProduct(w1) + w.cross(J.cwiseProduct(w));
    // Tolerances as in the cylindrical tests (the drivers hold the angles to the integration error;
    // seen: 5e-11 in the orientation, 1e-10 rad/s, efforts 9e-12 N m).
    EXPECT_LT(test::orientation(out, "yoke", k).angularDistance(A), 1e-9) << t;
    EXPECT_LT((test::body_omega(out, "yoke", k) - w).norm(), 1e-9) << t;
    EXPECT_NEAR(at(out, k, "tilt.effort"), (A * tau).x(), 1e-9) << t;
    EXPECT_NEAR(at(out, k, "turn.effort"), tau.y(), 1e-9) << t;
  }
}

// What cannot be driven is refused at its line, the message naming what can.
TEST(SpatialJointDrivers, RefusalsNameWhatCanBeDriven) {
  const auto refusal = [](const std::string& yaml) -> std::string {
    try {
      test::model_from_yaml(yaml);
    } catch (const InputError& e) {
      return e.what();
    }
    return "accepted";
  };
  // A cylindrical joint's driver must say which of its two coordinates.
  const std::string both = refusal(rotor("  - {name: d, joint: shaft, function: 1}", 0, 0));
  EXPECT_NE(both.find("drivers[0].joint"), std::string::npos) << both;
  EXPECT_NE(both.find("coordinate: angle (about the axis) or slide"), std::string::npos) << both;
  // A universal joint's driver names one of its pin angles; a spherical joint has no coordinate.
  const std::string cross = "{name: cross, type: universal, bodies: [ground, rotor], location: [0, 0, 0], axis: [1, 0, 0], "
                            "axis_j: [0, 1, 0]}";
  const std::string shaft = "{name: shaft, type: cylindrical, bodies: [ground, rotor], location: [0, 0, 0], axis: [0, 0, 1]}";
  const std::string u = refusal(
      test::replace_all(rotor("  - {name: d, joint: cross, coordinate: angle, function: 1}", 0, 0), shaft, cross));
  EXPECT_NE(u.find("drivers[0].coordinate"), std::string::npos) << u;
  EXPECT_NE(u.find("coordinate: angle_i (about body i's pin) or angle_j"), std::string::npos) << u;
  const std::string ball = "{name: ball, type: spherical, bodies: [ground, rotor], location: [0, 0, 0]}";
  const std::string sp =
      refusal(test::replace_all(rotor("  - {name: d, joint: ball, function: 1}", 0, 0), shaft, ball));
  EXPECT_NE(sp.find("a spherical joint has no coordinate a driver can drive"), std::string::npos) << sp;
  EXPECT_NE(sp.find("a cylindrical joint's angle or slide, or a universal joint's angle_i or angle_j"), std::string::npos) << sp;
  // A revolute joint's coordinate is an angle; a spatial body's orientation is not a driver's.
  std::string revolute = test::replace_all(rotor("  - {name: d, joint: shaft, coordinate: slide, function: 1}", 0, 0),
                                           "type: cylindrical", "type: revolute");
  EXPECT_NE(refusal(revolute).find("a revolute joint's coordinate is its angle, not a slide"), std::string::npos);
  const std::string body = refusal(rotor("  - {name: d, body: rotor, coordinate: angle, function: 1}", 0, 0));
  EXPECT_NE(body.find("drivers[0].coordinate"), std::string::npos) << body;
}

}  // namespace spatial_joint_drivers_test
}  // namespace stickslip
