#include "assembly/energy.hpp"

#include "assembly/applied_forces.hpp"

namespace stickslip {

Energy mechanical_energy(const Model& model, const State& s, const Workspace& ws) {
  Energy e;
  e.kinetic = 0.5 * s.v.dot(ws.mass.cwiseProduct(s.v));
  for (std::size_t k = 0; k < model.bodies.size(); ++k) {
    const Body& b = model.bodies[k];
    if (!b.is_dynamic()) continue;
    if (b.dimension == Dimension::spatial) {
      e.potential -= b.mass * model.gravity.dot(ws.bodies[k].spatial.r);
    } else {
      e.potential -= b.mass * model.gravity.head<2>().dot(ws.bodies[k].r);
    }
  }
  for (const SpringDamper& sd : model.springs) {
    const double stretch = spring_geometry(model, sd, ws).length - sd.rest_length;
    e.potential += 0.5 * sd.stiffness * stretch * stretch;
  }
  if (model.dimension == Dimension::spatial) {
    for (std::size_t k = 0; k < model.rotational_springs.size(); ++k) {
      const RotationalSpringDamper& rs = model.rotational_springs[k];
      const double twist = spatial_rotational_spring(model, k, ws).rotation.angle - rs.rest_angle;
      e.potential += 0.5 * rs.stiffness * twist * twist;
    }
    return e;
  }
  for (const RotationalSpringDamper& rs : model.rotational_springs) {
    const double twist = ws.bodies[rs.body_j].theta - ws.bodies[rs.body_i].theta - rs.rest_angle;
    e.potential += 0.5 * rs.stiffness * twist * twist;
  }
  return e;
}

}  // namespace stickslip
