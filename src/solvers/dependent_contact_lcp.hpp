// Contact complementarity problems whose Delassus operator is singular. When several contacts hold
// one rigid body (two corners of a block on a block, three feet of a stool) some combinations of their
// forces or impulses move nothing: W = Dᵀ M⁻¹ D has a null space spanned by an orthonormal Z, and the
// contact forces are indeterminate along it. The problem still has solutions (an admissible
// distribution exists), but every solution is one of a continuum, the pivoting bases along the way are
// singular or nearly so, and Lemke's method ends on a singular basis or a false ray after rounding.
//
// The remedy here is the proximal point method (Rockafellar 1976) applied along Z only:
//   λ^{k+1} solves the problem with  W_ε = P W P + ε s Z Zᵀ  and  b^k = P b − ε s Z Zᵀ λ^k,   λ^0 = 0,
// with P = I − Z Zᵀ and s = max diag W. W_ε is positive definite on the span of the directions (ε s on
// Z, W's own eigenvalues ≥ 1e-6 s elsewhere, see math/least_squares.hpp), so the pivoting is well
// posed; at a fixed point the two proximal terms cancel and λ solves the problem (P W P, P b). The
// projection P leaves out the rows' components along Z, which no force can change: for exactly
// dependent directions they are rounding, for nearly dependent ones (compliant corners sunk unequally)
// they are the stiff internal couple that ModalDynamics leaves out of the motion too (see
// kDependentDirections). Along Z the problem is then flat, so each iteration moves λ only as far as
// the constraints push it and the fake velocities ε s Z Zᵀ(λ^{k+1} − λ^k) shrink by a factor of about
// ε per iteration: two or three iterations reach rounding. Started from λ^0 = 0 the iterates stay as
// close to the even split as the constraints allow; the limit is the distribution reported.
//
// The caller supplies the problem through two functions: `to_lcp(W, b, M, q)` writes the LCP whose
// Delassus operator and free term are W and b (e.g. the lifted frictional contact problem), and
// `to_forces(z, λ)` maps an LCP solution back to the forces or impulses λ along W's rows.
#pragma once

#include <functional>

#include "math/least_squares.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {

struct DependentContactResult {
  LcpResult lcp;       // the last LCP's solution (w is that of the original problem at convergence)
  Vec forces;          // λ along W's rows
  Eigen::Index dependent = 0;  // dim Z: 0 when W is regular (one plain Lemke solve)
  int iterations = 0;  // proximal iterations (1 when W is regular)
  int pivots = 0;      // Lemke pivots in all
  double weight = 0;   // ε of the proximal term that succeeded (relative to max diag W)
  bool converged = true;
};

class DependentContactLcp {
 public:
  using ToLcp = std::function<void(const Mat& W, const Vec& b, Mat& M, Vec& q)>;
  using ToForces = std::function<void(const Vec& z, Vec& forces)>;

  // ε of the proximal term, relative to max diag W: large enough that the pivoting sees a well
  // conditioned problem, small enough that the iteration contracts fast (3 to 5 iterations at 1e-3).
  // The lifted friction problem's bases are far worse conditioned than W: on a stack of ten blocks
  // (W's nonzero eigenvalues from 2e-3 to 1.2) the pivoting met singular bases up to ε = 1e-5. When it
  // still does, ε is raised tenfold, up to kMaxProximalWeight.
  static constexpr double kProximalWeight = 1e-3;
  static constexpr double kMaxProximalWeight = 1e-1;
  static constexpr int kMaxIterations = 30;

  void solve(const Mat& W, const Vec& b, const ToLcp& to_lcp, const ToForces& to_forces,
             DependentContactResult& out);

 private:
  // The proximal iterations at one weight ε s; false when a Lemke solve fails.
  bool iterate(double weight, const ToLcp& to_lcp, const ToForces& to_forces, DependentContactResult& out);

  LemkeSolver lemke_;
  DependentDirections dependent_;
  Mat Z_, W_proj_, W_eps_, M_;
  Vec b_proj_, b_k_, q_, shift_, previous_;
};

}  // namespace stickslip::solvers
