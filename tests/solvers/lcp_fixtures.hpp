// Problem generators and checks shared by the solver tests. Every generator takes a fixed seed so
// each test sees the same matrices on every machine (std::mt19937 and the distributions below are
// fully specified by the standard except normal_distribution, so only uniform ones are used).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "solvers/lcp_problem.hpp"

namespace stickslip::solvers::fixtures {

inline Mat uniform_matrix(Eigen::Index rows, Eigen::Index cols, unsigned seed, double lo = -1.0,
                          double hi = 1.0) {
  std::mt19937 rng(seed);
  Mat a(rows, cols);
  for (Eigen::Index j = 0; j < cols; ++j)
    for (Eigen::Index i = 0; i < rows; ++i)
      a(i, j) = lo + (hi - lo) * std::generate_canonical<double, 53>(rng);
  return a;
}

inline Vec uniform_vector(Eigen::Index n, unsigned seed, double lo = -1.0, double hi = 1.0) {
  return uniform_matrix(n, 1, seed, lo, hi);
}

// Symmetric positive definite: A A^T / n + shift I (eigenvalues >= shift).
inline Mat random_spd(Eigen::Index n, unsigned seed, double shift = 0.1) {
  const Mat a = uniform_matrix(n, n, seed);
  return a * a.transpose() / static_cast<double>(n) + shift * Mat::Identity(n, n);
}

// Symmetric positive semidefinite of the given rank: B B^T with B n x rank.
inline Mat random_psd(Eigen::Index n, Eigen::Index rank, unsigned seed) {
  const Mat b = uniform_matrix(n, rank, seed);
  return b * b.transpose();
}

// Non-symmetric P-matrix: a random matrix made strictly row-diagonally dominant with a positive
// diagonal (every principal minor of such a matrix is positive).
inline Mat random_p_matrix(Eigen::Index n, unsigned seed) {
  Mat a = uniform_matrix(n, n, seed);
  for (Eigen::Index i = 0; i < n; ++i) a(i, i) = a.row(i).cwiseAbs().sum() + 0.5;
  return a;
}

// Non-symmetric positive definite, hence a P-matrix, but far from diagonally dominant: the SPD
// A A^T / n + 0.1 I plus a skew-symmetric part K - K^T with entries up to 2 skew (x^T M x is that
// of the SPD part, > 0).
inline Mat random_pd_nonsymmetric(Eigen::Index n, unsigned seed, double skew = 1.0) {
  const Mat k = uniform_matrix(n, n, seed + 500, -skew, skew);
  return random_spd(n, seed) + k - k.transpose();
}

// Murty's (1978) P-matrix: lower triangular, 1 on the diagonal and 2 below. With q = -(1, ..., 1)
// Lemke's method with the covering vector e visits 2^n bases.
inline Mat murty_matrix(Eigen::Index n) {
  Mat m = Mat::Zero(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    m(i, i) = 1.0;
    for (Eigen::Index j = 0; j < i; ++j) m(i, j) = 2.0;
  }
  return m;
}

// Factors 10^u with u uniform in [-decades, decades]: a diagonal scaling spanning 2 decades orders.
inline Vec decade_scales(Eigen::Index n, unsigned seed, double decades) {
  const Vec u = uniform_vector(n, seed, -decades, decades);
  return u.unaryExpr([](double x) { return std::pow(10.0, x); });
}

// q for which a complementary pair (z*, w*) with about half the z* positive solves LCP(M, q):
// needed for semidefinite M, where a random q is often infeasible.
inline Vec planted_q(const Mat& M, unsigned seed) {
  const Eigen::Index n = M.rows();
  const Vec u = uniform_vector(n, seed, 0.0, 1.0);
  const Vec v = uniform_vector(n, seed + 1000, 0.1, 1.0);
  Vec z = Vec::Zero(n), w = Vec::Zero(n);
  for (Eigen::Index i = 0; i < n; ++i) (u[i] < 0.5 ? z[i] : w[i]) = v[i];
  return w - M * z;
}

// Delassus operator W = J diag(1/m) J^T of `contacts` planar contacts (rows 2c normal, 2c+1
// tangent) on a system with `dofs` degrees of freedom: positive semidefinite of rank min(dofs, 2c).
inline Mat delassus(Eigen::Index contacts, Eigen::Index dofs, unsigned seed) {
  const Mat J = uniform_matrix(2 * contacts, dofs, seed);
  const Vec inv_mass = uniform_vector(dofs, seed + 1, 0.5, 2.0);
  return J * inv_mass.asDiagonal() * J.transpose();
}

// Free velocities of approaching contacts: v_N in [-1, 0.2], v_T in [-1, 1].
inline Vec approaching_velocities(Eigen::Index contacts, unsigned seed) {
  Vec b = uniform_vector(2 * contacts, seed, -1.0, 1.0);
  for (Eigen::Index c = 0; c < contacts; ++c) b[2 * c] = -1.0 + 1.2 * (b[2 * c] + 1.0) / 2.0;
  return b;
}

// The magnitude the residual tolerances are scaled by: max(1, ||q||_inf, ||M||_max ||z||_inf).
inline double magnitude(const Mat& M, const Vec& q, const Vec& z) {
  return std::max({1.0, q.cwiseAbs().maxCoeff(), M.cwiseAbs().maxCoeff() * z.cwiseAbs().maxCoeff()});
}

// Checks the result is an LCP solution to within tol (absolute) and that the reported w and
// residual are consistent with z.
inline void expect_solution(const Mat& M, const Vec& q, const LcpResult& r, double tol) {
  ASSERT_EQ(r.z.size(), q.size());
  ASSERT_EQ(r.w.size(), q.size());
  const Vec w = M * r.z + q;
  EXPECT_LE((w - r.w).cwiseAbs().maxCoeff(), 1e-12 * magnitude(M, q, r.z));
  EXPECT_GE(r.z.minCoeff(), 0.0);
  EXPECT_GE(w.minCoeff(), -tol);
  EXPECT_LE(r.z.cwiseMin(w).cwiseAbs().maxCoeff(), tol);
  EXPECT_LE(r.residual, tol);
}

}  // namespace stickslip::solvers::fixtures
