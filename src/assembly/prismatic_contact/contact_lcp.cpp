// Assembly of Qi, Luo & Huang 2011, eq. (31), with eta eliminated through eq. (36) (contact_lcp.hpp).
#include "assembly/prismatic_contact/contact_lcp.hpp"

namespace stickslip::prismatic_contact {

Vec5 transverse_part(const Wrench& w) {
  return Vec5(w.force.y(), w.force.z(), w.moment.x(), w.moment.y(), w.moment.z());
}

ContactLoad contact_load(const AffineWrench& reaction_at_centre) {
  return {transverse_part(reaction_at_centre.constant), transverse_part(reaction_at_centre.per_eta),
          reaction_at_centre.constant.force.x(), reaction_at_centre.per_eta.force.x()};
}

void assemble_contact_lcp(const SliderSection& section, double c, double k, const ContactLoad& load,
                          bool eliminate_eta, ContactLcp& lcp) {
  const EquivalenceBlocks e = equivalence_blocks(section, c, k);
  const GapRelations g = gap_relations(section);
  lcp.M.setZero();
  lcp.M.block<5, 5>(0, 5) = e.Ag;
  lcp.M.block<5, 6>(0, 10) = e.Af;
  lcp.M.block<5, 5>(5, 0) = g.Ah;
  lcp.M.block<6, 5>(10, 0) = g.Av;
  const Vec5 p = e.Ac * load.transverse;
  lcp.q << p, g.bh, g.bv;
  lcp.eta_constant = 0.0;
  lcp.eta_per_z.setZero();
  lcp.alpha = 1.0;
  if (!eliminate_eta) return;
  // sum of the 16 forces = s^T z + 1^T b_f
  Vec16 s = Vec16::Zero();
  s.segment<5>(5) = Vec5::Ones() + e.Ag.transpose() * Vec5::Ones();
  s.segment<6>(10) = Vec6::Ones() + e.Af.transpose() * Vec5::Ones();
  const Vec5 u = e.Ac * load.transverse_per_eta;
  lcp.alpha = load.axial_per_eta - k * u.sum();
  if (lcp.alpha == 0.0) return;  // the caller names it (friction locking)
  lcp.eta_constant = (k * p.sum() - load.axial) / lcp.alpha;
  lcp.eta_per_z = (k / lcp.alpha) * s;
  lcp.M.topRows<5>() += u * lcp.eta_per_z.transpose();
  lcp.q.head<5>() += u * lcp.eta_constant;
}

void unpack(const Vec16& z, const Vec16& w, CornerForces& forces, CornerGaps& gaps) {
  for (int j = 0; j < 5; ++j) {
    gap_value(gaps, kX1Gaps[j]) = z[j];
    contact_value(forces, kY1Forces[j]) = w[j];
    contact_value(forces, kX2Forces[j]) = z[5 + j];
    gap_value(gaps, kY2Gaps[j]) = w[5 + j];
  }
  for (int j = 0; j < 6; ++j) {
    contact_value(forces, kX3Forces[j]) = z[10 + j];
    gap_value(gaps, kY3Gaps[j]) = w[10 + j];
  }
}

Vec16 pack_z(const CornerForces& forces, const CornerGaps& gaps) {
  Vec16 z;
  for (int j = 0; j < 5; ++j) {
    z[j] = gap_value(gaps, kX1Gaps[j]);
    z[5 + j] = contact_value(forces, kX2Forces[j]);
  }
  for (int j = 0; j < 6; ++j) z[10 + j] = contact_value(forces, kX3Forces[j]);
  return z;
}

}  // namespace stickslip::prismatic_contact
