#include "formulations/time_stepping/spring_jacobians.hpp"

#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip {
namespace {

// Generalised load of a spring-damper on its two bodies [F_x, F_y, moment about the centre of mass],
// as assemble_applied_forces computes it (tension along the line P_i → P_j).
struct SpringLoad {
  Vec3 on_i = Vec3::Zero(), on_j = Vec3::Zero();
};

SpringLoad spring_load(const SpringDamper& s, const BodyKinematics& bi, const BodyKinematics& bj) {
  const Vec2 local_i = s.point_i.head<2>(), local_j = s.point_j.head<2>();  // planar springs
  const Vec2 pi = point_position(bi, local_i), pj = point_position(bj, local_j);
  const Vec2 d = pj - pi;
  const double length = d.norm();
  const Vec2 u = length > 1e-12 ? Vec2(d / length) : Vec2::Zero();
  const double rate = u.dot(point_velocity(bj, local_j) - point_velocity(bi, local_i));
  const Vec2 F = (s.stiffness * (length - s.rest_length) + s.damping * rate) * u;  // on i; −F on j
  SpringLoad out;
  out.on_i << F, cross2(pi - bi.r, F);
  out.on_j << -F, cross2(pj - bj.r, -F);
  return out;
}

// Perturbs coordinate k (0..2: x, y, θ; 3..5: ẋ, ẏ, ω) of a body's kinematics by δ.
void perturb(BodyKinematics& b, int k, double delta) {
  switch (k) {
    case 0: b.r.x() += delta; break;
    case 1: b.r.y() += delta; break;
    case 2: b.theta += delta; b.A = rotation2(b.theta); break;
    case 3: b.v.x() += delta; break;
    case 4: b.v.y() += delta; break;
    default: b.omega += delta; break;
  }
}

// Central differences of one spring's load with respect to the coordinates of its dynamic bodies.
void translational_jacobians(const Model& model, const SpringDamper& s, const Workspace& ws, Mat& K, Mat& C) {
  // δ = 1e-6 (m, rad, m/s, rad/s): truncation O(δ²) ≈ 1e-12 relative, rounding ≈ 1e-16/δ = 1e-10.
  constexpr double kDelta = 1e-6;
  const int bodies[2] = {s.body_i, s.body_j};
  for (int side = 0; side < 2; ++side) {
    const Body& moved = model.bodies[bodies[side]];
    if (!moved.is_dynamic()) continue;
    for (int k = 0; k < 6; ++k) {
      SpringLoad plus, minus;
      for (int sign = -1; sign <= 1; sign += 2) {
        BodyKinematics bi = ws.bodies[s.body_i], bj = ws.bodies[s.body_j];
        perturb(side == 0 ? bi : bj, k, sign * kDelta);
        (sign > 0 ? plus : minus) = spring_load(s, bi, bj);
      }
      Mat& J = k < 3 ? K : C;
      const int column = moved.v_offset + k % 3;
      for (int target = 0; target < 2; ++target) {
        const Body& loaded = model.bodies[bodies[target]];
        if (!loaded.is_dynamic()) continue;
        const Vec3 d = target == 0 ? Vec3(plus.on_i - minus.on_i) : Vec3(plus.on_j - minus.on_j);
        J.block<3, 1>(loaded.v_offset, column) += d / (2 * kDelta);
      }
    }
  }
}

// M = −k (θ_j − θ_i − θ0) − c (ω_j − ω_i) on body j, −M on body i.
void rotational_jacobians(const Model& model, const RotationalSpringDamper& s, Mat& K, Mat& C) {
  const Body &bi = model.bodies[s.body_i], &bj = model.bodies[s.body_j];
  const int ti = bi.is_dynamic() ? bi.v_offset + 2 : -1, tj = bj.is_dynamic() ? bj.v_offset + 2 : -1;
  const auto add = [&](Mat& J, double value) {
    if (tj >= 0) J(tj, tj) -= value;
    if (ti >= 0) J(ti, ti) -= value;
    if (ti >= 0 && tj >= 0) {
      J(ti, tj) += value;
      J(tj, ti) += value;
    }
  };
  add(K, s.stiffness);
  add(C, s.damping);
}

// ---- Spatial bodies: the same central differences, along the kinematic map. Coordinate k of a
// body's velocity space (0..2: ṙ, 3..5: ω about the principal axes) moves the pose by r + δ e_k or
// R exp(δ ê_k) (A = R Qᵀ turned with it), and the velocities by ṙ + δ e_k or ω + δ e_k, so column k
// of K and C is the derivative of the loads along velocity direction k, as W̃ = M − hθC − h²θ²K needs.
using Load6 = Eigen::Matrix<double, 6, 1>;
struct SpatialLoad {
  Load6 on_i = Load6::Zero(), on_j = Load6::Zero();
};

Load6 point_load(const SpatialKinematics& b, const Vec3& p, const Vec3& F) {
  Load6 out;
  out << F, b.R.transpose() * (p - b.r).cross(F);
  return out;
}

SpatialLoad spatial_spring_load(const SpringDamper& s, const SpatialKinematics& bi, const SpatialKinematics& bj) {
  SpringGeometry g;
  g.pi = point_position(bi, s.point_i);
  g.pj = point_position(bj, s.point_j);
  const Vec3 d = g.pj - g.pi;
  g.length = d.norm();
  const Vec3 u = g.length > 1e-12 ? Vec3(d / g.length) : Vec3::Zero();
  g.rate = u.dot(point_velocity(bj, s.point_j) - point_velocity(bi, s.point_i));
  const Vec3 F = spring_tension(s, g) * u;  // on i; −F on j
  return {point_load(bi, g.pi, F), point_load(bj, g.pj, -F)};
}

SpatialLoad spatial_rotational_load(const RotationalSpringDamper& s, const Joint& joint, double angle,
                                    const SpatialKinematics& bi, const SpatialKinematics& bj) {
  const spatial::RelativeRotation rotation =
      spatial::relative_rotation_state(spatial::spatial_pose(bi), spatial::spatial_pose(bj), joint.spatial, angle);
  const spatial::RotationalSpringForces f = spatial::rotational_spring_damper({s.stiffness, s.damping, s.rest_angle}, rotation);
  return {f.Qi, f.Qj};
}

void perturb(SpatialKinematics& b, int k, double delta) {
  if (k < 3) {
    b.r[k] += delta;
  } else if (k < 6) {
    const Mat3 turned = b.R * Eigen::AngleAxisd(delta, Vec3::Unit(k - 3)).toRotationMatrix();
    b.A = turned * (b.R.transpose() * b.A);
    b.R = turned;
  } else if (k < 9) {
    b.v[k - 6] += delta;
  } else {
    b.omega[k - 9] += delta;
  }
}

// Central differences of one element's loads (`load(bi, bj)`) over the 12 coordinates (6 positions
// along the map, 6 velocities) of each dynamic body. δ as in the planar case.
template <class Load>
void spatial_jacobians(const Model& model, int body_i, int body_j, const Workspace& ws, const Load& load, Mat& K,
                       Mat& C) {
  constexpr double kDelta = 1e-6;
  const int bodies[2] = {body_i, body_j};
  for (int side = 0; side < 2; ++side) {
    const Body& moved = model.bodies[bodies[side]];
    if (!moved.is_dynamic()) continue;
    for (int k = 0; k < 12; ++k) {
      SpatialLoad plus, minus;
      for (int sign = -1; sign <= 1; sign += 2) {
        SpatialKinematics bi = ws.bodies[body_i].spatial, bj = ws.bodies[body_j].spatial;
        perturb(side == 0 ? bi : bj, k, sign * kDelta);
        (sign > 0 ? plus : minus) = load(bi, bj);
      }
      Mat& J = k < 6 ? K : C;
      const int column = moved.v_offset + k % 6;
      for (int target = 0; target < 2; ++target) {
        const Body& loaded = model.bodies[bodies[target]];
        if (!loaded.is_dynamic()) continue;
        const Load6 d = target == 0 ? Load6(plus.on_i - minus.on_i) : Load6(plus.on_j - minus.on_j);
        J.block<6, 1>(loaded.v_offset, column) += d / (2 * kDelta);
      }
    }
  }
}

void spatial_spring_jacobians(const Model& model, const Workspace& ws, Mat& K, Mat& C) {
  for (const SpringDamper& s : model.springs) {
    spatial_jacobians(
        model, s.body_i, s.body_j, ws,
        [&](const SpatialKinematics& bi, const SpatialKinematics& bj) { return spatial_spring_load(s, bi, bj); }, K, C);
  }
  for (std::size_t k = 0; k < model.rotational_springs.size(); ++k) {
    const RotationalSpringDamper& s = model.rotational_springs[k];
    const Joint& joint = model.joints[static_cast<std::size_t>(s.joint)];
    const double angle = ws.rotational_spring_angle[k];  // the angle of this step's force evaluation
    spatial_jacobians(
        model, joint.body_i, joint.body_j, ws,
        [&](const SpatialKinematics& bi, const SpatialKinematics& bj) {
          return spatial_rotational_load(s, joint, angle, bi, bj);
        },
        K, C);
  }
}

}  // namespace

bool has_spring_elements(const Model& model) {
  const auto dynamic = [&](int b) { return model.bodies[b].is_dynamic(); };
  for (const SpringDamper& s : model.springs)
    if ((s.stiffness > 0 || s.damping > 0) && (dynamic(s.body_i) || dynamic(s.body_j))) return true;
  for (const RotationalSpringDamper& s : model.rotational_springs)
    if ((s.stiffness > 0 || s.damping > 0) && (dynamic(s.body_i) || dynamic(s.body_j))) return true;
  return false;
}

void spring_jacobians(const Model& model, const Workspace& ws, Mat& K, Mat& C) {
  K.setZero();
  C.setZero();
  if (model.dimension == Dimension::spatial) {
    spatial_spring_jacobians(model, ws, K, C);
  } else {
    for (const SpringDamper& s : model.springs) translational_jacobians(model, s, ws, K, C);
    for (const RotationalSpringDamper& s : model.rotational_springs) rotational_jacobians(model, s, K, C);
  }
  for (Mat* J : {&K, &C})
    for (Eigen::Index i = 0; i < J->rows(); ++i)
      for (Eigen::Index j = i + 1; j < J->cols(); ++j) (*J)(i, j) = (*J)(j, i) = 0.5 * ((*J)(i, j) + (*J)(j, i));
}

}  // namespace stickslip
