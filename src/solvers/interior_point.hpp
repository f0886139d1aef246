// Planar frictional contact problems with W = H M⁻¹ Hᵀ (M diagonal) solved in velocity space by a
// primal-dual interior-point method, inside a fixed point on a shift of the normal velocities.
//
// Why: a wall of rigid blocks has several corners per face and closed loops of contacts, so W is
// singular (its rank is the number of velocities) and the impulses are not unique; Gauss-Seidel on W
// then converges sublinearly, and Lemke's method meets singular bases. The velocities are unique all
// the same, and this method iterates on them. Coulomb's law is the fixed point s = μ|u_T| of the
// convex programs (Acary, Cadoux, Lemaréchal & Malick 2011, "A formulation of the linear discrete
// Coulomb friction problem via convex optimization", here with the plane's interval cone)
//   min ½|y|²  subject to  u_N,c + s_c − μ_c u_T,c >= 0  and  u_N,c + s_c + μ_c u_T,c >= 0,
// in the mass-scaled velocity change y = M^{1/2} Δv, with u = J y + b and J = H M^{-1/2}: strongly
// convex in y whatever W's rank. The multipliers a_c, b_c of the two rows give the impulses
// p_N = a + b and p_T = μ (b − a), inside the cone by construction, with y = Jᵀ p; where s = μ|u_T|
// they meet Coulomb's law (a sliding contact has u_N = 0 and p_T = −μ p_N sign u_T). A frictionless
// contact has the one row u_N >= 0.
//
// Each program is solved by Mehrotra's predictor-corrector (Mehrotra 1992; Wright 1997,
// "Primal-Dual Interior-Point Methods", ch. 10): one LDLᵀ of I + Σ D_i c_i c_iᵀ per iteration (c_i
// the rows above, D = λ / z; NormalMatrix: dense up to 96 velocities, else sparse on the bodies'
// adjacency pattern), whose cost does not depend on W's conditioning. The shift is updated from the answer's tangential velocities with
// Anderson's acceleration (Walker & Ni 2011, "Anderson acceleration for fixed-point iterations"),
// which the slowly contracting fixed point of a wall needs: on four hard problems of a wall, plain
// updates left two 3 and 7 times above the goal after 40 rounds, accelerated ones met it in all
// four within 12 (docs/performance-history.md); nearly dependent history falls back to the plain update.
//
// Interval cones (one tangent row per contact) and no free rows: every row belongs to a contact.
#pragma once

#include <span>
#include <vector>

#include "solvers/frictional_contact.hpp"
#include "solvers/normal_matrix.hpp"

namespace stickslip::solvers {

struct InteriorPointOptions {
  int max_iterations = 60;  // interior-point iterations per program
  int max_rounds = 30;      // fixed-point rounds on the shift
  int anderson_depth = 5;   // earlier rounds the shift's update combines (0: plain fixed point)
  bool corrector = true;    // Mehrotra's second-order correction (false: the centred step alone)
};

class VelocityInteriorPoint {
 public:
  // H's pattern, once (its values may change between solves, the pattern may not). False when a row
  // of H has more than NormalMatrix::kMaxRowEntries entries. Allocates.
  bool analyse(const RowSparseMat& H);

  // Solves from the shift μ|u_T| of the p given. Returns true, with p replaced, when the answer's
  // natural residual on W p + b (as box_residual measures it; NaN counts as infinite) is at most
  // `goal`; false leaves p as it was (the input does not fit or is not finite, or the rounds ran
  // out: best() then holds the answer of smallest residual, when there was one). Allocates (the
  // history of the shifts and its least squares): it is meant for the few problems other methods
  // leave.
  bool solve(const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b,
             std::span<const FrictionContact> contacts, double goal, Vec& p);

  InteriorPointOptions& options() { return options_; }
  int iterations() const { return iterations_; }  // interior-point iterations of the last solve
  int rounds() const { return rounds_; }          // programs of the last solve
  double residual() const { return residual_; }   // natural residual of its best answer
  const Vec& best() const { return best_; }       // that answer (empty when there was none)

 private:
  bool fits(const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b,
            std::span<const FrictionContact> contacts) const;
  void solve_program(const RowSparseMat& H, const VecRef& b, std::span<const FrictionContact> contacts,
                     double goal);
  void start_point(const RowSparseMat& H, const VecRef& b, std::span<const FrictionContact> contacts);
  double program_residual(const RowSparseMat& H, const VecRef& b, std::span<const FrictionContact> contacts);
  bool factorize(const RowSparseMat& H, std::span<const FrictionContact> contacts);
  void direction(const RowSparseMat& H, std::span<const FrictionContact> contacts, double target, bool corrected);
  double step_to_boundary() const;
  double mean_complementarity(double alpha) const;
  void impulses(std::span<const FrictionContact> contacts, Vec& p) const;
  void row_velocities(const RowSparseMat& H, const VecRef& b, const Vec& p);  // u_ = W p + b
  double coulomb_residual(std::span<const FrictionContact> contacts, const Vec& p) const;
  void next_shift(std::span<const FrictionContact> contacts);
  void velocity_of(const RowSparseMat& H, const Vec& p, Vec& y) const;  // y = Jᵀ p
  void rows_of(const RowSparseMat& H, const Vec& y, Vec& u) const;      // u = J y

  InteriorPointOptions options_;
  NormalMatrix normal_;
  Eigen::Index analysed_rows_ = -1, analysed_entries_ = -1;  // H's size at analyse()
  int iterations_ = 0, rounds_ = 0;
  double residual_ = 0.0;
  Vec root_inverse_mass_;  // M^{-1/2}
  Vec shift_;              // s, by contact
  // The iterate: y, and by contact the slacks z and multipliers λ of row a (u_N + s − μ u_T) and of
  // row b (u_N + s + μ u_T; unused for a frictionless contact), the residuals r of the rows, their
  // weights D = λ / z, and the direction.
  Vec y_, za_, zb_, la_, lb_, ry_, ra_, rb_, da_, db_;
  Vec dy_, dza_, dzb_, dla_, dlb_;
  Vec u_, rhs_, weight_, factor_, e_, p_, velocity_, best_;
  std::vector<int> rows_, tie_of_;
  // Anderson's history: the shifts tried and the updates they gave.
  std::vector<Vec> tried_, updated_;
};

}  // namespace stickslip::solvers
