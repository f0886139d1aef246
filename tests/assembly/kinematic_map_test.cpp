// The kinematic map q̇ = B(q) v (assembly/kinematic_map.hpp). For planar bodies it is the identity:
// position_rate returns v, integrate is exactly q + dt v (bit for bit: every planar number of the
// schemes went through these expressions before the map existed), normalise changes nothing. The
// layout of q and v around bodies without coordinates (fixed, prescribed) is checked too.
#include <gtest/gtest.h>

#include <stdexcept>

#include "assembly/kinematic_map.hpp"
#include "math/rotation.hpp"

namespace stickslip {
namespace kinematic_map_test {

Body body(const std::string& name, BodyMotion motion = BodyMotion::dynamic) {
  Body b;
  b.name = name;
  b.motion = motion;
  b.mass = 2.0;
  b.inertia = 0.3;
  return b;
}

// Dynamic bodies around a prescribed and a fixed one: their coordinates stay contiguous.
Model mixed_model() {
  ModelBuilder mb("map");
  mb.add_body(body("a"));
  mb.add_body(body("platform", BodyMotion::prescribed));
  mb.add_body(body("b"));
  mb.add_body(body("wall", BodyMotion::fixed));
  mb.add_body(body("c"));
  return mb.build();
}

Vec sample(int n, double scale) {
  Vec x(n);
  for (int i = 0; i < n; ++i) x[i] = scale * (0.37 * i - 1.1) + 1e-3 * i * i;
  return x;
}

TEST(KinematicMap, PlanarLayoutAndSizes) {
  const Model m = mixed_model();
  EXPECT_EQ(m.nq, 9);
  EXPECT_EQ(m.nv, 9);
  int next = 0;
  for (const Body& b : m.bodies) {
    EXPECT_EQ(b.nq(), 3);
    EXPECT_EQ(b.nv(), 3);
    if (!b.is_dynamic()) {
      EXPECT_EQ(b.q_offset, -1);
      continue;
    }
    EXPECT_EQ(b.q_offset, next);
    EXPECT_EQ(b.v_offset, next);
    next += 3;
  }
}

TEST(KinematicMap, PlanarPositionRateIsTheVelocity) {
  const Model m = mixed_model();
  const Vec q = sample(m.nq, 0.7), v = sample(m.nv, -2.3);
  Vec q_dot = Vec::Constant(m.nq, 99.0);
  position_rate(m, q, v, q_dot);
  EXPECT_EQ(q_dot, v);
  // Into a segment of a larger vector (the ODE state [q; v; z]).
  Vec y = Vec::Constant(m.nq + m.nv + 2, 7.0);
  position_rate(m, q, v, y.head(m.nq));
  EXPECT_EQ(Vec(y.head(m.nq)), v);
  EXPECT_EQ(y.tail(m.nv + 2), Vec::Constant(m.nv + 2, 7.0));
}

TEST(KinematicMap, PlanarIntegrateIsExactlyQPlusDtV) {
  const Model m = mixed_model();
  const Vec q = sample(m.nq, 0.7), v = sample(m.nv, -2.3);
  for (double dt : {0.0, 1e-3, 0.37, -1.0}) {
    const Vec expected = q + dt * v;
    Vec out = Vec::Zero(m.nq);
    integrate(m, q, v, dt, out);
    EXPECT_EQ(out, expected) << "dt = " << dt;  // bit for bit
    Vec in_place = q;
    integrate(m, in_place, v, dt, in_place);
    EXPECT_EQ(in_place, expected) << "in place, dt = " << dt;
  }
  // q ⊕ (−x) is q − x: the projections' corrections.
  Vec moved = q;
  integrate(m, moved, v, -1.0, moved);
  EXPECT_EQ(moved, Vec(q - v));
}

TEST(KinematicMap, IntegrateBodyMovesOneBlock) {
  const Model m = mixed_model();
  const Body& b = m.bodies[3];  // "b", the second dynamic body
  ASSERT_TRUE(b.is_dynamic());
  const Vec q = sample(m.nq, 0.7);
  BodyVector e = BodyVector::Zero(b.nv());
  e[2] = 1.0;  // the rotation
  Vec out = q;
  integrate_body(b, q.segment(b.q_offset, b.nq()), e, 1e-7, out.segment(b.q_offset, b.nq()));
  for (int i = 0; i < m.nq; ++i) EXPECT_EQ(out[i], i == b.q_offset + 2 ? q[i] + 1e-7 : q[i]) << i;
}

TEST(KinematicMap, PlanarNormaliseChangesNothing) {
  const Model m = mixed_model();
  const Vec q = sample(m.nq, 12.0);  // angles far outside (−π, π]: planar θ is not wrapped
  Vec out = q;
  normalise(m, out);
  EXPECT_EQ(out, q);
}

// Spatial bodies (7 coordinates [r, p], 6 velocities [ṙ, ω body]) around a prescribed one.
Model spatial_model() {
  ModelBuilder mb("spatial map");
  mb.set_dimension(Dimension::spatial);
  for (const char* name : {"a", "platform", "b"}) {
    Body b = body(name, std::string(name) == "platform" ? BodyMotion::prescribed : BodyMotion::dynamic);
    b.spatial.inertia = Vec3(1, 2, 2.5).asDiagonal();
    mb.add_body(b);
  }
  return mb.build();
}

// A state with unit quaternions.
Vec spatial_q(const Model& m) {
  Vec q = sample(m.nq, 0.7);
  normalise(m, q);
  return q;
}

TEST(KinematicMap, SpatialLayoutAndSizes) {
  const Model m = spatial_model();
  EXPECT_EQ(m.nq, 14);
  EXPECT_EQ(m.nv, 12);
  EXPECT_EQ(m.bodies[3].q_offset, 7);
  EXPECT_EQ(m.bodies[3].v_offset, 6);
  EXPECT_EQ(m.bodies[2].q_offset, -1);
}

// q̇ = B(q) v is the derivative of q ⊕ v dt at dt = 0: a central difference with h = 1e-5 has a
// truncation error h²/6 |d³p/dt³| ≤ h²/6 (|ω|/2)³ ≈ 2e-9 for the sample's |ω| ≈ 10 rad/s, and a
// rounding error 1e-16/h ~ 1e-11.
TEST(KinematicMap, SpatialPositionRateIsTheDerivativeOfIntegrate) {
  const Model m = spatial_model();
  const Vec q = spatial_q(m), v = sample(m.nv, -2.3);
  Vec rate(m.nq), plus(m.nq), minus(m.nq);
  position_rate(m, q, v, rate);
  const double h = 1e-5;
  integrate(m, q, v, h, plus);
  integrate(m, q, v, -h, minus);
  EXPECT_LT(((plus - minus) / (2 * h) - rate).cwiseAbs().maxCoeff(), 1e-8);
  // ṗ ⊥ p: the exact flow keeps |p| (the reason the integrators' drift of |p| is only truncation).
  for (int offset : {3, 10}) EXPECT_NEAR(q.segment<4>(offset).dot(rate.segment<4>(offset)), 0.0, 1e-15);
}

// At constant body-frame ω the motion is p ⊗ exp(½ ω t): one step of 2 dt equals two of dt, and
// the result is a unit quaternion and the rotation by |ω| 2 dt about ω (to rounding).
TEST(KinematicMap, SpatialIntegrateIsTheExactConstantVelocityMotion) {
  const Model m = spatial_model();
  const Vec q = spatial_q(m), v = sample(m.nv, 1.9);
  Vec once(m.nq), twice = q;
  integrate(m, q, v, 0.2, once);
  integrate(m, twice, v, 0.1, twice);  // in place
  integrate(m, twice, v, 0.1, twice);
  EXPECT_LT((once - twice).cwiseAbs().maxCoeff(), 1e-14);
  const Quat p0(q[3], q[4], q[5], q[6]), p1(once[3], once[4], once[5], once[6]);
  const Vec3 w = v.segment<3>(3);
  EXPECT_LT(p1.angularDistance(p0 * Quat(Eigen::AngleAxisd(0.2 * w.norm(), w.normalized()))), 1e-14);
  EXPECT_NEAR(p1.norm(), 1.0, 1e-15);
  EXPECT_LT((once.head<3>() - (q.head<3>() + 0.2 * v.head<3>())).cwiseAbs().maxCoeff(), 1e-15);
}

TEST(KinematicMap, SpatialNormaliseRestoresUnitQuaternionsOnly) {
  const Model m = spatial_model();
  Vec q = sample(m.nq, 0.7);
  const Vec before = q;
  normalise(m, q);
  for (int offset : {0, 7}) {
    EXPECT_EQ(Vec(q.segment<3>(offset)), Vec(before.segment<3>(offset)));  // r untouched
    EXPECT_NEAR(q.segment<4>(offset + 3).norm(), 1.0, 1e-15);
    EXPECT_LT((q.segment<4>(offset + 3) - before.segment<4>(offset + 3).normalized()).norm(), 1e-15);
  }
}

}  // namespace kinematic_map_test
}  // namespace stickslip
