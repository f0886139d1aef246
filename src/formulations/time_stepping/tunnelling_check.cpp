#include "formulations/time_stepping/tunnelling_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "math/errors.hpp"
#include "math/number_format.hpp"

namespace stickslip {
namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// The box of one body's bounded contact shapes, in its frame.
struct ShapeBox {
  Vec3 lo = Vec3::Constant(kUnbounded), hi = Vec3::Constant(-kUnbounded);
  int points = 0;
  void add(const Vec3& p, double radius) {
    lo = lo.cwiseMin(p - Vec3::Constant(radius));
    hi = hi.cwiseMax(p + Vec3::Constant(radius));
    ++points;
  }
  void add(const Vec2& p, double radius) { add(Vec3(p.x(), p.y(), 0.0), radius); }
  // The smallest side that is not zero (a flat or planar body's zero side says nothing of its size).
  double size(int dimensions) const {
    if (points == 0) return kUnbounded;
    double smallest = kUnbounded;
    for (int k = 0; k < dimensions; ++k) {
      const double side = hi[k] - lo[k];
      if (side > 0) smallest = std::min(smallest, side);
    }
    return smallest;
  }
};

void add_shapes(const Contact& c, std::vector<ShapeBox>& boxes) {
  ShapeBox& i = boxes[static_cast<std::size_t>(c.body_i)];
  ShapeBox& j = boxes[static_cast<std::size_t>(c.body_j)];
  switch (c.shape) {
    case ContactShape::circle_line:
      if (std::isfinite(c.extent_min) && std::isfinite(c.extent_max)) {
        const Vec2 d = c.line_direction.normalized();
        i.add(Vec2(c.line_point + c.extent_min * d), 0.0);
        i.add(Vec2(c.line_point + c.extent_max * d), 0.0);
      }
      j.add(c.center_j, c.radius_j);
      break;
    case ContactShape::circle_circle:
      i.add(c.center_i, c.radius_i);
      j.add(c.center_j, c.radius_j);
      break;
    case ContactShape::sphere_plane:  // the plane is unbounded
      j.add(c.sphere_center_j, c.radius_j);
      break;
    case ContactShape::sphere_sphere:
      i.add(c.sphere_center_i, c.radius_i);
      j.add(c.sphere_center_j, c.radius_j);
      break;
    case ContactShape::shape_point:  // made by the schemes from detected shapes, never in model.contacts
    case ContactShape::joint_limit:  // a stop on a joint coordinate: no shape a step can cross
      break;
  }
}

}  // namespace

std::vector<double> body_contact_sizes(const Model& model) {
  std::vector<ShapeBox> boxes(model.bodies.size());
  for (const Contact& c : model.contacts) add_shapes(c, boxes);
  const int dimensions = model.dimension == Dimension::spatial ? 3 : 2;
  std::vector<double> sizes;
  for (const ShapeBox& b : boxes) sizes.push_back(b.size(dimensions));
  return sizes;
}

double shape_contact_size(const geometry::Shape& shape) {
  using geometry::ShapeKind;
  switch (shape.kind) {
    case ShapeKind::sphere:
    case ShapeKind::capsule: return 2 * shape.radius;
    case ShapeKind::box: return 2 * shape.half_extents.minCoeff();
    case ShapeKind::cylinder: return 2 * std::min(shape.radius, shape.half_length);
    case ShapeKind::convex_hull: {
      Vec3 lo = Vec3::Constant(kUnbounded), hi = Vec3::Constant(-kUnbounded);
      for (const Vec3& v : shape.polyhedron->vertices) {
        lo = lo.cwiseMin(v);
        hi = hi.cwiseMax(v);
      }
      return (hi - lo).minCoeff();
    }
    case ShapeKind::plane:
    case ShapeKind::triangle_mesh: return kUnbounded;
  }
  return kUnbounded;
}

bool can_cross_in_one_step(double closing_speed, double gap, double h, double size_i, double size_j) {
  const double travel = closing_speed * h;
  return closing_speed > 0 && gap < travel && travel > std::min(size_i, size_j);
}

TunnellingWatch::TunnellingWatch(const Model& model, TunnellingCheck mode)
    : model_(model), mode_(mode), size_(body_contact_sizes(model)), warned_(model.contacts.size(), 0) {
  smallest_shape_ = kUnbounded;
  for (const BodyShape& s : model.shapes) {
    shape_size_.push_back(shape_contact_size(s.geometry));
    shape_radius_.push_back(s.geometry.bounding_radius());
    smallest_shape_ = std::min(smallest_shape_, shape_size_.back());
  }
}

std::string TunnellingWatch::message(int c, double speed, double h, double t) const {
  const Contact& contact = model_.contacts[static_cast<std::size_t>(c)];
  const int thinner = size_[static_cast<std::size_t>(contact.body_i)] <= size_[static_cast<std::size_t>(contact.body_j)]
                          ? contact.body_i
                          : contact.body_j;
  const double size = size_[static_cast<std::size_t>(thinner)];
  return "contact '" + contact.name + "' (bodies " + model_.bodies[static_cast<std::size_t>(contact.body_i)].name +
         " and " + model_.bodies[static_cast<std::size_t>(contact.body_j)].name + ") closes at " +
         number_text(speed, 4) + " m/s at t = " + number_text(t, 9) + " s: " + number_text(speed * h, 4) +
         " m in a step of " + number_text(h, 4) + " s, more than the " + number_text(size, 4) + " m of " +
         model_.bodies[static_cast<std::size_t>(thinner)].name +
         "'s contact shapes, so the time-stepping scheme can step through it without a contact; a step of at most " +
         number_text(size / speed, 3) + " s (--dt) catches it (simulation.time_stepping.tunnelling: warn, error or off)";
}

void TunnellingWatch::check(const std::vector<ContactKinematics>& kinematics, const ContactState* states, double t,
                            double h, const std::function<void(const std::string&)>& warn) {
  if (mode_ == TunnellingCheck::off) return;
  for (std::size_t c = 0; c < model_.contacts.size(); ++c) {
    if (warned_[c] || states[c] != ContactState::open) continue;
    const ContactKinematics& k = kinematics[c];
    const Contact& contact = model_.contacts[c];
    const double speed = -k.vn;
    if (!k.in_range || !can_cross_in_one_step(speed, k.gap, h, size_[static_cast<std::size_t>(contact.body_i)],
                                              size_[static_cast<std::size_t>(contact.body_j)]))
      continue;
    warned_[c] = 1;
    const std::string text = message(static_cast<int>(c), speed, h, t);
    if (mode_ == TunnellingCheck::error) throw NumericalError(t, "contact " + contact.name, text);
    warn(text);
  }
}

std::string TunnellingWatch::shape_message(int a, int b, double speed, double h, double t) const {
  const auto shape = [&](int k) -> const BodyShape& { return model_.shapes[static_cast<std::size_t>(k)]; };
  const auto body = [&](int k) -> const std::string& { return model_.bodies[static_cast<std::size_t>(shape(k).body)].name; };
  const int thinner = shape_size_[static_cast<std::size_t>(a)] <= shape_size_[static_cast<std::size_t>(b)] ? a : b;
  const double size = shape_size_[static_cast<std::size_t>(thinner)];
  return "shapes '" + shape(a).name + "' and '" + shape(b).name + "' (bodies " + body(a) + " and " + body(b) +
         ") close at " + number_text(speed, 4) + " m/s at t = " + number_text(t, 9) + " s: " +
         number_text(speed * h, 4) + " m in a step of " + number_text(h, 4) + " s, more than the " +
         number_text(size, 4) + " m of '" + shape(thinner).name +
         "' (its smallest dimension), so the time-stepping scheme can step through it without a contact; a step of at most " +
         number_text(size / speed, 3) + " s (--dt) catches it (simulation.time_stepping.tunnelling: warn, error or off)";
}

// Shapes fast enough to matter: a pair can cross only if (w_a + w_b) h exceeds the thinner of its two
// sizes, so one of them has w h > half the model's thinnest shape.
void TunnellingWatch::check_shapes(const ShapeContacts& shapes, const Workspace& ws, double t, double h,
                                   const std::function<void(const std::string&)>& warn) {
  if (mode_ == TunnellingCheck::off || !shapes.active()) return;
  const std::size_t n = model_.shapes.size();
  motion_.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const BodyShape& s = model_.shapes[k];
    const SpatialKinematics& b = ws.bodies[static_cast<std::size_t>(s.body)].spatial;
    const geometry::Pose pose = shape_pose(model_, s, ws);
    const Vec3& centre = pose.position;
    const Vec3 omega = b.R * b.omega;  // world
    const Vec3 velocity = b.v + omega.cross(centre - b.r);
    const double radius = std::isfinite(shape_radius_[k]) ? shape_radius_[k] : 0.0;  // a plane: its translation
    motion_[k] = {centre, pose.orientation, velocity, velocity.norm() + omega.norm() * radius};
  }
  const auto fast = [&](std::size_t k) { return 2 * motion_[k].speed_bound * h > smallest_shape_; };
  for (std::size_t a = 0; a < n; ++a) {
    if (!fast(a)) continue;
    for (std::size_t b = 0; b < n; ++b) {
      if (b == a || (fast(b) && b < a) || !shapes.may_touch(static_cast<int>(a), static_cast<int>(b))) continue;
      check_pair(static_cast<int>(std::min(a, b)), static_cast<int>(std::max(a, b)), t, h, warn);
    }
  }
}

// Closing speed and a lower bound of the gap from the shapes' origins and bounding radii.
void TunnellingWatch::check_pair(int a, int b, double t, double h, const std::function<void(const std::string&)>& warn) {
  if (warned_pairs_.count({a, b})) return;
  const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
  const geometry::Shape &A = model_.shapes[ua].geometry, &B = model_.shapes[ub].geometry;
  double closing = 0, gap = 0;
  if (A.kind == geometry::ShapeKind::plane || B.kind == geometry::ShapeKind::plane) {
    const bool a_plane = A.kind == geometry::ShapeKind::plane;
    const std::size_t p = a_plane ? ua : ub, o = a_plane ? ub : ua;
    const Vec3 normal = (motion_[p].orientation * model_.shapes[p].geometry.normal).normalized();
    const double height = normal.dot(motion_[o].centre - motion_[p].centre);
    if (height < 0) return;  // behind the plane already: inside the half-space
    closing = (motion_[p].velocity - motion_[o].velocity).dot(normal);
    gap = height - shape_radius_[o];
  } else {
    const Vec3 d = motion_[ub].centre - motion_[ua].centre;
    const double distance = d.norm();
    if (!(distance > 0)) return;
    closing = (motion_[ua].velocity - motion_[ub].velocity).dot(d / distance);
    gap = distance - shape_radius_[ua] - shape_radius_[ub];
  }
  if (!can_cross_in_one_step(closing, gap, h, shape_size_[ua], shape_size_[ub])) return;
  warned_pairs_.insert({a, b});
  const std::string text = shape_message(a, b, closing, h, t);
  if (mode_ == TunnellingCheck::error)
    throw NumericalError(t, "shapes " + model_.shapes[ua].name + " and " + model_.shapes[ub].name, text);
  warn(text);
}

void TunnellingWatch::save(Snapshot& snapshot, const std::string& key) const {
  std::vector<std::int64_t> warned;
  for (std::size_t c = 0; c < warned_.size(); ++c)
    if (warned_[c]) warned.push_back(static_cast<std::int64_t>(c));
  snapshot.put_integers(key, warned);
  std::vector<std::int64_t> pairs;
  for (const auto& [a, b] : warned_pairs_) pairs.insert(pairs.end(), {a, b});
  snapshot.put_integers(key + "_shapes", pairs);
}

void TunnellingWatch::restore(const Snapshot& snapshot, const std::string& key) {
  if (!snapshot.has(key)) return;  // a checkpoint written before the check
  for (std::int64_t c : snapshot.integers(key)) {
    if (c < 0 || c >= static_cast<std::int64_t>(warned_.size())) throw SnapshotError("checkpoint entry '" + key + "' names no contact");
    warned_[static_cast<std::size_t>(c)] = 1;
  }
  if (!snapshot.has(key + "_shapes")) return;  // a checkpoint written before shape pairs were checked
  const std::vector<std::int64_t> pairs = snapshot.integers(key + "_shapes");
  const auto shapes = static_cast<std::int64_t>(model_.shapes.size());
  for (std::size_t k = 0; k + 1 < pairs.size(); k += 2) {
    if (pairs[k] < 0 || pairs[k + 1] < 0 || pairs[k] >= shapes || pairs[k + 1] >= shapes || pairs.size() % 2)
      throw SnapshotError("checkpoint entry '" + key + "_shapes' names no pair of shapes");
    warned_pairs_.insert({static_cast<int>(pairs[k]), static_cast<int>(pairs[k + 1])});
  }
}

}  // namespace stickslip
