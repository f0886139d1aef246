// Stacks of spatial boxes touching at corners, as contact problems (H, M⁻¹, the contacts) on the disc
// cone: the spatial twins of block_piles.hpp. Each box (0.2 × 0.2 × 0.1 m, 1 kg, axes along the
// world's) has six velocities (v_x, v_y, v_z, ω_x, ω_y, ω_z, the angular velocity in the world frame)
// and a diagonal mass matrix; a corner contact has a normal row (+z) and two tangent rows (x, y), the
// row of direction e at a point r from a box's centre being [eᵀ, (r × e)ᵀ] on that box.
#pragma once

#include <random>
#include <vector>

#include "solvers/frictional_contact.hpp"
#include "solvers/normal_matrix.hpp"

namespace stickslip::solvers::spatial_box_piles {

constexpr double kG = 9.81, kStep = 1e-3, kMass = 1.0;
constexpr double kHalf[3] = {0.1, 0.1, 0.05};
const double kInertia[3] = {kMass * (0.04 + 0.01) / 3, kMass * (0.04 + 0.01) / 3, kMass * (0.04 + 0.04) / 3};

struct SpatialPile {
  struct Corner {
    int lower, upper;  // boxes (-1: the ground)
    Vec3 point;        // the corner relative to the upper box's centre
    double mu;
  };
  std::vector<Corner> corners;
  std::vector<Vec3> centres;

  int boxes() const { return static_cast<int>(centres.size()); }

  RowSparseMat H() const {
    std::vector<Eigen::Triplet<double>> t;
    const auto put = [&t](int row, int box, const Vec3& e, const Vec3& r, double sign) {
      const Vec3 moment = r.cross(e);
      for (int k = 0; k < 3; ++k) {
        t.emplace_back(row, 6 * box + k, sign * e[k]);
        t.emplace_back(row, 6 * box + 3 + k, sign * moment[k]);
      }
    };
    for (std::size_t k = 0; k < corners.size(); ++k) {
      const Corner& c = corners[k];
      const Vec3 world = centres[static_cast<std::size_t>(c.upper)] + c.point;
      for (int d = 0; d < 3; ++d) {
        const int row = static_cast<int>(3 * k) + d;
        const Vec3 e = d == 0 ? Vec3::UnitZ() : d == 1 ? Vec3::UnitX() : Vec3::UnitY();
        put(row, c.upper, e, c.point, 1.0);
        if (c.lower >= 0) put(row, c.lower, e, world - centres[static_cast<std::size_t>(c.lower)], -1.0);
      }
    }
    RowSparseMat h(static_cast<Eigen::Index>(3 * corners.size()), 6 * boxes());
    h.setFromTriplets(t.begin(), t.end());
    h.makeCompressed();
    return h;
  }
  Vec inverse_mass() const {
    Vec m(6 * boxes());
    for (int b = 0; b < boxes(); ++b) m.segment(6 * b, 6) << 1 / kMass, 1 / kMass, 1 / kMass, 1 / kInertia[0], 1 / kInertia[1], 1 / kInertia[2];
    return m;
  }
  std::vector<FrictionContact> contacts() const {
    std::vector<FrictionContact> out;
    for (std::size_t k = 0; k < corners.size(); ++k)
      out.push_back({static_cast<int>(3 * k), static_cast<int>(3 * k + 1), corners[k].mu, 2, FrictionCone::disc});
    return out;
  }
  // The velocities after one step without contact impulses: v + h g.
  Vec free_velocity(const Vec& v) const {
    Vec free = v;
    for (int b = 0; b < boxes(); ++b) free[6 * b + 2] -= kG * kStep;
    return free;
  }
};

inline Vec3 bottom_corner(int c) { return {c & 1 ? kHalf[0] : -kHalf[0], c & 2 ? kHalf[1] : -kHalf[1], -kHalf[2]}; }

// A tower of n boxes, each on its four bottom corners on the one below (the first on the ground).
inline SpatialPile tower(int n, double mu) {
  SpatialPile pile;
  for (int b = 0; b < n; ++b) {
    pile.centres.push_back({0, 0, kHalf[2] * (2 * b + 1)});
    for (int c = 0; c < 4; ++c) pile.corners.push_back({b - 1, b, bottom_corner(c), mu});
  }
  return pile;
}

// A pyramid of 3 × 3, 2 × 2 and 1 boxes 0.21 m apart, each upper box with one corner on each of the
// four boxes below it: closed loops of corners in two directions.
inline SpatialPile pyramid(double mu) {
  SpatialPile pile;
  std::vector<std::vector<int>> index(3, std::vector<int>(9, -1));
  for (int layer = 0; layer < 3; ++layer) {
    const int side = 3 - layer;
    for (int i = 0; i < side; ++i)
      for (int j = 0; j < side; ++j) {
        const int b = pile.boxes();
        index[static_cast<std::size_t>(layer)][static_cast<std::size_t>(3 * i + j)] = b;
        pile.centres.push_back({(i - 0.5 * (side - 1)) * 0.21, (j - 0.5 * (side - 1)) * 0.21, kHalf[2] * (2 * layer + 1)});
        for (int c = 0; c < 4; ++c) {
          const int below = layer == 0 ? -1 : index[static_cast<std::size_t>(layer - 1)][static_cast<std::size_t>(3 * (i + (c & 1)) + j + (c >> 1))];
          pile.corners.push_back({below, b, bottom_corner(c), mu});
        }
      }
  }
  return pile;
}

// Velocities drawn uniformly from [−amplitude, amplitude] (m/s and rad/s).
inline Vec random_velocities(unsigned seed, int boxes, double amplitude) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-amplitude, amplitude);
  Vec v(6 * boxes);
  for (Eigen::Index i = 0; i < v.size(); ++i) v[i] = u(rng);
  return v;
}

}  // namespace stickslip::solvers::spatial_box_piles
