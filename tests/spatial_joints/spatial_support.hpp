// Helpers of the spatial joint tests: random poses and joint frames, the kinematic map on one
// SpatialPose (q ⊕ Δv: r + Δv_r, A exp(Δω'^), the rotation on the body side as ω' is in the body
// frame), a motion with constant accelerations, assembled configurations of each joint built from its
// joint coordinates (independently of the constraint equations), and finite differences.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip::spatial::test {

using Vec6 = Eigen::Matrix<double, 6, 1>;
constexpr double kEpsMachine = 2.220446049250313e-16;

// Rotation exp(ŵ) about w by |w|.
inline Mat3 exp_so3(const Vec3& w) {
  const double angle = w.norm();
  if (angle == 0) return Mat3::Identity();
  return Eigen::AngleAxisd(angle, w / angle).toRotationMatrix();
}

inline Vec6 velocity_of(const SpatialPose& b) {
  Vec6 v;
  v << b.v_world, b.omega_body;
  return v;
}
inline void set_velocity(SpatialPose& b, const Vec6& v) {
  b.v_world = v.head<3>();
  b.omega_body = v.tail<3>();
}

// The pose reached from b along the velocity direction dv for a unit time (positions only).
inline SpatialPose displaced(const SpatialPose& b, const Vec6& dv) {
  SpatialPose out = b;
  out.r = b.r + dv.head<3>();
  out.A = b.A * exp_so3(dv.tail<3>());
  return out;
}

class Random {
 public:
  explicit Random(unsigned seed) : gen_(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(gen_); }
  Vec3 vec(double scale) { return Vec3(uniform(-scale, scale), uniform(-scale, scale), uniform(-scale, scale)); }
  Vec6 vec6(double scale) {
    Vec6 v;
    v << vec(scale), vec(scale);
    return v;
  }
  Vec3 unit() {
    Vec3 u;
    do u = vec(1.0);
    while (u.norm() < 0.2 || u.norm() > 1.0);
    return u.normalized();
  }
  Mat3 rotation() {
    std::normal_distribution<double> n;
    return Eigen::Quaterniond(n(gen_), n(gen_), n(gen_), n(gen_)).normalized().toRotationMatrix();
  }
  // A pose with |r_k| <= 1 and velocity components <= 1 (ṙ in m/s, ω' in rad/s).
  SpatialPose pose() {
    SpatialPose b;
    b.r = vec(1.0);
    b.A = rotation();
    b.v_world = vec(1.0);
    b.omega_body = vec(1.0);
    return b;
  }
  // Joint points within 1 m of the centres of mass, unit axes, references perpendicular to them.
  SpatialJointFrame frame() {
    SpatialJointFrame f;
    f.point_i = vec(1.0);
    f.point_j = vec(1.0);
    f.axis_i = unit();
    f.axis_j = unit();
    f.ref_i = f.axis_i.cross(unit()).normalized();
    f.ref_j = f.axis_j.cross(unit()).normalized();
    return f;
  }

 private:
  std::mt19937 gen_;
};

// Position and velocity at time t of a body starting at b with velocity v0 = velocity_of(b) and the
// constant acceleration a = [r̈; α'] (ω'(t) = ω0' + t α'). Ȧ = A ω̃'(t) is solved by its Magnus
// expansion A(t) = A0 exp(t ω0' + t²/2 α' + t³/12 ω0' × α') (the first two terms of the series for
// a right-multiplied linear generator; the next one is O(t⁴ |ω'|² |α'|)).
inline SpatialPose moved(const SpatialPose& b, const Vec6& a, double t) {
  SpatialPose out = b;
  const Vec3 w0 = b.omega_body, alpha = a.tail<3>();
  out.r = b.r + t * b.v_world + 0.5 * t * t * a.head<3>();
  out.A = b.A * exp_so3(t * w0 + 0.5 * t * t * alpha + t * t * t / 12.0 * w0.cross(alpha));
  out.v_world = b.v_world + t * a.head<3>();
  out.omega_body = w0 + t * alpha;
  return out;
}

// A constraint block as a function of the two poses (a primitive or a joint).
using BlockFunction = std::function<void(const SpatialPose&, const SpatialPose&, ConstraintBlock&)>;

inline ConstraintBlock evaluate(const BlockFunction& f, const SpatialPose& bi, const SpatialPose& bj) {
  ConstraintBlock blk;
  f(bi, bj, blk);
  return blk;
}

inline Eigen::VectorXd phi_dot(const ConstraintBlock& blk, const SpatialPose& bi, const SpatialPose& bj) {
  return blk.Gi.topRows(blk.rows) * velocity_of(bi) + blk.Gj.topRows(blk.rows) * velocity_of(bj);
}

// The joint frame of each body as the columns of a rotation: (f, h, axis) with f = ref,
// h = axis × ref; for the universal joint, body j's frame is (axis_j, ref_j, axis_j × ref_j), so
// that its pin is the x axis of that frame.
inline Mat3 joint_frame_i(const SpatialJointFrame& f) {
  Mat3 c;
  c << f.ref_i, f.axis_i.cross(f.ref_i), f.axis_i;
  return c;
}
inline Mat3 joint_frame_j(SpatialJointType type, const SpatialJointFrame& f) {
  Mat3 c;
  if (type == SpatialJointType::universal) {
    c << f.axis_j, f.ref_j, f.axis_j.cross(f.ref_j);
  } else {
    c << f.ref_j, f.axis_j.cross(f.ref_j), f.axis_j;
  }
  return c;
}

// The relative motion a joint allows, by joint coordinates: elementary rotations R = R_{k1}(s_1)
// R_{k2}(s_2)... of body j's joint frame in body i's (k: 0 x, 1 y, 2 z of the joint frames), then a
// slide p = s_last e_z along body i's axis when `slides`.
struct JointCoordinates {
  std::vector<int> rotation_axes;
  bool slides = false;
  int count() const { return static_cast<int>(rotation_axes.size()) + (slides ? 1 : 0); }
};
inline JointCoordinates joint_coordinates(SpatialJointType type) {
  switch (type) {
    case SpatialJointType::spherical: return {{2, 1, 0}, false};
    case SpatialJointType::revolute: return {{2}, false};
    case SpatialJointType::prismatic: return {{}, true};
    case SpatialJointType::cylindrical: return {{2}, true};
    case SpatialJointType::universal: return {{2, 0}, false};
    case SpatialJointType::weld: return {{}, false};
  }
  return {};
}

// Body j placed by the joint coordinates s (rates s_dot) relative to body i (pose and velocity
// given): A_j = A_i C_i R C_jᵀ, P = r_i + A_i (s_i' + C_i p), r_j = P - A_j s_j',
// ω_j' = C_j (Rᵀ C_iᵀ ω_i' + ω_rel) with ω_rel = vee(RᵀṘ), and ṙ_j from the velocity of P.
inline SpatialPose assembled_j(SpatialJointType type, const SpatialJointFrame& f, const SpatialPose& bi,
                               const Eigen::VectorXd& s, const Eigen::VectorXd& s_dot) {
  const JointCoordinates jc = joint_coordinates(type);
  const Mat3 ci = joint_frame_i(f), cj = joint_frame_j(type, f);
  Mat3 rot = Mat3::Identity();
  Vec3 omega_rel = Vec3::Zero();
  for (int k = static_cast<int>(jc.rotation_axes.size()) - 1; k >= 0; --k) {
    // ω_rel of R_k R_rest = R_restᵀ e_k ṡ_k + ω_rel(R_rest)
    const Vec3 e = Vec3::Unit(jc.rotation_axes[k]);
    omega_rel += rot.transpose() * e * s_dot[k];
    rot = Eigen::AngleAxisd(s[k], e).toRotationMatrix() * rot;
  }
  Vec3 p = Vec3::Zero(), p_dot = Vec3::Zero();
  if (jc.slides) {
    p.z() = s[jc.count() - 1];
    p_dot.z() = s_dot[jc.count() - 1];
  }
  SpatialPose bj;
  bj.A = bi.A * ci * rot * cj.transpose();
  const Vec3 arm_i = f.point_i + ci * p;  // P from body i's centre, body i frame
  bj.r = bi.r + bi.A * arm_i - bj.A * f.point_j;
  bj.omega_body = cj * (rot.transpose() * ci.transpose() * bi.omega_body + omega_rel);
  bj.v_world = bi.v_world + bi.A * (bi.omega_body.cross(arm_i) + ci * p_dot) - bj.A * bj.omega_body.cross(f.point_j);
  return bj;
}

inline const std::vector<SpatialJointType>& all_joint_types() {
  static const std::vector<SpatialJointType> types{SpatialJointType::spherical,   SpatialJointType::revolute,
                                                   SpatialJointType::prismatic,   SpatialJointType::cylindrical,
                                                   SpatialJointType::universal,   SpatialJointType::weld};
  return types;
}

// gtest names of the parameterised tests: the joint's model-file word.
inline std::string joint_test_name(const ::testing::TestParamInfo<SpatialJointType>& param_info) {
  return spatial_joint_kind(param_info.param).name;
}

inline BlockFunction joint_function(SpatialJointType type, const SpatialJointFrame& f) {
  return [type, f](const SpatialPose& bi, const SpatialPose& bj, ConstraintBlock& out) {
    spatial_joint_kind(type).evaluate(f, bi, bj, out);
  };
}

}  // namespace stickslip::spatial::test
