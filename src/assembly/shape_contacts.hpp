// The contacts between shapes (model/shapes.hpp) at the current configuration: every point that the
// collision detection (geometry/collision_world.hpp) finds closer than a margin becomes a contact of
// shape `shape_point` with its pair's laws, body i carrying shape a, body j shape b, the normal from
// a to b, and its kinematics in velocity space (as a spatial contact's: W_N, W_T, ġ_N, v_T; the
// acceleration-level biases are not computed, since no scheme that runs shape points reads them).
// Each point's tangent t₁ is carried from its previous detection (projected onto the new tangent
// plane), so a persisting point's friction rows turn with it; a new point takes the axis least
// aligned with its normal, made perpendicular.
#pragma once

#include <memory>
#include <vector>

#include "assembly/workspace.hpp"
#include "geometry/collision_world.hpp"
#include "math/snapshot.hpp"

namespace stickslip {

class ShapeContacts {
 public:
  // `carry_tangents`: each point's t₁ follows its previous one (time-stepping: the friction rows'
  // warm start); false: t₁ is a function of the normal alone (compliant: stateless friction needs no
  // continuity, and a point's force then depends on the configuration only).
  explicit ShapeContacts(const Model& model, bool carry_tangents = true);
  ~ShapeContacts();
  // Whether the model finds contacts between shapes at all (it declares materials and has shapes).
  bool active() const { return world_ != nullptr; }
  // Whether shapes a and b (Model::shapes) may touch at all (model/shapes.hpp says which never do).
  bool may_touch(int a, int b) const { return world_ && world_->may_collide(a, b); }

  // Detects at the body kinematics in ws (compute_body_kinematics first) every point closer than
  // `margin` [m]; the points found before become the previous ones.
  void detect(const Model& model, const Workspace& ws, double margin);
  // The points' velocity terms again at ws (same points, same geometry): output after a step.
  void update_velocities(const Model& model, const Workspace& ws);

  int size() const { return static_cast<int>(contacts_.size()); }
  const Contact& contact(int k) const { return contacts_[static_cast<std::size_t>(k)]; }
  const ContactKinematics& kinematics(int k) const { return kinematics_[static_cast<std::size_t>(k)]; }
  const geometry::ContactPoint& point(int k) const { return world_->points()[static_cast<std::size_t>(k)]; }
  // The index of point k among the previous detection's points, -1 when it is new.
  int previous(int k) const { return point(k).previous; }
  int previous_size() const { return static_cast<int>(world_->previous_points().size()); }
  const geometry::ContactPoint& previous_point(int k) const { return world_->previous_points()[static_cast<std::size_t>(k)]; }
  const geometry::DetectionStats& stats() const { return world_->stats(); }

  // Checkpoints: the points (their identities) and tangents that the next detection continues from.
  void save(Snapshot& snapshot, const std::string& prefix) const;
  // The saved points again (their kinematics at ws, their geometry as saved).
  void restore(const Model& model, const Workspace& ws, const Snapshot& snapshot, const std::string& prefix);

 private:
  void make_contacts(const Model& model, const Workspace& ws, bool carry_tangents);
  std::unique_ptr<geometry::CollisionWorld> world_;
  std::vector<Contact> contacts_;
  std::vector<ContactKinematics> kinematics_;
  std::vector<Vec3> tangent_, previous_tangent_;
  bool carry_tangents_ = true;
};

// World pose of a shape from its body's kinematics.
geometry::Pose shape_pose(const Model& model, const BodyShape& shape, const Workspace& ws);

// Kinematics of a contact point given by its geometry (normal n from body i to body j, first tangent
// t₁ ⊥ n, point P, gap): the rows, ġ_N and v_T of a spatial contact (spatial_contact_kinematics.cpp);
// the acceleration-level biases are NaN.
void point_contact_kinematics(const Model& model, const Contact& c, const Vec3& n, const Vec3& t1, const Vec3& P,
                              double gap, const Workspace& ws, ContactKinematics& k);

}  // namespace stickslip
