// What an animation draws, independent of the run: bodies with their shapes, joints, springs and
// contact geometry, all in body frames and in three dimensions (a planar model has z = 0 and
// rotations about z). `scene_from_model` makes it from a planar model; spatial models will fill
// the same structure, so the animation data (docs/animation-format.md) does not change with the
// dimension. The model holds no display geometry: shapes are inferred (see scene_from_model).
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "math/types.hpp"
#include "model/model.hpp"

namespace stickslip {

enum class SceneDimension { planar, spatial };

// In the body frame. A planar box has size z = 0; a sphere is drawn as a circle in the plane.
struct SceneShape {
  enum class Type { box, sphere, rod } type = Type::box;
  Vec3 center = Vec3::Zero();  // box, sphere
  Vec3 size = Vec3::Zero();    // box: edge lengths along the body axes
  double radius = 0;           // sphere
  Vec3 from = Vec3::Zero(), to = Vec3::Zero();  // rod: its ends
  double width = 0;                              // rod: its thickness
};

struct SceneBody {
  std::string name;
  BodyMotion motion = BodyMotion::dynamic;
  std::vector<SceneShape> shapes;
  // Fixed bodies: their pose (others take theirs from the results, columns <name>.x, ...).
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
};

struct SceneJoint {
  std::string name, type;  // type: "revolute", "prismatic", "weld" (spatial joints add theirs)
  int body_i = 0, body_j = 0;
  Vec3 point_i = Vec3::Zero(), point_j = Vec3::Zero();  // body frames
  bool has_axis = false;
  Vec3 axis = Vec3::UnitX();  // sliding axis, body i frame
};

struct SceneSpring {
  std::string name;
  int body_i = 0, body_j = 0;
  Vec3 point_i = Vec3::Zero(), point_j = Vec3::Zero();
};

// A plane (a line in the plane) on body i against a sphere (circle, or a point when the radius is
// 0) on body j; or two spheres. The normal of a plane points towards body j; its tangent is the
// direction of the first friction component (planar: the line's direction), the second being
// normal × tangent. Between spheres the normal runs from centre i to centre j and the first
// tangent is normal × z (planar: −perp(n)), or normal × x when the normal is along z.
struct SceneContact {
  enum class Kind { plane, spheres } kind = Kind::plane;
  std::string name;
  int body_i = 0, body_j = 0;
  Vec3 plane_point = Vec3::Zero(), plane_normal = Vec3::UnitY(), plane_tangent = Vec3::UnitX();
  double extent_min = -std::numeric_limits<double>::infinity();  // along the tangent from plane_point
  double extent_max = std::numeric_limits<double>::infinity();
  Vec3 center_i = Vec3::Zero(), center_j = Vec3::Zero();
  double radius_i = 0, radius_j = 0;
};

struct Scene {
  SceneDimension dimension = SceneDimension::planar;
  std::string title;
  Vec3 up = Vec3::UnitY();  // drawn upwards: against gravity (y when there is none)
  std::vector<SceneBody> bodies;  // bodies[0] is the ground
  std::vector<SceneJoint> joints;
  std::vector<SceneSpring> springs;
  std::vector<SceneContact> contacts;
};

// The scene of a planar model. Shapes, since a model file describes none:
//   - a body carrying circles of contacts (radius > 0) is drawn as those circles;
//   - otherwise the points the model attaches to it (joint, contact and spring points, point-force
//     points, ends of bounded contact lines) and its centre of mass decide: nearly collinear points
//     make a rod through them (reaching at least half the length of a uniform rod of the body's
//     mass and inertia, √(12 J/m), either side of the centre of mass), others a box centred on the
//     centre of mass that holds them all;
//   - a body with none of these but a mass and an inertia is a square of the same mass and
//     inertia about its centre (side √(6 J/m));
//   - the ground, and bodies left without a shape, are drawn through their contact lines only
//     (a hatched surface: the ground, a platform).
Scene scene_from_model(const Model& model);

}  // namespace stickslip
