// The ways a rigid slider can sit in its guide's clearance, ordered by how far it has moved, and the
// contact solution reported when the LCP of Qi, Luo & Huang 2011 (eq. (31)-(33)) has many.
//
// A set of closed contacts is a face of the polytope P of the slider's admissible small
// displacements (all 16 gaps >= 0, eq. (25)-(27)). In the coordinates q = (u2, u3, beta1, c beta2,
// c beta3) every corner's displacement, hence every gap, is independent of the contact half-length
// c, so the faces depend only on the section (a, b, eps/delta) and are listed once per joint: for
// every face, its closed contacts and the displacement of least corner-spring energy
// E(q) = sum over the 8 corners of |u_i(2)|^2 + |u_i(3)|^2 (eq. (25)) that closes them.
//
// The reported solution is the least-displacement one: of all the LCP's solutions, the one whose
// slider has moved least from the centre of its clearance (least E), with the forces of least norm
// among those its closed contacts can carry (force_selection.hpp). It is found by walking the faces
// in order of E and taking the first whose contacts can carry the load (a non-negative least-squares
// test); a face whose least-energy point leaves it (it violates another gap) is dominated by a face
// with more closed contacts and is not listed. Why this one: the slider moves only as far as its
// load makes it, so it does not drift sideways or yaw where nothing pushes it; E is the energy of
// equal, vanishing centring springs at the corners, so this is their rigid limit; it is symmetric
// for symmetric loads; and it excludes the wedged solutions friction admits (a yaw that closes two
// diagonal side corners, whose friction moments carry part of the load), which would make the
// friction, and the motion, depend on the solver's path.
#pragma once

#include <cstdint>
#include <vector>

#include "assembly/prismatic_contact/gap_kinematics.hpp"

namespace stickslip::prismatic_contact {

struct ContactFace {
  std::uint16_t closed = 0;  // bit j: contact j's gap is closed
  double energy = 0.0;       // E of the displacement below, in units of delta^2
  Vec5 q = Vec5::Zero();     // (u2, u3, beta1, c beta2, c beta3), in units of delta
};

// Every face of the section's displacement polytope with at least one closed contact, in order of
// energy (ties: fewer closed contacts first, then by mask). Allocates.
std::vector<ContactFace> contact_faces(const SliderSection& section);

// The gaps of a displacement q (units of delta).
CornerGaps face_gaps(const SliderSection& section, const Vec5& q);

// q to the displacement of eq. (23)-(24) for a contact half-length c.
SliderDisplacement displacement_of(const Vec5& q, double c);

}  // namespace stickslip::prismatic_contact
