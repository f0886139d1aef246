// Contact modes (contact_mode.hpp).
#include "assembly/prismatic_contact/contact_mode.hpp"

#include <array>

namespace stickslip::prismatic_contact {

namespace {

// Per wall: its four contacts as (left end, side A), (left, side B), (right, A), (right, B).
constexpr std::array<std::array<int, 4>, 4> kWallContacts{{
    {0, 1, 4, 5},               // lower: f1 (y=+a) f2 (y=-a) f5 f6
    {3, 2, 7, 6},               // upper: f4 (y=+a) f3 (y=-a) f8 f7
    {8 + 0, 8 + 3, 8 + 4, 8 + 7},  // +e2: g1 (z=-b) g4 (z=+b) g5 g8
    {8 + 1, 8 + 2, 8 + 5, 8 + 6},  // -e2: g2 (z=-b) g3 (z=+b) g6 g7
}};

constexpr std::array<Wall, 4> kWalls{Wall::lower, Wall::upper, Wall::plus_e2, Wall::minus_e2};

}  // namespace

ContactMode contact_mode(const CornerForces& forces, double threshold) {
  ContactMode mode;
  for (int j = 0; j < kContacts; ++j)
    if (contact_value(forces, j) > threshold) mode.loaded |= static_cast<std::uint16_t>(1u << j);
  return mode;
}

WallContact wall_contact(ContactMode mode, Wall wall) {
  const auto& c = kWallContacts[static_cast<int>(wall)];
  const bool la = mode.carries(c[0]), lb = mode.carries(c[1]), ra = mode.carries(c[2]), rb = mode.carries(c[3]);
  const int left = la + lb, right = ra + rb;
  switch (left + right) {
    case 0: return WallContact::none;
    case 1: return left ? WallContact::left_corner : WallContact::right_corner;
    case 3: return WallContact::three_corners;
    case 4: return WallContact::face;
    default: break;
  }
  if (left == 2) return WallContact::left_edge;
  if (right == 2) return WallContact::right_edge;
  return (la && ra) || (lb && rb) ? WallContact::long_edge : WallContact::diagonal;
}

const char* to_string(WallContact contact) {
  switch (contact) {
    case WallContact::none: return "none";
    case WallContact::left_corner: return "left corner";
    case WallContact::right_corner: return "right corner";
    case WallContact::left_edge: return "left edge";
    case WallContact::right_edge: return "right edge";
    case WallContact::long_edge: return "long edge";
    case WallContact::diagonal: return "two opposite corners";
    case WallContact::three_corners: return "three corners";
    case WallContact::face: return "face";
  }
  return "?";
}

const char* to_string(Wall wall) {
  switch (wall) {
    case Wall::lower: return "lower";
    case Wall::upper: return "upper";
    case Wall::plus_e2: return "+e2";
    case Wall::minus_e2: return "-e2";
  }
  return "?";
}

std::string describe(ContactMode mode) {
  std::string text;
  for (Wall wall : kWalls) {
    const WallContact c = wall_contact(mode, wall);
    if (c == WallContact::none) continue;
    if (!text.empty()) text += ", ";
    text += to_string(wall);
    text += ": ";
    text += to_string(c);
  }
  return text.empty() ? "none" : text;
}

}  // namespace stickslip::prismatic_contact
