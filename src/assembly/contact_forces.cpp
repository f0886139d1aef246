#include "assembly/contact_forces.hpp"

#include <cmath>

#include "assembly/contact_kinematics.hpp"

namespace stickslip {

void assemble_contact_forces(const Model& model, const State& s, const char* closed, const double* impact_speeds,
                             const double* stick_forces, Workspace& ws, Vec* zdot) {
  for (std::size_t k = 0; k < model.contacts.size(); ++k) {
    const Contact& c = model.contacts[k];
    const ContactKinematics& kin = ws.contacts[k];
    ContactForce& out = ws.contact_forces[k];
    out = {};
    const int nz = c.friction_states();
    if (zdot && nz > 0) zdot->segment(c.z_offset, nz).setZero();
    if (!c.compliant() || !kin.in_range || kin.gap >= 0 || (closed && !closed[k])) continue;
    double v_impact = impact_speeds ? impact_speeds[k] : std::nan("");
    if (std::isnan(v_impact)) v_impact = std::max(-kin.vn, c.min_impact_speed);
    out.normal = c.normal->force(-kin.gap, -kin.vn, v_impact);
    if (c.friction && out.normal > 0 && c.spatial()) {
      // Two tangent rows: the law on the slip-velocity vector (isotropy, laws/friction_law.hpp).
      const double* z = nz > 0 ? s.z.data() + c.z_offset : nullptr;
      if (stick_forces && c.friction->uses_stick_force()) {
        c.friction->stick_force_vector(kin.vt.data(), out.normal, stick_forces + 2 * k, out.tangential.data());
      } else {
        c.friction->force_vector(kin.vt.data(), out.normal, z, out.tangential.data());
      }
      if (zdot && nz > 0) c.friction->state_rate_vector(kin.vt.data(), out.normal, z, zdot->data() + c.z_offset);
    } else if (c.friction && out.normal > 0) {
      // One tangent row (planar).
      laws::FrictionInput in{kin.vt[0], out.normal, stick_forces ? stick_forces[2 * k] : std::nan("")};
      const double* z = nz > 0 ? s.z.data() + c.z_offset : nullptr;
      out.tangential[0] = c.friction->force(in, z);
      if (zdot && nz > 0) c.friction->state_rate(in, z, zdot->data() + c.z_offset);
    }
    add_contact_force(model, c, kin, out.normal, out.tangential, ws.f);
  }
}

double contact_potential_energy(const Model& model, const Workspace& ws) {
  double e = 0;
  for (std::size_t k = 0; k < model.contacts.size(); ++k) {
    const Contact& c = model.contacts[k];
    const ContactKinematics& kin = ws.contacts[k];
    if (c.compliant() && kin.in_range && kin.gap < 0) e += c.normal->potential(-kin.gap);
  }
  return e;
}

bool needs_stick_force(const Contact& c, const ContactKinematics& k) {
  if (!c.friction || !c.friction->uses_stick_force() || c.friction->set_valued()) return false;
  return c.friction->in_stick_band(c.spatial() ? k.vt.norm() : k.vt[0]);
}

}  // namespace stickslip
