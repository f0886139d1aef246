// The kinematic map q̇ = B(q) v (assembly/kinematic_map.hpp). For planar bodies it is the identity:
// position_rate returns v, integrate is exactly q + dt v (bit for bit: every planar number of the
// schemes went through these expressions before the map existed), normalise changes nothing. The
// layout of q and v around bodies without coordinates (fixed, prescribed) is checked too.
#include <gtest/gtest.h>

#include <stdexcept>

#include "assembly/kinematic_map.hpp"

namespace stickslip {
namespace {

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

// Spatial bodies are not supported yet: the map says so instead of treating them as planar.
TEST(KinematicMap, SpatialBodiesAreRefusedUntilTheirBranchExists) {
  Model m = mixed_model();
  m.bodies[1].dimension = Dimension::spatial;
  const Vec q = sample(m.nq, 1.0);
  Vec out = q;
  EXPECT_THROW(integrate(m, q, q, 0.1, out), std::logic_error);
  EXPECT_THROW(position_rate(m, q, q, out), std::logic_error);
  EXPECT_THROW(normalise(m, out), std::logic_error);
}

}  // namespace
}  // namespace stickslip
