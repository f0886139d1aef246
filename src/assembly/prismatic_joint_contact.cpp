#include "assembly/prismatic_joint_contact.hpp"

#include <algorithm>
#include <cmath>

#include "assembly/accelerations.hpp"
#include "assembly/applied_forces.hpp"
#include "assembly/workspace.hpp"
#include "laws/sign.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

namespace pc = prismatic_contact;

// Gauss-Seidel over several frictional joints: stop when no η changes by more than this fraction of
// the largest |η| (or of 1 N); a cap on sweeps, then an error.
constexpr double kSweepTolerance = 1e-12;
constexpr int kMaxSweeps = 100;

pc::PrismaticContactOptions solver_options(const PrismaticJointContact& c) {
  pc::PrismaticContactOptions o;
  o.rule = c.rule == JointFrictionRule::exact_stick ? pc::FrictionRule::exact_stick : pc::FrictionRule::regularised_sign;
  o.sign_velocity = c.sign_velocity;
  o.rest_speed = c.rest_speed;
  o.method = c.solution == JointContactSolution::least_displacement ? pc::LcpMethod::least_displacement
             : c.solution == JointContactSolution::smoothed_newton  ? pc::LcpMethod::smoothed_newton
                                                                     : pc::LcpMethod::lemke;
  return o;
}

pc::SliderSection section_of(const PrismaticJointContact& c) { return {c.half_width, c.half_height, c.clearance_ratio}; }

pc::AdamsFrictionParameters adams_of(const PrismaticJointContact& c) {
  pc::AdamsFrictionParameters p;
  p.friction_coefficient = c.mu;
  p.bending_arm = c.bending_arm == AdamsBendingArm::overlap        ? pc::BendingArm::overlap
                  : c.bending_arm == AdamsBendingArm::half_overlap ? pc::BendingArm::half_overlap
                                                                    : pc::BendingArm::fixed;
  p.fixed_arm = c.fixed_arm;
  // Adams' reaction arm for the torsional moment; the paper gives none (its examples have no torsion).
  p.torsion_arm = c.torsion_arm > 0 ? c.torsion_arm : std::max(c.half_width, c.half_height);
  return p;
}

// The joint's geometry at this instant: frame (columns e1, e2, e3, body i), the joint points and the
// slider's axial coordinate s = e1·(P_j − P_i).
struct JointGeometry {
  Mat3 frame;
  Vec3 pi, pj;
  double s = 0;
};

JointGeometry joint_geometry(const Joint& j, const Workspace& ws) {
  const SpatialKinematics &bi = ws.bodies[j.body_i].spatial, &bj = ws.bodies[j.body_j].spatial;
  JointGeometry g;
  const Vec3 e1 = bi.R * j.spatial.axis_i, e2 = bi.R * j.spatial.ref_i;
  g.frame.col(0) = e1;
  g.frame.col(1) = e2;
  g.frame.col(2) = e1.cross(e2);
  g.pi = bi.r + bi.R * j.spatial.point_i;
  g.pj = bj.r + bj.R * j.spatial.point_j;
  g.s = e1.dot(g.pj - g.pi);
  return g;
}

// Acceleration of the world point p moving with body b, from the accelerations qdd (dynamic bodies;
// [r̈ world, ω̇ principal]) or the body's known motion. `linear`: only the part linear in qdd (the
// columns of B), which is zero for a body that is not dynamic.
Vec3 point_acceleration(const Body& body, const SpatialKinematics& k, const Vec3& p, const Vec& qdd, bool linear) {
  const Vec3 rho = k.R.transpose() * (p - k.r);  // principal frame
  Vec3 a, alpha;
  if (body.is_dynamic()) {
    a = qdd.segment<3>(body.v_offset);
    alpha = qdd.segment<3>(body.v_offset + 3);
  } else {
    if (linear) return Vec3::Zero();
    a = k.a;
    alpha = k.alpha;
  }
  Vec3 out = a + k.R * alpha.cross(rho);
  if (!linear) out += k.R * k.omega.cross(k.omega.cross(rho));
  return out;
}

// s̈ = e1·(a_Pj − a_Pj∈i): the relative acceleration of the coincident points along the axis (the
// Coriolis term 2 ω_i × ṡ e1 is perpendicular to e1).
double axial_acceleration(const Model& model, const Joint& j, const Workspace& ws, const JointGeometry& g,
                          const Vec& qdd, bool linear) {
  const Body &bi = model.bodies[j.body_i], &bj = model.bodies[j.body_j];
  const Vec3 d = point_acceleration(bj, ws.bodies[j.body_j].spatial, g.pj, qdd, linear) -
                 point_acceleration(bi, ws.bodies[j.body_i].spatial, g.pj, qdd, linear);
  return g.frame.col(0).dot(d);
}

// The reaction on the slider from the joint's multipliers, at P_j, joint-frame components.
pc::Wrench slider_reaction(const Joint& j, const Workspace& ws, const JointGeometry& g, const Vec& lambda) {
  const auto r = spatial::spatial_joint_reaction(spatial::spatial_joint_type(j.type), j.spatial,
                                                 spatial::spatial_pose(ws.bodies[j.body_i].spatial),
                                                 spatial::spatial_pose(ws.bodies[j.body_j].spatial),
                                                 lambda.segment(j.row_offset, 5));
  return {g.frame.transpose() * r.force_j, g.frame.transpose() * r.moment_j};
}

// The Adams approximation as the joint's friction (method adams): sliding, eq. (36) with μ N_eq;
// at rest (exact_stick) the joint sticks while the axial force that holds it is within μ N_eq.
void adams_method(const JointContactSlot& slot, const PrismaticJointContact& c, pc::PrismaticContactResult& out) {
  out = pc::PrismaticContactResult{};
  out.condition = pc::ContactCondition::solved;
  const double v = slot.slip, mu = c.mu;
  double k = 0;
  if (c.rule == JointFrictionRule::regularised_sign) {
    k = -mu * laws::sgn_linear(v, c.sign_velocity);
  } else if (std::abs(v) > c.rest_speed) {
    k = -mu * laws::sgn(v);
  } else {
    const double eta_rest = -slot.acceleration / slot.acceleration_per_eta;
    const pc::Wrench held = slot.reaction.at(eta_rest);
    const pc::AdamsFriction f = pc::adams_friction(held, slot.half_length, slot.adams);
    if (f.ok && std::abs(held.force.x()) <= f.magnitude) {
      out.motion = pc::JointMotion::sticking;
      out.eta = eta_rest;
      out.friction_force = held.force.x();
      out.normal_force = f.normal_force;
      out.coefficient = f.normal_force > 0 ? held.force.x() / f.normal_force : 0.0;
      return;
    }
    out.motion = pc::JointMotion::starting_to_slide;
    k = mu * laws::sgn(held.force.x());  // it slides against the force that would have held it
  }
  const pc::AdamsSliding r = pc::adams_sliding(slot.reaction, slot.half_length, k, slot.adams);
  if (!r.ok) {
    out.condition = slot.half_length > 0 ? pc::ContactCondition::no_contact_solution
                                         : pc::ContactCondition::vanishing_overlap;
    return;
  }
  out.eta = r.eta;
  out.friction_force = r.friction_force;
  out.normal_force = r.friction.normal_force;
  out.coefficient = k;
}

// One joint's η given the constant part λ_c of the multipliers (the other joints' η included), its
// column d of D, and its axial relative acceleration, acceleration + acceleration_per_eta η.
void solve_joint(const Model& model, const Workspace& ws, const Vec& lambda_c, const Vec& d, double acceleration,
                 double acceleration_per_eta, JointContactSlot& slot) {
  const Joint& j = model.joints[static_cast<std::size_t>(slot.joint)];
  const PrismaticJointContact& c = *j.contact;
  const JointGeometry g = joint_geometry(j, ws);
  // The overlap in the axial coordinate from P_i (Qi, Luo & Huang 2011 eq. (10), read as the overlap).
  const pc::ContactRegion region =
      pc::contact_region({g.s + c.slider_lower, g.s + c.slider_upper}, {c.guide_lower, c.guide_upper});
  slot.half_length = region.half_length;
  slot.centre = region.centre;
  pc::AffineWrench at_pj;
  at_pj.constant = slider_reaction(j, ws, g, lambda_c);
  at_pj.per_eta = slider_reaction(j, ws, g, d);
  at_pj.per_eta.force.x() += 1.0;  // the friction itself: +η e1 on the slider
  slot.reaction = pc::transfer_along_axis(at_pj, g.s, region.centre);
  slot.acceleration = acceleration;
  slot.acceleration_per_eta = acceleration_per_eta;
  if (c.method == JointContactMethod::adams) {
    adams_method(slot, c, slot.result);
  } else {
    pc::PrismaticContactInput in;
    in.section = section_of(c);
    in.friction_coefficient = c.mu;
    in.half_length = region.half_length;
    in.reaction = slot.reaction;
    in.slip_velocity = slot.slip;
    in.acceleration = slot.acceleration;
    in.acceleration_per_eta = slot.acceleration_per_eta;
    slot.solver.solve(in, slot.result);
  }
  slot.result.relative_acceleration = slot.acceleration + slot.acceleration_per_eta * slot.result.eta;
  const pc::AdamsFriction adams = pc::adams_friction(slot.reaction.at(slot.result.eta), region.half_length, slot.adams);
  slot.adams_friction = adams.ok ? adams.magnitude : 0.0;
}

}  // namespace

JointContactSlot::JointContactSlot(int joint_index, const PrismaticJointContact& contact)
    : joint(joint_index), solver(section_of(contact), solver_options(contact)), adams(adams_of(contact)) {}

std::vector<JointContactSlot> make_joint_contact_slots(const Model& model) {
  std::vector<JointContactSlot> slots;
  for (std::size_t k = 0; k < model.joints.size(); ++k) {
    const Joint& j = model.joints[k];
    if (j.contact && j.dimension == Dimension::spatial) slots.emplace_back(static_cast<int>(k), *j.contact);
  }
  return slots;
}

std::string joint_contact_failure(pc::ContactCondition condition) {
  switch (condition) {
    case pc::ContactCondition::vanishing_overlap:
      return "the slider has left its guide (vanishing_overlap: the contact region has no length)";
    case pc::ContactCondition::no_contact_solution:
      return "no set of corner contacts can carry the joint reaction (no_contact_solution)";
    case pc::ContactCondition::no_consistent_mode:
      return "at rest, neither sticking nor sliding is consistent (no_consistent_mode: a jammed joint)";
    case pc::ContactCondition::friction_locking:
      return "the friction the axial force induces through the reaction cancels it (friction_locking)";
    case pc::ContactCondition::invalid_input:
      return "the contact analysis received non-finite or inconsistent input (invalid_input)";
    case pc::ContactCondition::solved:
    case pc::ContactCondition::unloaded: break;
  }
  return "";
}

void joint_contact_columns(const Model& model, Workspace& ws) {
  auto& slots = ws.joint_contacts;
  const int m = static_cast<int>(slots.size());
  for (int k = 0; k < m; ++k) {
    JointContactSlot& slot = slots[static_cast<std::size_t>(k)];
    const Joint& j = model.joints[static_cast<std::size_t>(slot.joint)];
    const JointGeometry g = joint_geometry(j, ws);
    const Vec3 e1 = g.frame.col(0);
    ws.contact_w.setZero();
    add_point_load(model, ws, j.body_j, g.pj, e1, ws.contact_w);
    add_point_load(model, ws, j.body_i, g.pj, Vec3(-e1), ws.contact_w);
    ws.contact_W.col(k) = ws.contact_w;
    ws.contact_rhs.noalias() = -ws.GMinv * ws.contact_w;
    solve_constraint_matrix(ws, ws.contact_rhs, ws.contact_d);
    ws.contact_D.col(k) = ws.contact_d;
    ws.contact_WF.col(k) = ws.contact_w;
    ws.contact_WF.col(k).noalias() += ws.G.transpose() * ws.contact_d;
    slot.slip = joint_slip_rate(model, slot, ws, nullptr);
  }
  // The axial relative acceleration of joint k per unit η of joint l: e1_k · (B_l at the coincident points).
  for (int l = 0; l < m; ++l) {
    ws.contact_b = ws.mass_inv.cwiseProduct(ws.contact_WF.col(l));
    for (int k = 0; k < m; ++k) {
      const Joint& j = model.joints[static_cast<std::size_t>(slots[static_cast<std::size_t>(k)].joint)];
      ws.contact_rate(k, l) = axial_acceleration(model, j, ws, joint_geometry(j, ws), ws.contact_b, true);
    }
  }
}

double joint_slip_rate(const Model& model, const JointContactSlot& slot, const Workspace& ws, const Vec* v) {
  const Joint& j = model.joints[static_cast<std::size_t>(slot.joint)];
  const JointGeometry g = joint_geometry(j, ws);
  const auto point_velocity = [&](int b) {
    const Body& body = model.bodies[static_cast<std::size_t>(b)];
    const SpatialKinematics& k = ws.bodies[b].spatial;
    if (v == nullptr || !body.is_dynamic()) return Vec3(k.v + (k.R * k.omega).cross(g.pj - k.r));
    const Vec3 omega = v->segment<3>(body.v_offset + 3);  // principal frame
    return Vec3(v->segment<3>(body.v_offset) + k.R * omega.cross(k.R.transpose() * (g.pj - k.r)));
  };
  return g.frame.col(0).dot(point_velocity(j.body_j) - point_velocity(j.body_i));
}

int solve_joint_contact_friction(const Model& model, double t, Workspace& ws) {
  auto& slots = ws.joint_contacts;
  const int m = static_cast<int>(slots.size());
  ws.contact_eta.setZero();
  int sweeps = 0;
  for (;;) {
    ++sweeps;
    double change = 0, largest = 1.0;
    for (int k = 0; k < m; ++k) {
      JointContactSlot& slot = slots[static_cast<std::size_t>(k)];
      // The constant parts: the ideal solution plus every other joint's friction.
      ws.contact_lambda = ws.lambda;
      double acceleration = ws.contact_rate0[k];
      for (int l = 0; l < m; ++l) {
        if (l == k || ws.contact_eta[l] == 0.0) continue;
        ws.contact_lambda.noalias() += ws.contact_D.col(l) * ws.contact_eta[l];
        acceleration += ws.contact_rate(k, l) * ws.contact_eta[l];
      }
      ws.contact_d = ws.contact_D.col(k);
      solve_joint(model, ws, ws.contact_lambda, ws.contact_d, acceleration, ws.contact_rate(k, k), slot);
      if (!slot.result.ok()) {
        const Joint& j = model.joints[static_cast<std::size_t>(slot.joint)];
        throw NumericalError(t, "joint " + j.name, joint_contact_failure(slot.result.condition));
      }
      change = std::max(change, std::abs(slot.result.eta - ws.contact_eta[k]));
      largest = std::max(largest, std::abs(slot.result.eta));
      ws.contact_eta[k] = slot.result.eta;
    }
    if (m == 1 || change <= kSweepTolerance * largest) break;
    if (sweeps >= kMaxSweeps) {
      throw NumericalError(t, "joint " + model.joints[static_cast<std::size_t>(slots[0].joint)].name,
                           "the friction of the frictional prismatic joints did not converge over the joints "
                           "(Gauss-Seidel, " + std::to_string(kMaxSweeps) + " sweeps)");
    }
  }
  return sweeps;
}

void record_joint_contact_friction(Workspace& ws) {
  for (const JointContactSlot& slot : ws.joint_contacts) {
    const auto k = static_cast<std::size_t>(slot.joint);
    ws.joint_friction[k] = ContactForce{};
    ws.joint_friction[k].normal = slot.result.normal_force;
    ws.joint_friction[k].tangential[0] = slot.result.friction_force;
    ws.joint_slip[k] = slot.slip;
  }
}

int apply_joint_contact_friction(const Model& model, const State& s, Workspace& ws) {
  const int m = static_cast<int>(ws.joint_contacts.size());
  if (m == 0) return 0;
  // Columns of W, D and W + Gᵀ D (their eq. (6)-(7)); the sliding speeds; s̈ at the ideal solution.
  joint_contact_columns(model, ws);
  for (int k = 0; k < m; ++k) {
    const Joint& j = model.joints[static_cast<std::size_t>(ws.joint_contacts[static_cast<std::size_t>(k)].joint)];
    ws.contact_rate0[k] = axial_acceleration(model, j, ws, joint_geometry(j, ws), ws.qdd, false);
  }
  const int sweeps = solve_joint_contact_friction(model, s.t, ws);
  // λ = λ0 + D η, q̈ = q̈0 + B η; the friction forces W η.
  ws.lambda.noalias() += ws.contact_D * ws.contact_eta;
  ws.f_joint_friction.noalias() = ws.contact_W * ws.contact_eta;
  ws.force_total.noalias() += ws.contact_WF * ws.contact_eta;
  ws.qdd = ws.mass_inv.cwiseProduct(ws.force_total);
  record_joint_contact_friction(ws);
  return sweeps;
}

}  // namespace stickslip
