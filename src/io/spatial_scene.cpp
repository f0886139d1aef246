// The scene of a spatial model (animation_scene.hpp says what is drawn and why). Everything is in
// the frames the model file used: the output's quaternions turn those into the world, so points of
// joints, held by the builder in the principal frames of dynamic bodies, are turned back. A body's
// declared shapes (model/shapes.hpp) are drawn as they are; a body without any, by what its
// contacts and inertia suggest.
#include <algorithm>
#include <cmath>

#include "io/animation_scene.hpp"

namespace stickslip {
// File-local helpers, in a namespace of their own: unity batches compile io/ files together.
namespace spatial_scene_detail {

// Points nearly on one line (the smaller principal spread below this share of the larger) make a rod.
constexpr double kRodSpread = 0.1;
// A box is at least this share of its largest edge thick, so that it shows.
constexpr double kMinBoxThickness = 0.05;
// A rod is this share of its length thick (or as thick as its points are apart across it).
constexpr double kRodWidth = 0.06;

struct BodyFeatures {
  std::vector<SceneShape> spheres;
  std::vector<Vec3> corners;  // points of contacts (radius 0): a box's corners
  std::vector<Vec3> points;   // attachment points: joints, springs, point forces
  std::vector<SceneShape> planes;
};

bool same_shape(const SceneShape& a, const SceneShape& b) {
  return a.kind == b.kind && a.position == b.position && a.radius == b.radius &&
         a.orientation.coeffs() == b.orientation.coeffs();
}

void add_unique(std::vector<SceneShape>& list, const SceneShape& s) {
  for (const SceneShape& o : list) {
    if (same_shape(o, s)) return;
  }
  list.push_back(s);
}

void add_sphere(BodyFeatures& f, const Vec3& center, double radius) {
  if (!(radius > 0)) {
    f.corners.push_back(center);
    return;
  }
  SceneShape s;
  s.kind = SceneShape::Kind::sphere;
  s.position = center;
  s.radius = radius;
  add_unique(f.spheres, s);
}

// The plane {point, normal} with the shape frame's x along the contact's first tangent.
SceneShape plane_shape(const Contact& c) {
  SceneShape s;
  s.kind = SceneShape::Kind::plane;
  s.position = c.plane_point;
  Mat3 r;
  r.col(0) = c.reference_tangent;
  r.col(2) = c.reference_normal;
  r.col(1) = r.col(2).cross(r.col(0));
  s.orientation = Eigen::Quaterniond(r).normalized();
  return s;
}

// A spatial joint's frame in the user's body frames (the builder keeps it in principal frames).
Vec3 user_frame(const Body& b, const Vec3& v) {
  return b.is_dynamic() ? Vec3(b.spatial.principal_frame * v) : v;
}

std::vector<BodyFeatures> collect_features(const Model& m) {
  std::vector<BodyFeatures> f(m.bodies.size());
  for (const Joint& j : m.joints) {
    f[j.body_i].points.push_back(user_frame(m.bodies[j.body_i], j.spatial.point_i));
    f[j.body_j].points.push_back(user_frame(m.bodies[j.body_j], j.spatial.point_j));
  }
  for (const Contact& c : m.contacts) {
    if (c.joint_limit()) continue;  // a stop on a joint coordinate has no shape to draw
    add_sphere(f[c.body_j], c.sphere_center_j, c.radius_j);
    if (c.shape == ContactShape::sphere_sphere) add_sphere(f[c.body_i], c.sphere_center_i, c.radius_i);
    else add_unique(f[c.body_i].planes, plane_shape(c));
  }
  for (const SpringDamper& s : m.springs) {
    f[s.body_i].points.push_back(s.point_i);
    f[s.body_j].points.push_back(s.point_j);
  }
  for (const PointForce& p : m.point_forces) f[p.body].points.push_back(p.point);
  return f;
}

SceneShape box_shape(const Vec3& lo, const Vec3& hi) {
  SceneShape s;
  s.kind = SceneShape::Kind::box;
  s.position = 0.5 * (lo + hi);
  s.size = hi - lo;
  const double least = kMinBoxThickness * s.size.maxCoeff();
  for (int k = 0; k < 3; ++k) s.size[k] = std::max(s.size[k], least);
  return s;
}

// The box (body axes) holding the corner points of a body's contacts: a box_plane's eight corners
// give its box exactly.
std::vector<SceneShape> corner_box(const std::vector<Vec3>& corners) {
  if (corners.size() < 2) return {};
  Vec3 lo = corners[0], hi = corners[0];
  for (const Vec3& p : corners) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  if (!((hi - lo).maxCoeff() > 0)) return {};
  return {box_shape(lo, hi)};
}

// Moment of inertia about the unit axis a through the centre of mass (user body frame).
double moment_about(const Body& b, const Vec3& a) { return a.dot(b.spatial.inertia * a); }

// The solid cylinder along `axis` with the body's moments: J_axial = m r²/2, J_across = m (3r² + h²)/12.
// Empty when the body is not oblate about the axis (rod-like bodies are drawn by their rod alone).
std::vector<SceneShape> inertia_cylinder(const Body& b, const Vec3& axis) {
  if (!(b.mass > 0)) return {};
  const double axial = moment_about(b, axis);
  const double across = 0.5 * (b.spatial.inertia.trace() - axial);
  if (!(axial > 1.000001 * across)) return {};
  SceneShape s;
  s.kind = SceneShape::Kind::cylinder;
  s.radius = std::sqrt(2 * axial / b.mass);
  s.length = std::sqrt(std::max(12 * across / b.mass - 3 * s.radius * s.radius, 0.0));
  s.orientation = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), axis);
  return {s};
}

// A rod through nearly collinear points (and the centre of mass), else the box holding them centred
// on the centre of mass; empty when the points are all at the centre of mass.
std::vector<SceneShape> shape_from_points(std::vector<Vec3> pts, const Body& b) {
  pts.push_back(Vec3::Zero());
  Vec3 mean = Vec3::Zero();
  for (const Vec3& p : pts) mean += p;
  mean /= static_cast<double>(pts.size());
  Mat3 cov = Mat3::Zero();
  for (const Vec3& p : pts) cov += (p - mean) * (p - mean).transpose();
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(cov);  // eigenvalues in increasing order
  const double middle = std::sqrt(std::max(eig.eigenvalues()(1), 0.0));
  const double major = std::sqrt(std::max(eig.eigenvalues()(2), 0.0));
  if (!(major > 0)) return {};
  if (middle < kRodSpread * major) {
    const Vec3 axis = eig.eigenvectors().col(2);
    const double centre = -axis.dot(mean);  // the centre of mass along the axis
    const double across = b.mass > 0 ? 0.5 * (b.spatial.inertia.trace() - moment_about(b, axis)) : 0.0;
    const double half = across > 0 ? 0.5 * std::sqrt(12 * across / b.mass) : 0.0;
    double lo = centre - half, hi = centre + half, thickness = 0;
    for (const Vec3& p : pts) {
      const Vec3 d = p - mean;
      lo = std::min(lo, axis.dot(d));
      hi = std::max(hi, axis.dot(d));
      thickness = std::max(thickness, 2 * (d - axis.dot(d) * axis).norm());
    }
    std::vector<SceneShape> shapes{rod_shape(mean + lo * axis, mean + hi * axis, std::max(kRodWidth * (hi - lo), thickness))};
    for (const SceneShape& c : inertia_cylinder(b, axis)) shapes.push_back(c);
    return shapes;
  }
  Vec3 h = Vec3::Zero();
  for (const Vec3& p : pts) h = h.cwiseMax(p.cwiseAbs());
  return {box_shape(-h, h)};
}

// The uniform box of the body's mass and principal moments: edge a with a² = 6 (J_b + J_c − J_a)/m,
// along the principal axes.
std::vector<SceneShape> inertia_box(const Body& b) {
  const Vec3& j = b.spatial.principal_moments;
  if (!(b.mass > 0) || !(j.minCoeff() > 0)) return {};
  Vec3 e;
  for (int k = 0; k < 3; ++k) e[k] = std::sqrt(std::max(6 * (j.sum() - 2 * j[k]) / b.mass, 0.0));
  SceneShape s = box_shape(-0.5 * e, 0.5 * e);
  s.orientation = b.spatial.principal_frame;
  return {s};
}

std::vector<SceneShape> infer_shapes(const Body& b, const BodyFeatures& f, bool is_ground) {
  std::vector<SceneShape> shapes = f.spheres;
  for (const SceneShape& s : corner_box(f.corners)) shapes.push_back(s);
  if (shapes.empty() && !is_ground) {
    std::vector<Vec3> points = f.points;
    if (f.corners.size() == 1) points.push_back(f.corners[0]);
    shapes = shape_from_points(points, b);
    if (shapes.empty() && b.is_dynamic()) shapes = inertia_box(b);
  }
  // Contact planes: the ground's, a fixed or moving support's, or those of a body drawn by nothing else.
  if (is_ground || !b.is_dynamic() || shapes.empty()) {
    for (const SceneShape& p : f.planes) shapes.push_back(p);
  }
  return shapes;
}

// A shape the body carries (model/shapes.hpp), in the body's frame as the scene has it (the user's
// axes, origin at the centre of mass: where the builder left the shape's pose).
SceneShape declared_shape(const geometry::Shape& g, const geometry::Pose& pose) {
  SceneShape s;
  s.position = pose.position;
  s.orientation = pose.orientation;
  switch (g.kind) {
    case geometry::ShapeKind::sphere: s.kind = SceneShape::Kind::sphere; s.radius = g.radius; break;
    case geometry::ShapeKind::box: s.kind = SceneShape::Kind::box; s.size = 2 * g.half_extents; break;
    case geometry::ShapeKind::capsule:
      s.kind = SceneShape::Kind::capsule;
      s.radius = g.radius;
      s.length = 2 * g.half_length;
      break;
    case geometry::ShapeKind::cylinder:
      s.kind = SceneShape::Kind::cylinder;
      s.radius = g.radius;
      s.length = 2 * g.half_length;
      break;
    case geometry::ShapeKind::plane:  // the scene's plane is its frame's x-y plane, normal along z
      s.kind = SceneShape::Kind::plane;
      s.orientation = (pose.orientation * Quat::FromTwoVectors(Vec3::UnitZ(), g.normal)).normalized();
      break;
    case geometry::ShapeKind::convex_hull:
      s.kind = SceneShape::Kind::convex;
      s.vertices = g.polyhedron->vertices;
      break;
    case geometry::ShapeKind::triangle_mesh:
      s.kind = SceneShape::Kind::mesh;
      s.vertices = g.mesh->vertices;
      s.triangles = g.mesh->triangles;
      break;
  }
  return s;
}

SceneJoint scene_joint(const Model& m, const Joint& j) {
  const Body &bi = m.bodies[j.body_i], &bj = m.bodies[j.body_j];
  SceneJoint sj;
  sj.name = j.name;
  sj.type = joint_type_name(j.type);
  sj.body_i = j.body_i;
  sj.body_j = j.body_j;
  sj.point_i = user_frame(bi, j.spatial.point_i);
  sj.point_j = user_frame(bj, j.spatial.point_j);
  sj.has_axis = j.type != JointType::spherical && j.type != JointType::weld;
  sj.axis = user_frame(bi, j.spatial.axis_i).normalized();
  sj.has_axis_j = j.type == JointType::universal;
  sj.axis_j = user_frame(bj, j.spatial.axis_j).normalized();
  return sj;
}

SceneContact scene_contact(const Contact& c) {
  SceneContact sc;
  sc.name = c.name;
  sc.body_i = c.body_i;
  sc.body_j = c.body_j;
  sc.center_j = c.sphere_center_j;
  sc.radius_j = c.radius_j;
  sc.reference_normal = c.reference_normal;
  sc.reference_tangent = c.reference_tangent;
  if (c.shape == ContactShape::sphere_plane) {
    sc.kind = SceneContact::Kind::plane;
    sc.plane_point = c.plane_point;
    sc.plane_normal = c.reference_normal;
    sc.plane_tangent = c.reference_tangent;
  } else {
    sc.kind = SceneContact::Kind::spheres;
    sc.center_i = c.sphere_center_i;
    sc.radius_i = c.radius_i;
  }
  return sc;
}

}  // namespace spatial_scene_detail

Scene spatial_scene_from_model(const Model& m) {
  Scene scene;
  scene.dimension = SceneDimension::spatial;
  scene.title = m.name;
  scene.up = m.gravity.norm() > 0 ? Vec3(-m.gravity.normalized()) : Vec3::UnitZ();
  const std::vector<spatial_scene_detail::BodyFeatures> features = spatial_scene_detail::collect_features(m);
  for (std::size_t k = 0; k < m.bodies.size(); ++k) {
    const Body& b = m.bodies[k];
    SceneBody sb;
    sb.name = b.name;
    sb.motion = b.motion;
    // The shapes the body carries, else shapes inferred from its contacts and inertia.
    for (const BodyShape& shape : m.shapes) {
      if (shape.body == static_cast<int>(k)) sb.shapes.push_back(spatial_scene_detail::declared_shape(shape.geometry, shape.pose));
    }
    for (const BodyVisual& visual : m.visuals) {
      if (visual.body != static_cast<int>(k)) continue;
      sb.visuals.push_back(spatial_scene_detail::declared_shape(visual.geometry, visual.pose));
      sb.visuals.back().color = visual.color;
    }
    if (sb.shapes.empty()) sb.shapes = spatial_scene_detail::infer_shapes(b, features[k], k == Model::kGround);
    if (b.motion == BodyMotion::fixed) {
      sb.position = b.spatial.position;
      sb.orientation = b.spatial.orientation;
    }
    scene.bodies.push_back(std::move(sb));
  }
  for (const Joint& j : m.joints) scene.joints.push_back(spatial_scene_detail::scene_joint(m, j));
  for (const SpringDamper& s : m.springs) scene.springs.push_back({s.name, s.body_i, s.body_j, s.point_i, s.point_j});
  for (const Contact& c : m.contacts) {
    if (!c.joint_limit()) scene.contacts.push_back(spatial_scene_detail::scene_contact(c));
  }
  return scene;
}

}  // namespace stickslip
