#include "laws/sign.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stickslip::laws {
namespace sign_test {

TEST(Sign, SingleAndSetValued) {
  EXPECT_EQ(sgn(2.0), 1.0);
  EXPECT_EQ(sgn(-1e-300), -1.0);
  EXPECT_EQ(sgn(0.0), 0.0);
  EXPECT_EQ(Sgn(3.0).lo, 1.0);
  EXPECT_EQ(Sgn(3.0).hi, 1.0);
  EXPECT_EQ(Sgn(-3.0).lo, -1.0);
  EXPECT_TRUE(Sgn(0.0).contains(-1.0));
  EXPECT_TRUE(Sgn(0.0).contains(0.3));
  EXPECT_TRUE(Sgn(0.0).contains(1.0));
  EXPECT_FALSE(Sgn(0.0).contains(1.0001));
}

TEST(Sign, RegularisedSigns) {
  EXPECT_EQ(sgn_linear(0.5e-3, 1e-3), 0.5);
  EXPECT_EQ(sgn_linear(5.0, 1e-3), 1.0);
  EXPECT_EQ(sgn_linear(-5.0, 1e-3), -1.0);
  EXPECT_DOUBLE_EQ(sgn_tanh(1e-3, 1e-3), std::tanh(1.0));
  EXPECT_EQ(sgn_tanh(0.0, 1e-3), 0.0);
}

TEST(Sign, StribeckCurve) {
  // g(0) = μ_s; g(v_s) = μ_k + (μ_s - μ_k)/e for p = 2 and any p; → μ_k far beyond v_s.
  EXPECT_DOUBLE_EQ(stribeck_curve(0.0, 0.4, 0.3, 1e-3, 2.0), 0.4);
  EXPECT_DOUBLE_EQ(stribeck_curve(1e-3, 0.4, 0.3, 1e-3, 2.0), 0.3 + 0.1 * std::exp(-1.0));
  EXPECT_DOUBLE_EQ(stribeck_curve(-1e-3, 0.4, 0.3, 1e-3, 1.0), 0.3 + 0.1 * std::exp(-1.0));
  EXPECT_DOUBLE_EQ(stribeck_curve(1.0, 0.4, 0.3, 1e-3, 2.0), 0.3);  // exp(-1e6) underflows to 0
  // p = 1: g(2 v_s) = μ_k + Δμ e^{-2}; the p = 2 fast path and pow agree.
  EXPECT_DOUBLE_EQ(stribeck_curve(2e-3, 0.4, 0.3, 1e-3, 1.0), 0.3 + 0.1 * std::exp(-2.0));
  EXPECT_DOUBLE_EQ(stribeck_curve(2e-3, 0.4, 0.3, 1e-3, 2.0), 0.3 + 0.1 * std::exp(-4.0));
}

}  // namespace sign_test
}  // namespace stickslip::laws
