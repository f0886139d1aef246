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
                          bool eliminate_eta, double centring, ContactLcp& lcp) {
  const EquivalenceBlocks e = equivalence_blocks(section, c, k);
  const GapRelations g = gap_relations(section);
  // y1 = B1 z + p (+ u eta): B1 = [A_c kappa J T, A_g, A_f], p = A_c (fc0 + kappa J offset)
  Eigen::Matrix<double, 5, kContacts> B1;
  Vec5 p = e.Ac * load.transverse;
  B1.leftCols<5>().setZero();
  if (centring > 0.0) {
    const DisplacementMap d = displacement_map(section, c);
    const Eigen::Matrix<double, 5, 5> AcJ = centring * e.Ac * corner_spring_matrix(section, c);
    B1.leftCols<5>() = AcJ * d.T;
    p += AcJ * d.offset;
  }
  B1.middleCols<5>(5) = e.Ag;
  B1.rightCols<6>() = e.Af;
  lcp.M.setZero();
  lcp.M.topRows<5>() = B1;
  lcp.M.block<5, 5>(5, 0) = g.Ah;
  lcp.M.block<6, 5>(10, 0) = g.Av;
  lcp.q << p, g.bh, g.bv;
  lcp.eta_constant = 0.0;
  lcp.eta_per_z.setZero();
  lcp.alpha = 1.0;
  if (!eliminate_eta) return;
  // sum of the 16 forces = s^T z + 1^T (p + u eta), s = (forces of z) + B1^T 1
  Vec16 s = B1.transpose() * Vec5::Ones();
  s.tail<11>().array() += 1.0;
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
