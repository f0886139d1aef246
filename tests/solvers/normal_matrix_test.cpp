// NormalMatrix: K = Σ ω_r c_r c_rᵀ over chosen rows of H (with ties and a velocity scaling) equals
// the dense product it stands for, and (K + εI)⁻¹ solves like a dense factorisation, on the dense
// path (≤ 96 velocities) and the sparse one.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "solvers/normal_matrix.hpp"

namespace stickslip::solvers {
namespace normal_matrix_test {

// Rows of planar bodies (three velocities each): row r touches body r mod b and, every other row,
// body (r + 1) mod b; rows 2k and 2k + 1 share their bodies (a contact's normal and tangent).
RowSparseMat random_rows(int bodies, int rows, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<Eigen::Triplet<double>> t;
  for (int r = 0; r < rows; ++r) {
    const int k = r / 2;
    for (const int body : {k % bodies, (k + 1 + k % 3) % bodies})
      for (int j = 0; j < 3; ++j) t.emplace_back(r, 3 * body + j, u(rng));
  }
  RowSparseMat H(rows, 3 * bodies);
  H.setFromTriplets(t.begin(), t.end());
  H.makeCompressed();
  return H;
}

void check(int bodies, unsigned seed) {
  const int rows = 4 * bodies;
  const RowSparseMat H = random_rows(bodies, rows, seed);
  const Mat Hd = Mat(H);
  std::mt19937 rng(seed + 1);
  std::uniform_real_distribution<double> u(0.5, 2.0);
  const Eigen::Index nv = H.cols();
  Vec scale(nv);
  for (Eigen::Index j = 0; j < nv; ++j) scale[j] = u(rng);
  // Every third row left out, weights on the others, normal 4k tied to tangent 4k + 1 with 0.3.
  std::vector<int> chosen;
  std::vector<double> weight(static_cast<std::size_t>(rows), 0.0), factor(static_cast<std::size_t>(rows), 0.0);
  std::vector<int> tie_of(static_cast<std::size_t>(rows), -1);
  for (int r = 0; r < rows; ++r) {
    if (r % 3 == 2) continue;
    chosen.push_back(r);
    weight[static_cast<std::size_t>(r)] = u(rng);
    if (r % 4 == 0) {
      tie_of[static_cast<std::size_t>(r)] = r + 1;
      factor[static_cast<std::size_t>(r + 1)] = 0.3;
    }
  }
  Mat K = Mat::Zero(nv, nv);
  for (const int r : chosen) {
    Vec c = Hd.row(r).transpose();
    if (tie_of[static_cast<std::size_t>(r)] >= 0) c += 0.3 * Hd.row(r + 1).transpose();
    c.array() *= scale.array();
    K += weight[static_cast<std::size_t>(r)] * c * c.transpose();
  }
  NormalMatrix normal;
  ASSERT_TRUE(normal.analyse(H));
  normal.assemble(H, {chosen, weight, tie_of, factor, {}}, scale);  // no tie_count: one tangent per tie
  // Sums of at most a few dozen products of O(1) numbers: equal to rounding (1e-16 relative) times
  // their count; 1e-13 of K's largest entry.
  EXPECT_NEAR(normal.largest_diagonal(), K.diagonal().maxCoeff(), 1e-13 * K.cwiseAbs().maxCoeff());
  const double eps = 1e-3 * K.diagonal().maxCoeff();  // well conditioned: a check of the solve, not of the regularisation
  ASSERT_TRUE(normal.factorize(eps));
  Vec b = Vec::LinSpaced(nv, -1.0, 1.0), x = b;
  normal.solve_in_place(x);
  const Mat A = K + eps * Mat::Identity(nv, nv);
  // A backward-stable LDLᵀ of a matrix of condition ≤ ~1e3 (ε = 1e-3 of the largest diagonal
  // entry): residual of order 1e-16 times the condition and the size; 1e-11 relative is far above.
  EXPECT_LT((A * x - b).norm(), 1e-11 * A.norm() * x.norm());
}

TEST(NormalMatrix, EqualsTheDenseNormalMatrixOnTheDensePath) { check(10, 3); }   // 30 velocities
TEST(NormalMatrix, EqualsTheDenseNormalMatrixOnTheSparsePath) { check(60, 4); }  // 180 velocities

TEST(NormalMatrix, RefusesRowsWiderThanTwoSpatialBodies) {
  RowSparseMat H(1, 20);
  std::vector<Eigen::Triplet<double>> t;
  for (int j = 0; j < 13; ++j) t.emplace_back(0, j, 1.0);
  H.setFromTriplets(t.begin(), t.end());
  NormalMatrix normal;
  EXPECT_FALSE(normal.analyse(H));
}

}  // namespace normal_matrix_test
}  // namespace stickslip::solvers
