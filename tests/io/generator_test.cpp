// The `generators` section: the block_wall generator's bodies and contacts, and its errors (file,
// line, key path like every other section).
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "io/input_error.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace generator_test {

const char* kWall = R"(gravity: [0, -9.81]
bodies:
  - {name: table, motion: prescribed, x: 0, y: 0.5}
generators:
  - type: block_wall
    name: wall
    rows: 3
    columns: 2
    bond: running
    block: {width: 0.4, height: 0.2, mass: 16}
    origin: [0, 0.5]
    base: table
    base_line: {point: [0, 0], direction: [1, 0]}
    impact: {law: newton, e: 0}
    friction: {law: coulomb, mu_s: 0.7, mu_k: 0.6}
    base_friction: {law: coulomb, mu_s: 0.5, mu_k: 0.5}
)";

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto pos = s.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return s.replace(pos, from.size(), to);
}

const Contact* find_contact(const Model& m, const std::string& name) {
  for (const Contact& c : m.contacts)
    if (c.name == name) return &c;
  return nullptr;
}

// Running bond, 3 rows of 2, 3 (a half block, a full block, a half block), 2 blocks: positions stack
// exactly, the odd row is shifted by half a block. Contacts: 4 on the base; 8 between rows 0 and 1
// and 8 between rows 1 and 2 (each overlapping pair: the upper corners above the lower top edge and
// the lower corners strictly under the upper bottom edge, 2 per pair); 4 per pair of neighbours in
// a row (16).
TEST(BlockWallGenerator, RunningBondBodiesAndContacts) {
  const ModelFile mf = test::model_from_yaml(kWall);
  const Model& m = mf.model;
  ASSERT_EQ(m.bodies.size(), 1u + 1u + 7u);  // ground, table, 7 blocks
  const int half = m.body_index("wall_1_0"), full = m.body_index("wall_1_1");
  ASSERT_GE(half, 0);
  ASSERT_GE(full, 0);
  EXPECT_DOUBLE_EQ(m.bodies[full].position.x(), 0.2);  // half of width + spacing
  EXPECT_DOUBLE_EQ(m.bodies[full].position.y(), 0.5 + 1.5 * 0.2);
  EXPECT_DOUBLE_EQ(m.bodies[half].position.x(), -0.1);  // a half block closes the row
  EXPECT_DOUBLE_EQ(m.bodies[half].mass, 8);
  EXPECT_NEAR(m.bodies[half].inertia, 8 * (0.04 + 0.04) / 12, 1e-15);
  EXPECT_NEAR(m.bodies[full].inertia, 16 * (0.16 + 0.04) / 12, 1e-15);
  EXPECT_DOUBLE_EQ(m.bodies[m.body_index("wall_0_1")].position.x(), 0.4);
  EXPECT_EQ(m.contacts.size(), 4u + 8u + 8u + 16u);

  const Contact* base = find_contact(m, "wall_0_1_br_base");
  ASSERT_NE(base, nullptr);
  EXPECT_EQ(base->body_i, m.body_index("table"));
  EXPECT_DOUBLE_EQ(base->friction->static_coefficient(), 0.5);  // base_friction
  EXPECT_TRUE(std::isinf(base->extent_max));

  // Upper corner on the lower block's top edge: the edge reaches a hair beyond the block.
  const Contact* up = find_contact(m, "wall_1_1_bl_on_0_0");
  ASSERT_NE(up, nullptr);
  EXPECT_EQ(up->body_i, m.body_index("wall_0_0"));
  EXPECT_EQ(up->body_j, full);
  EXPECT_EQ(up->line_point, Vec2(0, 0.1));
  EXPECT_GT(up->extent_max, 0.2);
  EXPECT_DOUBLE_EQ(up->friction->static_coefficient(), 0.7);
  // Lower corner under the upper block's bottom edge: the edge stops a hair short of the corner.
  const Contact* down = find_contact(m, "wall_0_1_tl_on_1_1");
  ASSERT_NE(down, nullptr);
  EXPECT_EQ(down->body_i, full);
  EXPECT_EQ(down->line_direction, Vec2(-1, 0));
  EXPECT_LT(down->extent_max, 0.2);
  // The half block's outer edge is aligned with the block below: one contact owns that corner.
  EXPECT_NE(find_contact(m, "wall_1_0_bl_on_0_0"), nullptr);
  EXPECT_EQ(find_contact(m, "wall_0_0_tl_on_1_0"), nullptr);
  // Side neighbours.
  EXPECT_NE(find_contact(m, "wall_1_1_tr_on_1_2"), nullptr);
  EXPECT_NE(find_contact(m, "wall_2_0_tr_on_2_1"), nullptr);
  EXPECT_NE(find_contact(m, "wall_2_1_bl_on_2_0"), nullptr);
}

// Initial gaps are zero (to rounding) wherever blocks touch: the wall starts at rest in contact.
TEST(BlockWallGenerator, StacksExactly) {
  ModelFile mf = test::model_from_yaml(replace(kWall, "bond: running", "bond: stack"));
  EXPECT_EQ(mf.model.bodies.size(), 2u + 6u);
  EXPECT_NE(find_contact(mf.model, "wall_1_1_br_on_0_1"), nullptr);
  // Aligned corners are one contact: the lower block's corner is not also put under the upper edge.
  EXPECT_EQ(find_contact(mf.model, "wall_0_1_tr_on_1_1"), nullptr);
}

TEST(BlockWallGenerator, NoBodiesSectionNeeded) {
  const std::string yaml = R"(generators:
  - {type: block_wall, name: stack, rows: 4, block: {width: 1, height: 1, mass: 1}, impact: {law: newton, e: 0}}
)";
  const ModelFile mf = test::model_from_yaml(yaml);
  EXPECT_EQ(mf.model.bodies.size(), 5u);
  EXPECT_EQ(mf.model.contacts.size(), 2u + 3u * 2u);
}

// side_contacts: false leaves out the contacts between neighbours in a row (the 16 of the running-bond
// wall above), and with them any push from one block to the next: two blocks side by side on a
// frictionless floor, the left one pushed by 10 N. With side contacts they move together at
// F/(2m) (the time-stepping scheme holds the shared edge exactly); without, the left block moves at
// F/m into the right one, which stays where it is.
TEST(BlockWallGenerator, SideContactsCanBeLeftOut) {
  const ModelFile without = test::model_from_yaml(replace(kWall, "    base: table\n", "    base: table\n    side_contacts: false\n"));
  EXPECT_EQ(without.model.contacts.size(), 4u + 8u + 8u);
  EXPECT_EQ(find_contact(without.model, "wall_1_1_tr_on_1_2"), nullptr);
  EXPECT_EQ(find_contact(without.model, "wall_2_1_bl_on_2_0"), nullptr);
  EXPECT_NE(find_contact(without.model, "wall_1_1_bl_on_0_0"), nullptr);

  for (const bool side : {true, false}) {
    const std::string yaml = std::string("gravity: [0, -9.81]\ngenerators:\n") +
                             "  - {type: block_wall, name: row, columns: 2, block: {width: 0.2, height: 0.2, mass: 2}, "
                             "impact: {law: newton, e: 0}, side_contacts: " + (side ? "true" : "false") + "}\n"
                             "forces:\n  - {name: push, type: point_force, body: row_0_0, fx: 10}\n"
                             "simulation: {scheme: time-stepping, t_end: 0.1, output_interval: 0.1, step: 1e-3}\n";
    const ModelFile mf = test::model_from_yaml(yaml);
    MemorySink out;
    simulate(mf.model, mf.options, out);
    const double t = 0.1, a_pushed = side ? 10.0 / 4 : 10.0 / 2, a_other = side ? 10.0 / 4 : 0.0;
    // The midpoint rule integrates a constant acceleration exactly: x = x0 + a t² / 2.
    EXPECT_NEAR(out.series("row_0_0.x").back(), 0.0 + a_pushed * t * t / 2, 1e-9) << "side_contacts " << side;
    EXPECT_NEAR(out.series("row_0_1.x").back(), 0.2 + a_other * t * t / 2, 1e-9) << "side_contacts " << side;
  }
}

void expect_error(const std::string& yaml, int line, const std::string& path, const std::string& part) {
  test::TempDir dir;
  const std::string file = dir.write("wall.yaml", yaml);
  try {
    read_model_file(file);
    FAIL() << "no error; expected " << path;
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_EQ(e.path(), path) << e.what();
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(BlockWallGenerator, ErrorsNameTheirKey) {
  expect_error(replace(kWall, "rows: 3", "rows: 0"), 7, "generators[0].rows", "must be >= 1");
  expect_error(replace(kWall, "rows: 3", "rows: 2.5"), 7, "generators[0].rows", "whole number");
  expect_error(replace(kWall, "columns: 2", "colums: 2"), 8, "generators[0].colums", "unknown key");
  expect_error(replace(kWall, "mass: 16", "mass: -1"), 10, "generators[0].block.mass", "must be > 0");
  expect_error(replace(kWall, "base: table", "base: floor"), 12, "generators[0].base", "unknown body 'floor'");
  expect_error(replace(kWall, "bond: running", "bond: english"), 9, "generators[0].bond", "unknown value");
  expect_error(replace(kWall, "columns: 2", "columns: 1"), 9, "generators[0].bond", "at least 2 columns");
  expect_error(replace(kWall, "type: block_wall", "type: pyramid"), 5, "generators[0].type", "unknown value");
  expect_error(replace(kWall, "    impact: {law: newton, e: 0}\n", ""), 5, "generators[0]", "'normal' force law or an 'impact'");
  // A generated name that collides with a body of the file.
  expect_error(replace(kWall, "y: 0.5}\n", "y: 0.5}\n  - {name: wall_1_0, mass: 1, inertia: 1}\n"), 7,
               "generators[0].name", "duplicate name 'wall_1_0'");
}

}  // namespace generator_test
}  // namespace stickslip
