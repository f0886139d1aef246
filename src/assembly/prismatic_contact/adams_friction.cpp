// Adams' equivalent-normal-force friction of a translational joint (adams_friction.hpp).
#include "assembly/prismatic_contact/adams_friction.hpp"

#include <cmath>

#include "math/root_finding.hpp"

namespace stickslip::prismatic_contact {

AdamsFriction adams_friction(const Wrench& w, double c, const AdamsFrictionParameters& p) {
  AdamsFriction out;
  const double arm = p.bending_arm == BendingArm::overlap        ? 2.0 * c
                     : p.bending_arm == BendingArm::half_overlap ? c
                                                                 : p.fixed_arm;
  if (!(arm > 0.0) || !(p.torsion_arm > 0.0) || !std::isfinite(arm) || !w.force.allFinite() || !w.moment.allFinite())
    return out;
  const double f_perp = std::hypot(w.force.y(), w.force.z());
  const double t_bend = std::hypot(w.moment.y(), w.moment.z());
  const double t_tors = std::abs(w.moment.x());
  out.normal_force = f_perp + t_bend / arm + t_tors / p.torsion_arm;
  out.magnitude = p.friction_coefficient * out.normal_force;
  out.ok = std::isfinite(out.magnitude);
  return out;
}

AdamsSliding adams_sliding(const AffineWrench& w, double c, double k, const AdamsFrictionParameters& p) {
  AdamsSliding out;
  const double f1c0 = w.constant.force.x(), f1c_eta = w.per_eta.force.x();
  if (f1c_eta == 0.0 || !adams_friction(w.constant, c, p).ok) return out;
  // g(eta) = f1c(eta) - k N_eq(eta); g is f1c_eta eta plus a Lipschitz part, so it changes sign on
  // a bracket around the eta of N_eq(0), grown until it does.
  struct Problem {
    const AffineWrench& w;
    double c, k, f1c0, f1c_eta;
    const AdamsFrictionParameters& p;
    double operator()(double eta) const { return f1c0 + f1c_eta * eta - k * adams_friction(w.at(eta), c, p).normal_force; }
  } const problem{w, c, k, f1c0, f1c_eta, p};
  // A lambda holding one reference: std::function keeps it without allocating.
  const auto g = [&problem](double eta) { return problem(eta); };
  const double guess = (k * adams_friction(w.constant, c, p).normal_force - f1c0) / f1c_eta;
  double width = 1.0 + std::abs(guess);
  double lo = guess - width, hi = guess + width, g_lo = g(lo), g_hi = g(hi);
  for (int grow = 0; grow < 60 && (g_lo > 0.0) == (g_hi > 0.0) && g_lo != 0.0 && g_hi != 0.0; ++grow) {
    width *= 2.0;
    lo = guess - width;
    hi = guess + width;
    g_lo = g(lo);
    g_hi = g(hi);
  }
  if ((g_lo > 0.0) == (g_hi > 0.0) && g_lo != 0.0 && g_hi != 0.0) return out;
  out.eta = find_root(g, lo, hi, g_lo, g_hi, 0.0).x;
  out.friction_force = f1c0 + f1c_eta * out.eta;
  out.friction = adams_friction(w.at(out.eta), c, p);
  out.ok = out.friction.ok;
  return out;
}

}  // namespace stickslip::prismatic_contact
