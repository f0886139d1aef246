#include "assembly/body_kinematics.hpp"

#include <bit>
#include <cmath>
#include <cstdint>

namespace stickslip {

namespace {

// A prescribed spatial body at t: x(t), y(t), z(t) and the z-y'-x'' Euler angles ψ(t), ϑ(t), φ(t),
// ω and ω̇ from the Euler rates.
void prescribed_spatial_motion(const Body& body, double t, SpatialKinematics& b) {
  Vec3 angle, rate, accel;
  for (int i = 0; i < 3; ++i) {
    const TimeValue x = body.prescribed[static_cast<std::size_t>(i)](t);
    const TimeValue e = body.prescribed[static_cast<std::size_t>(i + 3)](t);
    b.r[i] = x.value;
    b.v[i] = x.first;
    b.a[i] = x.second;
    angle[i] = e.value;
    rate[i] = e.first;
    accel[i] = e.second;
  }
  b.p = euler_zyx(angle[0], angle[1], angle[2]);
  const EulerRates w = euler_zyx_rates(angle, rate, accel);
  b.omega = w.omega;
  b.alpha = w.alpha;
}

// Spatial bodies: dynamic from the state (p normalised by the ODE wrappers' unpacking), fixed from
// the model, prescribed from x(t), y(t), z(t) and the z-y'-x'' Euler angles ψ(t), ϑ(t), φ(t).
void spatial_kinematics(const Body& body, const State& s, SpatialKinematics& b) {
  const SpatialBody& sb = body.spatial;
  switch (body.motion) {
    case BodyMotion::dynamic: {
      const int q = body.q_offset, v = body.v_offset;
      b.r = s.q.segment<3>(q);
      b.p = Quat(s.q[q + 3], s.q[q + 4], s.q[q + 5], s.q[q + 6]);
      b.v = s.v.segment<3>(v);
      b.omega = s.v.segment<3>(v + 3);
      b.a.setZero();
      b.alpha.setZero();
      break;
    }
    case BodyMotion::fixed:
      b.r = sb.position;
      b.p = sb.orientation.normalized();
      b.v.setZero();
      b.omega.setZero();
      b.a.setZero();
      b.alpha.setZero();
      break;
    case BodyMotion::prescribed: prescribed_spatial_motion(body, s.t, b); break;
  }
  b.R = b.p.toRotationMatrix();
  b.A = b.R * sb.principal_frame.toRotationMatrix().transpose();
}

}  // namespace

BodyVector prescribed_velocity(const Body& body, double t) {
  BodyVector out(body.nv());
  if (body.dimension == Dimension::spatial) {
    SpatialKinematics k;
    prescribed_spatial_motion(body, t, k);
    out << k.v, k.omega;
  } else {
    out << body.prescribed[0](t).first, body.prescribed[1](t).first, body.prescribed[2](t).first;
  }
  return out;
}

void compute_body_kinematics(const Model& model, const State& s, Workspace& ws) {
  for (std::size_t k = 0; k < model.bodies.size(); ++k) {
    const Body& body = model.bodies[k];
    BodyKinematics& b = ws.bodies[k];
    if (body.dimension == Dimension::spatial) {
      spatial_kinematics(body, s, b.spatial);
      continue;
    }
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
    if (std::bit_cast<std::uint64_t>(b.theta) != std::bit_cast<std::uint64_t>(b.rotation_angle) || std::isnan(b.theta)) {
      b.A = rotation2(b.theta);
      b.rotation_angle = b.theta;
    }
  }
}

}  // namespace stickslip
