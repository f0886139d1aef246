// Kinematics of the spatial contacts (sphere_plane, sphere_sphere; issue 11 stage S3) against finite
// differences along the kinematic map: ġ_N = W_Nᵀv is the rate of the gap, v_T,k = W_T,kᵀv is the
// relative velocity of the two bodies' material points at P along t_k (ω × r included, ω in the
// principal body frame with a full inertia tensor, so the user's and the principal frames differ);
// the tangent basis is orthonormal, right-handed and continuous along a motion.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/contact_kinematics.hpp"
#include "assembly/kinematic_map.hpp"
#include "state/state.hpp"

namespace stickslip {
namespace spatial_contact_kinematics_test {

// A tilted plate (dynamic, full tensor) carrying a plane, a ball on it, a second ball touching the
// first; every body moving and spinning.
const char* kModel = R"(
dimension: spatial
bodies:
  - name: plate
    mass: 3
    inertia: [[0.5, 0.1, 0.02], [0.1, 0.7, -0.05], [0.02, -0.05, 0.9]]
    position: [0.1, -0.2, 0.05]
    orientation: {axis: [1, -2, 0.5], angle: 0.3}
    velocity: [0.3, -0.1, 0.2]
    angular_velocity: [0.7, -1.1, 0.4]
  - name: ball
    mass: 1
    inertia: [[0.004, 0.001, 0], [0.001, 0.005, 0.0005], [0, 0.0005, 0.006]]
    position: [0.15, -0.1, 0.2]
    orientation: {axis: [0.2, 1, 1], angle: 1.2}
    velocity: [-0.4, 0.5, -0.3]
    angular_velocity: [2, -1, 3]
  - name: other
    mass: 2
    inertia: [0.01, 0.02, 0.03]
    position: [0.3, 0.0, 0.35]
    velocity: [0.2, 0.1, -0.6]
    angular_velocity: [-1, 0.5, 2]
contacts:
  - name: floor
    type: sphere_plane
    bodies: [plate, ball]
    plane: {point: [0.02, 0.01, 0.03], normal: [0.1, 0.2, 1]}
    center: [0.01, -0.02, 0.03]
    radius: 0.1
    normal: {law: hertz, K: 1e6}
  - name: pair
    type: sphere_sphere
    bodies: [ball, other]
    centers: [[0.01, -0.02, 0.03], [0.02, 0.0, -0.01]]
    radii: [0.1, 0.12]
    normal: {law: hertz, K: 1e6}
)";

struct Probe {
  const Model& m;
  Workspace ws{m};
  State s;
  explicit Probe(const Model& model) : m(model), s(initial_state(model, 0.0)) {}
  // The state moved by dt along its own velocity (kinematic map), kinematics evaluated there.
  void at(double dt) {
    State moved = s;
    integrate(m, s.q, s.v, dt, moved.q);
    compute_body_kinematics(m, moved, ws);
    compute_contact_kinematics(m, ws);
  }
};

// Material point of body b that sits at world point P now (in its user frame).
Vec3 material_point(const SpatialKinematics& b, const Vec3& P) { return b.A.transpose() * (P - b.r); }

TEST(SpatialContactKinematics, RatesMatchFiniteDifferencesAlongTheKinematicMap) {
  const ModelFile mf = test::model_from_yaml(kModel);
  Probe p(mf.model);
  p.at(0);
  const Workspace now = p.ws;
  for (std::size_t c = 0; c < 2; ++c) {
    const Contact& con = mf.model.contacts[c];
    const ContactKinematics& k = now.contacts[c];
    ASSERT_EQ(k.tangent_rows, 2);
    // Orthonormal and right-handed, t₁ × t₂ = n, to a few ulps of unit vectors (rounding of the
    // rotations and products that made them).
    EXPECT_NEAR(k.normal3.norm(), 1, 1e-14);
    EXPECT_NEAR(k.tangents3[0].dot(k.normal3), 0, 1e-14);
    EXPECT_NEAR(k.tangents3[0].norm(), 1, 1e-14);
    EXPECT_LT((k.tangents3[0].cross(k.tangents3[1]) - k.normal3).norm(), 1e-14);
    const Vec3 si = material_point(now.bodies[con.body_i].spatial, k.point3);
    const Vec3 sj = material_point(now.bodies[con.body_j].spatial, k.point3);
    const double h = 1e-6;
    p.at(h);
    const double gap_p = p.ws.contacts[c].gap;
    const Vec3 rel_p = point_position(p.ws.bodies[con.body_j].spatial, sj) - point_position(p.ws.bodies[con.body_i].spatial, si);
    p.at(-h);
    const double gap_m = p.ws.contacts[c].gap;
    const Vec3 rel_m = point_position(p.ws.bodies[con.body_j].spatial, sj) - point_position(p.ws.bodies[con.body_i].spatial, si);
    // Central differences: truncation ~ h² × (third derivatives ~ ω³ r ~ 30 m/s³) = 3e-11, rounding
    // ~ 1e-16 m / 1e-6 s = 1e-10; 1e-8 leaves a margin and catches any missing ω × r term (~0.1 m/s).
    EXPECT_NEAR(k.vn, (gap_p - gap_m) / (2 * h), 1e-8) << con.name;
    const Vec3 slip = (rel_p - rel_m) / (2 * h);
    EXPECT_NEAR(k.vn, k.normal3.dot(slip), 1e-8) << con.name;
    for (int t = 0; t < 2; ++t) EXPECT_NEAR(k.vt[t], k.tangents3[t].dot(slip), 1e-8) << con.name << " row " << t;
    // The rows give the same velocities: W_Nᵀv, W_T,kᵀv.
    Vec col(mf.model.nv);
    contact_direction_column(mf.model, con, k, ContactDirection::normal(), col);
    EXPECT_NEAR(col.dot(p.s.v), k.vn, 1e-14);
    for (int t = 0; t < 2; ++t) {
      contact_direction_column(mf.model, con, k, ContactDirection::tangent(t), col);
      EXPECT_NEAR(col.dot(p.s.v), k.vt[t], 1e-14);
    }
  }
}

// The tangent basis moves continuously: over a long motion sampled finely, t₁ never turns by more
// than the bodies' rotation in one sample (a jump of the basis would turn it by O(1)).
TEST(SpatialContactKinematics, TangentBasisIsContinuous) {
  const ModelFile mf = test::model_from_yaml(kModel);
  Probe p(mf.model);
  p.at(0);
  std::array<Vec3, 2> last{p.ws.contacts[0].tangents3[0], p.ws.contacts[1].tangents3[0]};
  const double dt = 1e-3;
  for (int k = 1; k <= 3000; ++k) {  // 3 s: the pair's normal turns by more than a right angle
    p.at(k * dt);
    for (int c = 0; c < 2; ++c) {
      const Vec3 t1 = p.ws.contacts[c].tangents3[0];
      // |Δt₁| ≤ (|ω| + |ṅ|) dt: angular rates here < 10 rad/s, so 0.01 per sample at most.
      EXPECT_LT((t1 - last[c]).norm(), 0.02) << "contact " << c << " at t = " << k * dt;
      last[c] = t1;
    }
  }
}

// The acceleration-level biases: along the motion with constant v (ṙ and ω' held, positions moved by
// the kinematic map, so v̇ = 0), g̈_N = ŵ_N and v̇_T,k = ŵ_T,k; the velocity rows' derivative in v is
// W itself (v_e = W_e(q) v), so these are the whole of g̈ = W v̇ + ŵ.
TEST(SpatialContactKinematics, BiasesMatchFiniteDifferencesOfTheVelocityRowsAlongAMotion) {
  const ModelFile mf = test::model_from_yaml(kModel);
  Probe p(mf.model);
  p.at(0);
  const Workspace now = p.ws;
  const double h1 = 1e-6, h2 = 1e-4;
  p.at(h1);
  const Workspace plus = p.ws;
  p.at(-h1);
  const Workspace minus = p.ws;
  p.at(h2);
  const Workspace plus2 = p.ws;
  p.at(-h2);
  const Workspace minus2 = p.ws;
  for (std::size_t c = 0; c < 2; ++c) {
    const std::string name = mf.model.contacts[c].name;
    const ContactKinematics& k = now.contacts[c];
    // First differences (h1 = 1e-6) of velocities ~1 m/s: truncation h1² × (third derivatives ~ ω³ v
    // ~ 30 m/s³... ~1e2) = 1e-10, rounding 1e-16/1e-6 = 1e-10; 1e-8 catches a missing term (~0.1 m/s²).
    EXPECT_NEAR((plus.contacts[c].vn - minus.contacts[c].vn) / (2 * h1), k.wn_bias, 1e-8) << name;
    for (int t = 0; t < 2; ++t) {
      EXPECT_NEAR((plus.contacts[c].vt[t] - minus.contacts[c].vt[t]) / (2 * h1), k.wt_bias[t], 1e-8) << name << " row " << t;
    }
    // Second differences of the gap (h2 = 1e-4): truncation h2² × (fourth derivatives ~1e3) / 12 ~ 1e-6,
    // rounding 4e-16/h2² = 4e-8; 1e-5.
    EXPECT_NEAR((plus2.contacts[c].gap - 2 * k.gap + minus2.contacts[c].gap) / (h2 * h2), k.wn_bias, 1e-5) << name;
    // The biases are not trivially small here (every body spins): the test can fail.
    EXPECT_GT(std::abs(k.wn_bias) + std::abs(k.wt_bias[0]) + std::abs(k.wt_bias[1]), 0.1) << name;
  }
}

// A body that is not dynamic enters ŵ with its known acceleration: a plate prescribed to move as
// x(t) = sin 3t, rotating about z as 0.5 sin 2t, a ball resting on it. Along the true motion (the
// plate's prescribed, the ball's at constant v), the rows' rates are ŵ.
TEST(SpatialContactKinematics, BiasesIncludeThePrescribedBodysAcceleration) {
  const ModelFile mf = test::model_from_yaml(R"(
dimension: spatial
bodies:
  - name: plate
    motion: prescribed
    mass: 1
    inertia: [1, 1, 1]
    x: {type: sine, amplitude: 1, omega: 3}
    yaw: {type: sine, amplitude: 0.5, omega: 2}
  - name: ball
    mass: 1
    inertia: [0.004, 0.004, 0.004]
    position: [0.1, 0.2, 0.1]
    velocity: [0.3, -0.2, 0.1]
    angular_velocity: [1, 2, -1]
contacts:
  - name: floor
    type: sphere_plane
    bodies: [plate, ball]
    plane: {normal: [0, 0, 1]}
    radius: 0.1
    normal: {law: hertz, K: 1e6}
)");
  const Model& m = mf.model;
  State s = initial_state(m, 0.3);
  const auto eval = [&](double dt) {
    State moved = s;
    moved.t = s.t + dt;
    integrate(m, s.q, s.v, dt, moved.q);
    Workspace ws(m);
    compute_body_kinematics(m, moved, ws);
    compute_contact_kinematics(m, ws);
    return ws.contacts[0];
  };
  const ContactKinematics k = eval(0), kp = eval(1e-6), km = eval(-1e-6);
  // As above: first differences, 1e-8.
  EXPECT_NEAR((kp.vn - km.vn) / 2e-6, k.wn_bias, 1e-8);
  for (int t = 0; t < 2; ++t) EXPECT_NEAR((kp.vt[t] - km.vt[t]) / 2e-6, k.wt_bias[t], 1e-8) << t;
}

}  // namespace spatial_contact_kinematics_test
}  // namespace stickslip
