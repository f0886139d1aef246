// Frictional contact on the Delassus operator: for impulses p and velocities v = W p + b,
//   normal rows:      0 <= p_N  _|_  v_N >= 0,
//   tangential rows:  p_T in the contact's friction cone, opposing v_T when it slides; with the
//                     interval cone (one tangent row, the planar case) |p_T| <= mu p_N, p_T = -mu p_N
//                     if v_T > 0, p_T = mu p_N if v_T < 0 (Coulomb's law as a box complementarity
//                     with bounds -mu p_N, mu p_N); with the disc cone (two tangent rows, spatial
//                     contacts) |p_T|₂ <= mu p_N and p_T = -mu p_N v_T / |v_T| when v_T ≠ 0,
//   other rows:       free (bilateral constraints, v_i = 0).
// Solved directly by nonsmooth Gauss-Seidel (box_lcp.hpp), or lifted to a standard LCP for Lemke.
#pragma once

#include <span>

#include "solvers/box_lcp.hpp"

namespace stickslip::solvers {

// The set the tangential impulses of one contact must lie in, relative to mu p_N.
enum class FrictionCone {
  interval,  // one tangent row: |p_T| <= mu p_N (the planar cone, exact)
  disc,      // two tangent rows: |p_T|₂ <= mu p_N (the isotropic spatial cone, exact); Gauss-Seidel
             // and APGD take it (a disc pair of BoxBounds), the LCP lifting does not
};

// One frictional contact of the problem: its normal row, `tangent_rows` consecutive tangent rows
// from `tangent`, its Coulomb coefficient and cone. Dimension-free: the rows are rows of W.
struct FrictionContact {
  int normal = -1;       // row of W for the normal direction
  int tangent = -1;      // row of W for the first tangential direction
  double mu = 0.0;       // Coulomb friction coefficient, >= 0
  int tangent_rows = 1;  // tangential rows tangent, tangent + 1, ... (1 in the plane)
  FrictionCone cone = FrictionCone::interval;
};

// True when every contact has distinct in-range rows, no row is shared, mu is finite, >= 0, and its
// cone is one the solvers here take (the interval cone on one tangent row, the disc on two).
bool are_valid_contacts(std::span<const FrictionContact> contacts, Eigen::Index n);
// The last: a cone these solvers take, with the matching number of tangent rows.
bool is_supported_cone(const FrictionContact& c);

// The box bounds of the problem (box_lcp.hpp): free rows (-inf, inf), normal rows [0, inf), tangent
// rows the factors (-mu, mu) of their normal impulse, the two rows of a disc cone a disc pair. Validates the contacts on the way (false on
// invalid input); no allocation when `bounds` already has n rows and capacity for them.
bool contact_box_bounds(std::span<const FrictionContact> contacts, Eigen::Index n, BoxBounds& bounds);

class FrictionalContactSolver {
 public:
  explicit FrictionalContactSolver(Eigen::Index capacity = 0, BoxPgsOptions options = {});
  void reserve(Eigen::Index capacity);
  BoxPgsOptions& options() { return pgs_.options(); }

  // result.z = p, result.w = v = W p + b, result.residual = the natural residual of all rows.
  // Warm start from p_start (e.g. the impulses of the previous step; may alias result.z). No
  // allocation when the number of rows is that of the previous call and n <= capacity.
  void solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, LcpResult& result);
  void solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, const VecRef& p_start,
             LcpResult& result);
  void solve(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts, LcpResult& result);
  void solve(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts,
             const VecRef& p_start, LcpResult& result);

  // The box bounds of the last solve (normal: [0, inf), tangent: [-mu, mu] x p_N, free: R).
  const BoxBounds& bounds() const { return bounds_; }

 private:
  bool build_bounds(std::span<const FrictionContact> contacts, Eigen::Index n);

  BoxPgsSolver pgs_;
  BoxBounds bounds_;
};

// The standard LCP lifting (Stewart & Trinkle 1996, in 2D; interval cones only, false for a disc): per contact c four variables
// z = (p_N, p_T+, p_T-, beta) with p_T = p_T+ - p_T- and the rows
//   v_N >= 0 _|_ p_N,  v_T + beta >= 0 _|_ p_T+,  -v_T + beta >= 0 _|_ p_T-,
//   mu p_N - p_T+ - p_T- >= 0 _|_ beta   (beta = |v_T| when sliding).
// Every row of W must belong to a contact (no free rows). M is 4m x 4m for m contacts, variables of
// contact c at 4c..4c+3. Returns false (M, q untouched) on invalid input.
bool frictional_contact_to_lcp(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                               Mat& M, Vec& q);

// p (size n) from a solution z of the lifted LCP.
void contact_impulses_from_lcp(const VecRef& z, std::span<const FrictionContact> contacts, Eigen::Index n, Vec& p);

}  // namespace stickslip::solvers
