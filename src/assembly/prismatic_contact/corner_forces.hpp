// The 16 corner contact forces of a rectangular slider in its guide and their force equivalence
// (Qi, Luo & Huang 2011, eq. (17)-(20)), in the joint frame (e1 the sliding axis, e2 and e3 the
// section's axes) with the origin at the centre p0 of the contact region.
//
// The contact region is the box |x| <= c, |y| <= a, |z| <= b; its 8 corners (eq. (21)-(22)) are
//   1 (-c, a,-b)  2 (-c,-a,-b)  3 (-c,-a, b)  4 (-c, a, b)
//   5 ( c, a,-b)  6 ( c,-a,-b)  7 ( c,-a, b)  8 ( c, a, b).
// Corner i carries two unilateral normal forces on the slider: f_i along e3 (+e3 at the bottom
// corners 1, 2, 5, 6, which press on the guide's lower face; -e3 at the top corners) and g_i along
// e2 (-e2 at the corners y = +a, 1, 4, 5, 8; +e2 at y = -a). Every contact pushes the slider away
// from the wall it touches, and carries the friction k N along e1 at the same corner, so the force
// on the slider at corner i is
//   F_i = k (f_i + g_i) e1 + sg_i g_i e2 + sf_i f_i e3.
// The paper's figure that fixes these directions is missing; these are the directions that
// reproduce its eq. (18)-(20) (tests/prismatic_contact/matrices_test.cpp derives the matrices from
// them independently).
//
// k is the equivalent friction coefficient: -mu sgn(v) for a slider sliding at v relative to its
// guide, the common ratio (tangential / normal) at every corner of a sticking slider.
#pragma once

#include <array>

#include "math/types.hpp"

namespace stickslip::prismatic_contact {

// The slider's cross-section: half-sizes a (along e2) and b (along e3), and the ratio eps/delta of
// the transverse clearances along e2 and e3 (the clearances themselves are infinitesimal; gaps are
// reported in units of delta).
struct SliderSection {
  double half_width = 0.0;        // a
  double half_height = 0.0;       // b
  double clearance_ratio = 1.0;   // eps / delta
};

// The 16 normal forces, f[i] and g[i] at corner i + 1 (all >= 0 at a solution).
struct CornerForces {
  std::array<double, 8> f{};  // along e3 (vertical)
  std::array<double, 8> g{};  // along e2 (lateral)
  double sum() const;
};

// Indices 0..7 are f_1..f_8, 8..15 are g_1..g_8 ("contact index" below).
constexpr int kContacts = 16;
using Vec16 = Eigen::Matrix<double, kContacts, 1>;
using Mat16 = Eigen::Matrix<double, kContacts, kContacts>;
inline double& contact_value(CornerForces& n, int contact) { return contact < 8 ? n.f[contact] : n.g[contact - 8]; }
inline double contact_value(const CornerForces& n, int contact) { return contact < 8 ? n.f[contact] : n.g[contact - 8]; }

// Corner i (0-based) relative to p0: (x, y, z) = (±c, ±a, ±b) as listed above.
Vec3 corner_position(int corner, double a, double b, double c);
// Directions of f and g on the slider at corner i (0-based): sf_i, sg_i = ±1.
double vertical_direction(int corner);
double lateral_direction(int corner);

// Force equivalence: the resultant (F, M) at p0 of the 16 forces is H n, with n the forces in
// contact-index order. Rows: F1, F2, F3, M1, M2, M3 (components along e1, e2, e3).
using EquivalenceMatrix = Eigen::Matrix<double, 6, kContacts>;
EquivalenceMatrix force_equivalence(const SliderSection& section, double c, double k);

// The resultant (force, moment) at p0 of the corner forces: (F1, F2, F3, M1, M2, M3).
Eigen::Matrix<double, 6, 1> resultant(const SliderSection& section, double c, double k, const CornerForces& n);

// Eq. (17): the five transverse equivalence equations solved for y1 = (g1, g3, g5, f2, f8):
//   y1 = A_g x2 + A_f x3 + A_c fc_hat,   x2 = (g2, g4, g6, g7, g8),  x3 = (f1, f3, f4, f5, f6, f7),
//   fc_hat = (f2c, f3c, m1c, m2c, m3c), the transverse components of the reaction at p0.
// The closed forms of eq. (18)-(20), with r = k a / c and q = k b / c.
struct EquivalenceBlocks {
  Eigen::Matrix<double, 5, 5> Ag;
  Eigen::Matrix<double, 5, 6> Af;
  Eigen::Matrix<double, 5, 5> Ac;
};
EquivalenceBlocks equivalence_blocks(const SliderSection& section, double c, double k);

// The contact indices of the LCP blocks of eq. (31): y1, x2, x3 (forces) in the order above.
inline constexpr std::array<int, 5> kY1Forces{8 + 0, 8 + 2, 8 + 4, 1, 7};          // g1 g3 g5 f2 f8
inline constexpr std::array<int, 5> kX2Forces{8 + 1, 8 + 3, 8 + 5, 8 + 6, 8 + 7};  // g2 g4 g6 g7 g8
inline constexpr std::array<int, 6> kX3Forces{0, 2, 3, 4, 5, 6};                   // f1 f3 f4 f5 f6 f7

}  // namespace stickslip::prismatic_contact
