// Admissible force distributions of a redundant system. When several contacts hold one rigid body
// (two sticking corners of a block, three feet of a stool), the equations of motion fix only the
// resultant of their forces: every λ = λ̂ + Z α, with Z an orthonormal basis of the force directions
// that move nothing, gives the same motion. Whether the body can be held is therefore a question
// about the whole set, not about one member of it (Pfeiffer & Glocker 1996, ch. 6: the contact
// forces of a rigid body are indeterminate; only their admissibility decides). With every contact's
// conditions written as linear inequalities A λ + b ≥ 0 (λ_N ≥ 0, μ N ∓ λ_T ≥ 0), this answers:
//   the admissible distribution of least norm:  min ½ ||λ̂ + Zα||²  s.t.  A(λ̂ + Zα) + b ≥ 0,
//     solved through its dual, LCP(G Gᵀ, c − G Zᵀλ̂) with G = A Z, c = A λ̂ + b: a positive
//     semidefinite LCP, which Lemke's method solves whenever the set is not empty (Cottle, Pang &
//     Stone 1992, th. 4.4.13) and otherwise ends on a ray;
//   the feasibility margin  s* = max_α min_i (A(λ̂ + Zα) + b)_i  (capped at `margin_cap`): the largest
//     force by which every condition can be met at once, ≥ 0 exactly when an admissible distribution
//     exists, continuous in the data; solved as a linear program through its skew-symmetric LCP.
// The least-norm choice is the minimum-norm (equal-share) split when that one is admissible, and the
// admissible distribution nearest to it otherwise; it is unique, so the reported forces are continuous
// in time.
#pragma once

#include <functional>

#include "solvers/lemke.hpp"

namespace stickslip::solvers {

struct AdmissibleForces {
  Vec lambda;          // least-norm admissible λ (when feasible), else the λ of the largest margin
  double margin = 0;   // s*: ≥ 0 exactly when an admissible distribution exists
  bool feasible = false;
  int pivots = 0;
};

class AdmissibleForceSolver {
 public:
  // lambda_hat: a particular solution (m); Z: m × r orthonormal basis of the free directions;
  // A, b: k inequalities A λ + b ≥ 0 on λ. margin_cap > 0 bounds s* (a body wedged between two walls
  // can hold any force: its margin is unbounded).
  void solve(const Vec& lambda_hat, const Mat& Z, const Mat& A, const Vec& b, double margin_cap,
             AdmissibleForces& out);

  // Only the margin s* and the λ that attains it.
  double max_margin(const Vec& lambda_hat, const Mat& Z, const Mat& A, const Vec& b, double margin_cap, Vec& lambda);
  // A stop request, asked by the pivoting (LemkeOptions::should_stop).
  void on_stop_request(std::function<bool()> should_stop) { lemke_.options().should_stop = std::move(should_stop); }

 private:
  // max_margin's program without the split of α, when Lemke's method ends on a ray with it.
  double bounded_margin(const Vec& lambda_hat, const Mat& Z, double margin_cap, Vec& lambda);

  LemkeSolver lemke_;
  Mat G_, M_;
  Vec c_, q_, alpha_;
  LcpResult res_;
};

}  // namespace stickslip::solvers
