// Validation of numbers given on the command line, read like every number in stickslip's inputs.
#include <cmath>

#include "app/commands.hpp"
#include "io/number_text.hpp"

namespace stickslip::app {

CLI::Validator finite_number(double lowest, bool strict, const char* what) {
  return CLI::Validator(
      [lowest, strict, what](std::string& text) -> std::string {
        double v = 0;
        const io::NumberText read = io::parse_real(text, v);
        if (read != io::NumberText::ok) return io::number_text_problem(read, text);
        if (!std::isfinite(v) || v < lowest || (strict && v == lowest)) return std::string("must be ") + what;
        return "";
      },
      what);
}

}  // namespace stickslip::app
