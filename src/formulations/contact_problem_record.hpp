// One time-stepping contact problem as its solver saw it, handed out when the solve ends above its
// tolerance (SimulationCallbacks::unconverged_problem; `stickslip run --dump-unconverged`) so that it
// can be studied or re-solved outside the run. The problem (impulse_problem.hpp): find impulses p with
// u = W p + b and, per contact, 0 <= p_N ⟂ u_N >= 0 and Coulomb's law on the tangent rows (|p_T| <= μ p_N,
// opposing u_T when it slides); bilateral rows (the first bilateral_rows) free with u = 0. An inactive
// contact keeps its rows with a unit diagonal, b = 1 and μ = 0, so its impulses are zero.
#pragma once

#include <string>
#include <vector>

#include "solvers/frictional_contact.hpp"

namespace stickslip {

struct ContactProblemRecord {
  double t = 0;              // the end of the step [s]
  long step = 0;             // its number in the run (1: the first)
  int bilateral_rows = 0;    // rows 0 .. bilateral_rows-1: joints and drivers
  solvers::SparseMat W;      // the Delassus operator H W̃⁻¹ Hᵀ (n × n; symmetric to rounding when sparse)
  Vec b;                     // u = W p + b
  Vec p_start;               // the warm start (the previous step's impulses)
  Vec p;                     // the impulses accepted
  std::vector<solvers::FrictionContact> contacts;  // rows, μ of this step (0 when inactive), cone
  std::vector<char> active;  // per contact: takes part in the step
  std::string solver;        // "pgs" or "apgd"
  double tolerance = 0, goal = 0, residual = 0;  // goal = tolerance × max(1, ‖b‖∞); residual: natural
  int iterations = 0;        // sweeps (or APGD iterations)
  // Lemke's rescue (rescue_variables): "none" (not tried: too large, or off), "tried" (Lemke failed or
  // was not better: p is the iterative solver's), "improved" (p is Lemke's, still above the goal).
  std::string rescue = "none";
  // The interior-point rescue after it (interior_point_rescue), in the same words: "improved" when p
  // is the interior-point method's best answer, still above the goal.
  std::string interior_point = "none";
  // The proximal point rescue after that (proximal_rescue_rows), in the same words.
  std::string proximal = "none";
};

}  // namespace stickslip
