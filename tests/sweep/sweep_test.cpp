// Sweep files and runs: the samples (grid, list, random from a seed), the checks made before any
// run, and each run's kept quantities against the sliding block's analytic stop.
#include "sweep/sweep.hpp"

#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "../simulation_support.hpp"
#include "sweep_support.hpp"

namespace stickslip {
namespace sweep_test {

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
  EXPECT_EQ(s.parameters(3)[0], 0.4);  // steps rounded to 15 digits: the decimal value, not 0.4000000000000001
}

TEST(Sweep, RandomSamplesFollowTheSeed) {
  const auto random = [](int seed) {
    return Sweep::parse(sliding_block_sweep(
        "mode: random\nsamples: 50\nseed: " + std::to_string(seed) +
            "\nparameters:\n  - name: mu\n    uniform: [0.2, 0.4]\n" + kMuTargets +
            "  - {name: v0, path: bodies.block.velocity.0, log_uniform: [0.1, 10]}\n"
            "  - {name: mass, path: bodies.block.mass, values: [0.5, 0.6]}\n",
        "  - {final: block.x}\n"));
  };
  const Sweep a = random(7), b = random(7), c = random(8);
  std::set<double> masses;
  bool differs = false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a.parameters(k), b.parameters(k));  // bit for bit
    differs = differs || a.parameters(k) != c.parameters(k);
    EXPECT_GE(a.parameters(k)[0], 0.2);
    EXPECT_LT(a.parameters(k)[0], 0.4);
    EXPECT_GE(a.parameters(k)[1], 0.1);
    EXPECT_LT(a.parameters(k)[1], 10.0);
    masses.insert(a.parameters(k)[2]);
  }
  EXPECT_TRUE(differs);
  EXPECT_EQ(masses, (std::set<double>{0.5, 0.6}));  // 50 draws take both values (chance 2^-49 otherwise)
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

// A parameter that sets a simulation value which the sweep's `run:` settings replace in every run
// would vary nothing: refused at its key path, naming the run option.
TEST(Sweep, RefusesAParameterTheRunSettingsReplace) {
  const std::string keep = "  - {final: block.x}\n";
  // Lines: 1 model, 2 run (t_end 0.6, output_interval), 3 parameters, 4 the parameter.
  InputError e = sweep_error(sliding_block_sweep(
      "parameters:\n  - {name: t_end, path: simulation.t_end, values: [0.5, 0.6]}\n", keep));
  EXPECT_EQ(e.line(), 4);
  EXPECT_NE(e.message().find("sets simulation.t_end, which the sweep's 'run: {t_end: ...}' replaces in every run"),
            std::string::npos) << e.what();
  e = sweep_error(sliding_block_sweep(
      "parameters:\n  - name: h\n    values: [1e-4]\n    set: [bodies.block.mass, simulation.output_interval]\n",
      keep));
  EXPECT_EQ(e.line(), 6);
  EXPECT_NE(e.message().find("'run: {output_interval: ...}'"), std::string::npos) << e.what();
  // The same parameters where `run` leaves those values to the model: accepted.
  const Sweep ok = Sweep::parse(test::replace_all_text(
      sliding_block_sweep("parameters:\n  - {name: t_end, path: simulation.t_end, values: [0.5, 0.6]}\n"
                          "  - {name: step, path: simulation.step, values: [1e-4]}\n",
                          keep),
      "run: {scheme: time-stepping, t_end: 0.6, output_interval: 0.01}", "run: {scheme: time-stepping}"));
  EXPECT_EQ(ok.size(), 2u);
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

// The shipped example (examples/free_standing_body_sweep): 7 × 9 runs; the run at μ0 = 0.6, e = 0
// is the base file itself (its values set to what they were), so its drift is the file's, bit for bit.
TEST(Sweep, TheShippedDriftSweepReproducesItsBaseModel) {
  const Sweep s = Sweep::read(test::source_path("examples/free_standing_body_sweep/drift.yaml"));
  ASSERT_EQ(s.size(), 63u);
  EXPECT_EQ(s.parameters(40), (std::vector<double>{0.6, 0.0}));
  const SweepRow row = s.run(40);
  ASSERT_TRUE(row.ok()) << row.error;
  ModelFile base = read_model_file(test::source_path("examples/free_standing_body/case1_e0.yaml"));
  base.options.output_interval = 0.01;
  MemorySink rows;
  simulate(base.model, base.options, rows);
  const auto x = rows.series("body.x");
  EXPECT_EQ(row.quantities[0], x.back() - x.front());
  EXPECT_EQ(row.quantities[3], 0.0);  // not overturned
}

// The quantities from a stream of rows and events, the events starting before the first row (the
// event-driven scheme decides the contacts at t_start before it writes the header).
TEST(QuantityRecorder, FollowsRowsAndEvents) {
  std::vector<QuantitySpec> specs(8);
  specs[0].kind = QuantityKind::final;
  specs[1].kind = QuantityKind::change;
  specs[2].kind = QuantityKind::max;
  specs[3].kind = QuantityKind::min;
  specs[4].kind = QuantityKind::max_abs;
  for (int k = 0; k < 5; ++k) specs[k].column = "b.x";
  specs[5].kind = QuantityKind::first_event;
  specs[5].event = "slip";
  specs[6] = specs[5];
  specs[6].contact = "right";
  specs[7].kind = QuantityKind::overturned;
  specs[7].column = "b";
  specs[7].angle = 1.0;
  QuantityRecorder r(specs);
  r.write(EventRecord{0.0, "left", "onset"});
  r.begin({"t", "b.x", "b.theta"});
  r.write(std::vector<double>{0, 1, 0.5});
  r.write(EventRecord{0.5, "left", "slip"});
  r.write(std::vector<double>{1, -3, -0.4});
  r.write(EventRecord{1.5, "right", "slip"});
  r.write(EventRecord{1.7, "right", "slip"});
  r.write(std::vector<double>{2, 2, 1.4});  // turned by 0.9 < 1 from its initial 0.5: not overturned
  const auto v = r.values(SimulationSummary{});
  EXPECT_EQ(v, (std::vector<double>{2, 1, 2, -3, 3, 0.5, 1.5, 0}));
  r.write(std::vector<double>{3, 2, 1.5});  // now by 1.0
  EXPECT_EQ(r.values(SimulationSummary{})[7], 1.0);
  EXPECT_THROW(r.begin({"t", "c.x"}), std::invalid_argument);
}

}  // namespace sweep_test
}  // namespace stickslip
