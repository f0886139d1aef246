// The rescue of unconverged Gauss-Seidel solves by Lemke's method (time_stepping.rescue_variables,
// formulations/time_stepping/lifted_problem.cpp), on the first steps of the shaken stack of
// examples/block_wall/stack.yaml: ten blocks standing on a table that starts moving at 0.94 m/s.
// Its first contact problem (twenty contacts, all closed, the base sliding) is degenerate: Gauss-
// Seidel with subspace steps stalls at a natural residual of 2e-3, and the velocities it leaves
// are wrong by tenths of a metre per second. The exact answer is Lemke's on the lifted problem.
// The interior-point and proximal point rescues after it finish the same stall on their own.
// Also the reverse hand-over, from a failed Lemke solve to Gauss-Seidel (LemkeFallback).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace lemke_rescue_test {

struct StackRun {
  SimulationSummary summary;
  MemorySink out;
};

StackRun run_stack(const std::string& time_stepping, int rows = 10, double t_end = 0.02) {
  const std::string yaml =
      "gravity: [0, -9.81]\nbodies:\n  - {name: table, motion: prescribed, x: {type: sine, amplitude: 0.1, "
      "omega: 9.42477796076938}}\ngenerators:\n  - {type: block_wall, name: stack, rows: " + std::to_string(rows) +
      ", columns: 1, base: table, "
      "block: {width: 0.2, height: 0.4, mass: 16}, impact: {law: newton, e: 0}, "
      "friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n"
      "simulation: {scheme: time-stepping, t_end: " + std::to_string(t_end) +
      ", output_interval: 0.001, step: 1e-3, time_stepping: " +
      time_stepping + "}\n";
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("stack.yaml", yaml));
  StackRun r;
  r.summary = simulate(mf.model, mf.options, r.out);
  return r;
}

// The slider-crank on a rough guide (three revolute joints, the guide's contacts) under time-stepping,
// left above the tolerance on purpose (two sweeps per solve), with Lemke's rescue up to the size given
// and the proximal one up to the rows given (0: off).
SimulationSummary rough_guide_left_above(double t_end, int rescue_variables, int proximal_rows = 0) {
  ModelFile mf = read_model_file(test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"));
  mf.options.scheme = Scheme::time_stepping;
  mf.options.t_end = t_end;
  mf.options.time_stepping.solver = "pgs";
  mf.options.time_stepping.max_iterations = 2;
  mf.options.time_stepping.min_iterations = 0;
  mf.options.time_stepping.rescue_variables = rescue_variables;
  mf.options.time_stepping.proximal_rescue_rows = proximal_rows;
  MemorySink out;
  return simulate(mf.model, mf.options, out);
}

// The largest difference of the blocks' velocities between two runs, over all output rows.
double velocity_difference(const MemorySink& a, const MemorySink& b) {
  double d = 0;
  for (int k = 0; k < 10; ++k) {
    for (const char* q : {".vx", ".vy", ".omega"}) {
      const std::string name = "stack_" + std::to_string(k) + "_0" + q;  // row k, column 0
      const auto x = a.series(name), y = b.series(name);
      EXPECT_EQ(x.size(), y.size()) << name;
      for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) d = std::max(d, std::abs(x[i] - y[i]));
    }
  }
  return d;
}

TEST(LemkeRescue, FinishesTheStallsOfTheShakenStackExactly) {
  const StackRun exact = run_stack("{solver: lemke}");
  ASSERT_EQ(exact.summary.complementarity_solver, "lemke");
  EXPECT_EQ(exact.summary.complementarity_unconverged, 0);

  const StackRun left = run_stack("{solver: pgs, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0}");
  EXPECT_GT(left.summary.complementarity_unconverged, 0);
  EXPECT_EQ(left.summary.complementarity_rescued, 0);
  // What the stall costs: velocities off by more than 0.1 m/s (0.26 when this test was written).
  EXPECT_GT(velocity_difference(left.out, exact.out), 0.1);

  const StackRun rescued = run_stack("{solver: pgs}");
  EXPECT_EQ(rescued.summary.complementarity_unconverged, 0);
  EXPECT_GE(rescued.summary.complementarity_rescued, 1);
  // Both runs take Lemke's exact answer where Gauss-Seidel stalls and meet the tolerance (1e-6 m/s
  // in W p + b) elsewhere; over 20 steps the velocities differ by what those 1e-6 leave, amplified
  // by the stack's sensitivity (4e-15 after 10 steps, 2e-12 after 50 when this test was written): the
  // bound 1e-6 m/s keeps a margin over both and is 1e5 times below the stalled run's error.
  EXPECT_LT(velocity_difference(rescued.out, exact.out), 1e-6);
}

TEST(LemkeRescue, TakesProblemsUpToItsSize) {
  // The first step closes all twenty contacts: 80 lifted variables (4 per contact, no joints). With
  // room for them the rescue finishes it; with one variable less (and no interior-point rescue after
  // it) it stays unconverged, here an error.
  EXPECT_EQ(run_stack("{solver: pgs, rescue_variables: 80, interior_point_rescue: false, proximal_rescue_rows: 0, unconverged: error}")
                .summary.complementarity_unconverged,
            0);
  try {
    run_stack("{solver: pgs, rescue_variables: 79, interior_point_rescue: false, proximal_rescue_rows: 0, unconverged: error}");
    ADD_FAILURE() << "the first step's stall did not stop the run";
  } catch (const NumericalError& e) {
    EXPECT_EQ(e.t(), 1e-3);
    EXPECT_NE(std::string(e.what()).find("did not converge"), std::string::npos) << e.what();
  }
}

// The other paths of the rescue: a sparse W (the 20-block stack: 80 rows, above the dense limit of
// 64) and bilateral rows (the slider-crank on a rough guide: three revolute joints, the guide's
// contacts; a mixed LCP). The stack's own stalls (at the default sweeps) reach the sparse path; the
// slider-crank is left above the tolerance on purpose (two sweeps) so that every solve goes to Lemke.
// Each one tried must be finished, none left.
TEST(LemkeRescue, TakesSparseProblemsAndJoints) {
  const StackRun sparse = run_stack("{solver: pgs}", 20, 0.3);
  EXPECT_GE(sparse.summary.complementarity_rescued, 1);
  EXPECT_EQ(sparse.summary.complementarity_rescue_attempts, sparse.summary.complementarity_rescued);
  EXPECT_EQ(sparse.summary.complementarity_unconverged, 0);

  const SimulationSummary s = rough_guide_left_above(0.1, 200);
  EXPECT_GT(s.complementarity_rescue_attempts, 0);
  EXPECT_EQ(s.complementarity_rescued, s.complementarity_rescue_attempts);
  EXPECT_EQ(s.complementarity_unconverged, 0);
}

// The second rescue (time_stepping.interior_point_rescue, solvers/interior_point.hpp) on the same
// stall, Lemke's rescue turned off: the interior-point method in velocity space finishes the first
// step's degenerate problem, and the run follows the exact one as closely as Lemke's rescue does
// (the same 1e-6 m/s bound and reasoning as above). Turned off too, the stall stays.
TEST(InteriorPointRescue, FinishesTheStallsOfTheShakenStack) {
  const StackRun exact = run_stack("{solver: lemke}");
  const StackRun rescued = run_stack("{solver: pgs, rescue_variables: 0}");
  EXPECT_EQ(rescued.summary.complementarity_unconverged, 0);
  EXPECT_EQ(rescued.summary.complementarity_rescue_attempts, 0);
  EXPECT_GE(rescued.summary.complementarity_interior_point_rescued, 1);
  EXPECT_EQ(rescued.summary.complementarity_interior_point_attempts,
            rescued.summary.complementarity_interior_point_rescued);
  EXPECT_GT(rescued.summary.complementarity_interior_point_iterations,
            rescued.summary.complementarity_interior_point_rescued);  // several per problem
  EXPECT_LT(velocity_difference(rescued.out, exact.out), 1e-6);
  const StackRun off = run_stack("{solver: pgs, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0}");
  EXPECT_GT(off.summary.complementarity_unconverged, 0);
  EXPECT_EQ(off.summary.complementarity_interior_point_attempts, 0);
}

// Where the interior-point rescue does not apply it is not tried: a model with joints (the
// slider-crank on a rough guide, left above the tolerance on purpose as above, Lemke's rescue off).
TEST(InteriorPointRescue, LeavesModelsWithJointsAlone) {
  const SimulationSummary s = rough_guide_left_above(0.02, 0);
  EXPECT_GT(s.complementarity_unconverged, 0);
  EXPECT_EQ(s.complementarity_interior_point_attempts, 0);
}

// The third rescue (time_stepping.proximal_rescue_rows, solvers/proximal_newton.hpp) on the same stall,
// the other two off: the proximal point method with Newton steps finishes the first step's problem,
// and the run follows the exact one within the same 1e-6 m/s as above. The first step's problem has
// forty rows (twenty closed contacts): with room for them the rescue finishes it, with one row less it
// is not tried and the stall stays (here an error).
TEST(ProximalRescue, FinishesTheStallsOfTheShakenStack) {
  const StackRun exact = run_stack("{solver: lemke}");
  const StackRun rescued = run_stack("{solver: pgs, rescue_variables: 0, interior_point_rescue: false}");
  EXPECT_EQ(rescued.summary.complementarity_unconverged, 0);
  EXPECT_EQ(rescued.summary.complementarity_interior_point_attempts, 0);
  EXPECT_GE(rescued.summary.complementarity_proximal_rescued, 1);
  EXPECT_EQ(rescued.summary.complementarity_proximal_attempts, rescued.summary.complementarity_proximal_rescued);
  EXPECT_GE(rescued.summary.complementarity_proximal_newton_steps, rescued.summary.complementarity_proximal_rescued);
  EXPECT_LT(velocity_difference(rescued.out, exact.out), 1e-6);
  EXPECT_EQ(run_stack("{solver: pgs, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 40, "
                      "unconverged: error}")
                .summary.complementarity_unconverged,
            0);
  try {
    run_stack("{solver: pgs, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 39, "
              "unconverged: error}");
    ADD_FAILURE() << "the first step's stall did not stop the run";
  } catch (const NumericalError& e) {
    EXPECT_EQ(e.t(), 1e-3);
  }
}

// The sparse path (the 20-block stack: 80 rows, above the dense limit of 64), the other two rescues
// off: every problem handed over is finished, none left.
TEST(ProximalRescue, TakesSparseProblems) {
  const StackRun sparse = run_stack("{solver: pgs, rescue_variables: 0, interior_point_rescue: false}", 20, 0.3);
  EXPECT_GE(sparse.summary.complementarity_proximal_rescued, 1);
  EXPECT_EQ(sparse.summary.complementarity_proximal_attempts, sparse.summary.complementarity_proximal_rescued);
  EXPECT_EQ(sparse.summary.complementarity_unconverged, 0);
}

// Unlike the interior-point rescue it takes models with joints (their rows are free rows of the
// problem): the slider-crank left above the tolerance on purpose, Lemke's rescue off.
TEST(ProximalRescue, TakesModelsWithJoints) {
  const SimulationSummary s = rough_guide_left_above(0.02, 0, 600);
  EXPECT_GT(s.complementarity_proximal_attempts, 0);
  EXPECT_EQ(s.complementarity_proximal_rescued, s.complementarity_proximal_attempts);
  EXPECT_EQ(s.complementarity_unconverged, 0);
}

// The other hand-over: under `solver: lemke` a problem on which Lemke fails (a degenerate basis of
// the 20-block stack's redundant corners; 26 of 400 problems in 0.4 s) goes to Gauss-Seidel with its
// subspace steps, whose velocity-space rows must exist then too (they were built for pgs and auto
// only, and such a fallback read outside them).
TEST(LemkeFallback, TakesGaussSeidelWithItsSubspaceSteps) {
  const StackRun r = run_stack("{solver: lemke}", 20, 0.4);
  EXPECT_EQ(r.summary.complementarity_solver, "lemke");
  bool fell_back = false;
  for (const std::string& w : r.summary.warnings) fell_back = fell_back || w.find("failed with Lemke's method") != std::string::npos;
  EXPECT_TRUE(fell_back);
  EXPECT_EQ(r.summary.complementarity_unconverged, 0);
}

}  // namespace lemke_rescue_test
}  // namespace stickslip
