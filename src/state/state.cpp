#include "state/state.hpp"

namespace stickslip {

State initial_state(const Model& model, double t0) {
  State s;
  s.t = t0;
  s.q = Vec::Zero(model.nq);
  s.v = Vec::Zero(model.nv);
  for (const Body& b : model.bodies) {
    if (!b.is_dynamic()) continue;
    if (b.dimension == Dimension::spatial) {
      // After ModelBuilder::build: the principal frame's orientation and ω in it.
      const SpatialBody& sb = b.spatial;
      s.q.segment<7>(b.q_offset) << sb.position, sb.orientation.w(), sb.orientation.vec();
      s.v.segment<6>(b.v_offset) << sb.velocity, sb.angular_velocity;
      continue;
    }
    s.q.segment<3>(b.q_offset) << b.position.x(), b.position.y(), b.angle;
    s.v.segment<3>(b.v_offset) << b.velocity.x(), b.velocity.y(), b.angular_velocity;
  }
  s.z = Vec::Zero(model.nz);
  for (const Contact& c : model.contacts) {
    if (!c.friction || c.friction->state_size() == 0) continue;
    for (int r = 0; r < c.tangent_rows(); ++r) c.friction->initial_state(s.z.data() + c.z_offset + r * c.friction->state_size());
  }
  for (const Joint& j : model.joints) {
    if (joint_friction_states(j) == 0) continue;
    for (int r = 0; r < joint_friction_rows(j); ++r) {
      j.friction->law->initial_state(s.z.data() + j.z_offset + r * j.friction->law->state_size());
    }
  }
  return s;
}

}  // namespace stickslip
