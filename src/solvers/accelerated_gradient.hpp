// Accelerated projected gradient (APGD) for the frictional contact problem on the Delassus operator
// (the problem of frictional_contact.hpp: normal rows 0 <= p_N ⟂ v_N >= 0, tangent rows Coulomb's
// law on the contact's cone, other rows free, v = W p + b).
//
// Nesterov's accelerated gradient on f(p) = ½ pᵀ W p + bᵀ p, each step projected onto the
// contacts' admissible impulses (Mazhar, Heyn, Negrut & Tasora 2015, "Using Nesterov's method to
// accelerate multibody dynamics with friction and contact", ACM TOG 34(3), algorithm APGD), with
//   - the step 1/L from a Lipschitz estimate of W: a few power iterations (warm-started from the
//     previous solve's vector), raised by backtracking whenever ½ dᵀ W d > ½ L |d|² for the step d
//     (which needs no product with W beyond the one of the new point) and lowered by 10 % per step;
//   - adaptive restart (O'Donoghue & Candès 2015, gradient scheme): the momentum is dropped when the
//     gradient at the extrapolated point makes an obtuse angle with the step just made.
// One product W x per iteration (two on a backtrack): an iteration costs about one Gauss-Seidel
// sweep on the same operator, and W is used only through products (dense, sparse or any operator
// with the same interface), so the cost per iteration is the operator's.
//
// The projection. For the interval cone (planar contacts) Coulomb's law is a box with the bounds
// ±μ p_N of the contact's own normal impulse (box_lcp.hpp); the projection takes p_N ← max(p_N, 0)
// and then p_T ← clamp(p_T, −μ p_N, μ p_N) with the new p_N. This is not the Euclidean projection
// onto the cone {|p_T| <= μ p_N} (that one would solve the cone complementarity problem of Anitescu
// & Tasora 2010, whose sliding contacts separate at the speed μ |v_T|), but the map whose fixed
// points p = Π(p − α (W p + b)), for any α > 0, are exactly the solutions of Coulomb's law: the same
// problem, and the same natural residual (box_residual with α = 1), as Gauss-Seidel's. The disc
// cone of spatial contacts projects (p_N, p_T) the same way: p_N first, then p_T scaled into the
// disc of radius μ p_N (the Euclidean projection onto the disc), whose fixed points are again
// exactly Coulomb's law with friction opposite the slip velocity.
//
// Stopping: the natural residual box_residual(p, W p + b) <= tolerance × max(1, ‖b‖∞) (the test of
// BoxPgsSolver), the iteration cap, or a residual that has not halved over `stall_iterations`
// iterations. The best iterate seen (lowest residual) is returned.
#pragma once

#include <span>

#include "solvers/box_lcp.hpp"
#include "solvers/frictional_contact.hpp"

namespace stickslip::solvers {

struct ApgdOptions {
  double tolerance = 1e-8;    // stop when box_residual <= tolerance * max(1, ||b||_inf)
  int max_iterations = 0;     // 0 means automatic: max(1000, 100 n)
  int min_iterations = 0;     // iterations made even when the start meets the tolerance
  int stall_iterations = 0;   // stop when the residual has not halved over this many, 0: never
  int power_iterations = 8;   // for the first Lipschitz estimate of a solve
};

class ApgdContactSolver {
 public:
  explicit ApgdContactSolver(Eigen::Index capacity = 0, ApgdOptions options = {});
  void reserve(Eigen::Index capacity);
  ApgdOptions& options() { return options_; }

  // result.z = p, result.w = W p + b, result.residual = the natural residual of all rows; warm start
  // from p_start (may alias result.z). No allocation when n is the size of the previous solve (or of
  // reserve) and result has size n.
  void solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, const VecRef& p_start,
             LcpResult& result);
  void solve(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts,
             const VecRef& p_start, LcpResult& result);

  // The Lipschitz estimate L of the last solve (the step was 1/L) and whether it stopped stalled.
  double lipschitz() const { return lipschitz_; }
  bool stalled() const { return stalled_; }
  const BoxBounds& bounds() const { return bounds_; }

 private:
  template <class Matrix>
  void run(const Matrix& W, const VecRef& b, std::span<const FrictionContact> contacts, const VecRef& p_start,
           LcpResult& result);
  template <class Matrix>
  double estimate_lipschitz(const Matrix& W, Eigen::Index n);
  void project(Vec& p) const;

  ApgdOptions options_;
  BoxBounds bounds_;
  std::span<const FrictionContact> contacts_;
  Vec x_, wx_, y_, wy_, xn_, wxn_, power_, power_w_;
  double lipschitz_ = 0.0;
  bool stalled_ = false;
};

}  // namespace stickslip::solvers
