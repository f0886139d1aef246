// A rigid body. Planar: coordinates q_b = [x, y, θ] of its centre of mass and its orientation
// (θ counter-clockwise), velocities v_b = [ẋ, ẏ, ω]. Spatial (docs/architecture.md, "Spatial
// bodies"): q_b = [r, p] with a unit quaternion p (7 numbers), v_b = [ṙ in the world frame, ω in
// the body's principal frame] (6), q̇_b = B_b(q_b) v_b (assembly/kinematic_map.hpp). Everything
// downstream addresses a body through its q/v offsets and sizes nq(), nv(); its blocks in the
// velocity-space rows (BodyRow) are nv() wide.
#pragma once

#include <array>
#include <string>

#include "math/rotation.hpp"
#include "math/types.hpp"
#include "model/time_function.hpp"

namespace stickslip {

// A model is planar or spatial as a whole (Model::dimension): a joint or a contact between a planar
// and a spatial body would mean nothing.
enum class Dimension { planar, spatial };
const char* dimension_name(Dimension d);

// Widest per-body blocks: a spatial body has 7 position coordinates and 6 velocities.
constexpr int kMaxBodyCoordinates = 7;
constexpr int kMaxBodyDofs = 6;
// One body's block of a row in velocity space (a column block of G, W_N, W_T, H), nv() wide, and
// one body's generalised velocities or accelerations. Fixed storage: no allocation when resized.
using BodyRow = Eigen::Matrix<double, 1, Eigen::Dynamic, Eigen::RowMajor, 1, kMaxBodyDofs>;
using BodyVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxBodyDofs, 1>;

enum class BodyMotion {
  fixed,       // the ground or a body welded to it: never moves, no coordinates
  dynamic,     // free body: its coordinates are unknowns of the equations of motion
  prescribed,  // kinematic body: pose given as functions of time (a driven platform), no coordinates
};

// What a spatial body has beyond the planar fields (which it leaves unused). As given, the body frame
// is the user's; ModelBuilder::build turns a dynamic body's frame into its principal frame (so that M
// stays diagonal and constant): it diagonalises `inertia`, composes `orientation` with
// `principal_frame` and expresses ω and every body-frame point, force and torque in it.
struct SpatialBody {
  Vec3 position = Vec3::Zero();          // r of the centre of mass, world
  Quat orientation = Quat::Identity();   // body frame → world
  Vec3 velocity = Vec3::Zero();          // ṙ, world
  Vec3 angular_velocity = Vec3::Zero();  // ω; in the body frame unless angular_velocity_in_world
  bool angular_velocity_in_world = false;
  Mat3 inertia = Mat3::Zero();           // inertia tensor about the centre of mass, body frame [kg m²]
  // The centre of mass in the body frame whose origin `position` places (dynamic bodies). Zero: the
  // origin is the centre of mass. ModelBuilder::build moves `position` to the centre of mass and
  // every point given in the body's frame by −center_of_mass, then sets it to zero. A body with
  // shapes and no mass takes mass, centre of mass and inertia from its shapes' densities.
  Vec3 center_of_mass = Vec3::Zero();

  // Set by ModelBuilder::build: the principal moments J₁, J₂, J₃ (a diagonal tensor's diagonal as given,
  // else the eigenvalues in ascending order) and the principal frame in the user's body frame (its matrix's columns are the principal axes). `orientation`,
  // `angular_velocity` are then those of the principal frame (ω in it).
  Vec3 principal_moments = Vec3::Zero();
  Quat principal_frame = Quat::Identity();
};

struct Body {
  std::string name;
  BodyMotion motion = BodyMotion::dynamic;
  double mass = 0;     // m [kg]
  double inertia = 0;  // J [kg m²], about the centre of mass

  // Initial state (dynamic bodies) or fixed pose (fixed bodies).
  Vec2 position = Vec2::Zero();
  double angle = 0;
  Vec2 velocity = Vec2::Zero();
  double angular_velocity = 0;

  // Prescribed bodies: planar x(t), y(t), θ(t) of the centre of mass (the first three); spatial
  // x(t), y(t), z(t), then the z-y'-x'' Euler angles ψ(t), ϑ(t), φ(t) of the body frame (rotation.hpp).
  std::array<TimeFunction, 6> prescribed{};

  SpatialBody spatial;  // spatial bodies only

  // Set by ModelBuilder::build from Model::dimension.
  Dimension dimension = Dimension::planar;
  // Set by ModelBuilder::build for dynamic bodies; -1 otherwise.
  int q_offset = -1;
  int v_offset = -1;

  // Number of position coordinates and of velocities of the body's kind (planar 3, 3; spatial 7, 6),
  // whether or not it is dynamic: the width of its blocks in velocity-space rows. Only dynamic bodies
  // own these coordinates in State::q and State::v.
  int nq() const { return dimension == Dimension::spatial ? 7 : 3; }
  int nv() const { return dimension == Dimension::spatial ? 6 : 3; }
  bool is_dynamic() const { return motion == BodyMotion::dynamic; }
};

}  // namespace stickslip
