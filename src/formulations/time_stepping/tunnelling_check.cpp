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

bool can_cross_in_one_step(double closing_speed, double gap, double h, double size_i, double size_j) {
  const double travel = closing_speed * h;
  return closing_speed > 0 && gap < travel && travel > std::min(size_i, size_j);
}

TunnellingWatch::TunnellingWatch(const Model& model, TunnellingCheck mode)
    : model_(model), mode_(mode), size_(body_contact_sizes(model)), warned_(model.contacts.size(), 0) {}

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

void TunnellingWatch::save(Snapshot& snapshot, const std::string& key) const {
  std::vector<std::int64_t> warned;
  for (std::size_t c = 0; c < warned_.size(); ++c)
    if (warned_[c]) warned.push_back(static_cast<std::int64_t>(c));
  snapshot.put_integers(key, warned);
}

void TunnellingWatch::restore(const Snapshot& snapshot, const std::string& key) {
  if (!snapshot.has(key)) return;  // a checkpoint written before the check
  for (std::int64_t c : snapshot.integers(key)) {
    if (c < 0 || c >= static_cast<std::int64_t>(warned_.size())) throw SnapshotError("checkpoint entry '" + key + "' names no contact");
    warned_[static_cast<std::size_t>(c)] = 1;
  }
}

}  // namespace stickslip
