#include "assembly/body_kinematics.hpp"

namespace stickslip {

void compute_body_kinematics(const Model& model, const State& s, Workspace& ws) {
  for (std::size_t k = 0; k < model.bodies.size(); ++k) {
    const Body& body = model.bodies[k];
    BodyKinematics& b = ws.bodies[k];
    switch (body.motion) {
      case BodyMotion::dynamic: {
        const int q = body.q_offset, v = body.v_offset;
        b.r << s.q[q], s.q[q + 1];
        b.theta = s.q[q + 2];
        b.v << s.v[v], s.v[v + 1];
        b.omega = s.v[v + 2];
        b.a.setZero();
        b.alpha = 0;
        break;
      }
      case BodyMotion::fixed:
        b.r = body.position;
        b.theta = body.angle;
        b.v.setZero();
        b.omega = 0;
        b.a.setZero();
        b.alpha = 0;
        break;
      case BodyMotion::prescribed: {
        const TimeValue x = body.prescribed[0](s.t), y = body.prescribed[1](s.t), th = body.prescribed[2](s.t);
        b.r << x.value, y.value;
        b.theta = th.value;
        b.v << x.first, y.first;
        b.omega = th.first;
        b.a << x.second, y.second;
        b.alpha = th.second;
        break;
      }
    }
    b.A = rotation2(b.theta);
  }
}

}  // namespace stickslip
