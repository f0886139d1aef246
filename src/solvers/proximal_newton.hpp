// Planar frictional contact problems u = W p + b (interval cones, free rows allowed) solved by the
// proximal point method with semismooth Newton steps.
//
// Why: a wall of rigid blocks has several corners per face and closed loops of contacts, so W is
// singular and the impulses are not unique; Gauss-Seidel then crawls, Lemke's method meets singular
// bases, and Newton's method on W itself meets singular Jacobians. The proximal point method
// (Rockafellar 1976, "Monotone operators and the proximal point algorithm") solves, round after
// round, the problem of W + αI and b − α p_k: its impulses are unique and its Newton systems regular,
// and its answer p_{k+1} satisfies the original problem up to α (p_{k+1} − p_k), which vanishes as
// the rounds settle. Each round is solved by full semismooth Newton steps on Alart and Curnier's
// function (Alart & Curnier 1991), per contact with ρ_i = 1 / (W_ii + α):
//   F_N = p_N − max(0, g),                g = p_N − ρ_N u_N,
//   F_T = p_T − proj_[−μ g⁺, μ g⁺](p_T − ρ_T u_T),
// zero exactly at Coulomb's law; a free row has F = ρ u. F is piecewise linear, so a Newton step
// with the Jacobian of the current piece ends the round once the piece is right. A line search on
// |F|² stalled at the pieces' kinks and was dropped; keeping only improving rounds stalled the
// rounds (the residual of the rounds is not monotone): the best answer is kept instead.
// On the 74 problems the example wall leaves in its first 3.6 s the first version of this (stopping
// at the goal, no stall rule) met the goal on 73, in a median of 3 rounds and 14 Newton steps
// (docs/performance.md, with the figures of the present one in the run).
//
// Dense (one LU of n rows per Newton step): meant for the few problems other methods leave.
#pragma once

#include <span>

#include "solvers/frictional_contact.hpp"

namespace stickslip::solvers {

struct ProximalNewtonOptions {
  double regularisation = 1e-4;  // α as a share of W's largest diagonal entry
  int max_rounds = 300;          // proximal rounds
  int max_newton_steps = 20;     // Newton steps per round
  // The rounds go on below the goal, to aim_share × goal, while they last: an answer just inside
  // the goal still leaves velocities off by about the goal, which a chaotic run (a shaken stack)
  // amplifies, while the rounds converge linearly and a right face costs one Newton step each.
  double aim_share = 1e-3;
  int stall_rounds = 30;  // stop when the best residual has not halved over this many rounds
  int max_total_steps = 1000;  // Newton steps per solve at most (the problems finished took up to 327)
};

class ProximalNewton {
 public:
  // Solves from p. Returns true, with p replaced, when the natural residual on W p + b (box_residual
  // and its unrounded form, as Gauss-Seidel's own test) is at most `goal`; false leaves p as it was
  // (interval cones only: a disc cone, invalid contacts or non-finite input are refused; or the
  // rounds ran out, stalled or used up max_total_steps: best() then holds the answer of smallest
  // residual). Allocates.
  bool solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, double goal, Vec& p);

  ProximalNewtonOptions& options() { return options_; }
  int rounds() const { return rounds_; }              // of the last solve
  int newton_steps() const { return newton_steps_; }  // of the last solve, all rounds
  double residual() const { return residual_; }       // natural residual of best()
  const Vec& best() const { return best_; }           // empty when the input was refused

 private:
  bool fits(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, const Vec& p) const;
  void round(std::span<const FrictionContact> contacts, double aim);
  void alart_curnier(std::span<const FrictionContact> contacts, const Vec& p);
  double natural_residual(const MatRef& W, const VecRef& b, const Vec& p);

  ProximalNewtonOptions options_;
  int rounds_ = 0, newton_steps_ = 0;
  double residual_ = 0.0;
  Mat A_, jacobian_;           // W + αI; the Jacobian of F
  Vec c_, rho_, u_, f_, step_, p_, best_;
  Eigen::PartialPivLU<Mat> lu_;
  BoxBounds bounds_;
};

}  // namespace stickslip::solvers
