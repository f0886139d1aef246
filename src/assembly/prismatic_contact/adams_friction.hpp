// The friction of a translational joint as MSC Adams approximates it, for comparison with the contact
// analysis (Qi, Luo & Huang 2011 compare both in their figures 16 and 21): the joint reaction is
// turned into one equivalent normal force,
//   N_eq = |F_perp| + |T_bend| / X + |T_tors| / R,    friction = mu N_eq,
// with F_perp the transverse reaction force, T_bend the bending moment (about e2 and e3) and
// T_tors the torsional moment (about the axis), all at the contact centre p0 as the paper states;
// X the bending arm and R the torsion arm (Adams calls it the reaction arm). The paper prints the
// formula with X = c, "the contact length", although c is the half-length everywhere else; Adams'
// own input for a translational joint is the overlap of slider and guide (its initial overlap,
// changing as the joint moves). The arm is therefore selectable: the overlap 2c (default), the
// paper's c, or a fixed length.
#pragma once

#include "assembly/prismatic_contact/contact_region.hpp"

namespace stickslip::prismatic_contact {

enum class BendingArm { overlap, half_overlap, fixed };

struct AdamsFrictionParameters {
  double friction_coefficient = 0.0;  // mu
  BendingArm bending_arm = BendingArm::overlap;
  double fixed_arm = 0.0;             // X for BendingArm::fixed
  double torsion_arm = 0.0;           // R (> 0)
};

struct AdamsFriction {
  bool ok = false;             // false: an arm is not positive (a vanishing overlap), or non-finite input
  double normal_force = 0.0;   // N_eq
  double magnitude = 0.0;      // mu N_eq
};

// For the reaction on the slider at the contact centre and the contact half-length c.
AdamsFriction adams_friction(const Wrench& reaction_at_centre, double c, const AdamsFrictionParameters& p);

// Eq. (36) with the Adams friction: the axial reaction f1c(eta) equals k N_eq(eta) with
// k = -mu sgn(v) (sliding at v), a scalar equation for eta. Brent's method on a bracket grown from
// the value at N_eq(0); the solution is unique when the transverse reaction changes slower with eta
// than the axial one (mu |dN_eq/deta| < |df1c/deta|). ok = false when no bracket is found or the
// friction is undefined.
struct AdamsSliding {
  bool ok = false;
  double eta = 0.0;
  double friction_force = 0.0;  // f1c(eta)
  AdamsFriction friction;
};
AdamsSliding adams_sliding(const AffineWrench& reaction_at_centre, double c, double k, const AdamsFrictionParameters& p);

}  // namespace stickslip::prismatic_contact
