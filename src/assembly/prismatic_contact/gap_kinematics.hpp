// Gaps at the 16 corner contacts of a slider displaced rigidly inside its guide's clearance
// (Qi, Luo & Huang 2011, eq. (21)-(30)), in the joint frame with the origin at the contact centre p0.
//
// The clearances eps (along e2) and delta (along e3) are infinitesimal; only eps/delta matters, so
// every gap, and the displacement, is measured in units of delta. The slider's small displacement
// is d0 = (0, u2, u3) at p0 and the small rotation theta = (beta1, beta2, beta3) (eq. (23)-(24));
// corner i moves by u_i = d0 + theta x p_i (eq. (25)), and its gaps are (eq. (26)-(27))
//   h_i = eps + sg_i u_i(2)  (lateral, paired with g_i),  v_i = delta + sf_i u_i(3)  (vertical, f_i),
// with sg_i, sf_i the directions of the forces (corner_forces.hpp): a gap closes as the corner moves
// against the force's direction. Five gaps fix the displacement (eq. (28)); the other eleven follow
// from them (eq. (29)-(30)).
#pragma once

#include "assembly/prismatic_contact/corner_forces.hpp"

namespace stickslip::prismatic_contact {

using Vec5 = Eigen::Matrix<double, 5, 1>;
using Vec6 = Eigen::Matrix<double, 6, 1>;

// (u2, u3, beta1, beta2, beta3), in units of delta (and delta per unit length for the rotations).
using SliderDisplacement = Vec5;

// The 16 gaps, v[i] and h[i] at corner i + 1, in units of delta.
struct CornerGaps {
  std::array<double, 8> v{};  // vertical, complementary to f_i
  std::array<double, 8> h{};  // lateral, complementary to g_i
};
inline double gap_value(const CornerGaps& gaps, int contact) { return contact < 8 ? gaps.v[contact] : gaps.h[contact - 8]; }
inline double& gap_value(CornerGaps& gaps, int contact) { return contact < 8 ? gaps.v[contact] : gaps.h[contact - 8]; }

// Eq. (25)-(27).
CornerGaps gaps_from_displacement(const SliderSection& section, double c, const SliderDisplacement& u);

// Eq. (28): the displacement from x1 = (h1, h3, h5, v2, v8), u = T x1 + offset.
struct DisplacementMap {
  Eigen::Matrix<double, 5, 5> T;
  Vec5 offset;
};
DisplacementMap displacement_map(const SliderSection& section, double c);
SliderDisplacement displacement_from_gaps(const SliderSection& section, double c, const Vec5& x1);

// Springs of unit stiffness at the 8 corners, along e2 and e3, resist a displacement u with the
// wrench -J u, (F2, F3, M1, M2, M3) at p0; J = sum_i B_i^T B_i, B_i the map from u to the corner's
// transverse displacement (u_i(2), u_i(3)) of eq. (25).
Eigen::Matrix<double, 5, 5> corner_spring_matrix(const SliderSection& section, double c);

// Eq. (29)-(30): y2 = (h2, h4, h6, h7, h8) = A_h x1 + b_h and y3 = (v1, v3, v4, v5, v6, v7) = A_v x1 + b_v.
// They do not depend on the contact half-length c.
struct GapRelations {
  Eigen::Matrix<double, 5, 5> Ah;
  Vec5 bh;
  Eigen::Matrix<double, 6, 5> Av;
  Vec6 bv;
};
GapRelations gap_relations(const SliderSection& section);

// The contact indices (corner_forces.hpp) of the gaps in x1, y2, y3, paired with y1, x2, x3.
inline constexpr std::array<int, 5> kX1Gaps{8 + 0, 8 + 2, 8 + 4, 1, 7};          // h1 h3 h5 v2 v8
inline constexpr std::array<int, 5> kY2Gaps{8 + 1, 8 + 3, 8 + 5, 8 + 6, 8 + 7};  // h2 h4 h6 h7 h8
inline constexpr std::array<int, 6> kY3Gaps{0, 2, 3, 4, 5, 6};                   // v1 v3 v4 v5 v6 v7

}  // namespace stickslip::prismatic_contact
