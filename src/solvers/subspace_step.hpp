// Subspace minimisation for the frictional contact problem with interval cones (planar contacts) (Silcowitz-Hansen, Niebe & Erleben
// 2010, "Projected Gauss-Seidel subspace minimization method for interactive rigid body dynamics").
//
// Gauss-Seidel settles which rows are at a bound quickly but spreads a load through an
// ill-conditioned W (a tall stack: condition ~ N²) very slowly. Given an iterate p, this step fixes
// that guess of the active set (normal rows with p_N > 0 free, tangents inside the cone free,
// tangents on the cone tied to their normal by p_T = ±μ p_N, everything else zero) and solves the
// linear equations (W p + b)_r = 0 of the free rows directly with a sparse LU factorisation, then
// projects the result back onto the bounds. Sweeps that follow correct a wrong guess.
// Reduced systems up to kDenseLimit unknowns use a preallocated dense LU (no allocation once
// reserved); larger ones a sparse LU, which allocates.
#pragma once

#include <Eigen/SparseLU>
#include <memory>
#include <span>
#include <vector>

#include "solvers/box_lcp.hpp"
#include "solvers/dense_lu.hpp"
#include "solvers/frictional_contact.hpp"

namespace stickslip::solvers {

class SubspaceStep {
 public:
  static constexpr Eigen::Index kDenseLimit = 256;
  // Preallocates for problems of n rows (the dense path up to min(n, kDenseLimit) unknowns).
  void reserve(Eigen::Index n);

  // Replaces p by the solution of the free rows' equations, projected onto the bounds. Returns
  // false (p unchanged) when the reduced system cannot be factorised.
  bool apply(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p);
  bool apply(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p);

 private:
  void classify(std::span<const FrictionContact> contacts, Eigen::Index n, const Vec& p);
  void add_entry(Eigen::Index r, Eigen::Index c, double w);
  bool solve_and_project(const VecRef& b, std::span<const FrictionContact> contacts, Vec& p);

  std::vector<int> unknown_;     // row -> index of its unknown, -1 when the row's impulse is not one
  std::vector<int> tied_to_;     // tangent row on the cone -> its normal row, else -1
  std::vector<double> factor_;   // ±μ of a tied tangent
  std::vector<int> rows_;        // unknown index -> row
  std::vector<Eigen::Triplet<double>> entries_;
  bool dense_ = false;
  Mat dense_A_;
  DenseLu dense_lu_;
  SparseMat A_;
  std::unique_ptr<Eigen::SparseLU<SparseMat>> lu_;  // created on first use (not movable itself)
  Vec rhs_, x_;
};

}  // namespace stickslip::solvers
