// The contacts between shapes in a time step (time_stepper.hpp; docs/schemes.md, "Contacts between
// shapes"). At each step's midpoint the detection finds the points; each becomes a contact block
// after the model's contacts. A point found again (the same identity, geometry/collision_world.hpp)
// keeps what the scheme carries from one step to the next: its stick state (μ_s for a contact that
// stuck), its normal impulse and its friction impulse, turned into the new tangent basis, as the
// warm start of the solve. The problem is laid out again only when the points' bodies change, so a
// resting pile solves on one layout without allocating.
#include <cmath>

#include "formulations/time_stepping/time_stepper.hpp"
#include "math/errors.hpp"
#include "math/number_format.hpp"

namespace stickslip {

// The laws of shape contacts as the scheme takes them: rigid (an impact law), Coulomb through its
// coefficients, no law with a state. Checked on the materials and pairs that give them.
void TimeStepper::check_shape_laws() {
  if (!model_.has_shape_contacts()) return;
  const auto check = [&](const ContactLaws& laws, const std::string& path, const std::string& what) {
    if (!laws.any()) return;
    if (!laws.impact) {
      throw ModelError(path + ".normal", what + " is compliant (a normal force law) without an 'impact' law; the "
                                                "time-stepping scheme needs rigid contacts: add an impact law or use "
                                                "--scheme compliant");
    }
    if (laws.friction && laws.friction->state_size() > 0) {
      throw ModelError(path + ".friction", what + ": friction law '" + std::string(laws.friction->name()) +
                                               "' has an internal state, which the time-stepping scheme does not "
                                               "integrate; use 'coulomb' or the compliant scheme");
    }
    if (laws.friction && !laws.friction->set_valued()) {
      warnings_.push_back(what + ": friction law '" + std::string(laws.friction->name()) +
                          "' is applied as Coulomb friction with its static and kinetic coefficients");
    }
  };
  for (std::size_t k = 0; k < model_.materials.size(); ++k) {
    check(model_.materials[k].laws, "materials[" + std::to_string(k) + "]", "material '" + model_.materials[k].name + "'");
  }
  for (std::size_t k = 0; k < model_.material_pairs.size(); ++k) {
    check(model_.material_pairs[k].laws, "material_pairs[" + std::to_string(k) + "]", "material pair " + std::to_string(k));
  }
}

std::string TimeStepper::contact_name(int c) const {
  const Contact& ct = contact(c);
  if (c < explicit_) return ct.name;
  return model_.shapes[static_cast<std::size_t>(ct.shape_i)].name + "|" + model_.shapes[static_cast<std::size_t>(ct.shape_j)].name +
         "#" + std::to_string(ct.point_id);
}

// Before the next detection: what each point of the last step carries, its friction impulse as a
// world vector (the next basis may turn).
void TimeStepper::carry_shape_points() {
  const std::size_t n = static_cast<std::size_t>(shapes_.size());
  carried_state_.resize(n);
  carried_normal_.resize(n);
  carried_friction_.resize(n);
  const Vec& p = problem_.impulses();
  for (std::size_t k = 0; k < n; ++k) {
    const int c = explicit_ + static_cast<int>(k);
    const ContactRows& cr = problem_.contact(c);
    const ContactKinematics& kin = shapes_.kinematics(static_cast<int>(k));
    carried_state_[k] = state_[static_cast<std::size_t>(c)];
    carried_normal_[k] = p[cr.normal];
    carried_friction_[k] = p[cr.tangent] * kin.tangents3[0] + p[cr.tangent + 1] * kin.tangents3[1];
  }
}

void TimeStepper::size_contact_arrays() {
  const std::size_t n = static_cast<std::size_t>(contact_count());
  state_.resize(n, ContactState::open);
  previous_.resize(n, ContactState::open);
  vn_before_.resize(n, 0.0);
  vn_after_.resize(n, 0.0);
  gap_predicted_.resize(n, 0.0);
  restitution_.resize(n, 0.0);
  mu_static_.resize(n, 0.0);
  mu_kinetic_.resize(n, 0.0);
  prescribed_contact_.resize(n, 0);
  new_at_rest_.resize(n, 0);
}

void TimeStepper::set_shape_laws(int c) {
  const Contact& ct = contact(c);
  const std::size_t i = static_cast<std::size_t>(c);
  restitution_[i] = ct.impact ? ct.impact->normal_coefficient() : 0.0;
  mu_static_[i] = ct.friction ? ct.friction->static_coefficient() : 0.0;
  mu_kinetic_[i] = ct.friction ? ct.friction->kinetic_coefficient() : 0.0;
  const auto prescribed = [&](int b) { return model_.bodies[static_cast<std::size_t>(b)].motion == BodyMotion::prescribed; };
  prescribed_contact_[i] = prescribed(ct.body_i) || prescribed(ct.body_j) ? 1 : 0;
}

// After a detection: the points' states carried by identity (a new point is open), the vanished
// points of a closed state noted for the event log, the layout, the warm start.
void TimeStepper::adopt_shape_points() {
  const int n = shapes_.size();
  persisted_.assign(carried_state_.size(), 0);
  size_contact_arrays();
  for (int k = 0; k < n; ++k) {
    const int c = explicit_ + k, prev = shapes_.previous(k);
    const bool carried = prev >= 0 && prev < static_cast<int>(carried_state_.size());
    if (carried) persisted_[static_cast<std::size_t>(prev)] = 1;
    state_[static_cast<std::size_t>(c)] = carried ? carried_state_[static_cast<std::size_t>(prev)] : ContactState::open;
    // A new point stays open for the event log (its first step's outcome is its onset), but one that
    // touches without slipping is held by μ_s in that step: a block set on a table and pushed below
    // μ_s m g must not start sliding at μ_k because the detection met its corners only now.
    const ContactKinematics& kin = shapes_.kinematics(k);
    new_at_rest_[static_cast<std::size_t>(c)] =
        !carried && kin.gap <= opt_.activation_gap && kin.vt.norm() <= kTimeSteppingStickSpeed ? 1 : 0;
    set_shape_laws(c);
  }
  vanished_.clear();
  for (std::size_t j = 0; j < persisted_.size(); ++j) {
    if (persisted_[j] || carried_state_[j] == ContactState::open) continue;
    const geometry::ContactPoint& p = shapes_.previous_point(static_cast<int>(j));
    vanished_.push_back({p.a, p.b, p.id, carried_state_[j]});
  }
  lay_out_shape_rows();
  warm_start_shape_points();
  views_.resize(static_cast<std::size_t>(n));  // sized here, so that the output allocates nothing
}

// The problem again when the points' bodies differ from its layout's (else nothing: no allocation).
void TimeStepper::lay_out_shape_rows() {
  const int n = shapes_.size();
  bool same = static_cast<int>(layout_bodies_.size()) == n;
  for (int k = 0; k < n && same; ++k) {
    const Contact& c = shapes_.contact(k);
    same = layout_bodies_[static_cast<std::size_t>(k)] == std::array<int, 2>{c.body_i, c.body_j};
  }
  if (same) return;
  layout_bodies_.resize(static_cast<std::size_t>(n));
  layout_tangent_rows_ = base_tangent_rows_;
  layout_row_bodies_ = base_row_bodies_;
  for (int k = 0; k < n; ++k) {
    const Contact& c = shapes_.contact(k);
    layout_bodies_[static_cast<std::size_t>(k)] = {c.body_i, c.body_j};
    layout_tangent_rows_.push_back(2);
    RowBodies bodies;
    const int pair[2] = {c.body_i, c.body_j};
    for (int a = 0; a < 2; ++a) {
      const Body& b = model_.bodies[static_cast<std::size_t>(pair[a])];
      if (!b.is_dynamic()) continue;
      bodies.offset[static_cast<std::size_t>(a)] = b.v_offset;
      bodies.width[static_cast<std::size_t>(a)] = b.nv();
    }
    for (int r = 0; r < 3; ++r) layout_row_bodies_.push_back(bodies);
  }
  const Eigen::Index kept = static_cast<Eigen::Index>(base_row_bodies_.size());
  kept_impulses_ = problem_.impulses().head(std::min<Eigen::Index>(kept, problem_.impulses().size()));
  problem_.relayout(layout_tangent_rows_, layout_row_bodies_);
  problem_.impulses().head(kept_impulses_.size()) = kept_impulses_;
  closing_fit_.assign(static_cast<std::size_t>(problem_.rows()), 0);
  closing_target_.setZero(problem_.rows());
}

void TimeStepper::warm_start_shape_points() {
  Vec& p = problem_.impulses();
  for (int k = 0; k < shapes_.size(); ++k) {
    const ContactRows& cr = problem_.contact(explicit_ + k);
    const int prev = shapes_.previous(k);
    const bool carried = prev >= 0 && prev < static_cast<int>(carried_normal_.size());
    const ContactKinematics& kin = shapes_.kinematics(k);
    const Vec3 friction = carried ? carried_friction_[static_cast<std::size_t>(prev)] : Vec3::Zero();
    p[cr.normal] = carried ? carried_normal_[static_cast<std::size_t>(prev)] : 0.0;
    p[cr.tangent] = friction.dot(kin.tangents3[0]);
    p[cr.tangent + 1] = friction.dot(kin.tangents3[1]);
  }
}

void TimeStepper::record_shape_points(double inv_h) {
  const Vec& p = support_split_.impulses();  // the least-norm split among redundant points
  views_.resize(static_cast<std::size_t>(shapes_.size()));
  for (int k = 0; k < shapes_.size(); ++k) {
    const Contact& c = shapes_.contact(k);
    const ContactKinematics& kin = shapes_.kinematics(k);
    const ContactRows& cr = problem_.contact(explicit_ + k);
    ShapePointView& v = views_[static_cast<std::size_t>(k)];
    v = shape_point_view(c, kin, p[cr.normal], TangentVector(p[cr.tangent], p[cr.tangent + 1]), inv_h);
    v.state = state_[static_cast<std::size_t>(explicit_ + k)];
  }
}

}  // namespace stickslip
