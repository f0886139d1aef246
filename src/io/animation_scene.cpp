#include "io/animation_scene.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {
namespace {

Vec3 planar(const Vec2& v) { return {v.x(), v.y(), 0.0}; }

// Points nearly on one line (the smaller principal spread below this share of the larger) make a rod.
constexpr double kRodSpread = 0.1;
// A box is at least this share of its larger half-size thick, so that it shows.
constexpr double kMinBoxThickness = 0.05;
// A rod is this share of its length thick (or as thick as its points are apart across it).
constexpr double kRodWidth = 0.06;

// The points the model attaches to each body (body frames), and the circles of contacts on it.
struct BodyFeatures {
  std::vector<Vec2> points;
  std::vector<SceneShape> circles;
};

void add_circle(BodyFeatures& f, const Vec2& center, double radius) {
  for (const SceneShape& s : f.circles) {
    if (s.radius == radius && s.position == planar(center)) return;
  }
  SceneShape s;
  s.kind = SceneShape::Kind::sphere;
  s.position = planar(center);
  s.radius = radius;
  f.circles.push_back(s);
}

std::vector<BodyFeatures> collect_features(const Model& m) {
  std::vector<BodyFeatures> f(m.bodies.size());
  for (const Joint& j : m.joints) {
    f[j.body_i].points.push_back(j.point_i);
    f[j.body_j].points.push_back(j.point_j);
  }
  for (const Contact& c : m.contacts) {
    if (c.joint_limit()) continue;  // a stop on a joint coordinate has no shape to draw
    if (c.shape == ContactShape::circle_circle && c.radius_i > 0) add_circle(f[c.body_i], c.center_i, c.radius_i);
    if (c.shape == ContactShape::circle_circle && c.radius_i == 0) f[c.body_i].points.push_back(c.center_i);
    if (c.radius_j > 0) add_circle(f[c.body_j], c.center_j, c.radius_j);
    else f[c.body_j].points.push_back(c.center_j);
    if (c.shape == ContactShape::circle_line && std::isfinite(c.extent_min) && std::isfinite(c.extent_max)) {
      const Vec2 d = c.line_direction.normalized();
      f[c.body_i].points.push_back(c.line_point + c.extent_min * d);
      f[c.body_i].points.push_back(c.line_point + c.extent_max * d);
    }
  }
  for (const SpringDamper& s : m.springs) {
    f[s.body_i].points.push_back(s.point_i.head<2>());
    f[s.body_j].points.push_back(s.point_j.head<2>());
  }
  for (const PointForce& p : m.point_forces) f[p.body].points.push_back(p.point.head<2>());
  return f;
}

// A rod through nearly collinear points, else a box centred on the centre of mass holding them
// (the centre of mass counts as a point). Empty when the points are all at the centre of mass.
// A rod reaches at least half the length of a uniform rod of the body's mass and inertia
// (J = m L²/12) either side of the centre of mass: a rod pinned at one end is drawn whole.
std::vector<SceneShape> shape_from_points(std::vector<Vec2> pts, const Body& b) {
  pts.push_back(Vec2::Zero());
  Vec2 mean = Vec2::Zero();
  for (const Vec2& p : pts) mean += p;
  mean /= static_cast<double>(pts.size());
  Mat2 cov = Mat2::Zero();
  for (const Vec2& p : pts) cov += (p - mean) * (p - mean).transpose();
  const Eigen::SelfAdjointEigenSolver<Mat2> eig(cov);  // eigenvalues in increasing order
  const double minor = std::sqrt(std::max(eig.eigenvalues()(0), 0.0)), major = std::sqrt(std::max(eig.eigenvalues()(1), 0.0));
  if (!(major > 0)) return {};
  if (minor < kRodSpread * major) {
    const Vec2 axis = eig.eigenvectors().col(1), across = perp(axis);
    const double centre = -axis.dot(mean);  // the centre of mass along the axis
    const double half = b.mass > 0 && b.inertia > 0 ? 0.5 * std::sqrt(12 * b.inertia / b.mass) : 0.0;
    double lo = centre - half, hi = centre + half, thickness = 0;
    for (const Vec2& p : pts) {
      lo = std::min(lo, axis.dot(p - mean));
      hi = std::max(hi, axis.dot(p - mean));
      thickness = std::max(thickness, 2 * std::abs(across.dot(p - mean)));
    }
    return {rod_shape(planar(mean + lo * axis), planar(mean + hi * axis), std::max(kRodWidth * (hi - lo), thickness))};
  }
  double hx = 0, hy = 0;
  for (const Vec2& p : pts) {
    hx = std::max(hx, std::abs(p.x()));
    hy = std::max(hy, std::abs(p.y()));
  }
  const double least = kMinBoxThickness * std::max(hx, hy);
  SceneShape s;
  s.kind = SceneShape::Kind::box;
  s.size = {2 * std::max(hx, least), 2 * std::max(hy, least), 0.0};
  return {s};
}

std::vector<SceneShape> infer_shapes(const Body& b, const BodyFeatures& f) {
  if (!f.circles.empty()) return f.circles;
  std::vector<SceneShape> shapes = shape_from_points(f.points, b);
  if (shapes.empty() && b.mass > 0 && b.inertia > 0) {
    // A uniform square of side a: J = m a²/6.
    SceneShape s;
    s.kind = SceneShape::Kind::box;
    const double a = std::sqrt(6 * b.inertia / b.mass);
    s.size = {a, a, 0.0};
    shapes.push_back(s);
  }
  return shapes;
}

}  // namespace

SceneShape rod_shape(const Vec3& from, const Vec3& to, double width) {
  SceneShape s;
  s.kind = SceneShape::Kind::capsule;
  s.position = 0.5 * (from + to);
  s.length = (to - from).norm();
  s.radius = 0.5 * width;
  if (s.length > 0) s.orientation = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), to - from);
  return s;
}

Scene scene_from_model(const Model& m) {
  if (m.dimension == Dimension::spatial) return spatial_scene_from_model(m);
  Scene scene;
  scene.dimension = SceneDimension::planar;
  scene.title = m.name;
  if (m.gravity.norm() > 0) scene.up = -m.gravity.normalized();
  const std::vector<BodyFeatures> features = collect_features(m);
  for (std::size_t k = 0; k < m.bodies.size(); ++k) {
    const Body& b = m.bodies[k];
    SceneBody sb;
    sb.name = b.name;
    sb.motion = b.motion;
    if (k != Model::kGround) sb.shapes = infer_shapes(b, features[k]);
    if (b.motion == BodyMotion::fixed) {
      sb.position = planar(b.position);
      sb.orientation = Eigen::Quaterniond(Eigen::AngleAxisd(b.angle, Vec3::UnitZ()));
    }
    scene.bodies.push_back(std::move(sb));
  }
  for (const Joint& j : m.joints) {
    SceneJoint sj;
    sj.name = j.name;
    sj.type = joint_type_name(j.type);
    sj.body_i = j.body_i;
    sj.body_j = j.body_j;
    sj.point_i = planar(j.point_i);
    sj.point_j = planar(j.point_j);
    sj.has_axis = j.type == JointType::prismatic;
    sj.axis = planar(j.axis_i.normalized());
    scene.joints.push_back(sj);
  }
  for (const SpringDamper& s : m.springs) {
    scene.springs.push_back({s.name, s.body_i, s.body_j, s.point_i, s.point_j});
  }
  for (const Contact& c : m.contacts) {
    if (c.joint_limit()) continue;
    SceneContact sc;
    sc.name = c.name;
    sc.body_i = c.body_i;
    sc.body_j = c.body_j;
    sc.center_j = planar(c.center_j);
    sc.radius_j = c.radius_j;
    if (c.shape == ContactShape::circle_line) {
      sc.kind = SceneContact::Kind::plane;
      const Vec2 d = c.line_direction.normalized();
      sc.plane_point = planar(c.line_point);
      sc.plane_tangent = planar(d);
      sc.plane_normal = planar(perp(d));
      sc.extent_min = c.extent_min;
      sc.extent_max = c.extent_max;
    } else {
      sc.kind = SceneContact::Kind::spheres;
      sc.center_i = planar(c.center_i);
      sc.radius_i = c.radius_i;
    }
    scene.contacts.push_back(sc);
  }
  return scene;
}

}  // namespace stickslip
