// Gap kinematics of Qi, Luo & Huang 2011, eq. (25)-(30); gaps in units of the vertical clearance.
#include "assembly/prismatic_contact/gap_kinematics.hpp"

namespace stickslip::prismatic_contact {

CornerGaps gaps_from_displacement(const SliderSection& section, double c, const SliderDisplacement& u) {
  const Vec3 d0(0.0, u[0], u[1]);
  const Vec3 theta(u[2], u[3], u[4]);
  const double eps = section.clearance_ratio;
  CornerGaps gaps;
  for (int i = 0; i < 8; ++i) {
    const Vec3 p = corner_position(i, section.half_width, section.half_height, c);
    const Vec3 moved = d0 + theta.cross(p);  // eq. (25): d0 - p~ theta
    gaps.h[i] = eps + lateral_direction(i) * moved.y();
    gaps.v[i] = 1.0 + vertical_direction(i) * moved.z();
  }
  return gaps;
}

DisplacementMap displacement_map(const SliderSection& section, double c) {
  const double a = section.half_width, b = section.half_height, eps = section.clearance_ratio;
  DisplacementMap m;
  m.T << 0, b * c, -b * c, 0, 0,
         0, 0, 0, b * c, -b * c,
         -c, -c, 0, 0, 0,
         -a, -a, 0, b, b,
         b, 0, -b, 0, 0;
  m.T /= 2 * b * c;
  m.offset << 0, 0, eps * c, eps * a - b, 0;  // (0, 0, eps c, eps a - delta b, 0), delta = 1
  m.offset /= b * c;
  return m;
}

SliderDisplacement displacement_from_gaps(const SliderSection& section, double c, const Vec5& x1) {
  const DisplacementMap m = displacement_map(section, c);
  return m.T * x1 + m.offset;
}

Eigen::Matrix<double, 5, 5> corner_spring_matrix(const SliderSection& section, double c) {
  Eigen::Matrix<double, 5, 5> J = Eigen::Matrix<double, 5, 5>::Zero();
  for (int i = 0; i < 8; ++i) {
    const Vec3 p = corner_position(i, section.half_width, section.half_height, c);
    Eigen::Matrix<double, 2, 5> B;
    B << 1, 0, -p.z(), 0, p.x(),
         0, 1, p.y(), -p.x(), 0;
    J += B.transpose() * B;
  }
  return J;
}

GapRelations gap_relations(const SliderSection& section) {
  const double a = section.half_width, b = section.half_height, eps = section.clearance_ratio;
  GapRelations g;
  g.Ah << -1, 0, 0, 0, 0,
          0, -1, 0, 0, 0,
          0, 0, -1, 0, 0,
          1, 1, -1, 0, 0,
          -1, -1, 1, 0, 0;
  g.bh << 2 * eps, 2 * eps, 2 * eps, 0, 2 * eps;
  g.Av << -a, -a, 0, b, 0,
          0, 0, 0, -b, 0,
          a, a, 0, -b, 0,
          0, 0, 0, 0, -b,
          a, a, 0, 0, -b,
          -a, -a, 0, 0, b;
  g.Av /= b;
  g.bv << eps * a, b, b - eps * a, b, b - eps * a, eps * a;  // delta = 1
  g.bv *= 2 / b;
  return g;
}

}  // namespace stickslip::prismatic_contact
