// Disjoint sets over 0..n-1 as a parent array (parent[i] == i: a root), for the islands of bodies
// and contact rows that the solvers treat independently.
#pragma once

#include <cstddef>
#include <vector>

namespace stickslip {

// The root of i's set; halves the path on the way (each visited entry then points two levels up).
inline int disjoint_set_root(std::vector<int>& parent, int i) {
  while (parent[static_cast<std::size_t>(i)] != i) {
    int& up = parent[static_cast<std::size_t>(i)];
    up = parent[static_cast<std::size_t>(up)];
    i = up;
  }
  return i;
}

}  // namespace stickslip
