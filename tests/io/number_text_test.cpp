// One reading of numbers for every input: whole text, overflow refused, underflow to zero.
#include <gtest/gtest.h>

#include <cmath>

#include "io/number_text.hpp"

namespace stickslip::io {
namespace number_text_test {

TEST(NumberText, ReadsWholeNumbersOnly) {
  double v = 0;
  EXPECT_EQ(parse_real("-2.5e-3", v), NumberText::ok);
  EXPECT_EQ(v, -2.5e-3);
  EXPECT_EQ(parse_real("+4", v), NumberText::ok);
  EXPECT_EQ(v, 4.0);
  EXPECT_EQ(parse_real("", v), NumberText::not_a_number);
  EXPECT_EQ(parse_real(" 1", v), NumberText::not_a_number);
  EXPECT_EQ(parse_real("1 ", v), NumberText::not_a_number);
  EXPECT_EQ(parse_real("1.5kg", v), NumberText::not_a_number);
}

TEST(NumberText, OverflowIsAnErrorUnderflowIsZero) {
  double v = 1;
  EXPECT_EQ(parse_real("1e400", v), NumberText::out_of_range);
  EXPECT_EQ(parse_real("-1e400", v), NumberText::out_of_range);
  EXPECT_NE(number_text_problem(NumberText::out_of_range, "1e400").find("out of range"), std::string::npos);
  EXPECT_EQ(parse_real("1e-400", v), NumberText::ok);
  EXPECT_EQ(v, 0.0);
  // A subnormal is read exactly as strtod rounds it.
  EXPECT_EQ(parse_real("4e-320", v), NumberText::ok);
  EXPECT_GT(v, 0.0);
}

TEST(NumberText, NonFiniteTextIsLeftToTheCaller) {
  double v = 0;
  EXPECT_EQ(parse_real("nan", v), NumberText::ok);
  EXPECT_TRUE(std::isnan(v));
  EXPECT_EQ(parse_real("-inf", v), NumberText::ok);
  EXPECT_TRUE(std::isinf(v));
}

}  // namespace number_text_test
}  // namespace stickslip::io
