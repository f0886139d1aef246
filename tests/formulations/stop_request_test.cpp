// A stop request (SimulationCallbacks::should_stop) ends a run cleanly under every scheme: the rows
// written are exactly the first rows of the uninterrupted run, no row beyond the stop, and the
// summary says that it stopped and where.
#include <gtest/gtest.h>

#include "../simulation_support.hpp"

namespace stickslip {
namespace stop_request_test {

using test::source_path;

struct Case {
  const char* name;
  Scheme scheme;
  const char* integrator;
  double output_interval;
};

class StopRequest : public ::testing::TestWithParam<Case> {};

TEST_P(StopRequest, EndsAtTheRequestWithThePrefixOfTheFullRun) {
  const Case& c = GetParam();
  ModelFile mf = read_model_file(source_path("examples/scheme_comparison/sliding_block.yaml"));
  mf.options.scheme = c.scheme;
  mf.options.integrator = c.integrator;
  mf.options.output_interval = c.output_interval;
  mf.options.t_end = 0.2;
  MemorySink full;
  const SimulationSummary whole = simulate(mf.model, mf.options, full);
  ASSERT_FALSE(whole.stopped);

  constexpr long kPolls = 40;  // steps before the request
  long polls = 0;
  SimulationCallbacks cb;
  cb.should_stop = [&polls] { return ++polls >= kPolls; };
  MemorySink part;
  const SimulationSummary s = simulate(mf.model, mf.options, part, cb);
  EXPECT_TRUE(s.stopped);
  EXPECT_EQ(s.stopped_at_step, kPolls);  // polled once after every step
  EXPECT_EQ(polls, kPolls);              // and not again once it asked to stop
  EXPECT_LT(s.t_final, mf.options.t_end);
  ASSERT_GE(part.rows.size(), 1u);
  ASSERT_LT(part.rows.size(), full.rows.size());
  EXPECT_EQ(static_cast<long>(part.rows.size()), s.output_rows);
  for (std::size_t k = 0; k < part.rows.size(); ++k) {
    ASSERT_EQ(part.rows[k], full.rows[k]) << "row " << k;  // bit for bit: the same computation
  }
  // No row beyond the time reached.
  EXPECT_LE(part.rows.back()[0], s.t_final);
}

INSTANTIATE_TEST_SUITE_P(
    Schemes, StopRequest,
    ::testing::Values(Case{"compliant_dopri5", Scheme::compliant, "dopri5", 0.005},
                      Case{"compliant_rk4_every_step", Scheme::compliant, "rk4", 0.0},
                      Case{"event_driven", Scheme::event_driven, "dopri5", 0.005},
                      Case{"time_stepping", Scheme::time_stepping, "dopri5", 0.005},
                      Case{"time_stepping_every_step", Scheme::time_stepping, "dopri5", 0.0}),
    [](const ::testing::TestParamInfo<Case>& param_info) { return std::string(param_info.param.name); });

// A request that arrives while a step is inside a long contact solve is answered there (between the
// sweeps' chunks of the wall's Gauss-Seidel solves), not after the solve: that step is abandoned,
// and the rows written are the first rows of the uninterrupted run.
TEST(StopRequestInsideAStep, AbandonsTheStepAndKeepsTheRowsBefore) {
  ModelFile mf = read_model_file(source_path("examples/block_wall/block_wall.yaml"));
  mf.options.t_end = 0.05;
  MemorySink full;
  long full_polls = 0;
  SimulationCallbacks counting;
  counting.should_stop = [&full_polls] {
    ++full_polls;
    return false;
  };
  const SimulationSummary whole = simulate(mf.model, mf.options, full, counting);
  ASSERT_GT(full_polls, whole.stats.steps) << "the solves ask too, not only the loop after each step";

  constexpr long kPolls = 20;
  long polls = 0;
  SimulationCallbacks cb;
  cb.should_stop = [&polls] { return ++polls >= kPolls; };
  MemorySink part;
  const SimulationSummary s = simulate(mf.model, mf.options, part, cb);
  EXPECT_TRUE(s.stopped);
  EXPECT_EQ(polls, kPolls);
  EXPECT_LT(s.stopped_at_step, kPolls) << "stopped inside a step, before that many steps ended";
  ASSERT_LE(part.rows.size(), full.rows.size());
  for (std::size_t k = 0; k < part.rows.size(); ++k) ASSERT_EQ(part.rows[k], full.rows[k]) << "row " << k;
  EXPECT_LE(part.rows.back()[0], s.t_final);
}

}  // namespace stop_request_test
}  // namespace stickslip
