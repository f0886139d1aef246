// Shapes, materials and contact reports in model files (io/shape_reader.cpp; docs/model-format.md,
// "Shapes and materials"): what they build, and every bad input named by file, line and key.
#include <gtest/gtest.h>

#include <fstream>
#include <numbers>

#include "../test_support.hpp"
#include "geometry/shape.hpp"
#include "io/animation_scene.hpp"
#include "io/input_error.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace shape_file_test {

const char* kGood = R"(dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: steel, density: 8000, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.4, mu_k: 0.3}}
  - {name: rubber, density: 1200}
material_pairs:
  - {materials: [steel, rubber], impact: {law: newton, e: 0.2}, friction: {law: coulomb, mu_s: 0.9, mu_k: 0.8}}
bodies:
  - name: floor
    motion: fixed
    shapes:
      - {type: plane, normal: [0, 0, 2], material: steel}
  - name: hammer
    position: [1, 0, 0.5]
    shapes:
      - {name: head, type: box, half_extents: [0.05, 0.05, 0.05], position: [0.3, 0, 0], material: steel}
      - {name: handle, type: cylinder, radius: 0.02, half_length: 0.3, orientation: {axis: [0, 1, 0], angle: 1.5707963267948966}, material: rubber, group: 2, collides_with: [3]}
  - name: ball
    mass: 1
    inertia: [0.004, 0.004, 0.004]
    center_of_mass: [0, 0, 0.01]
    position: [0, 0, 2]
    shapes: [{type: sphere, radius: 0.1, material: rubber}]
contact_reports:
  - {name: landing, shapes: [floor, head]}
  - {name: all, bodies: [floor, ball]}
  - {name: on_ball, body: ball}
)";

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto pos = s.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return s.replace(pos, from.size(), to);
}

// A hammer of a steel head (0.1 m cube, 8 kg) 0.3 m out along x and a rubber handle (a cylinder of
// radius 0.02 and length 0.6 along x, 0.905 kg): mass, centre of mass and inertia from the two.
TEST(ShapeFile, BuildsShapesMaterialsAndMassesFromShapes) {
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("m.yaml", kGood));
  const Model& m = mf.model;
  ASSERT_EQ(m.shapes.size(), 4u);
  EXPECT_EQ(m.shapes[0].name, "floor");  // a body's only shape takes the body's name
  EXPECT_EQ(m.shapes[1].name, "head");
  EXPECT_EQ(m.shapes[0].geometry.normal, Vec3::UnitZ());
  EXPECT_EQ(m.shapes[2].group, 2u);
  EXPECT_EQ(m.shapes[2].mask, 4u);  // group 3: it meets nothing here
  const double head = 8000 * 0.001, handle = 1200 * std::numbers::pi * 0.02 * 0.02 * 0.6;
  const Body& hammer = m.bodies[2];
  EXPECT_NEAR(hammer.mass, head + handle, 1e-12);
  const double xc = 0.3 * head / (head + handle);
  // The body moved to its centre of mass, and its shapes by −c in its frame.
  EXPECT_NEAR(hammer.spatial.position.x(), 1 + xc, 1e-14);
  EXPECT_NEAR(m.shapes[1].pose.position.x(), 0.3 - xc, 1e-14);
  EXPECT_NEAR(m.shapes[2].pose.position.x(), -xc, 1e-14);
  // About y: the head's own 8·(0.01 + 0.01)/12 plus 8·(0.3 − xc)², the handle's m(3r² + L²)/12 (L along x) plus m xc².
  const double iyy = head * 0.02 / 12 + head * std::pow(0.3 - xc, 2) + handle * (3 * 0.0004 + 0.36) / 12 + handle * xc * xc;
  EXPECT_NEAR(hammer.spatial.principal_moments.maxCoeff(), iyy, 1e-12);
  // A body with a mass keeps it; its centre of mass moves its position.
  EXPECT_NEAR(m.bodies[3].spatial.position.z(), 2.01, 1e-15);
  EXPECT_NEAR(m.shapes[3].pose.position.z(), -0.01, 1e-15);
  // Laws: steel-steel its own, steel-rubber the pair's.
  EXPECT_DOUBLE_EQ(m.shape_laws(0, 1)->friction->static_coefficient(), 0.4);
  EXPECT_DOUBLE_EQ(m.shape_laws(0, 3)->friction->static_coefficient(), 0.9);
  ASSERT_EQ(m.contact_reports.size(), 3u);
  EXPECT_EQ(m.contact_reports[0].kind, ContactReport::Kind::shapes);
  EXPECT_EQ(m.contact_reports[1].second, 3);
  EXPECT_EQ(m.contact_reports[2].kind, ContactReport::Kind::body);
}

// `stickslip view` draws the shapes a body carries, where the model puts them: the hammer's head
// box 0.3 − x_c off its centre of mass, the handle a cylinder turned onto x, the floor a plane whose
// normal (0, 0, 2) given unnormalised becomes the scene plane's z axis.
TEST(ShapeFile, TheAnimationSceneDrawsTheBodiesShapes) {
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("m.yaml", kGood));
  const Scene scene = scene_from_model(mf.model);
  const SceneBody& floor = scene.bodies[1];
  const SceneBody& hammer = scene.bodies[2];
  ASSERT_EQ(floor.shapes.size(), 1u);
  EXPECT_EQ(floor.shapes[0].kind, SceneShape::Kind::plane);
  EXPECT_NEAR((floor.shapes[0].orientation * Vec3::UnitZ() - Vec3::UnitZ()).norm(), 0.0, 1e-15);
  ASSERT_EQ(hammer.shapes.size(), 2u);
  EXPECT_EQ(hammer.shapes[0].kind, SceneShape::Kind::box);
  EXPECT_EQ(hammer.shapes[0].size, Vec3::Constant(0.1));
  EXPECT_EQ(hammer.shapes[0].position, mf.model.shapes[1].pose.position);
  EXPECT_EQ(hammer.shapes[1].kind, SceneShape::Kind::cylinder);
  EXPECT_DOUBLE_EQ(hammer.shapes[1].length, 0.6);
  EXPECT_NEAR((hammer.shapes[1].orientation * Vec3::UnitZ() - Vec3::UnitX()).norm(), 0.0, 1e-15);
  EXPECT_EQ(scene.bodies[3].shapes[0].kind, SceneShape::Kind::sphere);  // the ball
}

// A mesh file next to the model, scaled from millimetres: a convex hull of the tetrahedron's
// vertices, its volume (1/6 of the 1 m corner cube, scaled by 1e-9) giving the body its mass.
TEST(ShapeFile, ReadsMeshFilesBesideTheModel) {
  test::TempDir dir;
  dir.write("tet.obj", "v 0 0 0\nv 1000 0 0\nv 0 1000 0\nv 0 0 1000\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
  const std::string yaml = replace(kGood, "shapes: [{type: sphere, radius: 0.1, material: rubber}]",
                                   "shapes: [{type: convex_hull, mesh: tet.obj, scale: 0.001, material: rubber}]");
  const ModelFile mf = read_model_file(dir.write("m.yaml", replace(yaml, "    mass: 1\n    inertia: [0.004, 0.004, 0.004]\n    center_of_mass: [0, 0, 0.01]\n", "")));
  EXPECT_NEAR(mf.model.bodies[3].mass, 1200.0 / 6, 1e-9);
  EXPECT_NE(std::find(mf.input_files.begin(), mf.input_files.end(), dir.file("tet.obj")), mf.input_files.end());
}

struct Expected {
  int line;
  std::string path, part;
};

void expect_error(const std::string& yaml, const Expected& e, const std::string& extra_file = "", const std::string& extra_text = "") {
  test::TempDir dir;
  if (!extra_file.empty()) dir.write(extra_file, extra_text);
  const std::string file = dir.write("model.yaml", yaml);
  try {
    read_model_file(file);
    FAIL() << "no error; expected " << e.path;
  } catch (const InputError& err) {
    EXPECT_EQ(err.file(), file);
    EXPECT_EQ(err.line(), e.line) << err.what();
    EXPECT_EQ(err.path(), e.path) << err.what();
    EXPECT_NE(std::string(err.what()).find(e.part), std::string::npos) << err.what();
  }
}

const char* kBall = "shapes: [{type: sphere, radius: 0.1, material: rubber}]";

TEST(ShapeFile, RefusesBadShapesAtTheirLine) {
  expect_error(replace(kGood, kBall, "shapes: [{type: sphere, radius: 0, material: rubber}]"),
               {23, "bodies[2].shapes[0].radius", "must be > 0"});
  expect_error(replace(kGood, kBall, "shapes: [{type: convex_hull, points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]], material: rubber}]"),
               {23, "bodies[2].shapes[0].points", "one plane"});
  expect_error(replace(kGood, kBall, "shapes: [{type: convex_hull, mesh: missing.stl, material: rubber}]"),
               {23, "bodies[2].shapes[0].mesh", "missing.stl: no such file"});
  expect_error(replace(kGood, kBall, "shapes: [{type: triangle_mesh, mesh: m.obj, material: rubber}]"),
               {23, "bodies[2].shapes[0].mesh", "m.obj: holds no triangles"}, "m.obj", "this is not a mesh");
  // A box with its top pushed in: not convex.
  expect_error(replace(kGood, kBall, "shapes: [{type: convex_hull, mesh: dent.obj, material: rubber}]"),
               {23, "bodies[2].shapes[0].mesh", "not convex"}, "dent.obj",
               "v -1 -1 -1\nv 1 -1 -1\nv -1 1 -1\nv 1 1 -1\nv -1 -1 1\nv 1 -1 1\nv -1 1 1\nv 1 1 1\nv 0 0 0.5\n"
               "f 1 5 7 3\nf 2 4 8 6\nf 1 2 6 5\nf 3 7 8 4\nf 1 3 4 2\nf 5 6 9\nf 6 8 9\nf 8 7 9\nf 7 5 9\n");
  expect_error(replace(kGood, kBall, "shapes: [{type: sphere, radius: 0.1, material: wood}]"),
               {23, "bodies[2].shapes[0].material", "unknown material 'wood'"});
  expect_error(replace(kGood, "  - name: ball\n", "  - name: ball\n    colour: red\n"), {19, "bodies[2].colour", "unknown key"});
  // A plane on a dynamic body has no volume to give it a mass.
  expect_error(replace(kGood, kBall, "shapes: [{type: plane, normal: [0, 0, 1], material: rubber}]"),
               {23, "bodies[2].shapes[0].type", "fixed or prescribed body"});
}

TEST(ShapeFile, RefusesMissingLawsAndNames) {
  // Rubber meets rubber (the handle, now colliding with group 1, and the ball) without laws of its own.
  expect_error(replace(kGood, "collides_with: [3]", "collides_with: [1]"), {5, "materials[1]", "no contact laws"});
  expect_error(replace(kGood, "  - {materials: [steel, rubber], impact: {law: newton, e: 0.2}, friction: {law: coulomb, mu_s: 0.9, mu_k: 0.8}}\n",
                       "  - {materials: [steel, rubber]}\n"),
               {7, "material_pairs[0]", "needs an 'impact' or a 'normal' law"});
  expect_error(replace(kGood, "{name: landing, shapes: [floor, head]}", "{name: landing, shapes: [floor, blade]}"),
               {25, "contact_reports[0].shapes[1]", "unknown shape 'blade'"});
  expect_error(replace(kGood, "dimension: spatial\ngravity: [0, 0, -9.81]\n", "gravity: [0, -9.81]\n"),
               {3, "materials", "dimension: spatial"});  // the list, on the line after its key
  expect_error(replace(kGood, "group: 2", "group: 33"), {17, "bodies[1].shapes[1].group", "from 1 to 32"});
}

// A mesh beyond the documented bound (kMaxMeshTriangles): 500 001 triangles on three vertices, refused
// at its key with the count (the reader counts before it checks the triangles themselves).
TEST(ShapeFile, RefusesAMeshBeyondTheTriangleBound) {
  test::TempDir dir;
  {
    std::ofstream obj(dir.file("huge.obj"));
    obj << "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    for (std::size_t k = 0; k <= geometry::kMaxMeshTriangles; ++k) obj << "f 1 2 3\n";
  }
  const std::string file = dir.write("model.yaml", replace(kGood, kBall, "shapes: [{type: triangle_mesh, mesh: huge.obj, material: rubber}]"));
  try {
    read_model_file(file);
    FAIL() << "a mesh of 500 001 triangles was read";
  } catch (const InputError& err) {
    EXPECT_EQ(err.line(), 23);
    EXPECT_EQ(err.path(), "bodies[2].shapes[0].mesh");
    EXPECT_NE(std::string(err.what()).find("500001 triangles, more than the 500000"), std::string::npos) << err.what();
  }
}

}  // namespace shape_file_test
}  // namespace stickslip
