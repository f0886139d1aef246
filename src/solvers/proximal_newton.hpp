// Frictional contact problems u = W p + b (interval cones of planar contacts, disc cones of spatial
// ones, free rows allowed) solved by the proximal point method with semismooth Newton steps.
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
// zero exactly at Coulomb's law; a free row has F = ρ u. On a disc cone (two tangent rows, one ρ_T
// for the pair: with a ρ per row the fixed point would not make the friction oppose the slip) the
// clamp is the projection onto the disc of radius μ g⁺ (Alart & Curnier 1991, §3, in 3-D):
//   F_T = p_T − proj_{|·| <= μ g⁺}(p_T − ρ_T u_T),
// whose generalised Jacobian, where τ = p_T − ρ_T u_T lies outside the disc (sliding), is
//   dF_T = (I − κ P) dp_T + κ ρ_T P du_T − μ τ̂ dg,   κ = μ g / |τ|,  P = I − τ̂ τ̂ᵀ
// (proximal_newton_disc.cpp). For interval cones F is piecewise linear, so a Newton step
// with the Jacobian of the current piece ends the round once the piece is right. A line search on
// |F|² stalled at the pieces' kinks and was dropped; keeping only improving rounds stalled the
// rounds (the residual of the rounds is not monotone): the best answer is kept instead.
// α adapts: a round whose Newton steps do not converge is
// taken back and tried again with α ten times larger (a better-conditioned round), one that
// converges in a few steps halves α (faster rounds). With α fixed at 1e-4 of W's largest diagonal
// entry the rounds stalled on 73 of the 79 problems the example wall left at `stall_sweeps: 30`;
// adapted, all 79 and all 100 of those its first 3.6 s hand over met the goal (docs/performance-history.md).
//
// Planar problems (interval cones only): the Newton step is solved on its equation rows only: an open contact's step is known (p = 0), a
// sliding tangent's is the normal's times ±μ plus a known part, and the rest (free rows, closed
// normals, sticking tangents) satisfy (W + αI)_i · step = −u_i, a sparse system on W's pattern
// (W + αI restricted, with ±μ times a sliding tangent's column added to its normal's), factorised by
// a sparse LU. The same step as the full Jacobian's, at a fraction of the cost. With a disc cone the
// sliding pair's rows mix p_T and u_T in the directions τ̂ and τ̂⊥, and the step is solved on the full
// Jacobian J = D_p + D_u A (D_p, D_u block diagonal by contact; proximal_newton_disc.cpp).
#pragma once

#include <memory>
#include <span>
#include <vector>

#include <Eigen/SparseLU>

#include "solvers/box_lcp.hpp"
#include "solvers/frictional_contact.hpp"

namespace stickslip::solvers {

struct ProximalNewtonOptions {
  double regularisation = 1e-4;      // α at the start, as a share of W's largest diagonal entry
  double min_regularisation = 1e-6;  // the shares α adapts between
  double max_regularisation = 1e-1;
  int easy_round = 3;                // a round converged in at most this many steps halves α
  int max_rounds = 300;              // proximal rounds
  int max_newton_steps = 20;         // Newton steps per round
  // The rounds go on below the goal, to aim_share × goal, while they last: an answer just inside
  // the goal still leaves velocities off by about the goal, which a chaotic run (a shaken stack)
  // amplifies, while the rounds converge linearly and a right face costs one Newton step each.
  double aim_share = 1e-3;
  int stall_rounds = 60;  // stop when the best residual has not halved over this many rounds
  int max_total_steps = 1000;  // Newton steps per solve at most (the problems finished took up to 350)
};

class ProximalNewton {
 public:
  // Solves from p. Returns true, with p replaced, when the natural residual on W p + b (box_residual
  // and its unrounded form, as Gauss-Seidel's own test) is at most `goal`; false leaves p as it was
  // (invalid contacts or non-finite input are refused; or the
  // rounds ran out, stalled or used up max_total_steps: best() then holds the answer of smallest
  // residual). The dense form of W is copied to a sparse one. Allocates.
  bool solve(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts, double goal, Vec& p);
  bool solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, double goal, Vec& p);

  ProximalNewtonOptions& options() { return options_; }
  int rounds() const { return rounds_; }              // of the last solve
  int newton_steps() const { return newton_steps_; }  // of the last solve, all rounds
  double residual() const { return residual_; }       // natural residual of best()
  const Vec& best() const { return best_; }           // empty when the input was refused

 private:
  enum class RowKind { equation, known, sliding };  // of the Newton step (proximal_newton.hpp)
  // A disc contact's piece at the point of the last alart_curnier (proximal_newton_disc.cpp).
  struct DiscPiece {
    enum Kind { open, sticking, sliding } kind = open;
    double tx = 0, ty = 0, kappa = 0, rho_t = 0;  // sliding: τ̂, κ = μ g / |τ|; ρ_T of the pair
  };

  bool fits(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts, const Vec& p) const;
  void regularise(const SparseMat& W, double alpha);
  bool round(std::span<const FrictionContact> contacts, double aim);
  void alart_curnier(std::span<const FrictionContact> contacts, const Vec& p);
  bool newton_step();
  void alart_curnier_disc(const FrictionContact& c, const Vec& p, DiscPiece& piece);  // proximal_newton_disc.cpp
  bool full_newton_step(std::span<const FrictionContact> contacts);                  // proximal_newton_disc.cpp
  void build_jacobian_pattern(std::span<const FrictionContact> contacts);            // proximal_newton_disc.cpp
  void fill_jacobian_row(int i, std::span<const std::pair<int, double>> dp, std::span<const std::pair<int, double>> du);
  double natural_residual(const SparseMat& W, const VecRef& b, const Vec& p);

  ProximalNewtonOptions options_;
  int rounds_ = 0, newton_steps_ = 0;
  double residual_ = 0.0;
  SparseMat dense_copy_, A_, reduced_;  // W + αI; the Newton step's matrix on the equation rows
  Vec c_, rho_, u_, f_, step_, p_, start_, best_, slide_, known_, rhs_, solution_;
  std::vector<RowKind> kind_;
  bool has_disc_ = false;  // a disc cone: the full Jacobian's step
  std::vector<DiscPiece> pieces_;  // by contact (disc contacts only)
  Eigen::SparseMatrix<double, Eigen::RowMajor> A_rows_;  // A by rows (refreshed when α changes: rows_stale_)
  bool rows_stale_ = true, jacobian_ready_ = false;  // J's pattern and the LU's analysis made this solve
  SparseMat jacobian_;             // J with its fixed pattern
  std::vector<int> row_start_, slot_of_column_;     // J's rows: their slots; a row's column → slot
  std::vector<std::pair<int, int>> row_slots_;      // (column, slot in J's values) by row
  std::vector<int> equations_, partner_, position_;  // equation rows; a sliding row's normal; row → place
  std::vector<Eigen::Triplet<double>> entries_;
  std::unique_ptr<Eigen::SparseLU<SparseMat, Eigen::COLAMDOrdering<int>>> lu_;  // on first use (not movable itself)
  BoxBounds bounds_;
};

}  // namespace stickslip::solvers
