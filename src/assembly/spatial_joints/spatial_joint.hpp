// Kinematics of spatial joints (issue 11, stage S2a): constraint primitives with exact Jacobians and
// velocity products, six joints built from them, a registry, reactions and the relative rotation
// about a revolute joint's axis (for rotational spring-dampers and drivers). Pure functions of the
// two bodies' poses and velocities; the wiring into Model, the assembly and the output is stage S2b.
//
// Conventions (shared with the spatial free bodies of stage S1):
//   - a spatial body's pose is r (centre of mass, world frame, 3) and the rotation matrix A (body
//     frame → world frame, from its unit quaternion); a body-fixed vector s' (primed: body frame) is
//     s = A s' in the world frame;
//   - its velocity is v = [ṙ in the world frame (3); ω' in the BODY frame (3)], in this order, so
//     Ȧ = A ω̃' (ω̃ the cross-product matrix, ω̃ x = ω × x) and ṡ = A (ω' × s') = -A s̃' ω';
//   - its acceleration is a = v̇ = [r̈; α'], so s̈ = A (α' × s') + A (ω' × (ω' × s'));
//   - q̇ = B(q) v (assembly/kinematic_map.hpp): the Jacobian blocks of a joint are G_k = ∂Φ̇/∂v_k
//     (6 columns: 3 translational, 3 rotational), not ∂Φ/∂q, and the velocity products c are what
//     makes Φ̈ = G_i a_i + G_j a_j + c (+ Φ_tt, zero for a joint);
//   - a constraint force on body k is Q_k = G_kᵀ λ (M v̇ = f + Gᵀλ): a force in the world frame and
//     a moment about the centre of mass in the body frame.
// Notation follows Haug (1989, Computer-Aided Kinematics and Dynamics of Mechanical Systems, ch. 9)
// and Nikravesh (1988, ch. 11), with ω' in the body frame throughout.
#pragma once

#include "assembly/constraint_block.hpp"
#include "math/rotation.hpp"  // skew

namespace stickslip::spatial {

// One body's pose and velocity, as the joints read them.
struct SpatialPose {
  Vec3 r = Vec3::Zero();             // centre of mass, world frame
  Mat3 A = Mat3::Identity();         // rotation, body frame → world frame
  Vec3 v_world = Vec3::Zero();       // ṙ, world frame
  Vec3 omega_body = Vec3::Zero();    // ω', body frame
};
// From a body's kinematics: its principal frame (R), the frame ω is in and the joint frames'
// (ModelBuilder expresses them there).
inline SpatialPose spatial_pose(const SpatialKinematics& k) { return {k.r, k.R, k.v, k.omega}; }

// ---- Primitives. Each fills `rows` rows of `out` from `row` on: Φ, both 6-column Jacobian blocks,
// c, and zero Φ_t, Φ_tt. Vectors and points with the suffix _local are in the body's frame.

// Point coincidence (3 rows): Φ = P_j - P_i = r_j + A_j s_j' - r_i - A_i s_i' = 0.
void point_coincidence(const SpatialPose& bi, const SpatialPose& bj, const Vec3& si_local, const Vec3& sj_local,
                       ConstraintBlock& out, int row);

// Dot-1 (1 row): a vector u fixed in body i stays perpendicular to a vector w fixed in body j,
// Φ = uᵀ w = (A_i u')ᵀ (A_j w') = 0.
void dot1(const SpatialPose& bi, const SpatialPose& bj, const Vec3& u_local, const Vec3& w_local,
          ConstraintBlock& out, int row);

// Dot-2 (1 row): a vector u fixed in body i stays perpendicular to the vector from P_i to P_j,
// Φ = uᵀ d = 0, d = P_j - P_i.
void dot2(const SpatialPose& bi, const SpatialPose& bj, const Vec3& u_local, const Vec3& si_local,
          const Vec3& sj_local, ConstraintBlock& out, int row);

// ---- Joint frames: SpatialJointFrame (model/joint.hpp) says where a joint sits on each body, in
// that body's frame (point, unit axis, unit reference perpendicular to it). With f = ref,
// h = axis × ref, (f, h, axis) is a right-handed orthonormal joint frame on each body.
// The dot-1 and dot-2 equations hold axes parallel only up to sign: the initial configuration
// (assembled with axis_j = axis_i and ref_j = ref_i in the world, for the joints that use them)
// selects the branch, as in every Φ = 0 formulation.

// An empty string when the frame is usable (unit axes and references, each reference perpendicular
// to its axis, within `tolerance`), otherwise what is wrong (for the model builder's message).
const char* spatial_joint_frame_problem(const SpatialJointFrame& frame, double tolerance = 1e-9);

// ---- Joints (one file each; the equations open each file).
enum class SpatialJointType { spherical, revolute, prismatic, cylindrical, universal, weld };

using SpatialJointEvaluator = void (*)(const SpatialJointFrame&, const SpatialPose& bi, const SpatialPose& bj,
                                       ConstraintBlock& out);
struct SpatialJointKind {
  SpatialJointType type;
  const char* name;           // the model file's word
  int rows;                   // equation count
  bool carries_torque;        // transmits a moment about its point (all but the spherical joint)
  SpatialJointEvaluator evaluate;
};
// The registry (spatial_joints/joint_table.cpp): a new spatial joint adds its file and one row there.
const SpatialJointKind& spatial_joint_kind(SpatialJointType type);
// The spatial joint type of a model joint type (all six exist in a spatial model).
SpatialJointType spatial_joint_type(JointType type);

void evaluate_spherical(const SpatialJointFrame&, const SpatialPose&, const SpatialPose&, ConstraintBlock&);
void evaluate_revolute(const SpatialJointFrame&, const SpatialPose&, const SpatialPose&, ConstraintBlock&);
void evaluate_prismatic(const SpatialJointFrame&, const SpatialPose&, const SpatialPose&, ConstraintBlock&);
void evaluate_cylindrical(const SpatialJointFrame&, const SpatialPose&, const SpatialPose&, ConstraintBlock&);
void evaluate_universal(const SpatialJointFrame&, const SpatialPose&, const SpatialPose&, ConstraintBlock&);
void evaluate_weld(const SpatialJointFrame&, const SpatialPose&, const SpatialPose&, ConstraintBlock&);

// ---- Reactions (spatial_joints/reactions.cpp). The constraint force Q_k = G_kᵀ λ on body k as a
// force and a moment in the world frame, the moment taken about that body's own joint point P_k
// (which for a cylindrical or prismatic joint is not the other body's). Action and reaction:
// force_i = -force_j always; on the assembled joint (Φ = 0) the moments balance about any common
// point O: moment_i + (P_i - O) × force_i + moment_j + (P_j - O) × force_j = 0. Off it, the
// point-coincidence rows leave the couple (P_j - P_i) × λ_{1..3} (the drift times the force).
struct SpatialJointReaction {
  Vec3 force_i = Vec3::Zero(), moment_i = Vec3::Zero();  // on body i, about P_i
  Vec3 force_j = Vec3::Zero(), moment_j = Vec3::Zero();  // on body j, about P_j
};
// λ holds the joint's multipliers, rows() of them (spatial_joint_kind(type).rows).
SpatialJointReaction spatial_joint_reaction(SpatialJointType type, const SpatialJointFrame& frame,
                                            const SpatialPose& bi, const SpatialPose& bj,
                                            const Eigen::Ref<const Eigen::VectorXd>& lambda);
// The same conversion for one body: generalised force Q = [F (world); n' (body frame, about the
// centre of mass)] → force F and moment about the body-fixed point s' (world frame).
void wrench_about_point(const SpatialPose& body, const Vec3& s_local, const Eigen::Matrix<double, 6, 1>& q,
                        Vec3& force, Vec3& moment);

// ---- Relative rotation about a revolute joint's axis (spatial_joints/relative_rotation.cpp).
// θ is the angle that turns ref_i into ref_j about axis_i, positive by the right-hand rule about
// axis_i (counter-clockwise looking down the axis onto body i's reference):
//   f_i = A_i ref_i, h_i = A_i (axis_i × ref_i), f_j = A_j ref_j,
//   θ = atan2(h_iᵀ f_j, f_iᵀ f_j) ∈ (-π, π],
// so θ = 0 when ref_j = ref_i and f_j = cos θ f_i + sin θ h_i on an assembled joint. Exact rate
// θ̇ = G_θ,i v_i + G_θ,j v_j and velocity product, which on an assembled joint reduce to
// θ̇ = axis_iᵀ (ω_j - ω_i) (world ω) and zero.

// Driver row (1 row): Φ = θ - θ0 wrapped to [-π, π] (std::remainder), so a driver θ0(t) may run past ±π
// without a jump in Φ (the wiring adds Φ_t = -θ̇0, Φ_tt = -θ̈0).
void relative_rotation(const SpatialPose& bi, const SpatialPose& bj, const SpatialJointFrame& frame, double theta0,
                       ConstraintBlock& out, int row);

// θ wrapped to the branch nearest a previous continuous angle: follows full turns when called
// along a motion whose steps turn less than π.
double continuous_angle(double theta_wrapped, double previous);

struct RelativeRotation {
  double angle = 0;  // continuous θ (see continuous_angle)
  double rate = 0;   // θ̇
  Eigen::Matrix<double, 1, 6> Gi = Eigen::Matrix<double, 1, 6>::Zero();  // ∂θ̇/∂v_i
  Eigen::Matrix<double, 1, 6> Gj = Eigen::Matrix<double, 1, 6>::Zero();  // ∂θ̇/∂v_j
};
RelativeRotation relative_rotation_state(const SpatialPose& bi, const SpatialPose& bj, const SpatialJointFrame& frame,
                                         double previous_angle);

// Rotational spring-damper on a revolute joint: torque τ = -k (θ - θ0) - d θ̇ on body j about the
// axis (and -τ on body i), as generalised forces Q_k = G_θ,kᵀ τ (so Q_iᵀ v_i + Q_jᵀ v_j = τ θ̇: the
// power of the element, exact also off the assembled configuration).
struct RotationalSpringDamper {
  double stiffness = 0, damping = 0, rest_angle = 0;  // k [N m/rad], d [N m s/rad], θ0 [rad]
};
struct RotationalSpringForces {
  double torque = 0;  // τ
  Eigen::Matrix<double, 6, 1> Qi = Eigen::Matrix<double, 6, 1>::Zero(), Qj = Eigen::Matrix<double, 6, 1>::Zero();
};
RotationalSpringForces rotational_spring_damper(const RotationalSpringDamper& element, const RelativeRotation& rotation);

}  // namespace stickslip::spatial
