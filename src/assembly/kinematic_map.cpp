#include "assembly/kinematic_map.hpp"

#include "math/rotation.hpp"

namespace stickslip {
namespace {

// A spatial body's quaternion sits after r in q_b as (w, x, y, z).
Quat quaternion_at(const Eigen::Ref<const Vec>& q, int offset) {
  return Quat(q[offset], q[offset + 1], q[offset + 2], q[offset + 3]);
}
void store_quaternion(const Quat& p, Eigen::Ref<Vec> q, int offset) {
  q[offset] = p.w();
  q[offset + 1] = p.x();
  q[offset + 2] = p.y();
  q[offset + 3] = p.z();
}

}  // namespace

void position_rate(const Model& model, const Eigen::Ref<const Vec>& q, const Eigen::Ref<const Vec>& v,
                   Eigen::Ref<Vec> q_dot) {
  (void)q;  // planar B = I does not depend on q
  for (const Body& b : model.bodies) {
    if (!b.is_dynamic()) continue;
    switch (b.dimension) {
      case Dimension::planar: q_dot.segment<3>(b.q_offset) = v.segment<3>(b.v_offset); break;
      case Dimension::spatial: {
        // ṙ = v_r; ṗ = ½ p ⊗ (0, ω) (ω in the body frame). Linear in p, so the rotation the integrator
        // follows does not depend on |p|, and pᵀṗ = 0: the exact flow keeps |p|.
        q_dot.segment<3>(b.q_offset) = v.segment<3>(b.v_offset);
        const Quat p = quaternion_at(q, b.q_offset + 3);
        const Vec3 w = v.segment<3>(b.v_offset + 3);
        q_dot[b.q_offset + 3] = 0.5 * (-p.x() * w.x() - p.y() * w.y() - p.z() * w.z());
        q_dot[b.q_offset + 4] = 0.5 * (p.w() * w.x() + p.y() * w.z() - p.z() * w.y());
        q_dot[b.q_offset + 5] = 0.5 * (p.w() * w.y() + p.z() * w.x() - p.x() * w.z());
        q_dot[b.q_offset + 6] = 0.5 * (p.w() * w.z() + p.x() * w.y() - p.y() * w.x());
        break;
      }
    }
  }
}

void integrate_body(const Body& body, const Eigen::Ref<const Vec>& q_b, const Eigen::Ref<const Vec>& v_b, double dt,
                    Eigen::Ref<Vec> out_b) {
  switch (body.dimension) {
    case Dimension::planar: out_b.head<3>() = q_b.head<3>() + dt * v_b.head<3>(); break;
    case Dimension::spatial: {
      // r + v_r dt; p ⊗ exp(½ ω dt): the exact motion at constant body-frame ω, on the unit sphere.
      out_b.head<3>() = q_b.head<3>() + dt * v_b.head<3>();
      const Vec3 turn = dt * v_b.segment<3>(3);
      store_quaternion((quaternion_at(q_b, 3) * rotation_exp(turn)).normalized(), out_b, 3);
      break;
    }
  }
}

void integrate(const Model& model, const Eigen::Ref<const Vec>& q, const Eigen::Ref<const Vec>& v, double dt,
               Eigen::Ref<Vec> out) {
  for (const Body& b : model.bodies) {
    if (!b.is_dynamic()) continue;
    integrate_body(b, q.segment(b.q_offset, b.nq()), v.segment(b.v_offset, b.nv()), dt,
                   out.segment(b.q_offset, b.nq()));
  }
}

void normalise(const Model& model, Eigen::Ref<Vec> q) {
  for (const Body& b : model.bodies) {
    if (!b.is_dynamic()) continue;
    switch (b.dimension) {
      case Dimension::planar: break;  // no condition on x, y, θ
      case Dimension::spatial: q.segment<4>(b.q_offset + 3).normalize(); break;  // |p| = 1 to rounding
    }
  }
}

}  // namespace stickslip
