// Visuals of spatial bodies (io/shape_reader.cpp, model/shapes.hpp BodyVisual; docs/model-format.md,
// "Visuals"): drawn only, they leave the mechanics alone and reach the animation data whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include <yaml-cpp/yaml.h>

#include "../simulation_support.hpp"
#include "../test_support.hpp"
#include "io/animation_data.hpp"
#include "io/animation_scene.hpp"
#include "io/shape_mesh.hpp"
#include "io/input_error.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace visual_file_test {

// A box (density from its material, its shape off the body frame so that the centre of mass moves)
// dropped tilted onto a plane under time-stepping: a run with contacts that open and close.
const char* kDrop = R"(dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: steel, density: 7800, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.4, mu_k: 0.3}}
bodies:
  - name: floor
    motion: fixed
    shapes: [{type: plane, normal: [0, 0, 1], material: steel}]
  - name: brick
    position: [0, 0, 0.2]
    orientation: {axis: [1, 1, 0], angle: 0.3}
    velocity: [0.3, 0, 0]
    shapes: [{type: box, half_extents: [0.1, 0.05, 0.03], position: [0.02, 0, 0], material: steel}]
simulation: {scheme: time-stepping, step: 1e-3, t_end: 0.4, output_interval: 0.01}
)";

// The same with visuals on both bodies: a triangle mesh on the moving brick (a pyramid, scaled
// from millimetres, turned and lifted), a sphere without colour, and a box on the floor.
const char* kVisuals = R"(    visuals:
      - {type: triangle_mesh, mesh: pyramid.obj, scale: 0.001, position: [0.1, 0.2, 0.3], orientation: {axis: [0, 0, 1], angle: 0.5}, color: [0.9, 0.1, 0.2, 0.75]}
      - {type: sphere, radius: 0.5}
)";
const char* kPyramid = "v 0 0 0\nv 100 0 0\nv 0 100 0\nv 0 0 100\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";

std::string with_visuals() {
  std::string yaml = kDrop;
  const std::string brick_shapes = "material: steel}]\nsimulation";
  yaml.replace(yaml.find(brick_shapes), brick_shapes.size(), "material: steel}]\n" + std::string(kVisuals) + "simulation");
  const std::string floor = "    shapes: [{type: plane, normal: [0, 0, 1], material: steel}]\n";
  yaml.replace(yaml.find(floor), floor.size(), floor + "    visuals: [{type: box, half_extents: [1, 1, 0.01], color: [0.5, 0.5, 0.5]}]\n");
  return yaml;
}

ModelFile read_with_mesh(const std::string& yaml) {
  test::TempDir dir;
  dir.write("pyramid.obj", kPyramid);
  return read_model_file(dir.write("model.yaml", yaml));
}

// A visual that overlaps the floor (the sphere of radius 0.5 reaches 0.3 m below it) and a mesh that
// may not collide on a moving body: the mass, the inertia, the shapes the detection sees and the
// whole run are those of the model without visuals, bit for bit (they take no part at all).
TEST(Visuals, LeaveMassInertiaAndContactsAlone) {
  const ModelFile plain = test::model_from_yaml(kDrop);
  const ModelFile drawn = read_with_mesh(with_visuals());
  ASSERT_EQ(drawn.model.visuals.size(), 3u);
  EXPECT_TRUE(plain.model.visuals.empty());
  const Body &a = plain.model.bodies[2], &b = drawn.model.bodies[2];
  EXPECT_EQ(a.mass, b.mass);
  EXPECT_EQ(a.spatial.inertia, b.spatial.inertia);
  EXPECT_EQ(a.spatial.position, b.spatial.position);
  ASSERT_EQ(drawn.model.shapes.size(), plain.model.shapes.size());
  for (std::size_t k = 0; k < plain.model.shapes.size(); ++k) EXPECT_EQ(drawn.model.shapes[k].name, plain.model.shapes[k].name);
  const MemorySink x = test::run(plain), y = test::run(drawn);
  EXPECT_EQ(x.columns, y.columns);
  ASSERT_EQ(x.rows.size(), y.rows.size());
  for (std::size_t k = 0; k < x.rows.size(); ++k) ASSERT_EQ(x.rows[k], y.rows[k]) << "row " << k;
  // The brick lands: the run has contacts, not a free fall that would pass with any contact set.
  EXPECT_LT(test::at(x, x.rows.size() - 1, "brick.z"), 0.1);
}

// A channel or packed array of the data as numbers (animation_test.cpp's reader, f32 and u32 only).
std::vector<double> packed(const YAML::Node& node) {
  const std::string type = node.begin()->first.as<std::string>(), text = node.begin()->second.as<std::string>();
  const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes;
  unsigned buffer = 0;
  int bits = 0;
  for (const char c : text) {
    if (c == '=') break;
    buffer = (buffer << 6) | static_cast<unsigned>(digits.find(c));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes += static_cast<char>((buffer >> bits) & 255);
    }
  }
  std::vector<double> out;
  for (std::size_t k = 0; k + 4 <= bytes.size(); k += 4) {
    if (type == "f32") {
      float v;
      std::memcpy(&v, bytes.data() + k, 4);
      out.push_back(v);
    } else {
      std::uint32_t v;
      std::memcpy(&v, bytes.data() + k, 4);
      out.push_back(v);
    }
  }
  return out;
}

// The mesh reaches the scene scaled, with its triangles, at its pose in the body frame moved with the
// centre of mass (the box's 0.02 m offset: the frame the page places the body's shapes in), in its
// colour; then the animation data, vertices in single precision (a drawing's precision), the colour
// exact. A visual without colour has none in the data (the page draws the body's colour).
TEST(Visuals, ReachTheAnimationDataWithVerticesPoseAndColour) {
  const ModelFile mf = read_with_mesh(with_visuals());
  const Scene scene = scene_from_model(mf.model);
  const SceneBody& brick = scene.bodies[2];
  ASSERT_EQ(brick.shapes.size(), 1u);
  ASSERT_EQ(brick.visuals.size(), 2u);
  const SceneShape& mesh = brick.visuals[0];
  EXPECT_EQ(mesh.kind, SceneShape::Kind::mesh);
  ASSERT_EQ(mesh.vertices.size(), 4u);
  ASSERT_EQ(mesh.triangles.size(), 4u);
  for (const Vec3& p : {Vec3(0, 0, 0), Vec3(0.1, 0, 0), Vec3(0, 0.1, 0), Vec3(0, 0, 0.1)}) {  // 100 mm, in any order
    EXPECT_TRUE(std::any_of(mesh.vertices.begin(), mesh.vertices.end(), [&](const Vec3& x) { return (x - p).norm() <= 1e-15; }))
        << p.transpose();
  }
  EXPECT_NEAR((mesh.position - Vec3(0.1 - 0.02, 0.2, 0.3)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((mesh.orientation * Vec3::UnitX() - Vec3(std::cos(0.5), std::sin(0.5), 0)).norm(), 0.0, 1e-15);
  EXPECT_EQ(mesh.color, (std::array<double, 4>{0.9, 0.1, 0.2, 0.75}));
  EXPECT_EQ(brick.visuals[1].kind, SceneShape::Kind::sphere);
  EXPECT_TRUE(std::isnan(brick.visuals[1].color[0]));
  EXPECT_EQ(scene.bodies[1].visuals.at(0).color, (std::array<double, 4>{0.5, 0.5, 0.5, 1}));  // opacity 1 by default

  ResultTable r;
  r.file = "r.csv";
  r.names = {"t", "brick.x", "brick.y", "brick.z", "brick.qw", "brick.qx", "brick.qy", "brick.qz"};
  r.columns = {{0.0}, {0.0}, {0.0}, {0.2}, {1.0}, {0.0}, {0.0}, {0.0}};
  const YAML::Node d = YAML::Load(animation_data_json(scene, r, {}, {}));
  const YAML::Node v = d["bodies"][2]["visuals"];
  ASSERT_TRUE(v && v.size() == 2);
  EXPECT_EQ(v[0]["kind"].as<std::string>(), "mesh");
  const std::vector<double> vertices = packed(v[0]["vertices"]), triangles = packed(v[0]["triangles"]);
  ASSERT_EQ(vertices.size(), 12u);
  for (std::size_t k = 0; k < 12; ++k) EXPECT_EQ(vertices[k], static_cast<float>(mesh.vertices[k / 3][static_cast<int>(k % 3)]));
  ASSERT_EQ(triangles.size(), 12u);
  for (std::size_t k = 0; k < 12; ++k) EXPECT_EQ(triangles[k], mesh.triangles[k / 3][k % 3]);
  EXPECT_EQ(v[0]["position"].as<std::vector<double>>(), (std::vector<double>{mesh.position.x(), mesh.position.y(), mesh.position.z()}));
  EXPECT_EQ(v[0]["color"].as<std::vector<double>>(), (std::vector<double>{0.9, 0.1, 0.2, 0.75}));
  EXPECT_FALSE(v[1]["color"]);
  EXPECT_EQ(d["bodies"][2]["shapes"].size(), 1u);  // the collision box, drawn as before
  EXPECT_FALSE(d["bodies"][0]["visuals"]);         // no visuals: no key
}

// Data whose visuals alone exceed the page's limit: the page is made without them (drawn by the
// collision shapes), the same data as a scene without visuals, and says so.
TEST(Visuals, AreLeftOutWhenTheyAloneExceedThePagesSize) {
  const ModelFile mf = read_with_mesh(with_visuals());
  const Scene scene = scene_from_model(mf.model);
  Scene bare = scene;
  for (SceneBody& b : bare.bodies) b.visuals.clear();
  ResultTable r;
  r.file = "r.csv";
  r.names = {"t", "brick.x", "brick.y", "brick.z", "brick.qw", "brick.qx", "brick.qy", "brick.qz"};
  r.columns = {{0.0, 1.0}, {0.0, 0.0}, {0.0, 0.0}, {0.2, 0.1}, {1.0, 1.0}, {0.0, 0.0}, {0.0, 0.0}, {0.0, 0.0}};
  AnimationOptions o;
  const std::string with = animation_data_json(scene, r, {}, o), without = animation_data_json(bare, r, {}, o);
  ASSERT_LT(without.size(), with.size());
  o.max_data_chars = (with.size() + without.size()) / 2;
  const AnimationData d = animation_data(scene, r, {}, o);
  EXPECT_TRUE(d.visuals_dropped);
  EXPECT_EQ(d.json, without);
  o.max_data_chars = with.size();
  EXPECT_FALSE(animation_data(scene, r, {}, o).visuals_dropped);
}

// The ParaView series draws a body with visuals by them, as the page does: the bodies' piece holds the
// visuals' triangles (the brick's pyramid and sphere, the floor's box) and the others' shapes.
TEST(Visuals, TheParaViewSeriesDrawsThem) {
  test::TempDir dir;
  dir.write("pyramid.obj", kPyramid);
  const std::string model = dir.write("model.yaml", with_visuals());
  ASSERT_EQ(test::run_cli("run " + model + " -o " + dir.file("out.csv") + " --t-end 0.02").exit_code, 0);
  const test::CommandResult vtk = test::run_cli("view " + dir.file("out.csv") + " --model " + model + " --format vtk -o " + dir.file("s.pvd"));
  ASSERT_EQ(vtk.exit_code, 0) << vtk.out;
  const Scene scene = scene_from_model(read_model_file(model).model);
  std::size_t triangles = 0, collision = 0;
  for (const SceneBody& b : scene.bodies) {
    for (const SceneShape& s : b.visuals.empty() ? b.shapes : b.visuals) triangles += shape_mesh(s, 1.0).triangles.size();
    for (const SceneShape& s : b.shapes) collision += shape_mesh(s, 1.0).triangles.size();
  }
  ASSERT_NE(triangles, collision);  // the count tells which were written
  const std::string piece = test::read_text(dir.file("s_vtk/bodies_000000.vtu"));
  EXPECT_NE(piece.find("NumberOfCells=\"" + std::to_string(triangles) + "\""), std::string::npos) << piece.substr(0, 400);
}

void expect_error(const std::string& yaml, int line, const std::string& path, const std::string& part) {
  test::TempDir dir;
  dir.write("pyramid.obj", kPyramid);
  const std::string file = dir.write("model.yaml", yaml);
  try {
    read_model_file(file);
    FAIL() << "no error; expected " << path;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), file);
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_EQ(e.path(), path) << e.what();
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto pos = s.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return s.replace(pos, from.size(), to);
}

TEST(Visuals, BadVisualsAreRefusedAtTheirLine) {
  const std::string good = with_visuals();
  expect_error(replace(good, "color: [0.9, 0.1, 0.2, 0.75]", "color: [0.9, 0.1, 2, 0.75]"), 16, "bodies[1].visuals[0].color[2]", "from 0 to 1");
  expect_error(replace(good, "color: [0.9, 0.1, 0.2, 0.75]", "color: [0.9, 0.1]"), 16, "bodies[1].visuals[0].color", "[red, green, blue]");
  expect_error(replace(good, "mesh: pyramid.obj", "mesh: none.obj"), 16, "bodies[1].visuals[0].mesh", "none.obj: no such file");
  // Drawn only: no material, density or collision group.
  expect_error(replace(good, "{type: sphere, radius: 0.5}", "{type: sphere, radius: 0.5, material: steel}"), 17,
               "bodies[1].visuals[1].material", "unknown key");
  expect_error(replace(good, "{type: sphere, radius: 0.5}", "{type: sphere, radius: -1}"), 17, "bodies[1].visuals[1].radius", "must be > 0");
}

}  // namespace visual_file_test
}  // namespace stickslip
