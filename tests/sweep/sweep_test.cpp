// Sweep files and runs: the samples (grid, list, random from a seed), the checks made before any
// run, and each run's kept quantities against the sliding block's analytic stop.
#include "sweep/sweep.hpp"

#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "../simulation_support.hpp"
#include "sweep_support.hpp"

namespace stickslip {
namespace {

using test::kMuTargets;
using test::sliding_block_sweep;

constexpr double g = 9.81;

std::string grid(const std::string& mu_values, const std::string& v_values) {
  return std::string("parameters:\n  - name: mu\n    values: ") + mu_values + "\n" + kMuTargets +
         "  - {name: v0, path: bodies.block.velocity.0, values: " + v_values + "}\n";
}

TEST(Sweep, GridRunsEveryCombinationLastParameterFastest) {
  const Sweep s = Sweep::parse(sliding_block_sweep(grid("[0.2, 0.3]", "[0.5, 1, 1.5]"), "  - {final: block.x}\n"));
  ASSERT_EQ(s.size(), 6u);
  EXPECT_EQ(s.parameters(0), (std::vector<double>{0.2, 0.5}));
  EXPECT_EQ(s.parameters(2), (std::vector<double>{0.2, 1.5}));
  EXPECT_EQ(s.parameters(3), (std::vector<double>{0.3, 0.5}));
  EXPECT_EQ(s.columns(), (std::vector<std::string>{"run", "mu", "v0", "final.block.x", "status", "error"}));
}

TEST(Sweep, ListAndRangeTakeValuesTogetherWithExactEnds) {
  const Sweep s = Sweep::parse(sliding_block_sweep(
      std::string("mode: list\nparameters:\n  - name: mu\n    range: {from: 0.1, to: 0.7, count: 7}\n") + kMuTargets +
          "  - {name: v0, path: bodies.block.velocity.0, values: [1, 2, 3, 4, 5, 6, 7]}\n",
      "  - {final: block.x}\n"));
  ASSERT_EQ(s.size(), 7u);
  EXPECT_EQ(s.parameters(0), (std::vector<double>{0.1, 1}));
  EXPECT_EQ(s.parameters(6), (std::vector<double>{0.7, 7}));  // the end of a range is exact
  EXPECT_NEAR(s.parameters(3)[0], 0.4, 1e-15);
}

TEST(Sweep, RandomSamplesFollowTheSeed) {
  const auto random = [](int seed) {
    return Sweep::parse(sliding_block_sweep(
        "mode: random\nsamples: 50\nseed: " + std::to_string(seed) +
            "\nparameters:\n  - name: mu\n    uniform: [0.2, 0.4]\n" + kMuTargets +
            "  - {name: v0, path: bodies.block.velocity.0, log_uniform: [0.1, 10]}\n"
            "  - {name: t_end, path: simulation.t_end, values: [0.5, 0.6]}\n",
        "  - {final: block.x}\n"));
  };
  const Sweep a = random(7), b = random(7), c = random(8);
  std::set<double> t_ends;
  bool differs = false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a.parameters(k), b.parameters(k));  // bit for bit
    differs = differs || a.parameters(k) != c.parameters(k);
    EXPECT_GE(a.parameters(k)[0], 0.2);
    EXPECT_LT(a.parameters(k)[0], 0.4);
    EXPECT_GE(a.parameters(k)[1], 0.1);
    EXPECT_LT(a.parameters(k)[1], 10.0);
    t_ends.insert(a.parameters(k)[2]);
  }
  EXPECT_TRUE(differs);
  EXPECT_EQ(t_ends, (std::set<double>{0.5, 0.6}));  // 50 draws take both values (chance 2^-49 otherwise)
}

InputError sweep_error(const std::string& text) {
  try {
    Sweep::parse(text, "sweep.yaml");
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError";
  return InputError("", 0, 0, "", "");
}

TEST(Sweep, RefusesWhatNoRunCouldDoBeforeRunning) {
  const std::string keep = "  - {final: block.x}\n";
  // Lines: 1 model, 2 run, 3 parameters, 4-10 the first parameter, 11 the second.
  InputError e = sweep_error(sliding_block_sweep(
      std::string("parameters:\n  - name: mu\n    values: [0.3]\n") + kMuTargets +
          "  - {name: v0, path: bodies.brick.velocity.0, values: [1]}\n",
      keep));
  EXPECT_EQ(e.line(), 11);
  EXPECT_NE(e.message().find("not in the model"), std::string::npos) << e.what();
  EXPECT_NE(e.message().find("no entry named 'brick'"), std::string::npos) << e.what();
  e = sweep_error(sliding_block_sweep(grid("[0.3]", "[1]"), "  - {max: block.z}\n"));
  EXPECT_NE(e.message().find("no output column 'block.z'"), std::string::npos) << e.what();
  e = sweep_error(sliding_block_sweep(grid("[0.3]", "[1]"), "  - {first_event: bounce}\n"));
  EXPECT_NE(e.message().find("unknown value 'bounce'"), std::string::npos) << e.what();
  e = sweep_error(sliding_block_sweep("mode: random\nsamples: 3\n" + grid("[0.3]", "[1]"), keep));
  EXPECT_NE(e.message().find("missing key 'seed'"), std::string::npos) << e.what();
  e = sweep_error(sliding_block_sweep("mode: list\n" + grid("[0.3, 0.4]", "[1]"), keep));
  EXPECT_NE(e.message().find("expected 2 values"), std::string::npos) << e.what();
  e = sweep_error(sliding_block_sweep(grid("[0.3]", "[1]"), "  - {name: mu, final: block.x}\n"));
  EXPECT_NE(e.message().find("already has a column 'mu'"), std::string::npos) << e.what();
  e = sweep_error(test::replace_all(sliding_block_sweep(grid("[0.3]", "[1]"), keep), "t_end: 0.6", "t_end: -1"));
  EXPECT_NE(e.message().find("greater than t_start"), std::string::npos) << e.what();
}

TEST(Sweep, EachRunKeepsItsQuantities) {
  // Rigid feet under the time-stepping scheme: the deceleration μg is constant, which the midpoint
  // rule integrates exactly; the stop falls inside a step of h = 1e-4 s, where the last impulse
  // takes the residual speed (< μ g h): the stopping point is then off by less than μ g h² <= 4e-8 m
  // (measured: 5e-9 m)
  // and the stick event, stamped at the step's end, late by less than h.
  const Sweep s = Sweep::parse(sliding_block_sweep(
      grid("[0.2, 0.4]", "[0.5, 1]"),
      "  - {name: stop, final: block.x}\n  - {change: block.x}\n  - {max: block.vx}\n  - {min: block.vx}\n"
      "  - {max_abs: block.theta}\n  - {first_event: stick, contact: left}\n  - {overturned: block}\n"
      "  - contact_events\n  - steps\n"));
  for (std::size_t k = 0; k < s.size(); ++k) {
    const SweepRow row = s.run(k);
    ASSERT_TRUE(row.ok()) << row.error;
    const double mu = row.parameters[0], v0 = row.parameters[1];
    const auto& q = row.quantities;
    EXPECT_NEAR(q[0], v0 * v0 / (2 * mu * g), mu * g * 1e-8) << k;
    EXPECT_EQ(q[1], q[0]);     // starts at x = 0
    EXPECT_EQ(q[2], v0);       // fastest at the start
    EXPECT_NEAR(q[3], 0, 1e-12);  // at rest at the end
    EXPECT_LT(q[4], 1e-9);     // slides flat
    EXPECT_GE(q[5], v0 / (mu * g));
    EXPECT_LT(q[5], v0 / (mu * g) + 1e-4);
    EXPECT_EQ(q[6], 0.0);
    EXPECT_GE(q[7], 4.0);      // onset and stick of both feet
    EXPECT_EQ(q[8], 6000.0);   // 0.6 s at h = 1e-4
  }
}

TEST(Sweep, AFailedRunKeepsItsErrorAsTheCommandLineWordsIt) {
  const Sweep s = Sweep::parse(sliding_block_sweep(grid("[-0.3, 0.3]", "[1]"), "  - {final: block.x}\n"));
  const SweepRow bad = s.run(0), good = s.run(1);
  EXPECT_FALSE(bad.ok());
  EXPECT_TRUE(bad.quantities.empty());
  EXPECT_NE(bad.error.find("sliding_block.yaml:"), std::string::npos) << bad.error;
  EXPECT_NE(bad.error.find("contacts[0].friction.mu_s"), std::string::npos) << bad.error;
  EXPECT_TRUE(good.ok()) << good.error;
}

}  // namespace
}  // namespace stickslip
