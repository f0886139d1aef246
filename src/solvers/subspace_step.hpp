// Subspace minimisation for the frictional contact problem (Silcowitz-Hansen, Niebe & Erleben
// 2010, "Projected Gauss-Seidel subspace minimization method for interactive rigid body dynamics"),
// with the face corrected by primal-dual active-set updates (Hintermüller, Ito & Kunisch 2002).
// Interval cones (planar contacts) and disc cones (spatial contacts: a sliding contact's face is
// p_T = μ p_N d with the direction d of the iterate, or of the natural map's prediction, held fixed,
// so that the face stays linear in the impulses; the correction is kept only when the natural
// residual falls, like any other).
//
// Gauss-Seidel settles which rows are at a bound quickly but spreads a load through an
// ill-conditioned W (a tall stack: condition ~ N²) very slowly. Given an iterate p, this step takes
// the face p lies on (per contact: open, both impulses zero; sticking, both rows equations;
// sliding, p_T = ±μ p_N riding on the normal, whose row is the equation) and computes the
// correction d that makes the equation rows' velocities (W p + b)_r vanish. Where the corrected
// point leaves the face's bounds or breaks the complementarity of the rows outside it, the face is
// predicted anew from the natural map at that point, row by row as one Gauss-Seidel update would
// decide it (z_r − (W z + b)_r / W_rr against the bounds), and the correction is recomputed from
// there, up to kFaceUpdates times: a semismooth Newton iteration on the face. The result, projected
// onto the bounds, replaces p when its natural residual is below that of p; sweeps follow.
//
// Overdetermined stacks. A wall of rigid blocks has several contacts per face and closed loops of
// contacts, so the equation rows outnumber the velocities (about 15 rows per block against 3): W's
// block of the face is singular, and when the rows' targets are not all met by one rigid motion
// (a wrong face, or targets of the caller's that conflict) the equations have no exact solution,
// and a regularised one runs off along W's null space (the indeterminate share of the load between
// the corners of a face) by the inconsistency over the regularisation.
// The correction is therefore the minimum-norm least-squares one: it fixes what the rows can fix
// and leaves the share of the load where the sweeps put it. Two ways to compute it:
//   - W given (dense or sparse): the regularised equations of the face, (A + εI) d = −r, with A = W
//     restricted to the equation rows (tied tangents folded into their normal's column), by a
//     preallocated dense LU up to kDenseLimit unknowns and a sparse LU (which allocates) above;
//     exact for consistent equations (a single stack).
//   - W = H M⁻¹ Hᵀ given by its factors (H: one row per impulse, M diagonal): in velocity space,
//     where the least-squares problem is small and well posed. With C the equation rows of H and B
//     the columns of the unknowns (Hᵀ of the rows, plus ±μ times the tied tangent's row for a
//     sliding normal), the velocity change y = −(CᵀC)⁻¹ Cᵀ r fixes the rows in the least-squares
//     sense, and the smallest impulses that make it, M⁻¹ B d = y, are d = Bᵀ (BBᵀ)⁻¹ M y. Without
//     sliding contacts (B = Cᵀ) this is exactly the minimum-norm least-squares solution of
//     A d = −r (the pseudo-inverse through W = J Jᵀ, J = C M^{-1/2}). CᵀC and BBᵀ have the
//     sparsity of the bodies' adjacency, fixed by H (solvers/normal_matrix.hpp): a dense LDLᵀ up
//     to kDenseVelocities velocities, a sparse LDLᵀ with its fill-reducing ordering and symbolic
//     analysis made once above (FixedPatternLdlt: no allocation per factorisation up to 16 384
//     velocities).
#pragma once

#include <Eigen/SparseLU>
#include <array>
#include <memory>
#include <span>
#include <vector>

#include "solvers/box_lcp.hpp"
#include "solvers/dense_lu.hpp"
#include "solvers/frictional_contact.hpp"
#include "solvers/normal_matrix.hpp"

namespace stickslip::solvers {

class SubspaceStep {
 public:
  static constexpr Eigen::Index kDenseLimit = 256;      // unknowns of the dense LU (W given)
  static constexpr Eigen::Index kDenseVelocities = NormalMatrix::kDenseVelocities;  // dense LDLᵀ (factors given)
  static constexpr int kFaceUpdates = 4;                // face predictions per step at most

  // Preallocates for problems of n rows (the dense path up to min(n, kDenseLimit) unknowns).
  void reserve(Eigen::Index n);

  // W given. Returns true when p was replaced by a point of smaller natural residual; false (p
  // unchanged) when the step did not improve p, the inputs do not fit or a system was singular.
  bool apply(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p);
  bool apply(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p);

  // W = H diag(inverse_mass) Hᵀ. analyse() once for H's sparsity pattern (the values may change
  // between calls, the pattern may not); then no allocation (FixedPatternLdlt's limit above
  // kDenseVelocities velocities).
  void analyse(const RowSparseMat& H);
  bool apply(const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b,
             std::span<const FrictionContact> contacts, Vec& p);

  // Face predictions made in the last apply (0: the face of p was kept), and the natural residual
  // of p before it and of its result (the projected point, kept or not).
  int face_updates() const { return updates_; }
  double start_residual() const { return start_residual_; }
  double end_residual() const { return end_residual_; }
  // The projected point of smallest natural residual the last apply found (kept or not; empty when
  // it found none): a point whose residual is high only at the few contacts on a wrong face, which
  // sweeps then correct locally.
  const Vec& candidate() const { return candidate_; }

 private:
  // slide: a disc cone's sliding face, p_T = μ p_N d with d in slide_direction_.
  enum class Face : unsigned char { open, stick, slide_positive, slide_negative, slide };
  // What the two ways of computing the correction provide to the common iteration (run()).
  class Operator {
   public:
    virtual void product(const Vec& x, Vec& w) = 0;  // w = W x + b
    virtual bool correction() = 0;                   // direction_ from x_, w_ and the face
    virtual double diagonal(Eigen::Index r) const = 0;
    virtual ~Operator() = default;
  };

  // Sizes agree and every contact names rows of the problem (checked without allocating).
  static bool fits(Eigen::Index rows, Eigen::Index cols, Eigen::Index n, Eigen::Index p,
                   std::span<const FrictionContact> contacts);
  bool run(Operator& op, std::span<const FrictionContact> contacts, Eigen::Index n, Vec& p);
  void face_from_impulses(std::span<const FrictionContact> contacts, Eigen::Index n, const Vec& p);
  // A disc contact's face from its normal impulse and tangential pair (stores the sliding direction).
  Face disc_face(std::size_t k, double pn, double tx, double ty, double mu);
  void disc_faces_from_velocities(Operator& op, std::span<const FrictionContact> contacts, const Vec& p);
  bool predict_face(std::span<const FrictionContact> contacts, const Operator& op);
  void build_unknowns(std::span<const FrictionContact> contacts, Eigen::Index n);
  bool onto_face(std::span<const FrictionContact> contacts, Vec& p) const;
  bool project(std::span<const FrictionContact> contacts, Vec& p) const;
  double residual(std::span<const FrictionContact> contacts, const Vec& p, const Vec& w) const;
  void spread(const VecRef& unknowns);
  // W given (subspace_step.cpp).
  void add_entry(Eigen::Index r, Eigen::Index c, double w);
  bool solve_rows();
  template <class Matrix>
  bool apply_given(const Matrix& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p);
  // Factors given (subspace_step_velocity.cpp).
  bool factor_and_solve(const RowSparseMat& H, bool with_ties, Vec& rhs);
  bool solve_velocities(const RowSparseMat& H);

  // Face and unknowns
  std::vector<Face> face_;        // per contact
  std::vector<char> contact_row_;  // rows named by a contact (the others are free rows)
  std::vector<int> unknown_;      // row -> index of its unknown, -1 when the row's impulse is not one
  std::vector<int> tied_to_;      // tangent row on the cone -> its normal row, else -1
  std::vector<int> tie_of_;       // normal row -> its (first) tied tangent row, else -1
  std::vector<int> tie_count_;    // normal row -> how many tangent rows are tied to it (disc: 2)
  std::vector<std::array<double, 2>> slide_direction_;  // per contact: d of a disc cone's slide
  std::vector<double> factor_;    // ±μ of a tied tangent (by tangent row)
  std::vector<int> rows_;         // unknown index -> row
  Vec x_, w_, direction_, trial_, trial_w_, candidate_;
  int updates_ = 0;
  bool has_disc_ = false;  // the last face_from_impulses met a disc cone
  double start_residual_ = 0.0, end_residual_ = 0.0;
  // W given
  std::vector<Eigen::Triplet<double>> entries_;
  bool dense_ = false;
  Mat dense_A_;
  DenseLu dense_lu_;
  SparseMat A_;
  std::unique_ptr<Eigen::SparseLU<SparseMat>> lu_;  // created on first use (not movable itself)
  Vec rhs_;
  // Factors given: K = CᵀC (slot 0) and BBᵀ (slot 1), with H's fixed pattern.
  Eigen::Index nv_ = -1;
  NormalMatrix normal_[2];
  Vec velocity_, force_, w_diagonal_, root_inverse_mass_;
};

}  // namespace stickslip::solvers
