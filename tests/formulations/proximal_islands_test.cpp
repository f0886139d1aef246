// The proximal point rescue on problems above time_stepping.proximal_rescue_rows (proximal_rescue.cpp):
// such a problem is split into its islands (contacts coupled through W), and each island of at most
// that many rows left above the goal is solved on its own. Six towers of ten boxes standing on their
// corners (box_plane), each thrown at its base: 6 × 10 boxes × 4 closed corners × 3 rows = 720 rows
// in six independent islands of 120 rows.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"

namespace stickslip {
namespace proximal_islands_test {

using test::num;

// `columns` towers of `layers` boxes (0.2 × 0.2 × 0.1 m, 1 kg) 0.5 m apart, each box on its corners
// against the ground or the top face of the box below; μ = 0.5, e = 0; the bottom box of each tower
// thrown (0.5 m/s along x, 3 rad/s about z), so that its friction slides while the boxes above stick.
// With `on_plate`, the towers stand on one plate (3.2 × 0.4 × 0.05 m, 10 kg) lying on its corners on
// the ground, which couples them all into one island.
std::string towers(int columns, int layers, const std::string& time_stepping, bool on_plate = false) {
  std::ostringstream bodies, contacts;
  const double base = on_plate ? 0.05 : 0.0;
  if (on_plate) {
    bodies << "  - {name: plate, mass: 10, inertia: [0.13541666666666666, 8.535416666666666, 8.666666666666666], "
              "position: [0, 0, 0.025]}\n";
    contacts << "  - {name: cplate, type: box_plane, bodies: [ground, plate], plane: {normal: [0, 0, 1]}, "
                "half_extents: [1.6, 0.2, 0.025], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.5, mu_k: 0.5}}\n";
  }
  for (int c = 0; c < columns; ++c)
    for (int l = 0; l < layers; ++l) {
      std::ostringstream label;  // not a chain of + on std::to_string: GCC 12 warns (-Wstringop-overflow, false)
      label << "b" << c << "_" << l;
      const std::string name = label.str();
      const double x = on_plate ? 0.5 * c - 0.25 * (columns - 1) : 0.5 * c;
      bodies << "  - {name: " << name << ", mass: 1, inertia: [0.004166666666666667, 0.004166666666666667, "
             << "0.006666666666666667], position: [" << num(x) << ", 0, " << num(base + 0.05 + 0.1 * l) << "]";
      if (l == 0) bodies << ", velocity: [0.5, 0, 0], angular_velocity: [0, 0, 3]";
      bodies << "}\n";
      contacts << "  - {name: c" << name << ", type: box_plane, bodies: [";
      if (l == 0 && on_plate) contacts << "plate, " << name << "], plane: {point: [0, 0, 0.025], normal: [0, 0, 1]}";
      else if (l == 0) contacts << "ground, " << name << "], plane: {normal: [0, 0, 1]}";
      else contacts << "b" << c << "_" << l - 1 << ", " << name << "], plane: {point: [0, 0, 0.05], normal: [0, 0, 1]}";
      contacts << ", half_extents: [0.1, 0.1, 0.05], impact: {law: newton, e: 0}, "
               << "friction: {law: coulomb, mu_s: 0.5, mu_k: 0.5}}\n";
    }
  return "dimension: spatial\ngravity: [0, 0, -9.81]\nbodies:\n" + bodies.str() + "contacts:\n" + contacts.str() +
         "simulation: {scheme: time-stepping, step: 1e-3, t_end: 0.02, output_interval: 0.01, "
         "time_stepping: {solver: pgs" + time_stepping + "}}\n";
}

SimulationSummary run(const std::string& time_stepping, int columns = 6, bool on_plate = false) {
  const ModelFile mf = test::model_from_yaml(towers(columns, 10, time_stepping, on_plate));
  MemorySink out;
  return simulate(mf.model, mf.options, out);
}

// Gauss-Seidel held to ten sweeps (no subspace steps) leaves the problems above the default tolerance
// (1e-6 of max(1, |b|)); the rescue, at a limit of 130 rows (one tower's 120 fit, the six towers' far
// more do not, whatever corners have opened), takes every one of them island by island and finishes it to that same tolerance, by the test Gauss-Seidel's own solves pass (the natural
// residual and its unrounded form, take_if_better): none is left. Without the rescue they all are.
TEST(ProximalIslands, FinishesProblemsAboveTheRowLimitIslandByIsland) {
  const std::string capped = ", max_iterations: 10, subspace_after: 0, rescue_variables: 0, proximal_rescue_rows: 130";
  const SimulationSummary left = run(", max_iterations: 10, subspace_after: 0, rescue_variables: 0, proximal_rescue_rows: 0");
  EXPECT_GT(left.complementarity_unconverged, 0);
  const SimulationSummary rescued = run(capped);
  EXPECT_GT(rescued.complementarity_proximal_rescued, 0);
  EXPECT_EQ(rescued.complementarity_proximal_attempts, rescued.complementarity_proximal_rescued);
  EXPECT_EQ(rescued.complementarity_unconverged, 0);
  EXPECT_GE(rescued.complementarity_proximal_newton_steps, rescued.complementarity_proximal_rescued);
}

// The six towers on one plate: one island of 732 rows (the plate's four corners and the towers' 720)
// while every corner is closed. At a limit of 600 rows that island is not tried (only the steps in
// which the thrown boxes' corners have opened enough to fit under it are), and the summary counts the
// problems left; at the default limit (2000 rows, taking the heaped pile of examples/pile_in_bin
// whole) every one is finished to the tolerance Gauss-Seidel's own solves meet.
TEST(ProximalIslands, FinishesOneIslandAboveSixHundredRowsAtTheDefaultLimit) {
  const std::string capped = ", max_iterations: 10, subspace_after: 0, rescue_variables: 0";
  const SimulationSummary left = run(capped + ", proximal_rescue_rows: 600", 6, true);
  EXPECT_GT(left.complementarity_unconverged, 0);
  const SimulationSummary rescued = run(capped, 6, true);
  EXPECT_GT(rescued.complementarity_proximal_rescued, 0);
  EXPECT_EQ(rescued.complementarity_proximal_attempts, rescued.complementarity_proximal_rescued);
  EXPECT_EQ(rescued.complementarity_unconverged, 0) << "largest residual " << rescued.complementarity_max_residual;
  EXPECT_LT(left.complementarity_proximal_attempts, rescued.complementarity_proximal_attempts);
}

// An island above the limit is left and counted: one tower of ten (120 rows while its corners are
// closed) under a limit of 100 rows leaves problems that the default limit finishes (the steps in
// which the thrown base box's corners have opened fit under 100 rows and are tried).
TEST(ProximalIslands, LeavesAnIslandAboveTheLimit) {
  const std::string capped = ", max_iterations: 10, subspace_after: 0, rescue_variables: 0";
  const SimulationSummary left = run(capped + ", proximal_rescue_rows: 100", 1);
  const SimulationSummary rescued = run(capped, 1);
  EXPECT_GT(left.complementarity_unconverged, 0);
  EXPECT_EQ(rescued.complementarity_unconverged, 0) << "largest residual " << rescued.complementarity_max_residual;
  EXPECT_LT(left.complementarity_proximal_attempts, rescued.complementarity_proximal_attempts);
}

}  // namespace proximal_islands_test
}  // namespace stickslip
