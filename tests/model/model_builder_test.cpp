#include <gtest/gtest.h>

#include "math/rotation.hpp"
#include "model/model.hpp"

namespace stickslip {
namespace model_builder_test {

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
// planar contact shapes a spatial model refuses.
TEST(ModelBuilder, SpatialBodySizesAndPlanarShapesRefused) {
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
  Contact c;
  c.name = "touch";
  c.body_i = 0;
  c.body_j = 1;
  mb.add_contact(c);  // the default shape is planar
  expect_model_error(mb, "contacts[0].type");
}

// Spatial joints (docs/model-format.md, "Spatial joints"): rows by type, the frame completed from
// the initial poses in the user's body frames and then turned into the principal frame, and what
// cannot be built refused with its path.
Body spatial_body(const std::string& name, const Mat3& inertia, const Quat& orientation) {
  Body b = dynamic_body(name);
  b.spatial.inertia = inertia;
  b.spatial.orientation = orientation;
  return b;
}

TEST(ModelBuilder, SpatialJointFramesAreCompletedAndTurnedIntoPrincipalFrames) {
  const Mat3 Q = euler_zyx(0.4, -0.3, 1.1).toRotationMatrix();
  const Mat3 tensor = Q * Vec3(1, 2, 2.5).asDiagonal() * Q.transpose();
  const Quat Ai = euler_zyx(0.2, 0.5, -0.1), Aj = euler_zyx(-1.0, 0.3, 0.7);
  ModelBuilder mb;
  mb.set_dimension(Dimension::spatial);
  mb.add_body(spatial_body("a", tensor, Ai));
  mb.add_body(spatial_body("b", Vec3(1, 1, 1).asDiagonal(), Aj));
  Joint j;
  j.name = "hinge";
  j.type = JointType::revolute;
  j.body_i = 1;
  j.body_j = 2;
  j.spatial_input.point_i = Vec3(0.1, 0.2, 0.3);
  j.spatial_input.point_j = Vec3(-0.3, 0.1, 0.0);
  j.spatial_input.axis = Vec3(0, 0, 2);  // normalised by the builder
  mb.add_joint(j);
  const Model m = mb.build();
  EXPECT_EQ(m.n_constraints, 5);
  const SpatialJointFrame& f = m.joints[0].spatial;
  const Mat3 P = m.bodies[1].spatial.principal_frame.toRotationMatrix();  // body a: principal ≠ user frame
  // In the user's frame again, the point and axis are as given; the reference is perpendicular.
  EXPECT_LT((P * f.point_i - Vec3(0.1, 0.2, 0.3)).norm(), 1e-15);
  EXPECT_LT((P * f.axis_i - Vec3(0, 0, 1)).norm(), 1e-15);
  EXPECT_NEAR(f.ref_i.dot(f.axis_i), 0.0, 1e-15);
  EXPECT_NEAR(f.ref_i.norm(), 1.0, 1e-15);
  // Body b keeps its frame (a diagonal tensor): the point as given, and axis_j, ref_j the world
  // directions of body a's axis and reference at t = 0 (so the joint starts with θ = 0).
  EXPECT_EQ(f.point_j, Vec3(-0.3, 0.1, 0.0));
  const Mat3 Ra = m.bodies[1].spatial.orientation.toRotationMatrix();  // principal frame → world
  const Mat3 Rb = m.bodies[2].spatial.orientation.toRotationMatrix();
  EXPECT_LT((Rb * f.axis_j - Ra * f.axis_i).norm(), 1e-15);
  EXPECT_LT((Rb * f.ref_j - Ra * f.ref_i).norm(), 1e-15);
}

TEST(ModelBuilder, SpatialJointsRefuseWhatCannotBeBuilt) {
  const auto model_with = [](JointType type, void (*edit)(Joint&, Driver&, RotationalSpringDamper&), bool driver,
                             bool spring) {
    ModelBuilder mb;
    mb.set_dimension(Dimension::spatial);
    mb.add_body(spatial_body("a", Vec3(1, 1, 1).asDiagonal(), Quat::Identity()));
    Joint j;
    j.name = "j";
    j.type = type;
    j.body_i = 0;
    j.body_j = 1;
    Driver d;
    d.name = "d";
    d.target = DriverTarget::joint_coordinate;
    d.joint = 0;
    RotationalSpringDamper s;
    s.name = "s";
    s.joint = 0;
    edit(j, d, s);
    mb.add_joint(j);
    if (driver) mb.add_driver(d);
    if (spring) mb.add_rotational_spring(s);
    return mb;
  };
  const auto none = [](Joint&, Driver&, RotationalSpringDamper&) {};
  expect_model_error(model_with(JointType::universal, none, false, false), "joints[0].axis_j");
  // Pins parallel at t = 0 (both bodies unrotated): the default zeros of the pin angles are undefined.
  const ModelBuilder parallel_pins = model_with(JointType::universal, [](Joint& j, Driver&, RotationalSpringDamper&) {
    j.spatial_input.axis = Vec3::UnitZ();
    j.spatial_input.axis_j = Vec3(0, 0, 2);
  }, false, false);
  expect_model_error(parallel_pins, "joints[0].axis_j");
  try {
    parallel_pins.build();
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("parallel"), std::string::npos) << e.what();
  }
  expect_model_error(model_with(JointType::revolute, [](Joint& j, Driver&, RotationalSpringDamper&) {
                       j.spatial_input.axis = Vec3::Zero();
                     }, false, false), "joints[0].axis");
  expect_model_error(model_with(JointType::revolute, [](Joint& j, Driver&, RotationalSpringDamper&) {
                       j.spatial_input.reference = Vec3(0, 1, 1);
                     }, false, false), "joints[0].reference");
  expect_model_error(model_with(JointType::revolute, [](Joint& j, Driver&, RotationalSpringDamper&) {
                       j.friction = JointFriction{};
                     }, false, false), "joints[0].friction");
  expect_model_error(model_with(JointType::spherical, none, true, false), "drivers[0].joint");
  // A cylindrical joint's driver names its angle or its slide; a prismatic joint has no angle.
  expect_model_error(model_with(JointType::cylindrical, none, true, false), "drivers[0].joint");
  expect_model_error(model_with(JointType::prismatic, [](Joint&, Driver& d, RotationalSpringDamper&) {
                       d.joint_coordinate = JointCoordinate::angle;
                     }, true, false), "drivers[0].coordinate");
  EXPECT_EQ(model_with(JointType::cylindrical, [](Joint&, Driver& d, RotationalSpringDamper&) {
              d.joint_coordinate = JointCoordinate::slide;
            }, true, false).build().n_constraints, 5);
  expect_model_error(model_with(JointType::cylindrical, none, false, true), "rotational_springs[0].joint");
  // A revolute joint takes both a driver and a spring.
  EXPECT_EQ(model_with(JointType::revolute, none, true, true).build().n_constraints, 6);
  // Angle offsets are planar.
  ModelBuilder mb = model_with(JointType::weld, none, false, false);
  Joint w;
  w.name = "w2";
  w.type = JointType::weld;
  w.body_i = 0;
  w.body_j = 1;
  mb.add_joint(w, 0.5);
  expect_model_error(mb, "joints[1].angle_offset");
  // A planar model has no spherical, cylindrical or universal joint.
  ModelBuilder planar;
  planar.add_body(dynamic_body("a"));
  Joint sph;
  sph.name = "ball";
  sph.type = JointType::spherical;
  sph.body_i = 0;
  sph.body_j = 1;
  planar.add_joint(sph);
  expect_model_error(planar, "joints[0].type");
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

}  // namespace model_builder_test
}  // namespace stickslip
