// Preallocated scratch for the assembly stages. Each field says which stage writes it and its size;
// every stage has the form f(const Model&, const State&, Workspace&) and allocates nothing.
#pragma once

#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "assembly/prismatic_joint_contact.hpp"
#include "math/rotation.hpp"
#include "math/types.hpp"
#include "model/model.hpp"

namespace stickslip {

// Kinematics of a spatial body: pose, velocity and (fixed, prescribed bodies) acceleration.
struct SpatialKinematics {
  Vec3 r = Vec3::Zero();                // centre of mass, world
  Quat p = Quat::Identity();            // principal frame → world, |p| = 1
  Mat3 R = Mat3::Identity();            // R(p)
  Mat3 A = Mat3::Identity();            // the user's body frame → world, R Qᵀ (points, body-frame loads)
  Vec3 v = Vec3::Zero();                // ṙ, world
  Vec3 omega = Vec3::Zero();            // ω, principal frame
  Vec3 a = Vec3::Zero();                // r̈ (fixed and prescribed bodies)
  Vec3 alpha = Vec3::Zero();            // ω̇, principal frame (fixed and prescribed bodies)
};

// Kinematics of one body at the current instant, global frame. Planar bodies fill the planar fields,
// spatial bodies `spatial`.
struct BodyKinematics {
  Vec2 r = Vec2::Zero();  // centre of mass
  double theta = 0;
  Mat2 A = Mat2::Identity();  // rotation matrix A(θ)
  // The θ that compute_body_kinematics last computed A for (NaN: none yet); it recomputes A only when
  // θ differs in its bits or is NaN (a fixed body, a body at rest: no sine and cosine per evaluation).
  double rotation_angle = std::numeric_limits<double>::quiet_NaN();
  Vec2 v = Vec2::Zero();
  double omega = 0;
  Vec2 a = Vec2::Zero();  // acceleration: known only for fixed and prescribed bodies
  double alpha = 0;
  SpatialKinematics spatial;
};

// Components along a contact's tangent rows (slip velocity, friction force): a planar contact has
// one tangent row and uses [0] ([1] stays 0), a spatial contact two (model/contact.hpp).
using TangentVector = Eigen::Vector2d;
// |x| over the first `rows` components (one row: |x₀| exactly).
inline double tangent_magnitude(const TangentVector& x, int rows) {
  return rows == 1 ? std::abs(x[0]) : x.head(rows).norm();
}

// One generalised direction of a contact: its normal, or its tangent row t (0 <= t < tangent_rows).
struct ContactDirection {
  int tangent_row = -1;  // -1: the normal
  static ContactDirection normal() { return {}; }
  static ContactDirection tangent(int t) { return {t}; }
  // The normal or the one tangent row of a planar contact (code that is planar until spatial
  // contacts reach it: the event-driven scheme).
  static ContactDirection planar(bool is_normal) { return {is_normal ? -1 : 0}; }
  bool is_normal() const { return tangent_row < 0; }
};

// Kinematics of one contact (assembly/contact_kinematics.hpp gives the definitions).
struct ContactKinematics {
  bool in_range = true;  // false when P is beyond the line's extent: the contact cannot act
  double range_margin = std::numeric_limits<double>::infinity();  // distance to the extent's nearer end
  double along = 0, along_rate = 0;  // circle_line: position of C along d from the line's point, and its rate
  double gap = 0;        // g_N (≥ 0 open)
  Vec2 normal = Vec2::UnitY(), tangent = Vec2::UnitX();  // planar: n and the tangent row's t
  Vec2 point = Vec2::Zero();  // P, global
  int tangent_rows = 1;       // Contact::tangent_rows()
  double vn = 0;              // ġ_N
  TangentVector vt = TangentVector::Zero();  // slip velocity, body j relative to body i, per tangent row
  BodyRow wn_i, wn_j;                        // W_N's blocks for bodies i and j (nv of each body wide)
  std::array<BodyRow, kMaxTangentRows> wt_i, wt_j;  // W_T's blocks, per tangent row
  double wn_bias = 0;                               // ŵ_N
  TangentVector wt_bias = TangentVector::Zero();    // ŵ_T, per tangent row
  // Spatial contacts (the planar fields above stay at their defaults): n, t₁, t₂ and P, world.
  Vec3 normal3 = Vec3::UnitZ();
  std::array<Vec3, kMaxTangentRows> tangents3{Vec3::UnitX(), Vec3::UnitY()};
  Vec3 point3 = Vec3::Zero();

  // The blocks, velocity and acceleration bias of one direction.
  const BodyRow& w_i(ContactDirection d) const { return d.is_normal() ? wn_i : wt_i[d.tangent_row]; }
  const BodyRow& w_j(ContactDirection d) const { return d.is_normal() ? wn_j : wt_j[d.tangent_row]; }
  double velocity(ContactDirection d) const { return d.is_normal() ? vn : vt[d.tangent_row]; }
  double bias(ContactDirection d) const { return d.is_normal() ? wn_bias : wt_bias[d.tangent_row]; }
};

// Forces a contact or a frictional joint exerts at the current instant (outputs, friction states).
struct ContactForce {
  double normal = 0;  // F_N ≥ 0
  TangentVector tangential = TangentVector::Zero();  // F_T on body j, per tangent row (a joint: [0])
};

struct Workspace {
  explicit Workspace(const Model& model);

  // compute_body_kinematics                            size
  std::vector<BodyKinematics> bodies;                  // n_bodies

  // assemble_mass                                       
  Vec mass;      // diagonal of M (planar diag(m, m, J); spatial diag(m, m, m, J₁, J₂, J₃))     nv
  Vec mass_inv;  // diagonal of M⁻¹                              nv

  // assemble_applied_forces
  Vec f;  // applied generalised forces Q (gravity, springs, loads)  nv
  // Spatial rotational spring-dampers: the continuous angle θ of each, as the last evaluation found it
  // (0 before the first, so θ starts in [-π, π]); each evaluation continues it to the nearest branch,
  // which counts full turns as long as the angle moves less than half a turn between evaluations.
  std::vector<double> rotational_spring_angle;  // n_rotational_springs

  // assemble_constraints
  Vec phi;      // Φ(q, t)                                   nc
  Vec phi_dot;  // Φ̇ = G v + Φ_t                             nc
  Mat G;        // Φ_q                                       nc × nv
  Vec gamma;    // γ: G q̈ = γ (velocity products, Φ_tt, known accelerations)   nc

  // solve_accelerations (Schur complement of the KKT system)
  Mat GMinv;     // G M⁻¹                                   nc × nv
  Mat A;         // G M⁻¹ Gᵀ                                nc × nc
  Eigen::LLT<Mat> llt;                                   // factor of A
  Eigen::CompleteOrthogonalDecomposition<Mat> cod;       // used when constraints are redundant
  Vec rhs;       // γ - αΦ̇ - βΦ - G M⁻¹ f                  nc
  Vec lambda;    // Lagrange multipliers λ                  nc
  Vec qdd;       // accelerations q̈ (v̇)                     nv
  Vec force_total;  // f + Gᵀλ                              nv

  // project_positions
  Vec position_step;  // M⁻¹Gᵀλ, the Gauss-Newton step in velocity space    nv

  // compute_contact_kinematics / assemble_contact_forces
  std::vector<ContactKinematics> contacts;  // n_contacts
  std::vector<ContactForce> contact_forces;  // n_contacts
  // The compliant scheme's contacts between shapes (formulations/compliant): their elastic energy.
  double shape_contact_potential = 0;

  // solve_accelerations_with_joint_friction (Newton on λ, Xing, Zheng & Wang 2019 eq. (9))
  std::vector<ContactForce> joint_friction;  // per joint (zero for joints without friction)
  std::vector<double> joint_slip;            // per joint: slip velocity at the friction surface
  std::vector<TangentVector> joint_slip_rows;  // per joint: slip velocity per slip row (spatial joints)
  Vec f_joint_friction;  // generalised friction forces of the joints          nv
  Mat newton_J;          // Jacobian of the λ residual                          nc × nc
  Eigen::PartialPivLU<Mat> newton_lu;
  Vec newton_r, newton_step, newton_trial, lambda_trial;  //                    nc
  Vec f_probe;           // scratch generalised force                            nv

  // apply_joint_contact_friction (frictional spatial prismatic joints, Qi, Luo & Huang 2011 eq. (7))
  std::vector<JointContactSlot> joint_contacts;  // one per frictional prismatic joint (m)
  Mat contact_W, contact_WF;  // W, W + Gᵀ D: generalised force per unit η       nv × m
  Mat contact_D;              // D: multipliers per unit η                          nc × m
  Vec contact_eta;            // η                                                  m
  Mat contact_rate;           // axial relative acceleration of joint k per unit η_l  m × m
  Vec contact_rate0;          // axial relative acceleration at η = 0                m
  Vec contact_w, contact_b;   // scratch                                            nv
  Vec contact_rhs, contact_d, contact_lambda;  // scratch                           nc

  bool redundant_constraints = false;  // set by analyse_constraints
};

}  // namespace stickslip
