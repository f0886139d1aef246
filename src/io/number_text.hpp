// Reading a real number from text the same way everywhere (model files, tables, LCP files, the
// command line): the whole text must be the number; values too small for a double read as the nearest
// representable one (they are zero for every purpose here) and values too large are an error.
#pragma once

#include <string>

namespace stickslip::io {

enum class NumberText {
  ok,            // the whole text is a number (possibly NaN or infinite: callers decide)
  not_a_number,  // empty, or not a number from start to end
  out_of_range,  // a number beyond ±1.8e308
};

NumberText parse_real(const std::string& text, double& value);

// "expected a number, got '...'" or "'...' is out of range (beyond ±1.8e308)"; empty when ok.
std::string number_text_problem(NumberText status, const std::string& text);

}  // namespace stickslip::io
