// The complementarity problem of the 16 corner contacts (Qi, Luo & Huang 2011, eq. (31)-(33)),
// with the friction multiplier eta eliminated through the axial equivalence equation (eq. (36)).
//
// Unknowns and rows, in LCP form w = M z + q, 0 <= z ⊥ w >= 0 (eq. (33)):
//   z = (x1; x2; x3) = ((h1, h3, h5, v2, v8); (g2, g4, g6, g7, g8); (f1, f3, f4, f5, f6, f7))
//   w = (y1; y2; y3) = ((g1, g3, g5, f2, f8); (h2, h4, h6, h7, h8); (v1, v3, v4, v5, v6, v7))
//   M = [0 A_g A_f; A_h 0 0; A_v 0 0],  q = (b_f; b_h; b_v),  b_f = A_c fc_hat.
// Every pair (z_j, w_j) is one corner's force and its own gap (eq. (32)).
//
// The transverse reaction fc_hat = (f2c, f3c, m1c, m2c, m3c) and the axial one f1c are affine in eta
// (eq. (8)-(16)). Eq. (36), f1c = k sum(f_i + g_i), is linear in the forces: with
// sum = s^T z + 1^T b_f (s_x2 = 1 + A_g^T 1, s_x3 = 1 + A_f^T 1, s_x1 = 0) it gives
//   eta = (k (s^T z + 1^T p) - f1c0) / alpha,   alpha = f1c_eta - k 1^T u,
// with b_f = p + u eta, p = A_c fc0, u = A_c fc_eta. Substituting eta into b_f adds the rank-one
// term (k / alpha) u s^T to the force rows of M and leaves an LCP of the same size in z alone; the
// paper solves eq. (36) beside the LCP without saying how, and this elimination is exact.
// alpha = 0 means the axial equation does not fix eta: the friction that the axial force induces
// through the transverse reaction cancels it (friction locking).
//
// Centring. Where the load does not push the slider (sideways under a vertical load, say) its
// position in the clearance is free, the LCP's solutions form a continuum and the Newton matrix of
// the smoothed method is singular there: the iterates drift, and may close contacts the load does
// not need (a yawed slider touching two diagonal side corners, which wedges it). A centring
// stiffness kappa > 0 adds weak springs at the corners that hold the slider towards the centre of
// its clearance: the corners then carry fc_hat + kappa J u (J of corner_spring_matrix, u from
// eq. (28)), the free directions are fixed, and the solution is the one nearest the centred slider.
// kappa is tiny against the load (the caller removes its effect from the reported forces).
#pragma once

#include "assembly/prismatic_contact/contact_region.hpp"
#include "assembly/prismatic_contact/gap_kinematics.hpp"

namespace stickslip::prismatic_contact {

// The reaction at p0 split as the LCP needs it: fc_hat(eta) = transverse + transverse_per_eta eta,
// f1c(eta) = axial + axial_per_eta eta.
struct ContactLoad {
  Vec5 transverse = Vec5::Zero();
  Vec5 transverse_per_eta = Vec5::Zero();
  double axial = 0.0;
  double axial_per_eta = 0.0;
};

// (f2c, f3c, m1c, m2c, m3c) of a wrench.
Vec5 transverse_part(const Wrench& w);
ContactLoad contact_load(const AffineWrench& reaction_at_centre);

struct ContactLcp {
  Mat16 M;
  Vec16 q;
  // eta = eta_constant + eta_per_z . z (zero when eta is not eliminated).
  double eta_constant = 0.0;
  Vec16 eta_per_z = Vec16::Zero();
  double alpha = 1.0;  // the coefficient of eta in eq. (36); 1 when eta is not eliminated
};

// Eq. (31) for the equivalent friction coefficient k. With eliminate_eta, eta is removed through
// eq. (36); otherwise eta is taken as fixed (a sticking joint): fc_hat = load.transverse.
void assemble_contact_lcp(const SliderSection& section, double c, double k, const ContactLoad& load,
                          bool eliminate_eta, double centring, ContactLcp& lcp);

// Forces and gaps of the 16 contacts from an LCP point (z, w).
void unpack(const Vec16& z, const Vec16& w, CornerForces& forces, CornerGaps& gaps);
// The LCP variable z of given forces and gaps.
Vec16 pack_z(const CornerForces& forces, const CornerGaps& gaps);

}  // namespace stickslip::prismatic_contact
