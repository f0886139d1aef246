// Corner geometry, force equivalence and the closed forms of Qi, Luo & Huang 2011, eq. (18)-(20).
#include "assembly/prismatic_contact/corner_forces.hpp"

namespace stickslip::prismatic_contact {

namespace {
// Signs of (x, y, z) of the corners, eq. (21)-(22).
constexpr std::array<std::array<double, 3>, 8> kCornerSigns{{
    {-1, 1, -1}, {-1, -1, -1}, {-1, -1, 1}, {-1, 1, 1}, {1, 1, -1}, {1, -1, -1}, {1, -1, 1}, {1, 1, 1}}};
}  // namespace

double CornerForces::sum() const {
  double s = 0.0;
  for (int i = 0; i < 8; ++i) s += f[i] + g[i];
  return s;
}

Vec3 corner_position(int corner, double a, double b, double c) {
  const auto& s = kCornerSigns[corner];
  return {s[0] * c, s[1] * a, s[2] * b};
}

// Pushes the slider off the wall it touches: up from the lower face (z = -b), down from the upper.
double vertical_direction(int corner) { return -kCornerSigns[corner][2]; }
double lateral_direction(int corner) { return -kCornerSigns[corner][1]; }

EquivalenceMatrix force_equivalence(const SliderSection& section, double c, double k) {
  EquivalenceMatrix H;
  for (int i = 0; i < 8; ++i) {
    const Vec3 p = corner_position(i, section.half_width, section.half_height, c);
    const Vec3 f_dir(k, 0.0, vertical_direction(i));  // unit normal force f_i with its friction
    const Vec3 g_dir(k, lateral_direction(i), 0.0);
    H.col(i) << f_dir, p.cross(f_dir);
    H.col(8 + i) << g_dir, p.cross(g_dir);
  }
  return H;
}

Eigen::Matrix<double, 6, 1> resultant(const SliderSection& section, double c, double k, const CornerForces& n) {
  Eigen::Matrix<double, kContacts, 1> v;
  for (int j = 0; j < kContacts; ++j) v[j] = contact_value(n, j);
  return force_equivalence(section, c, k) * v;
}

EquivalenceBlocks equivalence_blocks(const SliderSection& section, double c, double k) {
  const double a = section.half_width, b = section.half_height;
  const double r = k * a / c, q = k * b / c, ab = a / b;
  EquivalenceBlocks m;
  // eq. (18)
  m.Ag << 1 - r, r, -r, -1, 1 + r,
          -r, 1 + r, -r, -1, 1 + r,
          0, 0, 1, 1, -1,
          q, -q, q, 0, -q,
          q, -q, q, 0, -q;
  // eq. (19)
  m.Af << ab + r, -r, -ab, r, -ab, ab - r,
          ab, 0, -ab, 0, -ab, ab,
          -r, r, 0, -r, 0, r,
          -1, 1, 1, 0, 0, 0,
          0, 0, 0, 1, 1, -1;
  // eq. (20)
  m.Ac << 0, -2 * r, -1 / b, -a / (b * c), 1 / c,
          1 + r, -r, -1 / b, -a / (b * c), 0,
          r - 1, r, 0, 0, -1 / c,
          -q, 1 + q, 0, 1 / c, 0,
          -q, q - 1, 0, 1 / c, 0;
  m.Ac *= 0.5;
  return m;
}

}  // namespace stickslip::prismatic_contact
