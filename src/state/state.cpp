#include "state/state.hpp"

namespace stickslip {

State initial_state(const Model& model, double t0) {
  State s;
  s.t = t0;
  s.q = Vec::Zero(model.nq);
  s.v = Vec::Zero(model.nv);
  for (const Body& b : model.bodies) {
    if (!b.is_dynamic()) continue;
    s.q.segment<3>(b.q_offset) << b.position.x(), b.position.y(), b.angle;
    s.v.segment<3>(b.v_offset) << b.velocity.x(), b.velocity.y(), b.angular_velocity;
  }
  return s;
}

}  // namespace stickslip
