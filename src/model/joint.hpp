// Bilateral holonomic joints between two bodies (body_i, body_j), planar or spatial as the model is
// (Joint::dimension). Points and axes are given in each body's frame (origin at its centre of mass).
// The equations live in assembly/, one file per joint type (spatial ones in assembly/spatial_joints/);
// the constraint force on body j is G_jᵀ λ (Lagrange equations of the first kind, M q̈ = f + Gᵀ λ,
// Zhang & Wang 2017 eq. (11)).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "laws/friction_law.hpp"
#include "math/types.hpp"
#include "model/body.hpp"

namespace stickslip {

enum class JointType {
  revolute,   // P_j - P_i = 0 (2 equations)
  prismatic,  // planar translational: n_i · (P_j - P_i) = 0 and θ_j - θ_i - θ0 = 0 (2 equations)
  weld,       // P_j - P_i = 0 and θ_j - θ_i - θ0 = 0 (3 equations)
  // Spatial models only (with revolute, prismatic, weld of 5, 5, 6 equations: assembly/spatial_joints).
  spherical,    // P_j - P_i = 0 (3 equations)
  cylindrical,  // axes collinear (4 equations)
  universal,    // P_j - P_i = 0, the two pins perpendicular (4 equations)
};

// Where a spatial joint sits on each body, in that body's frame (assembly/spatial_joints/
// spatial_joint.hpp states the equations that use it):
//   point_i, point_j  the joint point on each body (from its centre of mass);
//   axis_i, axis_j    unit vectors: the joint axis (revolute, cylindrical, prismatic, weld) or the
//                     pins of the cross (universal: axis_i held by body i, axis_j by body j);
//   ref_i, ref_j      unit vectors perpendicular to the axis of the same body: they lock the rotation
//                     about the axis (prismatic, weld) and measure a revolute joint's angle.
// The builder (ModelBuilder::build) completes it from SpatialJointInput and expresses it in the
// body's principal frame (the frame its angular velocity is in), so the assembly uses it as it is.
struct SpatialJointFrame {
  Vec3 point_i = Vec3::Zero(), point_j = Vec3::Zero();
  Vec3 axis_i = Vec3::UnitZ(), axis_j = Vec3::UnitZ();
  Vec3 ref_i = Vec3::UnitX(), ref_j = Vec3::UnitX();
};

// A spatial joint as the model gives it, in the USER's body frames (the frames of the bodies'
// `orientation`, not the principal frames). What is not given is taken from the initial poses at
// t = 0: axis_j = axis_i and ref_j = ref_i carried into body j's frame (so the axes coincide and a
// revolute joint's angle is 0 initially); ref_i a unit vector perpendicular to axis_i.
struct SpatialJointInput {
  Vec3 point_i = Vec3::Zero(), point_j = Vec3::Zero();
  Vec3 axis = Vec3::UnitZ();          // axis_i (any length > 0)
  std::optional<Vec3> axis_j;         // required for a universal joint (the pin of body j)
  std::optional<Vec3> reference;      // ref_i
  std::optional<Vec3> reference_j;    // ref_j
};

// Friction inside a joint (Xing, Zheng & Wang 2019 for revolute joints). The normal force comes from
// the joint's multipliers, so the equations for λ become nonlinear (assembly/joint_friction.hpp).
//   revolute:  pin of radius R; the friction force acts tangentially at the contact point of the pin
//              in the hole (body j holds the hole), slip velocity v = R (ω_j − ω_i).
//   prismatic: slider of contact length L on the guide of body i, resting on it at P_j ± (L/2) u
//              (two-point idealisation); normal force from the reaction perpendicular to the axis
//              and the reaction moment, slip velocity = relative velocity along the axis.
// Spatial joints (assembly/spatial_joint_friction.hpp):
//   revolute:    pin of radius R; normal force the radial part of the joint force, slip R a·(ω_j − ω_i);
//   spherical:   ball of radius R; normal force the joint force, slip (ω_j − ω_i) × R n in the plane
//                tangent to the ball at the loaded point (two rows);
//   cylindrical: pin of radius R in a bushing of length L; normal force from the radial force and
//                the moment across the axis (two-point idealisation, as the planar prismatic joint),
//                slip (axial speed, R a·(ω_j − ω_i)) (two rows).
struct JointFriction {
  std::shared_ptr<const laws::FrictionLaw> law;
  double pin_radius = 0;      // R [m], revolute, cylindrical
  double ball_radius = 0;     // R [m], spherical
  double contact_length = 0;  // L [m], prismatic, cylindrical
  // > 0: a constant Coulomb bound instead of one from the reaction (URDF's <dynamics friction>): a
  // torque [N m] about a spatial revolute joint's axis or a force [N] along a spatial prismatic
  // joint's; `law` is then Coulomb with μ_s = μ_k = 1, the bound standing for its normal force.
  double constant_bound = 0;
};

// Contact analysis inside a frictional spatial prismatic joint (Qi, Luo & Huang 2011;
// docs/prismatic-contact.md): the joint stays ideal and the friction enters as one axial force η,
// found from the 16 corner forces the joint reaction puts on the slider's rectangular section
// (assembly/prismatic_joint_contact.hpp). Body j is the slider, body i holds the guide. The joint
// frame is e1 = the axis, e2 = the reference direction, e3 = e1 × e2 (body i).
enum class JointContactMethod {
  contact_analysis,  // the paper's: 16 corner forces, η from their friction (eq. (36))
  adams,             // the Adams approximation μ(|F⊥| + |T_bend|/X + |T_tors|/R)
};
enum class JointFrictionRule {
  exact_stick,       // a joint at rest carries any friction inside its cone
  regularised_sign,  // the paper's sgn(v) → v/v_t for |v| <= v_t
};
enum class JointContactSolution { least_displacement, smoothed_newton, lemke };
enum class AdamsBendingArm { overlap, half_overlap, fixed };

struct PrismaticJointContact {
  JointContactMethod method = JointContactMethod::contact_analysis;
  double half_width = 0;         // a [m], along e2 (the joint's reference direction)
  double half_height = 0;        // b [m], along e3 = axis × reference
  double clearance_ratio = 1;    // ε/δ (the clearances are infinitesimal)
  double slider_lower = 0, slider_upper = 0;  // the slider's extent along e1 from point_j [m]
  double guide_lower = 0, guide_upper = 0;    // the guide's extent along e1 from point_i [m]
  double mu = 0;                 // friction coefficient
  JointFrictionRule rule = JointFrictionRule::exact_stick;
  double sign_velocity = 1e-3;   // v_t of regularised_sign [m/s] (the paper's value)
  // exact_stick: |v| <= rest_speed counts as at rest. An ODE's velocity never lands on zero; this
  // is the band of Karnopp's model, in which a joint that can stick keeps its speed [m/s].
  double rest_speed = 1e-5;
  JointContactSolution solution = JointContactSolution::least_displacement;
  // The Adams friction (a comparison column, or the friction itself with method adams).
  AdamsBendingArm bending_arm = AdamsBendingArm::overlap;
  double fixed_arm = 0;          // X [m] for AdamsBendingArm::fixed
  double torsion_arm = 0;        // R [m]; 0: the larger half-size of the section
};

struct Joint {
  std::string name;
  JointType type = JointType::revolute;
  int body_i = 0, body_j = 0;  // indices into Model::bodies
  Vec2 point_i = Vec2::Zero(), point_j = Vec2::Zero();  // attachment points, body frames
  Vec2 axis_i = Vec2::UnitX();  // prismatic: sliding axis, body i frame (unit vector)
  double angle_offset = 0;      // θ0 of the locked relative rotation (prismatic, weld)
  std::optional<JointFriction> friction;  // planar revolute and prismatic, spatial revolute, spherical, cylindrical
  std::optional<PrismaticJointContact> contact;  // spatial prismatic joints only
  SpatialJointInput spatial_input;        // spatial models: as given
  SpatialJointFrame spatial;              // spatial models: set by ModelBuilder::build
  bool collide = false;  // the shapes of the two bodies touch (model/shapes.hpp); by default they do not

  Dimension dimension = Dimension::planar;  // the model's, set by ModelBuilder::build

  int row_offset = -1;  // first row of this joint in Φ, set by ModelBuilder::build
  int z_offset = -1;    // first friction state in State::z, set by ModelBuilder::build
};

// Slip directions of a joint's friction (1, or 2 for spatial spherical and cylindrical joints) and
// the states of its law (one per direction).
int joint_friction_rows(const Joint& joint);
int joint_friction_states(const Joint& joint);

// Number of constraint equations of a planar joint type, and of a joint of either dimension.
int joint_equation_count(JointType type);
int joint_equation_count(const Joint& joint);
const char* joint_type_name(JointType type);

}  // namespace stickslip
