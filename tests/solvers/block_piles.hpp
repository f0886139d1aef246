// Stacks of planar blocks touching at corners, as contact problems (H, M⁻¹, the contacts): the
// solver tests' degenerate frictional problems (two corners per face, closed loops of contacts, so
// W = H M⁻¹ Hᵀ is singular). Shared by interior_point_test.cpp and proximal_newton_test.cpp.
#pragma once

#include <cmath>
#include <random>
#include <vector>

#include "solvers/frictional_contact.hpp"
#include "solvers/normal_matrix.hpp"

namespace stickslip::solvers::block_piles {

constexpr double kG = 9.81, kStep = 1e-3;
constexpr double kWidth = 0.4, kHeight = 0.2, kMass = 16.0;
const double kInertia = kMass * (kWidth * kWidth + kHeight * kHeight) / 12.0;

// Blocks (x, y, θ each) touching at corners: contact k is corner `corner_x` (relative to the upper
// block's centre, at its bottom face) of block `upper` on the top face of block `lower` (-1: the
// ground), normal +y, tangent +x. Rows 2k (normal) and 2k + 1 (tangent).
struct Pile {
  struct Corner {
    int lower, upper;
    double corner_x, mu;
  };
  std::vector<Corner> corners;
  int blocks = 0;
  Vec position_x;  // the blocks' centres (x; y follows from the rows, not needed here)

  RowSparseMat H() const {
    std::vector<Eigen::Triplet<double>> t;
    for (std::size_t k = 0; k < corners.size(); ++k) {
      const Corner& c = corners[k];
      const int n = static_cast<int>(2 * k), tr = n + 1;
      // Every row holds the three velocities of each block it touches, zeros included (as the
      // time-stepping scheme's H does). Upper block: the corner's velocity (v_x − ω r_y, v_y + ω r_x),
      // r = (corner_x, −h/2).
      const auto put = [&t](int row, int block, double x, double y, double w) {
        t.emplace_back(row, 3 * block, x);
        t.emplace_back(row, 3 * block + 1, y);
        t.emplace_back(row, 3 * block + 2, w);
      };
      put(n, c.upper, 0.0, 1.0, c.corner_x);
      put(tr, c.upper, 1.0, 0.0, kHeight / 2);
      if (c.lower < 0) continue;
      // Lower block: minus the velocity of the same point, r = (x offset, +h/2) from its centre.
      const double rx = position_x[c.upper] + c.corner_x - position_x[c.lower];
      put(n, c.lower, 0.0, -1.0, -rx);
      put(tr, c.lower, -1.0, 0.0, kHeight / 2);
    }
    RowSparseMat h(static_cast<Eigen::Index>(2 * corners.size()), 3 * blocks);
    h.setFromTriplets(t.begin(), t.end());
    h.makeCompressed();
    return h;
  }
  Vec inverse_mass() const {
    Vec m(3 * blocks);
    for (int b = 0; b < blocks; ++b) m.segment(3 * b, 3) << 1.0 / kMass, 1.0 / kMass, 1.0 / kInertia;
    return m;
  }
  std::vector<FrictionContact> contacts() const {
    std::vector<FrictionContact> out;
    for (std::size_t k = 0; k < corners.size(); ++k)
      out.push_back({static_cast<int>(2 * k), static_cast<int>(2 * k + 1), corners[k].mu});
    return out;
  }
  // The velocities after one step without contact impulses: v + h g.
  Vec free_velocity(const Vec& v) const {
    Vec free = v;
    for (int b = 0; b < blocks; ++b) free[3 * b + 1] -= kG * kStep;
    return free;
  }
};

// A column of `n` blocks, each on two corners of the one below (the first on the ground).
inline Pile column(int n, double mu_ground, double mu_between) {
  Pile pile;
  pile.blocks = n;
  pile.position_x = Vec::Zero(n);
  for (int b = 0; b < n; ++b)
    for (double x : {-kWidth / 2, kWidth / 2}) pile.corners.push_back({b - 1, b, x, b == 0 ? mu_ground : mu_between});
  return pile;
}

// A running-bond pile of three rows (two blocks, one block across them, two blocks: closed loops of
// corners); thrown with random_velocities, its corners open, slide and stick in one problem.
inline Pile running_bond_pile() {
  Pile pile;
  pile.blocks = 5;
  pile.position_x.resize(5);
  pile.position_x << -kWidth / 2, kWidth / 2, 0.0, -kWidth / 2, kWidth / 2;
  for (int b : {0, 1})
    for (double x : {-kWidth / 2, kWidth / 2}) pile.corners.push_back({-1, b, x, 0.5});
  pile.corners.push_back({0, 2, -kWidth / 2, 0.6});
  pile.corners.push_back({1, 2, kWidth / 2, 0.6});
  pile.corners.push_back({2, 3, kWidth / 2, 0.6});  // block 3's right corner on block 2 ...
  pile.corners.push_back({2, 4, -kWidth / 2, 0.6});  // ... and block 4's left corner
  return pile;
}

// A running-bond wall of `rows` rows on the ground: even rows of `columns` blocks side by side, odd
// rows of columns − 1 blocks offset by half a block, each corner on the middle of a block below
// (the ground for the first row). Many closed loops of corners: W is far from full rank.
inline Pile running_bond_wall(int rows, int columns) {
  Pile pile;
  std::vector<double> x;
  std::vector<int> first;  // each row's first block
  for (int r = 0; r < rows; ++r) {
    first.push_back(static_cast<int>(x.size()));
    const double offset = r % 2 == 1 ? kWidth / 2 : 0.0;
    for (int k = 0; k < (r % 2 == 1 ? columns - 1 : columns); ++k) x.push_back(k * kWidth + offset);
  }
  first.push_back(static_cast<int>(x.size()));
  pile.blocks = static_cast<int>(x.size());
  pile.position_x = Eigen::Map<const Vec>(x.data(), pile.blocks);
  for (int r = 0; r < rows; ++r)
    for (int b = first[r]; b < first[r + 1]; ++b)
      for (double corner : {-kWidth / 2, kWidth / 2}) {
        if (r == 0) {
          pile.corners.push_back({-1, b, corner, 0.5});
          continue;
        }
        for (int below = first[r - 1]; below < first[r]; ++below)  // the block whose top holds it
          if (std::abs(x[b] + corner - x[below]) < kWidth / 2 - 1e-9) pile.corners.push_back({below, b, corner, 0.6});
      }
  return pile;
}

// Velocities (x, y, θ of each block) drawn uniformly from [−amplitude, amplitude].
inline Vec random_velocities(unsigned seed, int blocks = 5, double amplitude = 0.05) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-amplitude, amplitude);
  Vec v(3 * blocks);
  for (Eigen::Index i = 0; i < v.size(); ++i) v[i] = u(rng);
  return v;
}

// Every block of a column moving at 1 m/s along the ground.
inline Vec sliding_velocities(int n) {
  Vec v = Vec::Zero(3 * n);
  for (int b = 0; b < n; ++b) v[3 * b] = 1.0;
  return v;
}

}  // namespace stickslip::solvers::block_piles
