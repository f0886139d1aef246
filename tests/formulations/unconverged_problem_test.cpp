// SimulationCallbacks::unconverged_problem (what `stickslip run --dump-unconverged` writes): the first
// step of the shaken stack (examples/block_wall/stack.yaml) with Lemke's rescue off, where Gauss-Seidel
// stalls. The record must be the problem the solver saw, and it must be handed out before
// `unconverged: error` stops the run.
#include <gtest/gtest.h>

#include <vector>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"
#include "math/errors.hpp"
#include "solvers/frictional_contact.hpp"

namespace stickslip {
namespace unconverged_problem_test {

std::vector<ContactProblemRecord> stalled_problems(const std::string& unconverged, bool& threw) {
  const std::string yaml =
      "gravity: [0, -9.81]\nbodies:\n  - {name: table, motion: prescribed, x: {type: sine, amplitude: 0.1, "
      "omega: 9.42477796076938}}\ngenerators:\n  - {type: block_wall, name: stack, rows: 10, columns: 1, base: table, "
      "block: {width: 0.2, height: 0.4, mass: 16}, impact: {law: newton, e: 0}, "
      "friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n"
      "simulation: {scheme: time-stepping, t_end: 0.005, output_interval: 0.001, step: 1e-3, "
      "time_stepping: {solver: pgs, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0, unconverged: " + unconverged + "}}\n";
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("stack.yaml", yaml));
  std::vector<ContactProblemRecord> seen;
  SimulationCallbacks cb;
  cb.unconverged_problem = [&](const ContactProblemRecord& p) { seen.push_back(p); };
  MemorySink out;
  threw = false;
  try {
    simulate(mf.model, mf.options, out, cb);
  } catch (const NumericalError&) {
    threw = true;
  }
  return seen;
}

TEST(UnconvergedProblem, IsTheProblemTheSolverSaw) {
  bool threw = false;
  const std::vector<ContactProblemRecord> seen = stalled_problems("warn", threw);
  EXPECT_FALSE(threw);
  ASSERT_EQ(seen.size(), 1u);  // the first step only (1 unconverged in the run's summary)
  const ContactProblemRecord& r = seen.front();
  EXPECT_EQ(r.step, 1);
  EXPECT_DOUBLE_EQ(r.t, 1e-3);
  EXPECT_EQ(r.solver, "pgs");
  ASSERT_EQ(r.b.size(), 40);  // twenty corner contacts, a normal and a tangent row each
  ASSERT_EQ(r.contacts.size(), 20u);
  const Mat W(r.W);
  EXPECT_EQ((W - W.transpose()).cwiseAbs().maxCoeff(), 0.0);
  // The residual recomputed from the record is the reported one, above the goal: the same doubles
  // in the same order, so equal to rounding.
  solvers::BoxBounds bounds;
  ASSERT_TRUE(solvers::contact_box_bounds(r.contacts, r.b.size(), bounds));
  const Vec u = W * r.p + r.b;
  EXPECT_NEAR(solvers::box_residual(r.p, u, bounds), r.residual, 1e-12 * r.residual);
  EXPECT_GT(r.residual, r.goal);
  EXPECT_EQ(r.tolerance, 1e-6);
  // The warm start of the first step: zero impulses (nothing came before).
  EXPECT_EQ(r.p_start.cwiseAbs().maxCoeff(), 0.0);
}

TEST(UnconvergedProblem, IsHandedOutBeforeTheErrorStopsTheRun) {
  bool threw = false;
  const std::vector<ContactProblemRecord> seen = stalled_problems("error", threw);
  EXPECT_TRUE(threw);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen.front().step, 1);
}

}  // namespace unconverged_problem_test
}  // namespace stickslip
