// Faces of the slider's displacement polytope (contact_faces.hpp).
#include "assembly/prismatic_contact/contact_faces.hpp"

#include <algorithm>
#include <bit>

namespace stickslip::prismatic_contact {

namespace {

// Gap j = clearance_j + G.row(j) q, in contact-index order (f1..f8 vertical, g1..g8 lateral): eq.
// (25)-(27) with c = 1, where (u2, u3, beta1, beta2, beta3) are the coordinates q; gaps are affine.
struct GapMap {
  Eigen::Matrix<double, kContacts, 5> G;
  Vec16 clearance;
};

Vec16 gap_vector(const SliderSection& s, const Vec5& q) {
  const CornerGaps gaps = gaps_from_displacement(s, 1.0, q);
  Vec16 g;
  for (int j = 0; j < kContacts; ++j) g[j] = gap_value(gaps, j);
  return g;
}

GapMap gap_map(const SliderSection& s) {
  GapMap m;
  m.clearance = gap_vector(s, Vec5::Zero());
  for (int k = 0; k < 5; ++k) m.G.col(k) = gap_vector(s, Vec5::Unit(k)) - m.clearance;
  return m;
}

// E(q) = q^T J q: every row of G is one corner's displacement along e2 or e3, up to sign.
Eigen::Matrix<double, 5, 5> energy_matrix(const GapMap& m) { return m.G.transpose() * m.G; }

}  // namespace

CornerGaps face_gaps(const SliderSection& section, const Vec5& q) { return gaps_from_displacement(section, 1.0, q); }

SliderDisplacement displacement_of(const Vec5& q, double c) {
  return SliderDisplacement(q[0], q[1], q[2], q[3] / c, q[4] / c);
}

std::vector<ContactFace> contact_faces(const SliderSection& section) {
  const GapMap m = gap_map(section);
  const Eigen::Matrix<double, 5, 5> J = energy_matrix(m);
  const Eigen::Matrix<double, 5, 5> Jinv = J.inverse();
  const double scale = std::max(1.0, section.clearance_ratio);
  std::vector<ContactFace> faces;
  // Every set E of at most 5 independent gap equalities: the least-energy q with gap_E(q) = 0.
  for (std::uint32_t E = 1; E < (1u << kContacts); ++E) {
    const int n = std::popcount(E);
    if (n > 5) continue;
    Eigen::Matrix<double, Eigen::Dynamic, 5, 0, 5, 5> GE(n, 5);
    Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 5, 1> gE(n);
    for (int j = 0, r = 0; j < kContacts; ++j) {
      if (!((E >> j) & 1u)) continue;
      GE.row(r) = m.G.row(j);
      gE[r++] = -m.clearance[j];
    }
    const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 5, 5> S = GE * Jinv * GE.transpose();
    Eigen::FullPivLU<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 5, 5>> lu(S);
    lu.setThreshold(1e-10);
    if (lu.rank() < n) continue;  // dependent equalities: the same face comes from a smaller set
    const Vec5 q = Jinv * GE.transpose() * lu.solve(gE);
    const Vec16 gaps = m.clearance + m.G * q;
    if (gaps.minCoeff() < -1e-9 * scale) continue;  // leaves the polytope: dominated
    ContactFace face;
    for (int j = 0; j < kContacts; ++j)
      if (gaps[j] <= 1e-9 * scale) face.closed |= static_cast<std::uint16_t>(1u << j);
    face.energy = q.dot(J * q);
    face.q = q;
    const auto same = std::find_if(faces.begin(), faces.end(), [&](const ContactFace& f) { return f.closed == face.closed; });
    if (same == faces.end()) {
      faces.push_back(face);
    } else if (face.energy < same->energy) {
      *same = face;
    }
  }
  std::sort(faces.begin(), faces.end(), [](const ContactFace& x, const ContactFace& y) {
    if (x.energy != y.energy) return x.energy < y.energy;
    if (std::popcount(x.closed) != std::popcount(y.closed)) return std::popcount(x.closed) < std::popcount(y.closed);
    return x.closed < y.closed;
  });
  return faces;
}

}  // namespace stickslip::prismatic_contact
