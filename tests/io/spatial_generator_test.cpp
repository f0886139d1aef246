// Generators of spatial models (io/spatial_generators.cpp; docs/model-format.md, "Spatial generators"):
// where they put their parts, their masses, the pile's seed, and the bounds.
#include <gtest/gtest.h>

#include "../simulation_support.hpp"
#include "io/input_error.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace spatial_generator_test {

std::string model(const std::string& generators) {
  return R"(dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: wood, density: 500, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.6, mu_k: 0.5}}
generators:
)" + generators;
}

ModelFile read(const std::string& yaml) {
  test::TempDir dir;
  return read_model_file(dir.write("m.yaml", yaml));
}

const Body& body(const Model& m, const std::string& name) { return m.bodies[static_cast<std::size_t>(m.body_index(name))]; }

TEST(SpatialGenerator, StackPutsPartsOnTopOfOneAnother) {
  const ModelFile mf = read(model(
      "  - {type: stack, name: tower, count: 3, origin: [1, 2, 0], spacing: 0.001,\n"
      "     part: {type: box, half_extents: [0.1, 0.1, 0.05], material: wood}}\n"));
  for (int k = 0; k < 3; ++k) {
    const Body& b = body(mf.model, "tower_" + std::to_string(k));
    EXPECT_LT((b.spatial.position - Vec3(1, 2, 0.05 + k * 0.101)).norm(), 1e-15);
    EXPECT_NEAR(b.mass, 500 * 0.2 * 0.2 * 0.1, 1e-12);
  }
  EXPECT_EQ(mf.model.shapes.size(), 3u);
  EXPECT_EQ(mf.model.shapes[2].name, "tower_2");
}

// Running bond: row 0 three bricks at pitch 0.41 (0.4 m bricks, 0.01 spacing); row 1 a half brick of
// (0.4 − 0.01)/2 = 0.195 m at each end and two whole bricks between, at the half pitch.
TEST(SpatialGenerator, WallLaysRunningBond) {
  const ModelFile mf = read(model(
      "  - {type: wall, name: w, rows: 2, columns: 3, bond: running, spacing: 0.01, direction: [0, 1, 0],\n"
      "     brick: {type: box, half_extents: [0.2, 0.1, 0.1], material: wood}}\n"));
  EXPECT_EQ(mf.model.bodies.size(), 1u + 3 + 4);
  EXPECT_LT((body(mf.model, "w_0_2").spatial.position - Vec3(0, 0.82, 0.1)).norm(), 1e-15);
  EXPECT_LT((body(mf.model, "w_1_0").spatial.position - Vec3(0, -0.2 + 0.0975, 0.3)).norm(), 1e-15);
  EXPECT_LT((body(mf.model, "w_1_1").spatial.position - Vec3(0, 0.205, 0.3)).norm(), 1e-15);
  EXPECT_LT((body(mf.model, "w_1_3").spatial.position - Vec3(0, 0.82 + 0.2 - 0.0975, 0.3)).norm(), 1e-15);
  EXPECT_NEAR(body(mf.model, "w_1_0").mass, 500 * 0.195 * 0.2 * 0.2, 1e-12);
  // The bricks turned to run along y: their x axis is the world's y.
  EXPECT_LT((body(mf.model, "w_0_0").spatial.orientation * Vec3::UnitX() - Vec3::UnitY()).norm(), 1e-15);
}

const char* kPile =
    "  - type: pile\n"
    "    name: p\n"
    "    count: 40\n"
    "    seed: 7\n"
    "    parts:\n"
    "      - {type: box, half_extents: [0.03, 0.02, 0.01], material: wood}\n"
    "      - {type: sphere, radius: 0.02, material: wood}\n"
    "      - {type: capsule, radius: 0.01, half_length: 0.02, material: wood}\n"
    "    region: {center: [0, 0, 0.3], half_extents: [0.15, 0.15, 0.2]}\n"
    "    bin: {half_extents: [0.2, 0.2], height: 0.2, thickness: 0.03, material: wood}\n";

// Parts in turn, each within its lattice cell (bounding spheres apart), the same from the same seed.
TEST(SpatialGenerator, PileFillsItsRegionFromASeed) {
  const ModelFile a = read(model(kPile)), b = read(model(kPile));
  const std::string other = test::replace_all(kPile, "seed: 7", "seed: 8");
  const ModelFile c = read(model(other));
  const Model& m = a.model;
  ASSERT_EQ(m.bodies.size(), 1u + 40 + 1);  // ground, the parts, the bin
  EXPECT_EQ(m.shapes.size(), 40u + 5);
  EXPECT_EQ(m.shapes[1].geometry.kind, geometry::ShapeKind::sphere);
  bool differs = false;
  for (int k = 0; k < 40; ++k) {
    const Body& x = body(m, "p_" + std::to_string(k));
    EXPECT_EQ(x.spatial.position, body(b.model, "p_" + std::to_string(k)).spatial.position);
    differs = differs || x.spatial.position != body(c.model, "p_" + std::to_string(k)).spatial.position;
    EXPECT_LT((x.spatial.position - Vec3(0, 0, 0.3)).cwiseAbs().maxCoeff(), 0.2);
    for (int j = 0; j < k; ++j) {
      const double d = (x.spatial.position - body(m, "p_" + std::to_string(j)).spatial.position).norm();
      EXPECT_GT(d, m.shapes[static_cast<std::size_t>(k)].geometry.bounding_radius() +
                       m.shapes[static_cast<std::size_t>(j)].geometry.bounding_radius());
    }
  }
  EXPECT_TRUE(differs);
  EXPECT_EQ(body(m, "p_bin").motion, BodyMotion::fixed);
  // Its floor: 0.03 thick under z = 0, as wide as the inside and the walls.
  const BodyShape& floor = m.shapes[static_cast<std::size_t>(m.shape_index("p_bin_floor"))];
  EXPECT_EQ(floor.geometry.half_extents, Vec3(0.23, 0.23, 0.015));
  EXPECT_EQ(floor.pose.position, Vec3(0, 0, -0.015));
}

void expect_error(const std::string& yaml, int line, const std::string& path, const std::string& part) {
  test::TempDir dir;
  try {
    read_model_file(dir.write("m.yaml", yaml));
    FAIL() << "no error; expected " << path;
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_EQ(e.path(), path) << e.what();
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(SpatialGenerator, RefusesWhatItCannotBuild) {
  expect_error(model(test::replace_all(kPile, "count: 40", "count: 4000")), 14, "generators[0].region", "holds only");
  expect_error(model(test::replace_all(kPile, "count: 40", "count: 200000")), 8, "generators[0].count", "at most 100000");
  expect_error(model("  - {type: wall, name: w, brick: {type: sphere, radius: 0.1, material: wood}}\n"), 6,
               "generators[0].brick.type", "boxes");
  expect_error(model("  - {type: stack, name: s, part: {type: plane, normal: [0, 0, 1]}}\n"), 6,
               "generators[0].part.type", "a solid");
}

}  // namespace spatial_generator_test
}  // namespace stickslip
