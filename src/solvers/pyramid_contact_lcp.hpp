// Frictional contact with two tangent rows (spatial contacts) on a polyhedral friction cone, lifted to
// a standard LCP for Lemke's method (Stewart & Trinkle 1996, with k generators instead of the plane's
// two). The tangential force or impulse of a contact is a non-negative combination of k generators
// on the rim of its friction disc,
//   p_T = Σ_j β_j d_j,   d_j = (cos 2πj/k, sin 2πj/k) in the contact's tangent rows (t₁, t₂),
// and with v = W p + b the rows are
//   v_N ≥ 0                ⟂ p_N ≥ 0,
//   d_jᵀ v_T + σ ≥ 0       ⟂ β_j ≥ 0     (j = 0 … k−1),
//   μ p_N − Σ_j β_j ≥ 0    ⟂ σ ≥ 0       (σ: the sliding speed measured along the generators).
// The generators span the polygon inscribed in the disc |p_T| ≤ μ p_N: its vertices, along d_j, lie
// on the circle; between two of them its edge is μ p_N cos(π/k) from the centre. A sliding contact's
// force lies on that polygon, most opposed to v_T among its points.
// A contact may have no normal row (normal = −1): its normal force is the known `fixed_normal` (a
// compliant contact in the event-driven mode problem); or no tangent rows (tangent = −1): no friction.
// Self-contained: the FrictionContact cones of frictional_contact.hpp are untouched.
#pragma once

#include <span>

#include "solvers/lcp_problem.hpp"

namespace stickslip::solvers {

struct PyramidContact {
  int normal = -1;          // row of W for the normal direction, or −1 (known normal force)
  int tangent = -1;         // row of W for t₁ (t₂ is the next row), or −1 (no friction)
  double mu = 0.0;          // Coulomb coefficient ≥ 0
  double fixed_normal = 0;  // the normal force when normal = −1
};

// Unit generator j of k, in the tangent rows (t₁, t₂).
Vec2 pyramid_generator(int j, int facets);

// Number of LCP variables: per contact [p_N if it has a normal row][β_0 … β_{k−1}, σ if it has friction].
Eigen::Index pyramid_lcp_size(std::span<const PyramidContact> contacts, int facets);

// M, q of the lifted LCP, variables of the contacts in order as above. Every row of W must belong to
// a contact.
void pyramid_contact_to_lcp(const Mat& W, const Vec& b, std::span<const PyramidContact> contacts, int facets, Mat& M,
                            Vec& q);

// The forces or impulses p along W's n rows from a solution z of the lifted LCP.
void pyramid_forces_from_lcp(const Vec& z, std::span<const PyramidContact> contacts, int facets, Eigen::Index n, Vec& p);

}  // namespace stickslip::solvers
