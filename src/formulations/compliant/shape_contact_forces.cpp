// Contacts between shapes under the compliant scheme (multibody_ode.hpp; docs/schemes.md): at every
// evaluation the detection finds the points that overlap (margin 0), and each pushes with its pair's
// normal law at its penetration δ = −g_N and rate δ̇ = −ġ_N, and rubs with its friction law on its
// slip-velocity vector (isotropic). The forces depend on the configuration only: a point's tangent
// basis is a function of its normal, and the laws have no state, so nothing is carried between
// evaluations and a checkpoint holds nothing of them.
#include <cmath>
#include <limits>

#include "assembly/contact_kinematics.hpp"
#include "formulations/compliant/multibody_ode.hpp"

namespace stickslip {

void check_compliant_shape_laws(const Model& model) {
  if (!model.has_shape_contacts()) return;
  const auto check = [](const ContactLaws& laws, const std::string& path, const std::string& what) {
    if (!laws.any()) return;
    if (!laws.normal) {
      throw ModelError(path + ".impact", what + " is rigid (no normal force law): use --scheme time-stepping, or give "
                                                "it a compliant normal law");
    }
    if (laws.normal->uses_impact_speed()) {
      throw ModelError(path + ".normal", what + ": normal law '" + std::string(laws.normal->name()) +
                                             "' is written through a restitution coefficient and needs each point's "
                                             "approach speed at its onset, which the compliant scheme records for "
                                             "the model's contacts only; between shapes use a law with its own "
                                             "damping (hertz, hunt_crossley_chi, linear_spring_damper, ...)");
    }
    if (laws.friction && (laws.friction->set_valued() || laws.friction->state_size() > 0)) {
      throw ModelError(path + ".friction", what + ": friction law '" + std::string(laws.friction->name()) +
                                               "' needs " +
                                               (laws.friction->set_valued() ? "--scheme time-stepping"
                                                                             : "a state per point, which the compliant "
                                                                               "scheme keeps for the model's contacts "
                                                                               "only") +
                                               "; between shapes use a smooth law without state (coulomb_tanh, "
                                               "stribeck, ...)");
    }
  };
  for (std::size_t k = 0; k < model.materials.size(); ++k) {
    check(model.materials[k].laws, "materials[" + std::to_string(k) + "]", "material '" + model.materials[k].name + "'");
  }
  for (std::size_t k = 0; k < model.material_pairs.size(); ++k) {
    check(model.material_pairs[k].laws, "material_pairs[" + std::to_string(k) + "]", "material pair " + std::to_string(k));
  }
}

void MultibodyOde::shape_contact_stage() {
  shapes_.detect(model_, ws_, 0.0);
  const int n = shapes_.size();
  views_.resize(static_cast<std::size_t>(n));
  double potential = 0;
  for (int k = 0; k < n; ++k) {
    const Contact& c = shapes_.contact(k);
    const ContactKinematics& kin = shapes_.kinematics(k);
    const double delta = -kin.gap;
    const double fn = delta > 0 && c.normal ? c.normal->force(delta, -kin.vn, std::numeric_limits<double>::quiet_NaN()) : 0.0;
    TangentVector ft = TangentVector::Zero();
    if (fn > 0 && c.friction) {
      const double slip[2] = {kin.vt[0], kin.vt[1]};
      double force[2] = {0, 0};
      c.friction->force_vector(slip, fn, nullptr, force);
      ft << force[0], force[1];
    }
    add_contact_force(model_, c, kin, fn, ft, ws_.f);
    if (c.normal && delta > 0) potential += c.normal->potential(delta);
    ShapePointView& v = views_[static_cast<std::size_t>(k)];
    v = shape_point_view(c, kin, fn, ft);
    v.state = fn > 0 ? (v.slip <= 1e-6 ? ContactState::stick : ContactState::slip_positive) : ContactState::open;
  }
  ws_.shape_contact_potential = potential;
}

}  // namespace stickslip
