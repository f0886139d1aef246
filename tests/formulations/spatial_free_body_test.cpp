// Spatial free bodies (issue 11, stage S1) under the compliant scheme, against closed forms and
// conservation laws: the torque-free asymmetric body (energy, world angular momentum, the period of
// the Dzhanibekov flip from Jacobi's elliptic functions), the heavy symmetric top in steady
// precession, free fall with spin and a body-frame torque, a full inertia tensor against the same
// body in principal form, |p| = 1, and a planar model against the same motion with spatial bodies.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../simulation_support.hpp"
#include "math/rotation.hpp"

namespace stickslip {
namespace spatial_free_body_test {

using test::model_from_yaml;
using test::num;
using test::run;
using test::orientation;
using test::body_omega;

// Asymmetric body J = (1, 2, 3) kg m² spinning at 1 rad/s about its intermediate axis with a 1 %
// perturbation about the major axis, so L² > 2 T J₂ (Landau & Lifshitz, Mechanics, §37).
std::string tumbling_body(double t_end, const char* integrator = "dopri5", double step = 0) {
  return R"(
dimension: spatial
bodies:
  - name: b
    mass: 1
    inertia: [1, 2, 3]
    orientation: {axis: [1, 2, 3], angle: 0.4}
    angular_velocity: [0, 1, 0.01]
simulation:
  integrator: )" + std::string(integrator) + (step > 0 ? "\n  step: " + num(step) : std::string()) + R"(
  rtol: 1e-11
  atol: 1e-13
  t_end: )" + num(t_end) + R"(
  output_interval: 0.001
)";
}

TEST(SpatialFreeBody, TorqueFreeBodyConservesEnergyAndWorldAngularMomentum) {
  const ModelFile mf = model_from_yaml(tumbling_body(60));
  const MemorySink out = run(mf);
  const Vec3 J(1, 2, 3);
  const auto momentum = [&](std::size_t k) {
    return Vec3(orientation(out, "b", k) * J.cwiseProduct(body_omega(out, "b", k)));
  };
  const Vec3 L0 = momentum(0);
  const auto energy = out.series("energy.total");
  double dL = 0, dE = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    dL = std::max(dL, (momentum(k) - L0).norm() / L0.norm());
    dE = std::max(dE, std::abs(energy[k] - energy[0]) / energy[0]);
  }
  // dopri5 holds each step's local error below rtol = 1e-11 of the state; over the ~10⁴ steps of
  // 60 s the errors add at worst linearly, 1e-7. Neither law is built into the scheme (no projection);
  // a reversed gyroscopic term keeps the energy (ω · (ω × Jω) = 0) but breaks L at order 1.
  EXPECT_LT(dL, 1e-7);
  EXPECT_LT(dE, 1e-7);
  // The flip happens in this run (the test would otherwise say nothing about the tumbling).
  double w_min = 1;
  for (std::size_t k = 0; k < out.rows.size(); ++k) w_min = std::min(w_min, body_omega(out, "b", k).y());
  EXPECT_LT(w_min, -0.99);
}

// Landau & Lifshitz §37: with J₁ < J₂ < J₃ and L² > 2 T J₂, ω₂ = a sn(τ, k) with
// τ = t √((J₃ − J₂)(L² − 2 T J₁)/(J₁ J₂ J₃)) and k² = (J₂ − J₁)(2 T J₃ − L²)/((J₃ − J₂)(L² − 2 T J₁)):
// ω₂ flips sign twice per period 4 K(k) of sn, so successive downward zero crossings of ω₂ are
// 4 K(k) / √(...) apart.
double flip_period_error(const char* integrator, double step) {
  const ModelFile mf = model_from_yaml(tumbling_body(100, integrator, step));
  const MemorySink out = run(mf);
  const double J1 = 1, J2 = 2, J3 = 3;
  const Vec3 w0(0, 1, 0.01);
  const double two_T = J1 * w0.x() * w0.x() + J2 * w0.y() * w0.y() + J3 * w0.z() * w0.z();
  const double L2 = std::pow(J1 * w0.x(), 2) + std::pow(J2 * w0.y(), 2) + std::pow(J3 * w0.z(), 2);
  const double rate = std::sqrt((J3 - J2) * (L2 - two_T * J1) / (J1 * J2 * J3));
  const double k = std::sqrt((J2 - J1) * (two_T * J3 - L2) / ((J3 - J2) * (L2 - two_T * J1)));
  const double period = 4 * std::comp_ellint_1(k) / rate;

  std::vector<double> crossings;  // downward zero crossings of ω₂, linearly interpolated
  const auto t = out.series("t"), w2 = out.series("b.wy");
  for (std::size_t i = 1; i < t.size(); ++i) {
    if (w2[i - 1] > 0 && w2[i] <= 0) crossings.push_back(t[i - 1] + (t[i] - t[i - 1]) * w2[i - 1] / (w2[i - 1] - w2[i]));
  }
  if (crossings.size() < 2) return 1.0;  // no flip: an error of order 1
  double worst = 0;
  for (std::size_t i = 1; i < crossings.size(); ++i) {
    worst = std::max(worst, std::abs(crossings[i] - crossings[i - 1] - period) / period);
  }
  return worst;
}

// Linear interpolation between rows 1 ms apart of a crossing where |ω̇₂| is ~0.6 rad/s² places it to
// ~1e-7 s (curvature error h² |ω̈₂| / (8 |ω̇₂|)); the integration error (rtol 1e-11) moves it less.
// A wrong moment, or ω in the wrong frame, changes the period at order 1. (A reversed gyroscopic term
// would not: it is Euler's equations run backwards in time, with the same period; the conservation of
// the world-frame angular momentum and the top's precession catch that.)
TEST(SpatialFreeBody, DzhanibekovFlipHasTheEllipticPeriod) { EXPECT_LT(flip_period_error("dopri5", 0), 1e-6); }

// The compliant scheme's other integrators on spatial bodies: bdf at the same tolerances, and rk4 at
// a fixed 1 ms step (global error ~ (h λ)⁴ ≈ 1e-13 per unit time, well below the 1e-6 of the
// interpolation and of bdf's variable-order error control at rtol 1e-11).
TEST(SpatialFreeBody, DzhanibekovPeriodUnderBdfAndRk4) {
  EXPECT_LT(flip_period_error("bdf", 0), 1e-6);
  EXPECT_LT(flip_period_error("rk4", 1e-3), 1e-6);
}

// A symmetric top (transverse J_A, axial J_C about the centre of mass) with its pivot force applied
// as a point force m g upwards at the body point (0, 0, −l) below the centre of mass, under gravity:
// the net force is zero, the centre of mass stays at rest, and the torque about it is that of a heavy
// top about its pivot, with the moments about the centre of mass. Steady precession at tilt ϑ, spin
// ω₃ (Goldstein, Classical Mechanics, §5.7): m g l = Ω (J_C ω₃ − J_A Ω cos ϑ); the slow root Ω.
// Started exactly on it (ω = Ω ẑ + (ω₃ − Ω cos ϑ) e₃, given in the world frame), the axis must keep
// its tilt and turn about ẑ at Ω.
TEST(SpatialFreeBody, HeavySymmetricTopPrecessesAtTheSteadyRate) {
  const double m = 1, JA = 0.5, JC = 0.8, l = 0.2, g = 9.81, tilt = std::numbers::pi / 6, w3 = 10;
  const double c = std::cos(tilt);
  const double Omega = (JC * w3 - std::sqrt(JC * JC * w3 * w3 - 4 * JA * c * m * g * l)) / (2 * JA * c);
  const Vec3 e3(0, -std::sin(tilt), c);  // the axis after turning by ϑ about x
  const Vec3 w = Omega * Vec3::UnitZ() + (w3 - Omega * c) * e3;
  const std::string yaml = R"(
dimension: spatial
gravity: [0, 0, )" + num(-g) + R"(]
bodies:
  - name: top
    mass: )" + num(m) + R"(
    inertia: [)" + num(JA) + ", " + num(JA) + ", " + num(JC) + R"(]
    orientation: {axis: [1, 0, 0], angle: )" + num(tilt) + R"(}
    angular_velocity: [)" + num(w.x()) + ", " + num(w.y()) + ", " + num(w.z()) + R"(]
    angular_velocity_frame: global
forces:
  - {name: pivot, type: point_force, body: top, point: [0, 0, )" + num(-l) + R"(], frame: global, fz: )" + num(m * g) + R"(}
simulation:
  integrator: dopri5
  rtol: 1e-11
  atol: 1e-13
  t_end: 20
  output_interval: 0.01
)";
  const MemorySink out = run(model_from_yaml(yaml));
  const auto t = out.series("t"), z = out.series("top.z");
  double azimuth_prev = -std::numbers::pi / 2, turned = 0, tilt_error = 0, drift = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const Vec3 axis = orientation(out, "top", k) * Vec3::UnitZ();
    const double azimuth = std::atan2(axis.y(), axis.x());
    turned += std::remainder(azimuth - azimuth_prev, 2 * std::numbers::pi);
    azimuth_prev = azimuth;
    tilt_error = std::max(tilt_error, std::abs(std::acos(axis.z()) - tilt));
    drift = std::max(drift, std::abs(turned - Omega * t[k]));
    EXPECT_NEAR(z[k], 0.0, 1e-12);  // forces balance exactly: no motion of the centre
  }
  EXPECT_GT(turned, 4.0);  // about 0.8 of a turn: the rate is measured, not a start
  // dopri5 at rtol 1e-11 over ~2·10³ steps: the axis direction is within ~1e-8 of the exact motion.
  // A first-order error in the gyroscopic term, the frame of ω or the point-force moment moves the rate
  // by order 1 (the fast-top estimate m g l / (J_C ω₃) alone differs from the exact Ω by 2 %).
  EXPECT_LT(drift, 1e-7);
  EXPECT_LT(tilt_error, 1e-7);
}

// Free fall in a tilted gravity with spin about a principal axis and a constant body-frame torque
// about it: r = r₀ + v₀ t + ½ g t², ω₃ = ω₀ + (τ/J₃) t, p = p₀ ⊗ exp(½ (ω₀ t + ½ (τ/J₃) t²) e₃); ω
// parallel to a principal axis has no gyroscopic torque.
TEST(SpatialFreeBody, FreeFallWithSpinAndBodyTorque) {
  const std::string yaml = R"(
dimension: spatial
gravity: [1, -2, -9]
bodies:
  - name: b
    mass: 2
    inertia: [0.1, 0.2, 0.3]
    position: [0, 0, 10]
    orientation: {euler_zyx: [0.3, -0.2, 0.1]}
    velocity: [0.5, 0, 3]
    angular_velocity: [0, 0, 5]
forces:
  - {name: spin_up, type: torque, body: b, tz: 0.6, frame: body}
simulation:
  integrator: dopri5
  rtol: 1e-11
  atol: 1e-13
  t_end: 3
  output_interval: 0.01
)";
  const MemorySink out = run(model_from_yaml(yaml));
  const Quat p0 = euler_zyx(0.3, -0.2, 0.1);
  const Vec3 g(1, -2, -9), v0(0.5, 0, 3), r0(0, 0, 10);
  const double alpha = 0.6 / 0.3;
  const auto t = out.series("t"), x = out.series("b.x"), y = out.series("b.y"), z = out.series("b.z");
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const Vec3 r = r0 + v0 * t[k] + 0.5 * g * t[k] * t[k];
    const Vec3 r_out(x[k], y[k], z[k]);
    const Quat p = p0 * rotation_exp(Vec3(0, 0, 5 * t[k] + 0.5 * alpha * t[k] * t[k]));
    // Polynomial motions dopri5 integrates almost exactly (r is quadratic in t; the spin angle too):
    // what remains is rounding and the step-size controller's rtol 1e-11 on the quaternion.
    EXPECT_LT((r_out - r).norm(), 1e-9) << t[k];
    EXPECT_LT(orientation(out, "b", k).angularDistance(p), 1e-9) << t[k];
    EXPECT_NEAR(body_omega(out, "b", k).z(), 5 + alpha * t[k], 1e-9);
  }
}

// The same body twice in one model: once by its principal moments and orientation p₀, once by its
// tensor Qₜ diag(J) Qₜᵀ in a frame turned by Qₜ against the principal axes, oriented p₀ ⊗ Qₜ* so that
// it is the same physical body in the same place, both with the same world-frame ω. The builder's
// diagonalisation must recover the motion: R_B(t) Qₜ = R_A(t) and ω_B = Qₜ ω_A (components in B's
// frame) at all times.
TEST(SpatialFreeBody, InertiaTensorEqualsTheSameBodyInPrincipalForm) {
  const Quat p0 = axis_angle(Vec3(1, 2, 3), 0.4), frame = euler_zyx(0.35, -0.6, 0.87);
  const Mat3 Qt = frame.toRotationMatrix();
  const Mat3 I = Qt * Vec3(1, 2, 3).asDiagonal() * Qt.transpose();
  const Quat pB = p0 * frame.conjugate();
  const Vec3 w = p0 * Vec3(0.3, 0.5, -0.7);
  const auto vec = [](const Vec3& v) { return "[" + num(v.x()) + ", " + num(v.y()) + ", " + num(v.z()) + "]"; };
  const std::string yaml = R"(
dimension: spatial
bodies:
  - {name: A, mass: 1, inertia: [1, 2, 3], angular_velocity_frame: global, angular_velocity: )" + vec(w) + R"(,
     orientation: {quaternion: [)" + num(p0.w()) + ", " + num(p0.x()) + ", " + num(p0.y()) + ", " + num(p0.z()) + R"(]}}
  - {name: B, mass: 1, angular_velocity_frame: global, angular_velocity: )" + vec(w) + R"(,
     inertia: [)" + vec(I.row(0)) + ", " + vec(I.row(1)) + ", " + vec(I.row(2)) + R"(],
     orientation: {quaternion: [)" + num(pB.w()) + ", " + num(pB.x()) + ", " + num(pB.y()) + ", " + num(pB.z()) + R"(]}}
simulation: {integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 10, output_interval: 0.01}
)";
  const MemorySink out = run(model_from_yaml(yaml));
  double dR = 0, dw = 0, dw_world = 0, rotated = 0;
  const auto world_omega = [&](const std::string& b, std::size_t k) {
    return Vec3(test::at(out, k, b + ".wx_world"), test::at(out, k, b + ".wy_world"), test::at(out, k, b + ".wz_world"));
  };
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const Mat3 RA = orientation(out, "A", k).toRotationMatrix(), RB = orientation(out, "B", k).toRotationMatrix();
    dR = std::max(dR, (RB * Qt - RA).cwiseAbs().maxCoeff());
    dw = std::max(dw, (body_omega(out, "B", k) - Qt * body_omega(out, "A", k)).cwiseAbs().maxCoeff());
    // The world-frame columns are the body-frame ω turned by the orientation, whatever body frame
    // the model chose: the same vector for A and B.
    for (const char* b : {"A", "B"}) {
      rotated = std::max(rotated, (world_omega(b, k) - orientation(out, b, k) * body_omega(out, b, k)).norm());
    }
    dw_world = std::max(dw_world, (world_omega("B", k) - world_omega("A", k)).cwiseAbs().maxCoeff());
  }
  // One integrator moves both bodies with the same steps; they differ by the rounding of the
  // diagonalisation (~1e-15) and by truncation errors in different coordinates (rtol 1e-11 per step,
  // ~10³ steps): 1e-8. A wrong principal frame or a transposed Q differs at order 1.
  EXPECT_LT(dR, 1e-8);
  EXPECT_LT(dw, 1e-8);
  EXPECT_LT(dw_world, 1e-8);
  // |ω| ≈ 0.9 rad/s; two rotations of it by unit quaternions (the column's and this one) round
  // apart by a few 1e-16 each.
  EXPECT_LT(rotated, 1e-14);
  EXPECT_GT((world_omega("A", 0) - body_omega(out, "A", 0)).norm(), 0.1);  // the frames differ here
}

// |p| = 1 in every output row, even under rk4 with a coarse step (0.05 s at |ω| = 1 rad/s), whose own
// quaternion drifts off the unit sphere by its truncation error: the state is normalised where the
// integrator's vector becomes a State (assembly/kinematic_map.hpp).
TEST(SpatialFreeBody, QuaternionNormStaysOneToRounding) {
  const ModelFile mf = model_from_yaml(tumbling_body(50, "rk4", 0.05));
  const MemorySink out = run(mf);
  double worst = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) worst = std::max(worst, std::abs(orientation(out, "b", k).norm() - 1));
  // A normalised double quaternion has |p| − 1 of a few units of 1.1e-16.
  EXPECT_LT(worst, 1e-15);
}

// A planar model (a body on an off-centre spring to the ground, a body-frame point force, a torque, a
// second body driven in y) and the same motion in the plane z = 0 with spatial bodies turning about z:
// x, y, θ = 2 atan2(q_z, q_w), the velocities, the spring force, the driver's effort and the energy agree.
TEST(SpatialFreeBody, PlanarModelAndItsSpatialTwinAgree) {
  const std::string planar = R"(
gravity: [0.5, -9.81]
bodies:
  - {name: b, mass: 2, inertia: 0.3, position: [0.1, 0.2], angle: 0.3, velocity: [1, 0.5], angular_velocity: 2}
  - {name: c, mass: 1, inertia: 0.1, position: [1, 0]}
drivers:
  - {name: lift, body: c, coordinate: y, function: {type: sine, amplitude: 0.2, omega: 3}}
forces:
  - {name: s, type: spring_damper, bodies: [ground, b], points: [[0, 1], [0.2, 0.1]], stiffness: 50, damping: 0.3, rest_length: 0.5}
  - {name: push, type: point_force, body: b, point: [0.1, -0.05], frame: body, fx: {type: sine, amplitude: 3, omega: 2}, fy: 1}
  - {name: turn, type: torque, body: b, torque: 0.2}
simulation: {integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 5, output_interval: 0.01}
)";
  const std::string spatial = R"(
dimension: spatial
gravity: [0.5, -9.81, 0]
bodies:
  - {name: b, mass: 2, inertia: [0.1, 0.2, 0.3], position: [0.1, 0.2, 0], orientation: {axis: [0, 0, 1], angle: 0.3},
     velocity: [1, 0.5, 0], angular_velocity: [0, 0, 2]}
  - {name: c, mass: 1, inertia: [0.05, 0.05, 0.1], position: [1, 0, 0]}
drivers:
  - {name: lift, body: c, coordinate: y, function: {type: sine, amplitude: 0.2, omega: 3}}
forces:
  - {name: s, type: spring_damper, bodies: [ground, b], points: [[0, 1, 0], [0.2, 0.1, 0]], stiffness: 50, damping: 0.3, rest_length: 0.5}
  - {name: push, type: point_force, body: b, point: [0.1, -0.05, 0], frame: body, fx: {type: sine, amplitude: 3, omega: 2}, fy: 1}
  - {name: turn, type: torque, body: b, tz: 0.2}
simulation: {integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 5, output_interval: 0.01}
)";
  const MemorySink a = run(model_from_yaml(planar)), b = run(model_from_yaml(spatial));
  ASSERT_EQ(a.rows.size(), b.rows.size());
  const auto qw = b.series("b.qw"), qz = b.series("b.qz"), theta = a.series("b.theta");
  double d_theta = 0;
  for (std::size_t k = 0; k < a.rows.size(); ++k) {
    d_theta = std::max(d_theta, std::abs(std::remainder(2 * std::atan2(qz[k], qw[k]) - theta[k], 2 * std::numbers::pi)));
  }
  // Both at rtol 1e-11; the spatial run's state has more components, so its step sizes (and its
  // truncation errors, ~10³ steps of ≤ 1e-11) differ: 1e-8 of the O(1) motions.
  constexpr double tol = 1e-8;
  EXPECT_LT(d_theta, tol);
  for (const char* c : {"b.x", "b.y", "b.vx", "b.vy", "c.x", "c.y", "s.force", "lift.effort", "energy.kinetic",
                        "energy.potential"}) {
    EXPECT_LT(test::max_difference(a, b, c), tol * 10) << c;  // forces and energies are ~10x the positions
  }
  double d_omega = 0;
  const auto wz = b.series("b.wz"), omega = a.series("b.omega");
  for (std::size_t k = 0; k < a.rows.size(); ++k) d_omega = std::max(d_omega, std::abs(wz[k] - omega[k]));
  EXPECT_LT(d_omega, tol);
  for (const char* c : {"b.z", "b.vz", "b.wx", "b.wy", "b.qx", "b.qy"}) {
    for (double v : b.series(c)) ASSERT_EQ(v, 0.0) << c;  // nothing leaves the plane, exactly
  }
}

// A prescribed spatial body follows its six functions: r = (x, y, z)(t), p = euler_zyx(ψ, ϑ, φ)(t);
// its reported body-frame ω (from the Euler rates, math/rotation.hpp) matches 2 (p* ⊗ ṗ) taken by
// central differences of the reported quaternions, an independent route. A driver holds a dynamic
// body's z to A sin(ω t) against gravity: its effort is m (z̈ − g_z).
TEST(SpatialFreeBody, PrescribedMotionAndZDriver) {
  const std::string yaml = R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - name: table
    motion: prescribed
    x: {type: sine, amplitude: 0.1, omega: 2}
    y: 0.5
    z: {type: polynomial, coefficients: [0, 0, 0.5]}
    yaw: {type: polynomial, coefficients: [0.1, 1.5]}
    pitch: {type: sine, amplitude: 0.4, omega: 3}
    roll: {type: sine, amplitude: 0.3, omega: 1.3, phase: 0.5}
  - {name: lift, mass: 2, inertia: [0.1, 0.2, 0.25]}
drivers:
  - {name: hold, body: lift, coordinate: z, function: {type: sine, amplitude: 0.1, omega: 4}}
simulation: {integrator: dopri5, rtol: 1e-10, atol: 1e-12, t_end: 2, output_interval: 0.001}
)";
  const MemorySink out = run(model_from_yaml(yaml));
  const auto t = out.series("t"), x = out.series("table.x"), z = out.series("table.z"), lz = out.series("lift.z");
  const auto effort = out.series("hold.effort");
  const double h = t[1] - t[0];
  double dw = 0;
  for (std::size_t k = 1; k + 1 < t.size(); ++k) {
    const double tk = t[k];
    EXPECT_NEAR(x[k], 0.1 * std::sin(2 * tk), 1e-15);
    EXPECT_NEAR(z[k], 0.5 * tk * tk, 1e-14);
    const Quat p = euler_zyx(0.1 + 1.5 * tk, 0.4 * std::sin(3 * tk), 0.3 * std::sin(1.3 * tk + 0.5));
    EXPECT_LT(orientation(out, "table", k).angularDistance(p), 1e-14);
    const Quat dp(Eigen::Vector4d((orientation(out, "table", k + 1).coeffs() - orientation(out, "table", k - 1).coeffs()) / (2 * h)));
    const Vec3 w_fd = 2 * (orientation(out, "table", k).conjugate() * dp).vec();
    dw = std::max(dw, (w_fd - body_omega(out, "table", k)).norm());
    // The driver holds z exactly up to the constraint solution (no drift at t = 0, Baumgarte-free
    // index-1 solve: the drift is the integration error of z̈ = f̈, rtol 1e-10).
    EXPECT_NEAR(lz[k], 0.1 * std::sin(4 * tk), 1e-8);
    EXPECT_NEAR(effort[k], 2 * (-1.6 * std::sin(4 * tk) + 9.81), 1e-9);
  }
  // Central differences with h = 1 ms: error h²/6 |d³p/dt³| ≈ 1e-6 for these rates (|ω| ≲ 2 rad/s,
  // second and third derivatives of a few rad/s³); a wrong Euler-rate formula is off by O(1).
  EXPECT_LT(dw, 1e-5);
}

// A constant global-frame torque (tx, ty) on a body with equal principal moments J, turned
// arbitrarily: Jω is parallel to ω, so there is no gyroscopic torque and the global ω grows as τ t / J.
TEST(SpatialFreeBody, GlobalTorqueOnASphericalBody) {
  const std::string yaml = R"(
dimension: spatial
bodies:
  - {name: ball, mass: 1, inertia: [0.4, 0.4, 0.4], orientation: {euler_zyx: [1, 0.5, -2]}}
forces:
  - {name: twist, type: torque, body: ball, tx: 0.2, ty: -0.1}
simulation: {integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 2, output_interval: 0.01}
)";
  const MemorySink out = run(model_from_yaml(yaml));
  const auto t = out.series("t");
  for (std::size_t k = 0; k < t.size(); ++k) {
    const Vec3 w_global = orientation(out, "ball", k) * body_omega(out, "ball", k);
    // ω is linear in t: dopri5 integrates it exactly; the quaternion's error (rtol 1e-11) turns the
    // body-frame components by ~1e-10 at most.
    EXPECT_LT((w_global - Vec3(0.2, -0.1, 0) * t[k] / 0.4).norm(), 1e-9) << t[k];
  }
}

// A tumbling body hanging from a fixed anchor by an undamped spring attached off its centre, under
// gravity: a 3-D motion through every spatial load path of a spring (its moment Rᵀ(d × F) about the
// centre, the point velocity ω × A s in its rate). Nothing dissipates: the total energy (kinetic with
// rotation, gravity, spring) must stay constant.
TEST(SpatialFreeBody, OffCentreSpringPendulumConservesEnergy) {
  const std::string yaml = R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: anchor, motion: fixed, position: [0, 0, 1], orientation: {euler_zyx: [0.3, 0.2, 0.1]}}
  - {name: b, mass: 1.5, inertia: [[0.02, 0.003, 0], [0.003, 0.03, -0.002], [0, -0.002, 0.04]],
     position: [0.2, -0.1, 0.2], orientation: {axis: [1, 1, 1], angle: 0.7},
     velocity: [0.3, 0.5, 0], angular_velocity: [2, -1, 3]}
forces:
  - {name: spring, type: spring_damper, bodies: [anchor, b], points: [[0.05, 0, 0], [0.1, 0.05, -0.02]],
     stiffness: 200, rest_length: 0.5}
simulation: {integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 5, output_interval: 0.01}
)";
  const MemorySink out = run(model_from_yaml(yaml));
  const auto e = out.series("energy.total"), force = out.series("spring.force");
  double drift = 0, f_max = 0;
  for (std::size_t k = 0; k < e.size(); ++k) {
    drift = std::max(drift, std::abs(e[k] - e[0]));
    f_max = std::max(f_max, std::abs(force[k]));
  }
  EXPECT_GT(f_max, 50.0);  // the spring works hard (the energy exchanged is ~10 J)
  // dopri5 at rtol 1e-11 over ~5·10³ steps: ~1e-7 relative of the ~10 J exchanged. A wrong moment arm,
  // frame or point velocity puts or takes energy at order 1.
  EXPECT_LT(drift, 1e-6);
}

}  // namespace spatial_free_body_test
}  // namespace stickslip
