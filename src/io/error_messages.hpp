// The wording of failures shared by the command line, the Python module and sweep tables.
#pragma once

#include <sstream>
#include <string>

#include "math/errors.hpp"

namespace stickslip {

// "simulation failed at t = 1.25 s (step 3021, joint A): <what>"
inline std::string failure_message(const NumericalError& e) {
  std::ostringstream s;
  s << "simulation failed at t = " << e.t() << " s (step " << e.step() << ", " << e.element() << "): " << e.what();
  return s.str();
}

}  // namespace stickslip
