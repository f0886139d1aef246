// Spatial constraint primitives with their exact Jacobians (velocity space) and velocity products
// (Haug 1989 §9.2; Nikravesh 1988 §11.2, rewritten for ω' in the body frame).
// For a vector fixed in body k (s' in its frame, s = A s'):
//   ṡ = A (ω' × s') = -A s̃' ω',   s̈ = A (α' × s') + A (ω' × (ω' × s')),
// so a scalar bᵀ s has the rate ω'ᵀ (s' × Aᵀ b) and the velocity product bᵀ A (ω' × (ω' × s')).
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial {
namespace {

// Velocity and velocity-product part of the acceleration of a body-fixed vector s'.
Vec3 rate_of(const SpatialPose& b, const Vec3& s_local) { return b.A * b.omega_body.cross(s_local); }
Vec3 centripetal(const SpatialPose& b, const Vec3& s_local) {
  return b.A * b.omega_body.cross(b.omega_body.cross(s_local));
}

void clear_time_terms(ConstraintBlock& out, int row, int rows) {
  out.phi_t.segment(row, rows).setZero();
  out.phi_tt.segment(row, rows).setZero();
}

}  // namespace

// Φ = r_j + A_j s_j' - r_i - A_i s_i'
// G_j = [ I   -A_j s̃_j' ],   G_i = [ -I   A_i s̃_i' ]
// c = A_j ω̃_j' ω̃_j' s_j' - A_i ω̃_i' ω̃_i' s_i'
void point_coincidence(const SpatialPose& bi, const SpatialPose& bj, const Vec3& si_local, const Vec3& sj_local,
                       ConstraintBlock& out, int row) {
  out.phi.segment<3>(row) = bj.r + bj.A * sj_local - bi.r - bi.A * si_local;
  out.Gj.block<3, 3>(row, 0).setIdentity();
  out.Gj.block<3, 3>(row, 3) = -bj.A * skew(sj_local);
  out.Gi.block<3, 3>(row, 0) = -Mat3::Identity();
  out.Gi.block<3, 3>(row, 3) = bi.A * skew(si_local);
  out.c.segment<3>(row) = centripetal(bj, sj_local) - centripetal(bi, si_local);
  clear_time_terms(out, row, 3);
}

// Φ = uᵀ w,  u = A_i u',  w = A_j w'
// Φ̇ = u̇ᵀ w + uᵀ ẇ:   G_i = [ 0   (u' × A_iᵀ w)ᵀ ],   G_j = [ 0   (w' × A_jᵀ u)ᵀ ]
// c = (A_i ω̃_i' ω̃_i' u')ᵀ w + 2 u̇ᵀ ẇ + uᵀ (A_j ω̃_j' ω̃_j' w')
void dot1(const SpatialPose& bi, const SpatialPose& bj, const Vec3& u_local, const Vec3& w_local,
          ConstraintBlock& out, int row) {
  const Vec3 u = bi.A * u_local, w = bj.A * w_local;
  out.phi[row] = u.dot(w);
  out.Gi.row(row).head<3>().setZero();
  out.Gi.row(row).segment<3>(3) = u_local.cross(bi.A.transpose() * w).transpose();
  out.Gj.row(row).head<3>().setZero();
  out.Gj.row(row).segment<3>(3) = w_local.cross(bj.A.transpose() * u).transpose();
  out.c[row] = centripetal(bi, u_local).dot(w) + 2.0 * rate_of(bi, u_local).dot(rate_of(bj, w_local)) +
               u.dot(centripetal(bj, w_local));
  clear_time_terms(out, row, 1);
}

// Φ = uᵀ d,  u = A_i u',  d = r_j + A_j s_j' - r_i - A_i s_i'
// Φ̇ = u̇ᵀ d + uᵀ ḋ:
//   G_i = [ -uᵀ   (u' × (A_iᵀ d + s_i'))ᵀ ]   (A_iᵀ d + s_i': P_j seen from body i's centre, body frame)
//   G_j = [  uᵀ   (s_j' × A_jᵀ u)ᵀ ]
// c = (A_i ω̃_i' ω̃_i' u')ᵀ d + 2 u̇ᵀ ḋ + uᵀ (A_j ω̃_j' ω̃_j' s_j' - A_i ω̃_i' ω̃_i' s_i')
void dot2(const SpatialPose& bi, const SpatialPose& bj, const Vec3& u_local, const Vec3& si_local,
          const Vec3& sj_local, ConstraintBlock& out, int row) {
  const Vec3 u = bi.A * u_local;
  const Vec3 d = bj.r + bj.A * sj_local - bi.r - bi.A * si_local;
  const Vec3 d_dot = bj.v_world + rate_of(bj, sj_local) - bi.v_world - rate_of(bi, si_local);
  out.phi[row] = u.dot(d);
  out.Gi.row(row).head<3>() = -u.transpose();
  out.Gi.row(row).segment<3>(3) = u_local.cross(bi.A.transpose() * d + si_local).transpose();
  out.Gj.row(row).head<3>() = u.transpose();
  out.Gj.row(row).segment<3>(3) = sj_local.cross(bj.A.transpose() * u).transpose();
  out.c[row] = centripetal(bi, u_local).dot(d) + 2.0 * rate_of(bi, u_local).dot(d_dot) +
               u.dot(centripetal(bj, sj_local) - centripetal(bi, si_local));
  clear_time_terms(out, row, 1);
}

}  // namespace stickslip::spatial
