// What a run does at the edge of the numbers (issue 36 item 7, issue 37): an output column that
// leaves the finite numbers fails the run there, naming the column and the time; the time-stepping
// scheme's memory is estimated before it is allocated; the tunnelling check's sizes and test.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "../simulation_support.hpp"
#include "formulations/memory_estimate.hpp"
#include "formulations/time_stepping/tunnelling_check.hpp"
#include "math/errors.hpp"
#include "math/memory_budget.hpp"

namespace stickslip {
namespace run_limits_test {

// rk4 on a spring of ω = 1e6 rad/s at h = 1e-2 s (h ω = 1e4, far beyond rk4's stability limit of
// 2.78): the amplitude grows by about (h ω)⁴ / 24 ≈ 4e14 per step and leaves the doubles within a
// few dozen steps. The run used to end in success with columns of inf and nan.
TEST(RunLimits, ANonFiniteOutputColumnFailsTheRunNamingIt) {
  const ModelFile mf = test::model_from_yaml(
      "bodies:\n  - {name: mass, mass: 1, inertia: 1, position: [0.01, 0]}\n"
      "forces:\n  - {name: spring, type: spring_damper, bodies: [ground, mass], stiffness: 1e12, damping: 0, rest_length: 0}\n"
      "simulation: {t_end: 1, output_interval: 0.01, integrator: rk4, step: 0.01}\n");
  MemorySink out;
  try {
    simulate(mf.model, mf.options, out);
    FAIL() << "the run ended in success";
  } catch (const NumericalError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("the output column '"), std::string::npos) << what;
    EXPECT_NE(e.element().find("output column "), std::string::npos) << e.element();
    EXPECT_GT(e.step(), 1);
    EXPECT_GT(e.t(), 0.0);
    // Every row written is finite, and the last one is the step before the failure.
    ASSERT_FALSE(out.rows.empty());
    for (const auto& row : out.rows)
      for (double x : row) ASSERT_TRUE(std::isfinite(x));
    EXPECT_LT(out.rows.back()[0], e.t());
  }
}

// The estimate counts W's entries exactly: a body with k impulse rows gives k² pairs. Two balls on
// the floor and on each other: ball a carries the floor's 2 rows and the pair's 2, ball b the
// pair's: 4² + 2² = 20 pairs; the ground carries none (it is not dynamic).
TEST(RunLimits, TheTimeSteppingProblemIsCountedBeforeItIsBuilt) {
  const ModelFile mf = test::model_from_yaml(
      "gravity: [0, -9.81]\nbodies:\n  - {name: a, mass: 1, inertia: 1, position: [0, 0.1]}\n"
      "  - {name: b, mass: 1, inertia: 1, position: [0, 0.3]}\n"
      "contacts:\n  - {name: floor, type: circle_line, bodies: [ground, a], radius: 0.1, impact: {law: newton, e: 0}}\n"
      "  - {name: pair, type: circle_circle, bodies: [a, b], centers: [[0, 0], [0, 0]], radii: [0.1, 0.1],\n"
      "     impact: {law: newton, e: 0}}\n"
      "simulation: {scheme: time-stepping}\n");
  const ImpulseProblemSize size = impulse_problem_size(mf.model, mf.options);
  EXPECT_EQ(size.rows, 4);
  EXPECT_EQ(size.triplets, 20);
  EXPECT_GT(size.bytes, 0.0);
  EXPECT_NO_THROW(check_scheme_memory(mf.model, mf.options, "contacts"));
}

// A wall whose time-stepping problem exceeds the limit is refused at the generator, with the size;
// the same wall fits a larger limit (the environment variable). 30 × 30 blocks in running bond: 915
// blocks (15 rows of 31 with the half blocks), 7 080 contacts and 880 192 pairs of impulse rows
// sharing a block (counted by hand from the layout: base corners, corners on the blocks below,
// side corners); the estimate is 56 B a pair and 200 B a row for the problem, 1.3 kB a block and
// 1.8 kB a contact for the model.
TEST(RunLimits, AWallBeyondTheMemoryLimitIsRefusedAtItsGenerator) {
  const std::string wall =
      "gravity: [0, -9.81]\ngenerators:\n"
      "  - {type: block_wall, name: w, rows: 30, columns: 30, bond: running, block: {width: 0.4, height: 0.2, mass: 16},\n"
      "     impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n"
      "simulation: {scheme: time-stepping}\n";
  setenv("STICKSLIP_MEMORY_LIMIT", "6e7", 1);
  try {
    test::model_from_yaml(wall);
    ADD_FAILURE() << "the wall was read";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.line(), 3) << what;
    const double bytes = 56.0 * 880192 + 200.0 * 2 * 7080 + 1.3e3 * 915 + 1.8e3 * 7080;
    EXPECT_NE(what.find("generators[0]: a block wall of 915 blocks and 7080 contacts (the model and its time-stepping "
                        "problem) needs about " + byte_count_text(bytes) + ", more than the memory limit of 60 MB"),
              std::string::npos) << what;
  }
  setenv("STICKSLIP_MEMORY_LIMIT", "7e7", 1);
  EXPECT_NO_THROW(test::model_from_yaml(wall));
  unsetenv("STICKSLIP_MEMORY_LIMIT");
  EXPECT_LE(memory_budget(), kDefaultMemoryBudget);
}

// The 281-byte wall of issue 37 (316 × 316 blocks in running bond: 100 014 blocks, 797 584
// contacts), which grew to 5.7 GB before it failed, is refused at its generator under the default
// limit of 4 GiB (the machine here has more), with the size docs/cli.md and docs/model-format.md
// quote. Counting its contacts builds nothing, so this takes a fraction of a second.
TEST(RunLimits, TheWallOfTheIssueIsRefusedWithTheSizeItWouldNeed) {
  unsetenv("STICKSLIP_MEMORY_LIMIT");
  if (memory_budget() < kDefaultMemoryBudget) GTEST_SKIP() << "a machine with less than 4 GiB";
  try {
    (void)read_model_file(test::source_path("fuzz/regressions/model/block_wall_1e5_blocks_5_7_GB.yaml"));
    ADD_FAILURE() << "the wall was read";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.line(), 4) << what;
    EXPECT_NE(what.find("a block wall of 100014 blocks and 797584 contacts (the model and its time-stepping problem) "
                        "needs about 7.59 GB, more than the memory limit of 4.29 GB"),
              std::string::npos) << what;
  }
}

// Sizes: a ball its diameter, a block its thickness (the smaller side of its corners' box), the ground
// nothing (its lines are unbounded).
TEST(Tunnelling, ShapeSizesAndTheCrossingTest) {
  const ModelFile mf = test::model_from_yaml(
      "bodies:\n  - {name: ball, mass: 1, inertia: 1, position: [0, 1]}\n"
      "  - {name: block, mass: 1, inertia: 1, position: [2, 1]}\n"
      "contacts:\n  - {name: floor, type: circle_line, bodies: [ground, ball], radius: 0.05, impact: {law: newton, e: 0}}\n"
      "  - {name: c1, type: point_line, bodies: [ground, block], point: [-0.2, -0.1], impact: {law: newton, e: 0}}\n"
      "  - {name: c2, type: point_line, bodies: [ground, block], point: [0.2, 0.1], impact: {law: newton, e: 0}}\n"
      "simulation: {scheme: time-stepping}\n");
  const std::vector<double> sizes = body_contact_sizes(mf.model);
  EXPECT_TRUE(std::isinf(sizes[0]));
  EXPECT_DOUBLE_EQ(sizes[1], 0.1);
  EXPECT_DOUBLE_EQ(sizes[2], 0.2);
  // Closing at 10 m/s with h = 0.02: 0.2 m per step; within reach (gap 0.1) and more than 0.1 m.
  EXPECT_TRUE(can_cross_in_one_step(10, 0.1, 0.02, INFINITY, 0.1));
  EXPECT_FALSE(can_cross_in_one_step(10, 0.3, 0.02, INFINITY, 0.1));   // not reached in this step
  EXPECT_FALSE(can_cross_in_one_step(10, 0.1, 0.005, INFINITY, 0.1));  // 0.05 m per step: caught
  EXPECT_FALSE(can_cross_in_one_step(-10, 0.0, 0.02, INFINITY, 0.1));  // opening
  EXPECT_FALSE(can_cross_in_one_step(10, 0.1, 0.02, INFINITY, INFINITY));  // nothing bounded
}

}  // namespace run_limits_test
}  // namespace stickslip
