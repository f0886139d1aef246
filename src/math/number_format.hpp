// Numbers in messages: %.6g (or fewer digits), so a force of 1e30 reads "1e+30" rather than 31
// digits of std::to_string, and 1e-9 does not read "0.000000".
#pragma once

#include <cstdio>
#include <string>

namespace stickslip {

inline std::string number_text(double x, int digits = 6) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

}  // namespace stickslip
