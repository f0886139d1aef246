// Model files: every malformed or non-physical input is an InputError naming file, line and key.
#include "io/model_file.hpp"

#include <gtest/gtest.h>

#include <numbers>

#include "../test_support.hpp"
#include "io/input_error.hpp"
#include "math/rotation.hpp"

namespace stickslip {
namespace model_file_test {

const char* kGood = R"(name: good
angle_unit: deg
gravity: [0, -9.81]
bodies:
  - name: arm
    mass: 2
    inertia: 0.5
    position: [0.5, 0]
    angle: 0
joints:
  - name: hinge
    type: revolute
    bodies: [ground, arm]
    location: [0, 0]
forces:
  - {name: motor, type: torque, body: arm, torque: {type: sine, amplitude: 1, omega: 2}}
simulation:
  t_end: 1
)";

struct Expected {
  int line;
  std::string path;
  std::string message_part;
};

void expect_error(const std::string& yaml, const Expected& e) {
  test::TempDir dir;
  const std::string file = dir.write("model.yaml", yaml);
  try {
    read_model_file(file);
    FAIL() << "no error; expected " << e.path;
  } catch (const InputError& err) {
    EXPECT_EQ(err.file(), file);
    EXPECT_EQ(err.line(), e.line) << err.what();
    EXPECT_EQ(err.path(), e.path) << err.what();
    EXPECT_NE(std::string(err.what()).find(e.message_part), std::string::npos) << err.what();
  }
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto pos = s.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return s.replace(pos, from.size(), to);
}

TEST(ModelFile, ReadsAGoodFile) {
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("m.yaml", kGood));
  EXPECT_EQ(mf.model.name, "good");
  EXPECT_EQ(mf.model.bodies.size(), 2u);
  EXPECT_NEAR(mf.model.joints[0].point_j.x(), -0.5, 1e-15);  // location converted to the arm's frame
  EXPECT_EQ(mf.options.t_end, 1.0);
}

TEST(ModelFile, DegreesWhereTheFileSaysSo) {
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("m.yaml", replace(kGood, "angle: 0", "angle: 90")));
  EXPECT_NEAR(mf.model.bodies[1].angle, M_PI / 2, 1e-15);
  const ModelFile mf2 = read_model_file(dir.write("n.yaml", replace(kGood, "angle: 0", "angle: 1 rad")));
  EXPECT_NEAR(mf2.model.bodies[1].angle, 1.0, 1e-15);
}

TEST(ModelFile, UnknownKey) {
  expect_error(replace(kGood, "    inertia: 0.5", "    inertia: 0.5\n    colour: red"),
               {8, "bodies[0].colour", "unknown key 'colour'"});
}

// YAML features the reader does not follow are refused with their own message, never ignored.
TEST(ModelFile, SecondDocumentAndMergeKeys) {
  expect_error(std::string(kGood) + "---\nname: other\n", {20, "", "a second YAML document"});
  expect_error(replace(kGood, "    inertia: 0.5", "    inertia: 0.5\n    <<: {angle: 0}"),
               {8, "bodies[0].<<", "merge keys"});
}

TEST(ModelFile, NamesThatCannotPrefixColumns) {
  expect_error(replace(kGood, "name: arm", "name: \"a\\tb\""), {5, "bodies[0].name", "control characters"});
  expect_error(replace(kGood, "name: arm", "name: arm.left"), {5, "bodies[0].name", "may not contain '.'"});
  // Any other UTF-8 text is a name (joints refer to it by the same text).
  test::TempDir dir;
  std::string utf = replace(kGood, "name: arm", "name: Körper");
  utf = replace(utf, "bodies: [ground, arm]", "bodies: [ground, Körper]");
  utf = replace(utf, "body: arm", "body: Körper");
  EXPECT_EQ(read_model_file(dir.write("u.yaml", utf)).model.bodies[1].name, "Körper");
}

TEST(ModelFile, MissingKey) {
  expect_error(replace(kGood, "    mass: 2\n", ""), {5, "bodies[0]", "missing key 'mass'"});
}

TEST(ModelFile, WrongType) {
  expect_error(replace(kGood, "mass: 2", "mass: heavy"), {6, "bodies[0].mass", "expected a number"});
  expect_error(replace(kGood, "position: [0.5, 0]", "position: 3"), {8, "bodies[0].position", "two numbers"});
}

TEST(ModelFile, NonPhysicalValues) {
  expect_error(replace(kGood, "mass: 2", "mass: 0"), {6, "bodies[0].mass", "must be > 0"});
  expect_error(replace(kGood, "mass: 2", "mass: -1"), {6, "bodies[0].mass", "must be > 0"});
  expect_error(replace(kGood, "inertia: 0.5", "inertia: -0.5"), {7, "bodies[0].inertia", "must be > 0"});
  expect_error(replace(kGood, "mass: 2", "mass: .nan"), {6, "bodies[0].mass", "expected a number"});
  expect_error(replace(kGood, "mass: 2", "mass: 2e999"), {6, "bodies[0].mass", "out of range"});
  // Lemke's rescue reserves its dense lifted problem when the run starts: bounded.
  for (const char* variables : {"-1", "2001"})
    expect_error(replace(kGood, "  t_end: 1\n", std::string("  t_end: 1\n  time_stepping: {rescue_variables: ") + variables + "}\n"),
                 {19, "simulation.time_stepping.rescue_variables", "must be between 0 and 2000"});
}

TEST(ModelFile, UnknownBody) {
  expect_error(replace(kGood, "bodies: [ground, arm]", "bodies: [ground, leg]"),
               {13, "joints[0].bodies[1]", "unknown body 'leg' (the bodies: ground, arm)"});
  // A near miss is named first.
  expect_error(replace(kGood, "bodies: [ground, arm]", "bodies: [ground, amr]"),
               {13, "joints[0].bodies[1]", "unknown body 'amr' (did you mean 'arm'? the bodies: ground, arm)"});
}

// An unknown key, value or law name is met with the valid one it most likely misspells (one to three
// edits, a swap of neighbours counting one), and none where nothing is that near.
TEST(ModelFile, NearMissesAreNamed) {
  expect_error(replace(kGood, "    mass: 2", "    mas: 2"), {6, "bodies[0].mas", "unknown key 'mas' (did you mean 'mass'?"});
  expect_error(replace(kGood, "    inertia: 0.5", "    intertia: 0.5"),
               {7, "bodies[0].intertia", "(did you mean 'inertia'? expected one of:"});
  expect_error(replace(kGood, "    inertia: 0.5", "    inertia: 0.5\n    colour: red"),
               {8, "bodies[0].colour", "unknown key 'colour' (expected one of: name, motion, mass"});
  expect_error(replace(kGood, "type: revolute", "type: revolue"), {12, "joints[0].type", "(did you mean 'revolute'?"});
  expect_error(replace(kGood, "type: sine", "type: sien"), {16, "forces[0].torque.type", "(did you mean 'sine'?"});
  test::TempDir dir;
  const std::string contact = std::string(kGood) + "contacts:\n  - {name: c, type: point_line, bodies: [ground, arm], "
                              "line: {point: [0, 0], direction: [1, 0]}, point: [0, 0], normal: {law: hertz, K: 1e6, n: 1.5}, "
                              "friction: LAW}\n";
  expect_error(replace(contact, "LAW", "{law: colomb, mu_s: 0.5}"),
               {20, "contacts[0].friction.law", "unknown friction law 'colomb' (did you mean 'coulomb'?"});
  expect_error(replace(contact, "LAW", "{law: coulomb, mu_S: 0.5}"),
               {20, "contacts[0].friction.mu_S", "(did you mean 'mu_s'? its parameters:"});
}

// Spatial keys and values in a planar model (the default): the message says the model is planar and
// names `dimension: spatial`.
TEST(ModelFile, SpatialKeysInAPlanarModelNameTheDimension) {
  const std::string hint = "this model is planar (the default); for a spatial model put 'dimension: spatial'";
  expect_error(replace(kGood, "gravity: [0, -9.81]", "gravity: [0, 0, -9.81]"), {3, "gravity", hint});
  expect_error(replace(kGood, "    angle: 0", "    orientation: {axis: [1, 0, 0], angle: 90}"),
               {9, "bodies[0].orientation", "'orientation' is a key of spatial models: " + hint});
  expect_error(replace(kGood, "inertia: 0.5", "inertia: [0.1, 0.1, 0.2]"),
               {7, "bodies[0].inertia", "three numbers where a planar model takes one: " + hint});
  expect_error(replace(kGood, "position: [0.5, 0]", "position: [0.5, 0, 0]"),
               {8, "bodies[0].position", "three numbers where a planar model takes two: " + hint});
  expect_error(replace(kGood, "type: revolute", "type: spherical"), {12, "joints[0].type", "'spherical' is a spatial joint"});
  expect_error(replace(kGood, "body: arm, torque:", "body: arm, tz: 1, torque:"), {16, "forces[0].tz", hint});
}

TEST(ModelFile, DuplicateNames) {
  expect_error(replace(kGood, "name: motor", "name: arm"), {16, "forces[0].name", "duplicate name 'arm'"});
}

TEST(ModelFile, BadChoices) {
  expect_error(replace(kGood, "type: revolute", "type: hinge"), {12, "joints[0].type", "unknown value 'hinge'"});
  expect_error(replace(kGood, "angle_unit: deg", "angle_unit: grad"), {2, "angle_unit", "unknown value 'grad'"});
}

// The time-stepping scheme's integrators (docs/schemes.md): θ belongs to the θ-method, the spectral
// radius to the generalized-α method; a key of the other one is an error at its line, not ignored.
TEST(ModelFile, TimeSteppingMethodKeys) {
  const auto with = [](const std::string& keys) {
    return replace(kGood, "  t_end: 1\n", "  t_end: 1\n  time_stepping: {" + keys + "}\n");
  };
  test::TempDir dir;
  const ModelFile alpha = read_model_file(dir.write("a.yaml", with("method: generalized_alpha, spectral_radius: 0.5")));
  EXPECT_EQ(alpha.options.time_stepping.method, TimeSteppingMethod::generalized_alpha);
  EXPECT_EQ(alpha.options.time_stepping.spectral_radius, 0.5);
  EXPECT_EQ(read_model_file(dir.write("t.yaml", with("method: theta, theta: 1"))).options.time_stepping.theta, 1.0);
  expect_error(with("method: alpha"), {19, "simulation.time_stepping.method", "unknown value 'alpha'"});
  expect_error(with("method: generalized_alpha, theta: 0.5"), {19, "simulation.time_stepping.theta", "belongs to method: theta"});
  expect_error(with("spectral_radius: 0.5"), {19, "simulation.time_stepping.spectral_radius", "belongs to method: generalized_alpha"});
  expect_error(with("method: generalized_alpha, spectral_radius: 1.5"),
               {19, "simulation.time_stepping.spectral_radius", "must lie in [0, 1]"});
}

const char* kSpatial = R"(name: spatial
dimension: spatial
angle_unit: deg
gravity: [0, 0, -9.81]
bodies:
  - name: top
    mass: 2
    inertia: [0.1, 0.1, 0.15]
    position: [0, 0, 1]
    orientation: {axis: [1, 0, 0], angle: 90}
    angular_velocity: [0, 0, 360]
forces:
  - {name: kick, type: point_force, body: top, point: [0, 0, 0.1], fz: 1}
simulation:
  t_end: 1
)";

// Spatial models (docs/model-format.md, "Spatial models"): the keys are read in their units (deg
// here), and what a spatial model cannot have yet is refused at its line.
TEST(ModelFile, SpatialModel) {
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("s.yaml", kSpatial));
  EXPECT_EQ(mf.model.dimension, Dimension::spatial);
  EXPECT_EQ(mf.model.gravity, Vec3(0, 0, -9.81));
  const SpatialBody& sb = mf.model.bodies[1].spatial;
  EXPECT_LT(sb.orientation.angularDistance(Quat(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()))), 1e-15);
  EXPECT_NEAR(sb.angular_velocity.z(), 2 * std::numbers::pi, 1e-14);
  EXPECT_EQ(mf.model.point_forces[0].point, Vec3(0, 0, 0.1));
  // Spatial joints (docs/model-format.md, "Spatial joints"): errors at the joint's line and key.
  const auto joint = [&](const std::string& text) { return replace(kSpatial, "  t_end: 1", "  t_end: 1\njoints:\n  - " + text); };
  const ModelFile hinged = read_model_file(
      dir.write("j.yaml", joint("{name: j, type: revolute, bodies: [ground, top], location: [0, 0, 1.2], axis: [0, 1, 0]}")));
  ASSERT_EQ(hinged.model.joints.size(), 1u);
  EXPECT_EQ(hinged.model.n_constraints, 5);
  // The location is turned into the body's own frame (turned 90° about x): (0, 0, 0.2) → (0, 0.2, 0).
  EXPECT_LT((hinged.model.joints[0].spatial_input.point_j - Vec3(0, 0.2, 0)).norm(), 1e-15);
  expect_error(joint("{name: j, type: hinge, bodies: [ground, top], location: [0, 0, 1]}"),
               {17, "joints[0].type", "unknown value 'hinge'"});
  expect_error(joint("{name: j, type: revolute, bodies: [ground, top], location: [0, 0, 1]}"),
               {17, "joints[0]", "missing key 'axis'"});
  expect_error(joint("{name: j, type: universal, bodies: [ground, top], location: [0, 0, 1], axis: [1, 0, 0]}"),
               {17, "joints[0]", "missing key 'axis_j'"});
  expect_error(joint("{name: j, type: spherical, bodies: [ground, top], location: [0, 0, 1], axis: [1, 0, 0]}"),
               {17, "joints[0].axis", "a spherical joint has no axis"});
  expect_error(joint("{name: j, type: revolute, bodies: [ground, top], location: [0, 0, 1], axis: [1, 0, 0], reference: [1, 1, 0]}"),
               {17, "joints[0].reference", "perpendicular"});
  expect_error(joint("{name: j, type: weld, bodies: [ground, top], points: [[0, 0, 1], [0, 0, 0]], angle_offset: 3}"),
               {17, "joints[0].angle_offset", "unknown key"});
  expect_error(joint("{name: j, type: cylindrical, bodies: [ground, top], points: [[0, 0, 1]], axis: [0, 0, 1]}"),
               {17, "joints[0].points", "expected two points"});
  expect_error(replace(kSpatial, "inertia: [0.1, 0.1, 0.15]", "inertia: [0.1, 0.1, 0.25]"),
               {8, "bodies[0].inertia", "J1 + J2 >= J3"});
  expect_error(replace(kSpatial, "inertia: [0.1, 0.1, 0.15]", "inertia: [[0.1, 0, 0], [0.01, 0.1, 0], [0, 0, 0.15]]"),
               {8, "bodies[0].inertia", "symmetric"});
  expect_error(replace(kSpatial, "{axis: [1, 0, 0], angle: 90}", "{axis: [1, 0, 0], angle: 90, quaternion: [1, 0, 0, 0]}"),
               {10, "bodies[0].orientation", "exactly one of"});
  expect_error(replace(kSpatial, "position: [0, 0, 1]", "position: [0, 1]"),
               {9, "bodies[0].position", "three numbers"});
  expect_error(replace(kSpatial, "fz: 1", "fz: 1, torque: 2"), {13, "forces[0].torque", "unknown key 'torque'"});
  // Spatial models have their own generators (stack, wall, pile): a planar one is refused at its type.
  expect_error(replace(kSpatial, "angle_unit: deg", "angle_unit: deg\ngenerators: [{type: block_wall, name: w}]"),
               {4, "generators[0].type", "block_wall"});
  // Three gravity components in a planar model: the message names the dimension.
  expect_error(replace(kGood, "gravity: [0, -9.81]", "gravity: [0, -9.81, 0]"), {3, "gravity", "dimension: spatial"});
  expect_error(replace(kGood, "angle_unit: deg", "dimension: 3d"), {2, "dimension", "unknown value '3d'"});
  const ModelFile planar = read_model_file(dir.write("p.yaml", replace(kGood, "angle_unit: deg", "dimension: planar\nangle_unit: deg")));
  EXPECT_EQ(planar.model.dimension, Dimension::planar);
  EXPECT_EQ(read_model_file(dir.write("d.yaml", kGood)).model.dimension, Dimension::planar);  // the default
}

// A frictional spatial prismatic joint (docs/model-format.md, "Contact analysis in a prismatic
// joint"): its keys reach the model, and bad values, planar joints and other joint types are refused
// at the key's line.
TEST(ModelFile, PrismaticJointContact) {
  test::TempDir dir;
  const auto joint = [&](const std::string& contact, const std::string& type = "prismatic",
                         const std::string& reference = ", reference: [0, 1, 0]") {
    return replace(kSpatial, "  t_end: 1", "  t_end: 1\njoints:\n  - {name: j, type: " + type +
                                               ", bodies: [ground, top], location: [0, 0, 1], axis: [1, 0, 0]" +
                                               reference + ", contact: " + contact + "}");
  };
  const std::string good = "{section: [0.05, 0.04], slider: [0, 0.2], guide: [-0.1, 0.5], mu: 0.3";
  const ModelFile mf = read_model_file(dir.write("c.yaml", joint(good + "}")));
  ASSERT_TRUE(mf.model.joints[0].contact.has_value());
  const PrismaticJointContact& c = *mf.model.joints[0].contact;
  EXPECT_EQ(c.method, JointContactMethod::contact_analysis);
  EXPECT_EQ(c.half_width, 0.05);
  EXPECT_EQ(c.half_height, 0.04);
  EXPECT_EQ(c.slider_upper, 0.2);
  EXPECT_EQ(c.guide_lower, -0.1);
  EXPECT_EQ(c.mu, 0.3);
  EXPECT_EQ(c.rule, JointFrictionRule::exact_stick);
  EXPECT_EQ(c.solution, JointContactSolution::least_displacement);
  EXPECT_EQ(c.bending_arm, AdamsBendingArm::overlap);
  EXPECT_TRUE(mf.model.has_joint_friction());
  const ModelFile other = read_model_file(dir.write(
      "d.yaml", joint(good + ", method: adams, friction_rule: regularised_sign, sign_velocity: 0.01, clearance_ratio: 2, "
                             "adams: {bending_arm: 0.3, torsion_arm: 0.02}}")));
  const PrismaticJointContact& d = *other.model.joints[0].contact;
  EXPECT_EQ(d.method, JointContactMethod::adams);
  EXPECT_EQ(d.rule, JointFrictionRule::regularised_sign);
  EXPECT_EQ(d.sign_velocity, 0.01);
  EXPECT_EQ(d.clearance_ratio, 2);
  EXPECT_EQ(d.bending_arm, AdamsBendingArm::fixed);
  EXPECT_EQ(d.fixed_arm, 0.3);
  EXPECT_EQ(d.torsion_arm, 0.02);
  const auto half = read_model_file(dir.write("e.yaml", joint(good + ", solution: lemke, adams: {bending_arm: half_overlap}}")));
  EXPECT_EQ(half.model.joints[0].contact->bending_arm, AdamsBendingArm::half_overlap);
  EXPECT_EQ(half.model.joints[0].contact->solution, JointContactSolution::lemke);

  expect_error(joint("{section: [0.05, 0.04], slider: [0, 0.2], guide: [0, 0.5]}"), {17, "joints[0].contact", "missing key 'mu'"});
  expect_error(joint(good + ", mu2: 1}"), {17, "joints[0].contact.mu2", "unknown key"});
  expect_error(joint("{section: [0.05, 0], slider: [0, 0.2], guide: [0, 0.5], mu: 0.3}"),
               {17, "joints[0].contact.section", "must be > 0"});
  expect_error(joint("{section: [0.05, 0.04], slider: [0.2, 0], guide: [0, 0.5], mu: 0.3}"),
               {17, "joints[0].contact.slider", "upper > lower"});
  expect_error(joint("{section: [0.05, 0.04], slider: [0, 0.2], guide: [0, 0.5], mu: -0.3}"),
               {17, "joints[0].contact.mu", ">= 0"});
  expect_error(joint(good + ", method: exact}"), {17, "joints[0].contact.method", "unknown value 'exact'"});
  expect_error(joint(good + ", sign_velocity: 0.01}"), {17, "joints[0].contact.sign_velocity", "regularised_sign"});
  expect_error(joint(good + ", method: adams, solution: lemke}"), {17, "joints[0].contact.solution", "method adams"});
  expect_error(joint(good + ", adams: {bending_arm: long}}"), {17, "joints[0].contact.adams.bending_arm", "overlap, half_overlap"});
  expect_error(joint(good + "}", "cylindrical"), {17, "joints[0].contact", "prismatic joints only"});
  expect_error(joint(good + "}", "prismatic", ""), {17, "joints[0].contact", "needs the joint's 'reference'"});
  // A planar joint's friction is `friction:`.
  expect_error(replace(kGood, "location: [0, 0]", "location: [0, 0]\n    contact: {mu: 0.3}"),
               {15, "joints[0].contact", "needs a spatial prismatic joint"});
}

// Spatial contacts (docs/model-format.md, "Spatial contacts"): the shapes and their keys, the corners
// of points_plane and box_plane as one contact each, and errors at the key's line.
TEST(ModelFile, SpatialContacts) {
  const std::string contacts = replace(kSpatial, "  t_end: 1", R"(  t_end: 1
contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, top]
    plane: {point: [0, 0, 0], normal: [0, 0, 2]}
    radius: 0.1
    normal: {law: hertz, K: 1e7}
    friction: {law: lugre, mu_s: 0.3, mu_k: 0.3, sigma0: 1e5, sigma1: 200, v_s: 0.01}
  - name: feet
    type: points_plane
    bodies: [ground, top]
    plane: {normal: [0, 0, 1]}
    points: [[0, 0, -0.2], [0.1, 0, -0.2]]
    normal: {law: hertz, K: 1e7}
  - name: box
    type: box_plane
    bodies: [ground, top]
    plane: {normal: [0, 0, 1]}
    half_extents: [0.1, 0.2, 0.3]
    normal: {law: hertz, K: 1e7}
)");
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("c.yaml", contacts));
  ASSERT_EQ(mf.model.contacts.size(), 11u);
  const Contact& floor = mf.model.contacts[0];
  EXPECT_EQ(floor.shape, ContactShape::sphere_plane);
  EXPECT_EQ(floor.tangent_rows(), 2);
  EXPECT_EQ(floor.friction_states(), 2);  // a LuGre bristle per tangent row
  EXPECT_EQ(floor.plane_normal, Vec3(0, 0, 1));  // normalised
  EXPECT_EQ(floor.reference_tangent, Vec3(1, 0, 0));
  EXPECT_EQ(mf.model.nz, 2);
  EXPECT_EQ(mf.model.contacts[2].name, "feet_2");
  EXPECT_EQ(mf.model.contacts[2].sphere_center_j, Vec3(0.1, 0, -0.2));
  EXPECT_EQ(mf.model.contacts[3].name, "box_1");
  EXPECT_EQ(mf.model.contacts[3].sphere_center_j, Vec3(-0.1, -0.2, -0.3));
  EXPECT_EQ(mf.model.contacts[10].name, "box_8");
  EXPECT_EQ(mf.model.contacts[10].sphere_center_j, Vec3(0.1, 0.2, 0.3));
  expect_error(replace(contacts, "normal: [0, 0, 2]", "normal: [0, 0, 0]"), {20, "contacts[0].plane.normal", "non-zero"});
  expect_error(replace(contacts, "radius: 0.1", "radius: -0.1"), {21, "contacts[0].radius", ">= 0"});
  expect_error(replace(contacts, "type: sphere_plane", "type: circle_line"), {18, "contacts[0].type", "a planar contact"});
  expect_error(replace(contacts, "points: [[0, 0, -0.2], [0.1, 0, -0.2]]", "points: []"), {28, "contacts[1].points", "list of points"});
  expect_error(replace(contacts, "half_extents: [0.1, 0.2, 0.3]", "half_extents: [0.1, 0, 0.3]"),
               {34, "contacts[2].half_extents", "> 0"});
  expect_error(replace(contacts, "name: floor", "name: feet_1"), {24, "contacts[1].name", "duplicate name 'feet_1'"});
  // A planar model refuses the spatial shapes.
  expect_error(std::string(kGood) + "contacts:\n  - {name: c, type: sphere_plane, bodies: [ground, arm], radius: 1}\n",
               {20, "contacts[0].type", "needs 'dimension: spatial'"});
}

TEST(ModelFile, YamlSyntaxError) {
  expect_error(replace(kGood, "bodies: [ground, arm]", "bodies: [ground, arm"), {14, "", "YAML syntax error"});
}

TEST(ModelFile, TimeSpan) {
  expect_error(replace(kGood, "t_end: 1", "t_end: -1"), {18, "simulation.t_end", "greater than t_start"});
}

TEST(ModelFile, MissingFile) {
  try {
    read_model_file("/nonexistent/model.yaml");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
  }
}

TEST(ModelFile, TabulatedFunctionFromCsv) {
  test::TempDir dir;
  dir.write("motion.csv", "t,x\n0,0\n1,0.5\n2,0\n3,-0.5\n");
  const std::string yaml = replace(kGood, "torque: {type: sine, amplitude: 1, omega: 2}",
                                   "torque: {type: table, file: motion.csv}");
  const ModelFile mf = read_model_file(dir.write("m.yaml", yaml));
  EXPECT_NEAR(mf.model.torques[0].torque.value(1.0), 0.5, 1e-15);
  dir.write("motion.csv", "t,x\n0,0\n1,abc\n");
  try {
    read_model_file(dir.file("m.yaml"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), dir.file("motion.csv"));
    EXPECT_EQ(e.line(), 3);
  }
}

// Every shipped example model must read without error.
TEST(ModelFile, ShippedExamplesRead) {
  for (const char* f : {"examples/simple_pendulum/simple_pendulum.yaml", "examples/double_pendulum/double_pendulum.yaml",
                        "examples/slider_crank/slider_crank.yaml", "examples/four_bar/four_bar.yaml",
                        "examples/four_bar/four_bar_redundant.yaml",
                        "examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml",
                        "examples/free_standing_body_rigid/case1_drift.yaml",
                        "examples/free_standing_body_rigid/case1_periodic.yaml",
                        "examples/free_standing_body_rigid/case2_drift.yaml",
                        "examples/free_standing_body_rigid/case2_centred.yaml",
                        "examples/free_standing_body_rigid/case3_vertical.yaml",
                        "examples/free_standing_body_rigid/case3_horizontal.yaml",
                        "examples/block_wall/block_wall.yaml", "examples/block_wall/stack.yaml"}) {
    EXPECT_NO_THROW(read_model_file(test::source_path(f))) << f;
  }
}

}  // namespace model_file_test
}  // namespace stickslip
