#include "assembly/shape_contacts.hpp"

#include <algorithm>

#include "assembly/contact_kinematics.hpp"
#include "math/perpendicular.hpp"

namespace stickslip {
namespace {

std::vector<geometry::CollisionObject> collision_objects(const Model& m) {
  std::vector<geometry::CollisionObject> objects;
  for (const BodyShape& s : m.shapes) {
    objects.push_back({s.geometry, s.body, m.bodies[static_cast<std::size_t>(s.body)].is_dynamic(), s.group, s.mask});
  }
  return objects;
}

// Bodies joined by a joint do not touch unless the joint says `collide`.
std::vector<std::pair<int, int>> joined_bodies(const Model& m) {
  std::vector<std::pair<int, int>> out;
  for (const Joint& j : m.joints)
    if (!j.collide) out.emplace_back(j.body_i, j.body_j);
  return out;
}

}  // namespace

geometry::Pose shape_pose(const Model& model, const BodyShape& shape, const Workspace& ws) {
  const Body& body = model.bodies[static_cast<std::size_t>(shape.body)];
  const SpatialKinematics& b = ws.bodies[static_cast<std::size_t>(shape.body)].spatial;
  // The user's body frame: p ⊗ Q* (Q: the principal frame in it; identity for bodies not dynamic).
  const Quat frame = body.is_dynamic() ? Quat(b.p * body.spatial.principal_frame.conjugate()) : b.p;
  return {b.r + b.A * shape.pose.position, (frame * shape.pose.orientation).normalized()};
}

ShapeContacts::ShapeContacts(const Model& model, bool carry_tangents) : carry_tangents_(carry_tangents) {
  if (!model.has_shape_contacts()) return;
  world_ = std::make_unique<geometry::CollisionWorld>(collision_objects(model), joined_bodies(model));
}

ShapeContacts::~ShapeContacts() = default;

void ShapeContacts::detect(const Model& model, const Workspace& ws, double margin) {
  if (!world_) return;
  for (std::size_t k = 0; k < model.shapes.size(); ++k) world_->set_pose(static_cast<int>(k), shape_pose(model, model.shapes[k], ws));
  world_->detect(margin);
  std::swap(tangent_, previous_tangent_);
  if (!carry_tangents_) previous_tangent_.clear();
  make_contacts(model, ws, true);
}

// One contact per point; with `carry_tangents` each t₁ comes from the point's previous one, else
// tangent_ already holds them (a restored checkpoint).
void ShapeContacts::make_contacts(const Model& model, const Workspace& ws, bool carry_tangents) {
  const std::vector<geometry::ContactPoint>& points = world_->points();
  contacts_.resize(points.size());
  kinematics_.resize(points.size());
  tangent_.resize(points.size());
  for (std::size_t k = 0; k < points.size(); ++k) {
    const geometry::ContactPoint& p = points[k];
    Contact& c = contacts_[k];
    c.shape = ContactShape::shape_point;
    c.shape_i = p.a;
    c.shape_j = p.b;
    c.point_id = p.id;
    c.body_i = model.shapes[static_cast<std::size_t>(p.a)].body;
    c.body_j = model.shapes[static_cast<std::size_t>(p.b)].body;
    const ContactLaws* laws = model.shape_laws(p.a, p.b);
    c.normal = laws ? laws->normal : nullptr;
    c.impact = laws ? laws->impact : nullptr;
    c.friction = laws ? laws->friction : nullptr;
    c.min_impact_speed = laws ? laws->min_impact_speed : 1e-3;
    if (carry_tangents) {
      const bool carried = p.previous >= 0 && p.previous < static_cast<int>(previous_tangent_.size());
      Vec3 t1 = carried ? previous_tangent_[static_cast<std::size_t>(p.previous)] : perpendicular_unit(p.normal);
      t1 -= t1.dot(p.normal) * p.normal;
      tangent_[k] = t1.norm() > 1e-6 ? Vec3(t1.normalized()) : perpendicular_unit(p.normal);
    }
    const Vec3& t1 = tangent_[k];
    point_contact_kinematics(model, c, p.normal, t1, p.position, p.gap, ws, kinematics_[k]);
  }
}

void ShapeContacts::update_velocities(const Model& model, const Workspace& ws) {
  if (!world_) return;
  for (std::size_t k = 0; k < contacts_.size(); ++k) {
    const geometry::ContactPoint& p = world_->points()[k];
    point_contact_kinematics(model, contacts_[k], p.normal, tangent_[k], p.position, p.gap, ws, kinematics_[k]);
  }
}

void ShapeContacts::save(Snapshot& snapshot, const std::string& prefix) const {
  if (!world_) return;
  std::vector<std::int64_t> integers;
  std::vector<double> reals;
  world_->save(integers, reals);
  snapshot.put_integers(prefix + "points", integers);
  snapshot.put_reals(prefix + "point_geometry", reals);
  std::vector<double> tangents;
  for (const Vec3& t : tangent_) tangents.insert(tangents.end(), {t.x(), t.y(), t.z()});
  snapshot.put_reals(prefix + "tangents", tangents);
}

void ShapeContacts::restore(const Model& model, const Workspace& ws, const Snapshot& snapshot, const std::string& prefix) {
  if (!world_) return;
  const std::vector<std::int64_t>& integers = snapshot.integers(prefix + "points");
  const std::size_t n = integers.size() / 4;
  world_->restore(integers, snapshot.reals(prefix + "point_geometry", n * 13));
  const std::vector<double>& t = snapshot.reals(prefix + "tangents", n * 3);
  tangent_.resize(n);
  for (std::size_t k = 0; k < n; ++k) tangent_[k] = Vec3(t[3 * k], t[3 * k + 1], t[3 * k + 2]);
  previous_tangent_.clear();
  make_contacts(model, ws, false);
}

}  // namespace stickslip
