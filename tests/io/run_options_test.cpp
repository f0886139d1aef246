// The options of `stickslip run` (also Python's Model.run and a sweep's `run:`): applied over the
// file's options, every value checked as the command line checks it.
#include "io/run_options.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace stickslip {
namespace run_options_test {

std::string refused_option(const RunOptions& r) {
  SimulationOptions o;
  try {
    apply_run_options(r, o);
  } catch (const RunOptionError& e) {
    return e.option();
  }
  return "";
}

TEST(RunOptions, OverrideTheFilesOptions) {
  SimulationOptions o;
  o.projection = true;
  RunOptions r;
  r.scheme = "time-stepping";
  r.integrator = "rk4";
  r.dt = 1e-3;
  r.t_end = 4;
  r.rtol = 1e-9;
  r.atol = 1e-11;
  r.output_interval = 0;
  r.baumgarte = std::array<double, 2>{10, 20};
  apply_run_options(r, o);
  EXPECT_EQ(o.scheme, Scheme::time_stepping);
  EXPECT_EQ(o.integrator, "rk4");
  EXPECT_EQ(o.integrator_options.step, 1e-3);
  EXPECT_EQ(o.t_end, 4);
  EXPECT_EQ(o.integrator_options.rtol, 1e-9);
  EXPECT_EQ(o.integrator_options.atol, 1e-11);
  EXPECT_EQ(o.output_interval, 0);
  EXPECT_EQ(o.baumgarte.alpha, 10);
  EXPECT_EQ(o.baumgarte.beta, 20);
  EXPECT_TRUE(o.projection);  // projection = false keeps the file's choice
}

TEST(RunOptions, RefusesWhatTheCommandLineRefuses) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  RunOptions r;
  r.scheme = "implicit";
  EXPECT_EQ(refused_option(r), "scheme");
  r = {};
  r.integrator = "euler";
  EXPECT_EQ(refused_option(r), "integrator");
  for (double bad : {0.0, -1.0, nan}) {
    r = {};
    r.dt = bad;
    EXPECT_EQ(refused_option(r), "dt") << bad;
    r = {};
    r.rtol = bad;
    EXPECT_EQ(refused_option(r), "rtol") << bad;
    r = {};
    r.atol = bad;
    EXPECT_EQ(refused_option(r), "atol") << bad;
  }
  r = {};
  r.output_interval = -0.1;
  EXPECT_EQ(refused_option(r), "output_interval");
  r = {};
  r.output_interval = 0;  // every step
  EXPECT_EQ(refused_option(r), "");
  r = {};
  r.baumgarte = std::array<double, 2>{1, -1};
  EXPECT_EQ(refused_option(r), "baumgarte");
  r = {};
  r.t_end = 0;  // t_start is 0
  EXPECT_EQ(refused_option(r), "t_end");
  r.t_end = std::numeric_limits<double>::infinity();
  EXPECT_EQ(refused_option(r), "t_end");
}

}  // namespace run_options_test
}  // namespace stickslip
