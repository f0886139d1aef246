// The time-stepping scheme's Gauss-Seidel in velocity space (spatial contacts: impulse_velocity_solve.cpp)
// against its sweeps over the assembled W, on towers of boxes standing on their corners (box_plane)
// and on a box thrown across the floor: the same iterates sweep for sweep, the same motion when both
// run to the default tolerance, every problem converged, and a dumped problem (W assembled on
// demand) equal to the one the sweeps over W hand out.
#include <gtest/gtest.h>

#include <cmath>
#include <exception>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/time_stepping/time_stepper.hpp"

namespace stickslip {
namespace velocity_sweeps_test {

using test::num;

// `columns` towers of `layers` boxes (0.2 × 0.2 × 0.1 m, 1 kg) 0.5 m apart, each box on its eight
// corners against the ground or the top face of the box below; μ = 0.5, e = 0. The bottom box of
// each tower may be thrown (velocity v along x, spin w about z).
std::string towers(int columns, int layers, double v, double w, const std::string& time_stepping) {
  std::ostringstream bodies, contacts;
  for (int c = 0; c < columns; ++c)
    for (int l = 0; l < layers; ++l) {
      const std::string name = "b" + std::to_string(c) + "_" + std::to_string(l);
      bodies << "  - {name: " << name << ", mass: 1, inertia: [0.004166666666666667, 0.004166666666666667, "
             << "0.006666666666666667], position: [" << num(0.5 * c) << ", 0, " << num(0.05 + 0.1 * l) << "]";
      if (l == 0) bodies << ", velocity: [" << num(v) << ", 0, 0], angular_velocity: [0, 0, " << num(w) << "]";
      bodies << "}\n";
      contacts << "  - {name: c" << name << ", type: box_plane, bodies: [";
      if (l == 0) contacts << "ground, " << name << "], plane: {normal: [0, 0, 1]}";
      else contacts << "b" << c << "_" << l - 1 << ", " << name << "], plane: {point: [0, 0, 0.05], normal: [0, 0, 1]}";
      contacts << ", half_extents: [0.1, 0.1, 0.05], impact: {law: newton, e: 0}, "
               << "friction: {law: coulomb, mu_s: 0.5, mu_k: 0.5}}\n";
    }
  return "dimension: spatial\ngravity: [0, 0, -9.81]\nbodies:\n" + bodies.str() + "contacts:\n" + contacts.str() +
         "simulation: {scheme: time-stepping, step: 1e-3, time_stepping: {solver: pgs" + time_stepping + "}}\n";
}

struct Outcome {
  Vec q, v;
  ImpulseSolverStats stats;
};

Outcome steps(const ModelFile& mf, bool velocity_sweeps, int n) {
  SimulationOptions o = mf.options;
  o.time_stepping.velocity_sweeps = velocity_sweeps;
  TimeStepper stepper(mf.model, o);
  EXPECT_EQ(stepper.problem().sweeps_in_velocities(), velocity_sweeps);
  stepper.reset(assembled_initial_state(mf.model, o, stepper.workspace()));
  for (int k = 0; k < n; ++k) stepper.step(stepper.state().t + 1e-3);
  return {stepper.state().q, stepper.state().v, stepper.problem().stats()};
}

// Four sweeps per step (min = max = 4, no stall rule): both forms make the same Gauss-Seidel steps in
// the same order (the inactive top corners, swept over W as unit rows, take no impulse), so the
// states agree to the rounding of the products, summed in another order: each of the 30 × 4 sweeps
// updates 72 active rows, each update rounding by about 2.2e-16 of the velocities it moves (up to
// 3 rad/s of spin), 30 × 4 × 72 × 3 × 2.2e-16 = 6e-12 at worst: below 1e-11 m and m/s.
TEST(VelocitySweeps, SameIteratesAsTheSweepsOverW) {
  const ModelFile mf = test::model_from_yaml(
      towers(2, 3, 0.5, 3.0, ", tolerance: 1e-90, min_iterations: 4, max_iterations: 4, stall_sweeps: 0"));
  const Outcome a = steps(mf, true, 30), b = steps(mf, false, 30);
  EXPECT_EQ(a.stats.iterations, 4 * 30);
  EXPECT_EQ(b.stats.iterations, 4 * 30);
  EXPECT_LT((a.q - b.q).cwiseAbs().maxCoeff(), 1e-11);
  EXPECT_LT((a.v - b.v).cwiseAbs().maxCoeff(), 1e-11);
}

// At the default settings both converge every problem; the motions of two standing towers of five
// then differ by what the tolerance leaves (natural residual 1e-6 in m/s and N s per step): over 50
// steps, below 50 × 1e-6 m/s in velocity and h times that in position. (A thrown, spinning bottom
// box is no such case: the four corners of a face share its weight indeterminately, and each
// solver's share turns the box by its own friction torque.) The thrown column is then checked for
// convergence alone.
TEST(VelocitySweeps, ConvergeToTheSameMotion) {
  const ModelFile thrown = test::model_from_yaml(towers(2, 5, 0.5, 3.0, ""));
  const Outcome t = steps(thrown, true, 50);
  EXPECT_EQ(t.stats.unconverged, 0);
  EXPECT_LE(t.stats.max_residual, 1e-6);
  const ModelFile mf = test::model_from_yaml(towers(2, 5, 0.0, 0.0, ""));
  const Outcome a = steps(mf, true, 50), b = steps(mf, false, 50);
  EXPECT_EQ(a.stats.unconverged, 0);
  EXPECT_EQ(b.stats.unconverged, 0);
  EXPECT_LE(a.stats.max_residual, 1e-6);
  EXPECT_LT((a.v - b.v).cwiseAbs().maxCoeff(), 5e-5);
  EXPECT_LT((a.q - b.q).cwiseAbs().maxCoeff(), 5e-8);
}

// A problem left above the tolerance (two sweeps at most, no subspace step or proximal rescue) is handed out with W assembled on demand:
// the same matrix, right-hand side and contacts as the sweeps over W hand out for the same step.
// The boxes' inertia is made isotropic here: an anisotropic body's implicit gyroscopic term
// (implicit_gyroscopic.cpp) moves b by H Δv after the first solve, Δv read from that solve's v⁺,
// which the two forms reach only to rounding; b is then theirs, not the operator's.
TEST(VelocitySweeps, DumpedProblemIsTheOperatorsProblem) {
  std::string yaml =
      towers(1, 4, 0.0, 0.0, ", tolerance: 1e-12, min_iterations: 1, max_iterations: 2, subspace_after: 0, proximal_rescue_rows: 0");
  for (std::size_t at; (at = yaml.find("0.006666666666666667")) != std::string::npos;) yaml.replace(at, 20, "0.004166666666666667");
  const ModelFile mf = test::model_from_yaml(yaml);
  std::vector<ContactProblemRecord> seen[2];
  for (int k = 0; k < 2; ++k) {
    SimulationOptions o = mf.options;
    o.time_stepping.velocity_sweeps = k == 0;
    TimeStepper stepper(mf.model, o);
    stepper.on_unconverged([&](const ContactProblemRecord& r) { seen[k].push_back(r); });
    stepper.reset(assembled_initial_state(mf.model, o, stepper.workspace()));
    stepper.step(1e-3);
  }
  ASSERT_EQ(seen[0].size(), 1u);
  ASSERT_EQ(seen[1].size(), 1u);
  const ContactProblemRecord &a = seen[0][0], &b = seen[1][0];
  ASSERT_EQ(a.W.rows(), b.W.rows());
  EXPECT_EQ((Mat(a.W) - Mat(b.W)).cwiseAbs().maxCoeff(), 0.0);  // assembled by the same code
  ASSERT_EQ(a.b.size(), b.b.size());
  for (Eigen::Index r = 0; r < a.b.size(); ++r) EXPECT_EQ(a.b[r], b.b[r]) << "row " << r;
  EXPECT_EQ(a.contacts.size(), b.contacts.size());
  EXPECT_EQ(a.active, b.active);
}

// The model key `time_stepping.sweep` chooses the form (docs/schemes.md): `velocity` by default,
// `matrix` sweeps over the assembled W; the two make the same motion to rounding (4 sweeps a step, as
// in SameIteratesAsTheSweepsOverW); any other value is refused at its key.
TEST(VelocitySweeps, SweepKeyChoosesWhereTheSweepsRun) {
  const std::string fixed = ", tolerance: 1e-90, min_iterations: 4, max_iterations: 4, stall_sweeps: 0";
  const ModelFile velocity = test::model_from_yaml(towers(1, 2, 0.5, 3.0, fixed));
  const ModelFile matrix = test::model_from_yaml(towers(1, 2, 0.5, 3.0, fixed + ", sweep: matrix"));
  EXPECT_TRUE(velocity.options.time_stepping.velocity_sweeps);
  EXPECT_TRUE(test::model_from_yaml(towers(1, 2, 0.5, 3.0, fixed + ", sweep: velocity")).options.time_stepping.velocity_sweeps);
  EXPECT_FALSE(matrix.options.time_stepping.velocity_sweeps);
  const auto run = [](const ModelFile& mf) {
    TimeStepper stepper(mf.model, mf.options);
    stepper.reset(assembled_initial_state(mf.model, mf.options, stepper.workspace()));
    for (int k = 0; k < 20; ++k) stepper.step(stepper.state().t + 1e-3);
    return std::pair(stepper.problem().sweeps_in_velocities(), Vec(stepper.state().q));
  };
  const auto [in_velocities, q_velocity] = run(velocity);
  const auto [not_in_velocities, q_matrix] = run(matrix);
  EXPECT_TRUE(in_velocities);
  EXPECT_FALSE(not_in_velocities);
  EXPECT_LT((q_velocity - q_matrix).cwiseAbs().maxCoeff(), 1e-11);
  try {
    test::model_from_yaml(towers(1, 2, 0.0, 0.0, ", sweep: diagonal"));
    ADD_FAILURE() << "sweep: diagonal was accepted";
  } catch (const std::exception& e) {  // the model file's error: file, line and key
    EXPECT_NE(std::string(e.what()).find("time_stepping.sweep"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("diagonal"), std::string::npos) << e.what();
  }
}

}  // namespace velocity_sweeps_test
}  // namespace stickslip
