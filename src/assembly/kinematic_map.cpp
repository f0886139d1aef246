#include "assembly/kinematic_map.hpp"

#include <stdexcept>

namespace stickslip {
namespace {

// ModelBuilder refuses spatial models until spatial bodies exist (stage S1 adds their branch here).
[[noreturn]] void spatial_body_not_supported() {
  throw std::logic_error("kinematic map: spatial bodies are not supported yet");
}

}  // namespace

void position_rate(const Model& model, const Eigen::Ref<const Vec>& q, const Eigen::Ref<const Vec>& v,
                   Eigen::Ref<Vec> q_dot) {
  (void)q;  // planar B = I does not depend on q
  for (const Body& b : model.bodies) {
    if (!b.is_dynamic()) continue;
    switch (b.dimension) {
      case Dimension::planar: q_dot.segment<3>(b.q_offset) = v.segment<3>(b.v_offset); break;
      case Dimension::spatial: spatial_body_not_supported();
    }
  }
}

void integrate_body(const Body& body, const Eigen::Ref<const Vec>& q_b, const Eigen::Ref<const Vec>& v_b, double dt,
                    Eigen::Ref<Vec> out_b) {
  switch (body.dimension) {
    case Dimension::planar: out_b.head<3>() = q_b.head<3>() + dt * v_b.head<3>(); break;
    case Dimension::spatial: spatial_body_not_supported();
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
  (void)q;
  for (const Body& b : model.bodies) {
    if (!b.is_dynamic()) continue;
    switch (b.dimension) {
      case Dimension::planar: break;  // no condition on x, y, θ
      case Dimension::spatial: spatial_body_not_supported();
    }
  }
}

}  // namespace stickslip
