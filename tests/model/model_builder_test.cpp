#include <gtest/gtest.h>

#include "math/rotation.hpp"
#include "model/model.hpp"

namespace stickslip {
namespace {

Body dynamic_body(const std::string& name, double mass = 1.0, double inertia = 0.1) {
  Body b;
  b.name = name;
  b.mass = mass;
  b.inertia = inertia;
  return b;
}

TEST(ModelBuilder, LaysOutCoordinatesAndRows) {
  ModelBuilder mb("m");
  const int a = mb.add_body(dynamic_body("a"));
  Body platform;
  platform.name = "platform";
  platform.motion = BodyMotion::prescribed;
  mb.add_body(platform);
  const int c = mb.add_body(dynamic_body("c"));
  Joint j;
  j.name = "j";
  j.type = JointType::weld;
  j.body_i = a;
  j.body_j = c;
  mb.add_joint(j);
  Driver d;
  d.name = "d";
  d.target = DriverTarget::body_x;
  d.body = a;
  mb.add_driver(d);
  const Model m = mb.build();
  EXPECT_EQ(m.nq, 6);
  EXPECT_EQ(m.nv, 6);
  EXPECT_EQ(m.n_constraints, 4);
  EXPECT_EQ(m.bodies[a].q_offset, 0);
  EXPECT_EQ(m.bodies[c].q_offset, 3);
  EXPECT_EQ(m.bodies[2].q_offset, -1);  // prescribed: no coordinates
  EXPECT_EQ(m.drivers[0].row_offset, 3);
  EXPECT_EQ(m.body_index("ground"), 0);
  // Planar bodies: 3 coordinates and 3 velocities each, the same layout for q and v.
  EXPECT_EQ(m.dimension, Dimension::planar);
  for (const Body& b : m.bodies) {
    EXPECT_EQ(b.dimension, Dimension::planar);
    EXPECT_EQ(b.nq(), 3);
    EXPECT_EQ(b.nv(), 3);
  }
  EXPECT_EQ(m.bodies[c].v_offset, m.bodies[c].q_offset);
}

void expect_model_error(const ModelBuilder& mb, const std::string& path) {
  try {
    mb.build();
    FAIL() << "expected a ModelError at " << path;
  } catch (const ModelError& e) {
    EXPECT_EQ(e.path(), path) << e.what();
  }
}

// The widths of a spatial body (position + unit quaternion, velocity + body-frame ω), and the
// elements a spatial model cannot have yet (joints and rotational springs, S2).
TEST(ModelBuilder, SpatialBodySizesAndElementsNotYetSupported) {
  Body b = dynamic_body("top");
  b.dimension = Dimension::spatial;
  EXPECT_EQ(b.nq(), 7);
  EXPECT_EQ(b.nv(), 6);
  EXPECT_LE(b.nq(), kMaxBodyCoordinates);
  EXPECT_LE(b.nv(), kMaxBodyDofs);
  Body a = dynamic_body("a");
  a.spatial.inertia = Vec3(1, 1, 1).asDiagonal();
  ModelBuilder mb;
  mb.set_dimension(Dimension::spatial);
  mb.add_body(a);
  EXPECT_EQ(mb.build().nq, 7);
  Joint j;
  j.name = "hinge";
  j.body_i = 0;
  j.body_j = 1;
  mb.add_joint(j);
  expect_model_error(mb, "joints[0]");
  try {
    mb.build();
  } catch (const ModelError& e) {
    EXPECT_NE(e.message().find("joints between spatial bodies are not supported yet (issue 11, stage S2)"),
              std::string::npos)
        << e.what();
  }
}

// A full tensor is diagonalised: principal moments ascending, a proper rotation Q with I = Q J Qᵀ, the
// orientation and ω turned into the principal frame; physically impossible tensors are refused.
TEST(ModelBuilder, SpatialInertiaTensorIsDiagonalised) {
  const Mat3 Q = euler_zyx(0.4, -0.3, 1.1).toRotationMatrix();
  Body a = dynamic_body("a");
  a.spatial.inertia = Q * Vec3(1, 2, 2.5).asDiagonal() * Q.transpose();
  a.spatial.angular_velocity = Vec3(0.1, 0.2, 0.3);
  ModelBuilder mb;
  mb.set_dimension(Dimension::spatial);
  mb.add_body(a);
  const Model m = mb.build();
  const SpatialBody& sb = m.bodies[1].spatial;
  EXPECT_LT((sb.principal_moments - Vec3(1, 2, 2.5)).norm(), 1e-14);
  const Mat3 P = sb.principal_frame.toRotationMatrix();
  EXPECT_NEAR(P.determinant(), 1.0, 1e-14);
  EXPECT_LT((P * sb.principal_moments.asDiagonal() * P.transpose() - a.spatial.inertia).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((P * sb.angular_velocity - Vec3(0.1, 0.2, 0.3)).norm(), 1e-15);  // the same ω, principal components
  EXPECT_LT(sb.orientation.angularDistance(sb.principal_frame), 1e-15);      // identity user orientation ⊗ P
  for (const Vec3& j : {Vec3(1, 1, 3), Vec3(0, 1, 1), Vec3(-1, 2, 2)}) {
    Body bad = dynamic_body("bad");
    bad.spatial.inertia = j.asDiagonal();
    ModelBuilder mb2;
    mb2.set_dimension(Dimension::spatial);
    mb2.add_body(bad);
    expect_model_error(mb2, "bodies[0].inertia");
  }
}

TEST(ModelBuilder, RejectsNonPhysicalValues) {
  {
    ModelBuilder mb;
    mb.add_body(dynamic_body("a", 0.0));
    expect_model_error(mb, "bodies[0].mass");
  }
  {
    ModelBuilder mb;
    mb.add_body(dynamic_body("a"));
    mb.add_body(dynamic_body("b", 1.0, -1.0));
    expect_model_error(mb, "bodies[1].inertia");
  }
}

TEST(ModelBuilder, RejectsUnknownBodiesAndDuplicateNames) {
  {
    ModelBuilder mb;
    mb.add_body(dynamic_body("a"));
    Joint j;
    j.name = "j";
    j.body_i = 0;
    j.body_j = 7;
    mb.add_joint(j);
    expect_model_error(mb, "joints[0].bodies[1]");
  }
  {
    ModelBuilder mb;
    mb.add_body(dynamic_body("a"));
    mb.add_body(dynamic_body("a"));
    expect_model_error(mb, "bodies[1].name");
  }
  {
    ModelBuilder mb;
    mb.add_body(dynamic_body("a.b"));
    expect_model_error(mb, "bodies[0].name");
  }
}

TEST(ModelBuilder, LockedAngleDefaultsToTheInitialRelativeRotation) {
  ModelBuilder mb;
  Body a = dynamic_body("a");
  a.angle = 0.3;
  Body b = dynamic_body("b");
  b.angle = 1.0;
  const int ia = mb.add_body(a), ib = mb.add_body(b);
  Joint j;
  j.name = "w";
  j.type = JointType::weld;
  j.body_i = ia;
  j.body_j = ib;
  mb.add_joint(j);
  EXPECT_NEAR(mb.build().joints[0].angle_offset, 0.7, 1e-15);
}

}  // namespace
}  // namespace stickslip
