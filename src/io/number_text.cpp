#include "io/number_text.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace stickslip::io {

NumberText parse_real(const std::string& text, double& value) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return NumberText::not_a_number;
  errno = 0;
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return NumberText::not_a_number;
  // strtod flags underflow and overflow alike with ERANGE; only overflow returns ±HUGE_VAL.
  if (errno == ERANGE && std::isinf(value)) return NumberText::out_of_range;
  return NumberText::ok;
}

std::string number_text_problem(NumberText status, const std::string& text) {
  switch (status) {
    case NumberText::ok: return "";
    case NumberText::not_a_number: return "expected a number, got '" + text + "'";
    case NumberText::out_of_range: return "'" + text + "' is out of range (beyond ±1.8e308)";
  }
  return "";
}

}  // namespace stickslip::io
