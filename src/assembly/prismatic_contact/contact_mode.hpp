// The contact mode of a slider in its guide: which of the 16 corner contacts carry load, and what
// that is on each of the guide's four walls (a whole face, an edge, a corner).
//
// Walls, in the joint frame (e1 along the axis, "left" = the end x = -c of the contact region,
// "right" = x = +c):
//   lower  (z = -b): f1 f2 f5 f6      upper  (z = +b): f3 f4 f7 f8
//   +e2    (y = +a): g1 g4 g5 g8      -e2    (y = -a): g2 g3 g6 g7
// On a wall, two loaded corners at the same end are an end edge across the wall (the paper's
// "upper-left edge"), two at the same side of both ends a long edge along the axis.
#pragma once

#include <cstdint>
#include <string>

#include "assembly/prismatic_contact/corner_forces.hpp"

namespace stickslip::prismatic_contact {

enum class Wall { lower, upper, plus_e2, minus_e2 };

enum class WallContact {
  none,
  left_corner,    // one corner at x = -c
  right_corner,   // one corner at x = +c
  left_edge,      // both corners at x = -c
  right_edge,     // both corners at x = +c
  long_edge,      // both ends, the same side of the wall
  diagonal,       // two opposite corners
  three_corners,
  face,           // all four
};

// Bit j set: contact j (f1..f8 = bits 0..7, g1..g8 = bits 8..15) carries load.
struct ContactMode {
  std::uint16_t loaded = 0;
  bool carries(int contact) const { return (loaded >> contact) & 1u; }
  bool operator==(const ContactMode&) const = default;
};

// Contacts with a force above `threshold` carry load.
ContactMode contact_mode(const CornerForces& forces, double threshold);

WallContact wall_contact(ContactMode mode, Wall wall);

// E.g. "lower: face" or "upper: left edge, lower: right edge"; "none" when nothing carries load.
std::string describe(ContactMode mode);
const char* to_string(WallContact contact);
const char* to_string(Wall wall);

}  // namespace stickslip::prismatic_contact
