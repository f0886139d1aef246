#include "assembly/joint_friction.hpp"

#include <cmath>
#include <sstream>

#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/prismatic_joint_contact.hpp"
#include "assembly/spatial_joint_friction.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

constexpr int kMaxNewtonIterations = 50;
constexpr double kNewtonTolerance = 1e-10;  // on ‖r‖∞, relative to the size of the right-hand side

struct JointFrictionResult {
  ContactForce force;
  double slip = 0;  // signed along the one row; the slip speed of two rows
  TangentVector slip_rows = TangentVector::Zero();
};

// Revolute joint: Xing, Zheng & Wang 2019 eq. (6)-(7).
JointFrictionResult revolute_friction(const Model& model, const Joint& j, const State& s, const Workspace& ws,
                                      const double* lambda, Vec& f, Vec* zdot) {
  const JointFriction& jf = *j.friction;
  const BodyKinematics &bi = ws.bodies[j.body_i], &bj = ws.bodies[j.body_j];
  const Vec2 lam(lambda[0], lambda[1]);
  JointFrictionResult r;
  r.force.normal = lam.norm();
  const Vec2 n = r.force.normal > 0 ? Vec2(lam / r.force.normal) : Vec2::UnitX();
  const Vec2 O = point_position(bj, j.point_j);
  const Vec2 P = O + jf.pin_radius * n;
  r.slip = jf.pin_radius * (bj.omega - bi.omega);
  const laws::FrictionInput in{r.slip, r.force.normal};
  const double* z = jf.law->state_size() > 0 ? s.z.data() + j.z_offset : nullptr;
  r.force.tangential[0] = jf.law->force(in, z);  // one slip direction: the pin's circumference
  if (zdot && z) jf.law->state_rate(in, z, zdot->data() + j.z_offset);
  const Vec2 F = r.force.tangential[0] * perp(n);
  add_point_load(model, ws, j.body_j, P, F, f);
  add_point_load(model, ws, j.body_i, P, -F, f);
  return r;
}

// Prismatic joint: two-point guide model (see the header).
JointFrictionResult prismatic_friction(const Model& model, const Joint& j, const State& s, const Workspace& ws,
                                       const double* lambda, Vec& f, Vec* zdot) {
  const JointFriction& jf = *j.friction;
  const BodyKinematics &bi = ws.bodies[j.body_i], &bj = ws.bodies[j.body_j];
  JointFrictionResult r;
  r.force.normal = std::max(std::abs(lambda[0]), 2.0 * std::abs(lambda[1]) / jf.contact_length);
  const Vec2 u = bi.A * j.axis_i;
  const Vec2 P = point_position(bj, j.point_j);
  const Vec2 vi = bi.v + bi.omega * perp(P - bi.r);
  r.slip = u.dot(point_velocity(bj, j.point_j) - vi);
  const laws::FrictionInput in{r.slip, r.force.normal};
  const double* z = jf.law->state_size() > 0 ? s.z.data() + j.z_offset : nullptr;
  r.force.tangential[0] = jf.law->force(in, z);  // one slip direction: the guide's axis
  if (zdot && z) jf.law->state_rate(in, z, zdot->data() + j.z_offset);
  add_point_load(model, ws, j.body_j, P, r.force.tangential[0] * u, f);
  add_point_load(model, ws, j.body_i, P, -r.force.tangential[0] * u, f);
  return r;
}

// Spatial revolute, spherical and cylindrical joints (spatial_joint_friction.hpp): the law on the one
// slip row, or isotropically on the two (laws/friction_law.hpp, force_vector).
JointFrictionResult spatial_friction(const Model& model, const Joint& j, const State& s, const Workspace& ws,
                                     const double* lambda, Vec& f, Vec* zdot) {
  const laws::FrictionLaw& law = *j.friction->law;
  const SpatialJointFrictionFrame frame = spatial_joint_friction_frame(j, ws, lambda);
  const double* z = law.state_size() > 0 ? s.z.data() + j.z_offset : nullptr;
  JointFrictionResult r;
  r.force.normal = frame.normal_force;
  r.slip_rows = frame.slip;
  if (frame.rows == 1) {
    const laws::FrictionInput in{frame.slip[0], frame.normal_force};
    r.force.tangential[0] = law.force(in, z);
    if (zdot && z) law.state_rate(in, z, zdot->data() + j.z_offset);
    r.slip = frame.slip[0];
  } else {
    law.force_vector(frame.slip.data(), frame.normal_force, z, r.force.tangential.data());
    if (zdot && z) law.state_rate_vector(frame.slip.data(), frame.normal_force, z, zdot->data() + j.z_offset);
    r.slip = frame.slip.norm();
  }
  add_spatial_joint_friction(model, j, frame, r.force.tangential, f);
  return r;
}

JointFrictionResult one_joint(const Model& model, const Joint& j, const State& s, const Workspace& ws,
                              const double* lambda, Vec& f, Vec* zdot) {
  if (j.dimension == Dimension::spatial) return spatial_friction(model, j, s, ws, lambda, f, zdot);
  return j.type == JointType::revolute ? revolute_friction(model, j, s, ws, lambda, f, zdot)
                                       : prismatic_friction(model, j, s, ws, lambda, f, zdot);
}

// r(λ) = A λ + G M⁻¹ (f + Q_f(λ)) − (γ − αΦ̇ − βΦ); ws.rhs holds γ − αΦ̇ − βΦ.
double residual(const Model& model, const State& s, Workspace& ws, const Vec& lambda, Vec& r) {
  ws.f_probe = ws.f;
  add_joint_friction_forces(model, s, ws, lambda, ws.f_probe, false, nullptr);
  r.noalias() = ws.A * lambda;
  r.noalias() += ws.GMinv * ws.f_probe;
  r -= ws.rhs;
  return r.cwiseAbs().maxCoeff();
}

// J = A + G M⁻¹ ∂Q_f/∂λ; the friction columns (one per multiplier of a frictional joint) by forward
// differences (Q_f is affine in the multipliers except through the normal force's norm, so the
// difference is accurate to O(h)).
void jacobian(const Model& model, const State& s, Workspace& ws, const Vec& lambda) {
  ws.newton_J = ws.A;
  ws.lambda_trial = lambda;
  for (const Joint& j : model.joints) {
    if (!j.friction) continue;
    for (int c = 0; c < joint_equation_count(j); ++c) {
      const int col = j.row_offset + c;
      const double h = 1e-7 * std::max(1.0, std::abs(lambda[col]));
      ws.f_probe.setZero();
      one_joint(model, j, s, ws, lambda.data() + j.row_offset, ws.f_probe, nullptr);
      ws.f_joint_friction = -ws.f_probe;
      ws.lambda_trial[col] = lambda[col] + h;
      ws.f_probe.setZero();
      one_joint(model, j, s, ws, ws.lambda_trial.data() + j.row_offset, ws.f_probe, nullptr);
      ws.f_joint_friction += ws.f_probe;
      ws.newton_J.col(col).noalias() += ws.GMinv * ws.f_joint_friction / h;
      ws.lambda_trial[col] = lambda[col];
    }
  }
}

[[noreturn]] void fail(const Model& model, double t, const Vec& r, int iterations) {
  int worst = -1;
  double worst_r = -1;
  for (std::size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    if (!j.friction) continue;
    const double rk = r.segment(j.row_offset, joint_equation_count(j)).cwiseAbs().maxCoeff();
    if (rk > worst_r) worst_r = rk, worst = static_cast<int>(k);
  }
  std::ostringstream msg;
  msg << "the Newton iteration for the joint friction did not converge in " << iterations
      << " iterations (residual " << r.cwiseAbs().maxCoeff() << ")";
  throw NumericalError(t, worst >= 0 ? "joint " + model.joints[worst].name : "joint friction", msg.str());
}

}  // namespace

void add_joint_friction_forces(const Model& model, const State& s, Workspace& ws, const Vec& lambda, Vec& f,
                               bool record, Vec* zdot) {
  for (std::size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    if (!j.friction) continue;
    const JointFrictionResult r = one_joint(model, j, s, ws, lambda.data() + j.row_offset, f, zdot);
    if (record) {
      ws.joint_friction[k] = r.force;
      ws.joint_slip[k] = r.slip;
      ws.joint_slip_rows[k] = r.slip_rows;
    }
  }
}

void solve_accelerations_with_joint_friction(const Model& model, const State& s, const Stabilization& stab,
                                             Workspace& ws, JointFrictionStats& stats, Vec* zdot) {
  if (!ws.joint_contacts.empty()) {
    // Frictional spatial prismatic joints (Qi, Luo & Huang 2011): λ and q̈ are affine in the joints'
    // axial friction η, so the ideal solve and one joint-local analysis per joint replace Newton on λ.
    // (A spatial model has no joint with `friction:`, which is planar.)
    solve_accelerations(model, s.t, stab, ws);
    const int sweeps = apply_joint_contact_friction(model, s, ws);
    ++stats.solves;
    stats.iterations += sweeps;
    stats.max_iterations = std::max(stats.max_iterations, sweeps);
    return;
  }
  factor_constraint_matrix(model, s.t, ws);
  ws.rhs = ws.gamma - stab.alpha * ws.phi_dot - stab.beta * ws.phi;
  ws.newton_trial = ws.rhs;
  ws.newton_trial.noalias() -= ws.GMinv * ws.f;
  const double scale = std::max(1.0, ws.newton_trial.cwiseAbs().maxCoeff());
  Vec& lambda = ws.lambda;  // warm start: the multipliers of the previous evaluation
  double norm = residual(model, s, ws, lambda, ws.newton_r);
  int it = 0;
  while (norm > kNewtonTolerance * scale) {
    if (++it > kMaxNewtonIterations) fail(model, s.t, ws.newton_r, it - 1);
    jacobian(model, s, ws, lambda);
    ws.newton_lu.compute(ws.newton_J);
    ws.newton_step = ws.newton_lu.solve(-ws.newton_r);
    double step = 1.0, trial = norm;
    for (int halvings = 0; halvings < 12; ++halvings, step *= 0.5) {
      ws.lambda_trial = lambda + step * ws.newton_step;
      trial = residual(model, s, ws, ws.lambda_trial, ws.newton_trial);
      if (trial < (1.0 - 1e-4 * step) * norm) break;
    }
    lambda = ws.lambda_trial;
    ws.newton_r = ws.newton_trial;
    norm = trial;
  }
  ++stats.solves;
  stats.iterations += it;
  stats.max_iterations = std::max(stats.max_iterations, it);
  ws.f_joint_friction.setZero();
  add_joint_friction_forces(model, s, ws, lambda, ws.f_joint_friction, true, zdot);
  ws.force_total = ws.f + ws.f_joint_friction;
  ws.force_total.noalias() += ws.G.transpose() * lambda;
  ws.qdd = ws.mass_inv.cwiseProduct(ws.force_total);
}

}  // namespace stickslip
