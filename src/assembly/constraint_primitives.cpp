// Planar constraint primitives with their exact Jacobians and velocity products.
// Notation: s = A(θ) s_local, d/dθ (A s_local) = perp(s), V = v + ω perp(s).
#include "assembly/constraint_block.hpp"

namespace stickslip {

// Φ = r_j + s_j - r_i - s_i
// G_j = [ I  perp(s_j) ],  G_i = -[ I  perp(s_i) ]
// Φ̈ = a_j + α_j perp(s_j) - ω_j² s_j - (a_i + α_i perp(s_i) - ω_i² s_i)
void point_coincidence(const BodyKinematics& bi, const BodyKinematics& bj, const Vec2& si_local,
                       const Vec2& sj_local, ConstraintBlock& out, int row) {
  const Vec2 si = bi.A * si_local, sj = bj.A * sj_local;
  out.phi.segment<2>(row) = bj.r + sj - bi.r - si;
  out.Gj.block<2, 2>(row, 0).setIdentity();
  out.Gj.block<2, 1>(row, 2) = perp(sj);
  out.Gi.block<2, 2>(row, 0) = -Mat2::Identity();
  out.Gi.block<2, 1>(row, 2) = -perp(si);
  out.c.segment<2>(row) = -bj.omega * bj.omega * sj + bi.omega * bi.omega * si;
  out.phi_t.segment<2>(row).setZero();
  out.phi_tt.segment<2>(row).setZero();
}

// Φ = aᵀ d,  a = A_i a_local,  d = P_j - P_i
// G_j = [ aᵀ  aᵀ perp(s_j) ],  G_i = [ -aᵀ  perp(a)ᵀ d - aᵀ perp(s_i) ]
// Φ̈ = äᵀ d + 2 ȧᵀ ḋ + aᵀ d̈ with ȧ = ω_i perp(a), ä = α_i perp(a) - ω_i² a, so the velocity products are
// c = -ω_i² aᵀ d + 2 ω_i perp(a)ᵀ ḋ + aᵀ (ω_i² s_i - ω_j² s_j).
void projected_distance(const BodyKinematics& bi, const BodyKinematics& bj, const Vec2& a_local,
                        const Vec2& si_local, const Vec2& sj_local, ConstraintBlock& out, int row) {
  const Vec2 si = bi.A * si_local, sj = bj.A * sj_local, a = bi.A * a_local;
  const Vec2 d = bj.r + sj - bi.r - si;
  const Vec2 d_dot = bj.v + bj.omega * perp(sj) - bi.v - bi.omega * perp(si);
  out.phi[row] = a.dot(d);
  out.Gj.block<1, 2>(row, 0) = a.transpose();
  out.Gj(row, 2) = a.dot(perp(sj));
  out.Gi.block<1, 2>(row, 0) = -a.transpose();
  out.Gi(row, 2) = perp(a).dot(d) - a.dot(perp(si));
  out.c[row] = -bi.omega * bi.omega * a.dot(d) + 2.0 * bi.omega * perp(a).dot(d_dot) +
               a.dot(bi.omega * bi.omega * si - bj.omega * bj.omega * sj);
  out.phi_t[row] = 0;
  out.phi_tt[row] = 0;
}

// Φ = θ_j - θ_i - θ0,  G_j = [0 0 1],  G_i = [0 0 -1],  no velocity products.
void relative_angle(const BodyKinematics& bi, const BodyKinematics& bj, double theta0, ConstraintBlock& out,
                    int row) {
  out.phi[row] = bj.theta - bi.theta - theta0;
  out.Gj.row(row).head<3>() << 0, 0, 1;
  out.Gi.row(row).head<3>() << 0, 0, -1;
  out.c[row] = 0;
  out.phi_t[row] = 0;
  out.phi_tt[row] = 0;
}

}  // namespace stickslip
