// The contacts between shapes at a configuration (assembly/shape_contacts.hpp): which pairs meet
// (joints, groups and masks), where the shapes are (the bodies' frames and centres of mass), the
// points' rows against the velocity of the material points, and the carried tangents.
#include <gtest/gtest.h>

#include "../simulation_support.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/shape_contacts.hpp"
#include "state/state.hpp"

namespace stickslip {
namespace shape_contacts_test {

// Two boxes that overlap by 1 mm, the second on a spherical joint to the first (`collide`), and a
// sphere on the floor plane in group 2 (`group`, `collides_with`).
std::string scene(const std::string& joint_extra, const std::string& sphere_filter) {
  return R"(dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: m, density: 1000, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.5, mu_k: 0.5}}
bodies:
  - {name: floor, motion: fixed, shapes: [{type: plane, normal: [0, 0, 1], material: m}]}
  - {name: a, position: [0, 0, 1], shapes: [{type: box, half_extents: [0.1, 0.1, 0.1], material: m}]}
  - {name: b, position: [0, 0, 1.199], shapes: [{type: box, half_extents: [0.1, 0.1, 0.1], material: m}]}
  - name: ball
    position: [2, 0, 0.1]
    velocity: [0.5, 0, 0]
    angular_velocity: [0, 3, 1]
    center_of_mass: [0, 0.02, 0]
    mass: 1
    inertia: [0.01, 0.02, 0.03]
    shapes: [{type: sphere, radius: 0.1, position: [0, 0.02, 0], material: m)" + sphere_filter + R"(}]
joints:
  - {name: j, type: spherical, bodies: [a, b], location: [0, 0, 1.1])" + joint_extra + R"(}
)";
}

struct Found {
  Model model;
  std::unique_ptr<Workspace> ws;
  std::unique_ptr<ShapeContacts> contacts;
};

Found detect(const std::string& yaml) {
  Found f{test::model_from_yaml(yaml).model, nullptr, nullptr};
  f.ws = std::make_unique<Workspace>(f.model);
  compute_body_kinematics(f.model, initial_state(f.model, 0.0), *f.ws);
  f.contacts = std::make_unique<ShapeContacts>(f.model);
  f.contacts->detect(f.model, *f.ws, 1e-3);
  return f;
}

int points_between(const Found& f, const std::string& a, const std::string& b) {
  int n = 0;
  for (int k = 0; k < f.contacts->size(); ++k) {
    const Contact& c = f.contacts->contact(k);
    const std::string x = f.model.shapes[static_cast<std::size_t>(c.shape_i)].name, y = f.model.shapes[static_cast<std::size_t>(c.shape_j)].name;
    n += (x == a && y == b) || (x == b && y == a);
  }
  return n;
}

TEST(ShapePoints, JointsAndGroupsDecideWhichPairsMeet) {
  const Found joined = detect(scene("", ""));
  EXPECT_EQ(points_between(joined, "a", "b"), 0);  // joined: they do not touch
  EXPECT_EQ(points_between(joined, "floor", "ball"), 1);
  const Found colliding = detect(scene(", collide: true", ""));
  EXPECT_EQ(points_between(colliding, "a", "b"), 4);  // the overlapping faces' corners
  // The sphere in group 2 meeting only group 2: not the floor (group 1).
  const Found apart = detect(scene("", ", group: 2, collides_with: [2]"));
  EXPECT_EQ(points_between(apart, "floor", "ball"), 0);
  const Found together = detect(scene("", ", group: 2, collides_with: [1]"));
  EXPECT_EQ(points_between(together, "floor", "ball"), 1);
}

// The sphere sits at its body's frame origin + (0, 0.02, 0), where its centre of mass also is: the
// body's centre (position moved by the builder) is the sphere's centre, and the contact point is
// under it; the point's normal row times the velocities is the normal velocity of the material point
// of the ball there, v + ω × (P − r), and likewise each tangent row.
TEST(ShapePoints, PointsSitOnTheShapesAndTheirRowsGiveTheMaterialVelocity) {
  const Found f = detect(scene("", ""));
  int k = 0;
  while (f.model.shapes[static_cast<std::size_t>(f.contacts->contact(k).shape_j)].name != "ball") ++k;
  const ContactKinematics& kin = f.contacts->kinematics(k);
  const SpatialKinematics& ball = f.ws->bodies[static_cast<std::size_t>(f.model.body_index("ball"))].spatial;
  EXPECT_LT((ball.r - Vec3(2, 0.02, 0.1)).norm(), 1e-15);
  EXPECT_LT((kin.point3 - Vec3(2, 0.02, 0)).norm(), 1e-15);
  EXPECT_EQ(kin.normal3, Vec3::UnitZ());
  const Vec3 omega = ball.R * ball.omega, v = ball.v + omega.cross(kin.point3 - ball.r);
  EXPECT_NEAR(kin.vn, v.dot(kin.normal3), 1e-15);
  for (int t = 0; t < 2; ++t) EXPECT_NEAR(kin.vt[t], v.dot(kin.tangents3[static_cast<std::size_t>(t)]), 1e-15);
  EXPECT_NEAR(kin.tangents3[0].dot(kin.normal3), 0.0, 1e-16);
}

}  // namespace shape_contacts_test
}  // namespace stickslip
