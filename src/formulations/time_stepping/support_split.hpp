// How the impulses of a step are shared among redundant supports (docs/schemes.md, "Contacts between
// shapes"). Several rigid points between the same two bodies (the four corners of a box on a box) can
// carry a load in a continuum of ways: every p_A + Z y with Z a basis of null(J_Aᵀ) gives the bodies
// the same generalised impulse J_Aᵀ p_A, hence the same motion. The solver returns one of them, which
// depends on its sweep order and warm start. What is reported is the least-norm member,
//   p_A* = p_A − Z Zᵀ p_A     (Z orthonormal, from the Gram matrix J_A M⁻¹ J_Aᵀ: DependentDirections),
// the split that elastic supports of equal stiffness tend to when their stiffness grows (a linear load
// distribution over the supports, as in the statics of a rigid plate on springs), kept only when it is
// admissible: every normal impulse >= 0 and every friction impulse inside the cone the step solved
// with (μ P_N, disc or interval). Otherwise the solver's split is reported.
//
// A: per pair of bodies (bodies that are not dynamic count as one, the ground), its shape points that
// stick after the step; the normal and tangent rows together (the null space mixes them), tangent rows
// only where friction acts. Per pair and not per connected group of bodies: for a tree of contacts (a
// stack, a tower, a pile resting on the ground) the null space of the group is the sum of its pairs'
// (the wrench of a pair on one body fixes the one on the other, so a null combination vanishes pair by
// pair from the leaves in), and the cost stays linear in the number of pairs; dependence through a
// closed loop of several bodies keeps the solver's split. Pairs with more than kMaxPoints sticking
// points keep it too, so the work is bounded and allocation-free (fixed-capacity matrices).
//
// The motion never sees this: the step's velocities, warm starts, stick/slip decisions and checkpoints
// use the solver's impulses; only the reported forces (output rows, points files, contact reports) use
// the split.
#pragma once

#include <array>
#include <vector>

#include "formulations/event_log.hpp"
#include "formulations/time_stepping/impulse_problem.hpp"
#include "math/least_squares.hpp"
#include "model/model.hpp"

namespace stickslip {

class SupportSplit {
 public:
  // Sticking points per pair of bodies beyond which the solver's split is kept: two faces clipped
  // into an octagon, or two shape pairs of four points each, between the same two bodies.
  static constexpr int kMaxPoints = 8;
  static constexpr int kMaxRows = 3 * kMaxPoints;

  // The reported impulses of the last step: `problem`'s, with the least-norm split of each pair of
  // bodies among contacts [first, problem.contact_count()) (`contact_bodies[c - first]`: body_i and
  // body_j of contact c, `state[c]` its state after the step, `minv` the diagonal of M⁻¹).
  void apply(const ImpulseProblem& problem, const Model& model, const std::vector<std::array<int, 2>>& contact_bodies,
             int first, const std::vector<ContactState>& state, const Vec& minv);
  const Vec& impulses() const { return reported_; }
  Vec& impulses() { return reported_; }
  // Pairs whose split the last apply() replaced (for the tests).
  int replaced() const { return replaced_; }

 private:
  using Gram = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxRows, kMaxRows>;
  using Column = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxRows, 1>;

  void split_group(const ImpulseProblem& problem, const Vec& minv, int begin, int end);
  bool admissible(const ImpulseProblem& problem) const;

  Vec reported_;
  std::vector<int> order_;                  // candidate contacts sorted by their pair
  std::vector<std::array<int, 2>> key_;     // per contact: its pair (non-dynamic bodies as -1), ordered
  std::array<int, kMaxRows> rows_{};        // the group's rows in the problem
  std::array<int, kMaxPoints> contacts_{};  // and its contacts
  int row_count_ = 0, contact_count_ = 0, replaced_ = 0;
  Gram gram_;
  Column p_, split_;
  BasicDependentDirections<Gram> dependent_;
};

}  // namespace stickslip
