// What an animation draws, independent of the run: bodies with their shapes, joints, springs and
// contact geometry, all in body frames and in three dimensions (a planar model has z = 0 and
// rotations about z). The same structure serves planar and spatial models, so the animation data
// (docs/animation-format.md) does not change with the dimension. A body without declared shapes has
// shapes inferred by `scene_from_model` from what the model attaches to it; visuals are the model's.
#pragma once

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "math/types.hpp"
#include "model/model.hpp"

namespace stickslip {

enum class SceneDimension { planar, spatial };

// A shape in its body's frame: its own frame's origin and orientation (`position`, `orientation`)
// and its sizes. Axial shapes (capsule, cylinder) lie along their frame's z axis; a plane is the
// frame's x-y plane with its normal along z (the side body j of a contact may be on).
struct SceneShape {
  enum class Kind { box, sphere, capsule, cylinder, plane, convex, mesh } kind = Kind::box;
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  Vec3 size = Vec3::Zero();  // box: edge lengths (planar: z = 0); plane: the patch's x and y lengths (0: unbounded)
  double radius = 0;         // sphere, capsule, cylinder
  double length = 0;         // capsule: between the centres of its caps; cylinder: its height
  std::vector<Vec3> vertices;                   // convex (its hull), mesh
  std::vector<std::array<int, 3>> triangles;    // mesh (counter-clockwise seen from outside)
  // Visuals: red, green, blue, opacity in [0, 1]; NaN red: the body's colour.
  std::array<double, 4> color{std::numeric_limits<double>::quiet_NaN(), 0, 0, 1};
};

// A capsule from `from` to `to` (the rod of a planar body); `width` is its diameter.
SceneShape rod_shape(const Vec3& from, const Vec3& to, double width);

struct SceneBody {
  std::string name;
  BodyMotion motion = BodyMotion::dynamic;
  std::vector<SceneShape> shapes;
  // Fixed bodies: their pose (others take theirs from the results, columns <name>.x, ...).
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  std::vector<SceneShape> visuals;  // drawn only (model/shapes.hpp, BodyVisual); the page then dims `shapes`
};

struct SceneJoint {
  std::string name, type;  // type: joint_type_name (revolute, prismatic, weld, spherical, cylindrical, universal)
  int body_i = 0, body_j = 0;
  Vec3 point_i = Vec3::Zero(), point_j = Vec3::Zero();  // body frames
  bool has_axis = false;
  Vec3 axis = Vec3::UnitX();    // the joint axis (prismatic: sliding axis; universal: body i's pin), body i frame
  bool has_axis_j = false;
  Vec3 axis_j = Vec3::UnitZ();  // universal: body j's pin, body j frame
};

struct SceneSpring {
  std::string name;
  int body_i = 0, body_j = 0;
  Vec3 point_i = Vec3::Zero(), point_j = Vec3::Zero();
};

// A plane (a line in the plane) on body i against a sphere (circle, or a point when the radius is
// 0) on body j; or two spheres. The normal of a plane points towards body j; its tangent is the
// direction of the first friction component (planar: the line's direction), the second being
// normal × tangent. Between spheres the normal runs from centre i to centre j; planar: the first
// tangent is −perp(n); spatial: t₁ is `reference_tangent` turned by the smallest rotation that takes
// `reference_normal` (world, at the start) to n, as the model does (contact_kinematics).
struct SceneContact {
  enum class Kind { plane, spheres } kind = Kind::plane;
  std::string name;
  int body_i = 0, body_j = 0;
  Vec3 plane_point = Vec3::Zero(), plane_normal = Vec3::UnitY(), plane_tangent = Vec3::UnitX();
  double extent_min = -std::numeric_limits<double>::infinity();  // along the tangent from plane_point
  double extent_max = std::numeric_limits<double>::infinity();
  Vec3 center_i = Vec3::Zero(), center_j = Vec3::Zero();
  double radius_i = 0, radius_j = 0;
  Vec3 reference_normal = Vec3::UnitZ(), reference_tangent = Vec3::UnitX();  // spatial spheres
};

struct Scene {
  SceneDimension dimension = SceneDimension::planar;
  std::string title;
  Vec3 up = Vec3::UnitY();  // drawn upwards: against gravity (planar: y, spatial: z when there is none)
  std::vector<SceneBody> bodies;  // bodies[0] is the ground
  std::vector<SceneJoint> joints;
  std::vector<SceneSpring> springs;
  std::vector<SceneContact> contacts;
};

// The scene of a model, planar or spatial. Shapes, since a model file describes none:
//   - a body carrying circles (spheres) of contacts is drawn as those; a spatial body carrying the
//     corner points of contacts (box_plane, points_plane) as the box holding them;
//   - otherwise the points the model attaches to it (joint, contact and spring points, point-force
//     points, ends of bounded contact lines) and its centre of mass decide: nearly collinear points
//     make a rod through them (reaching at least half the length of a uniform rod of the body's
//     mass and inertia, √(12 J/m), either side of the centre of mass; a spatial body whose moment
//     about the rod is larger than across it, a top, also gets the cylinder of its inertia), others
//     a box centred on the centre of mass that holds them all;
//   - a body with none of these but a mass and an inertia is the uniform box of the same mass and
//     inertia about its centre (planar: a square of side √(6 J/m); spatial: edges √(6 (J_b + J_c − J_a)/m)
//     along its principal axes);
//   - planar: the ground, and bodies left without a shape, are drawn through their contact lines only
//     (a hatched surface: the ground, a platform); spatial: the contact planes of the ground, of
//     fixed and prescribed bodies and of bodies without a shape are `plane` shapes.
Scene scene_from_model(const Model& model);

// The spatial half of scene_from_model (io/spatial_scene.cpp).
Scene spatial_scene_from_model(const Model& model);

}  // namespace stickslip
