#include "model/time_function.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stickslip {
namespace time_function_test {

TEST(TimeFunction, SineAndItsDerivatives) {
  const TimeFunction f = TimeFunction::sine(0.8, M_PI, 0.3, 0.1);
  const double t = 0.77;
  const TimeValue v = f(t);
  // Closed forms; rounding only.
  EXPECT_NEAR(v.value, 0.8 * std::sin(M_PI * t + 0.3) + 0.1, 1e-15);
  EXPECT_NEAR(v.first, 0.8 * M_PI * std::cos(M_PI * t + 0.3), 1e-14);
  EXPECT_NEAR(v.second, -0.8 * M_PI * M_PI * std::sin(M_PI * t + 0.3), 1e-14);
}

TEST(TimeFunction, PolynomialAndItsDerivatives) {
  const TimeFunction f = TimeFunction::polynomial({1, -2, 3, 0.5});  // 1 - 2t + 3t² + 0.5t³
  const double t = 1.3;
  const TimeValue v = f(t);
  EXPECT_NEAR(v.value, 1 - 2 * t + 3 * t * t + 0.5 * t * t * t, 1e-13);
  EXPECT_NEAR(v.first, -2 + 6 * t + 1.5 * t * t, 1e-13);
  EXPECT_NEAR(v.second, 6 + 3 * t, 1e-13);
}

TEST(TimeFunction, ConstantHasNoDerivative) {
  const TimeValue v = TimeFunction::constant(4.2)(10.0);
  EXPECT_EQ(v.value, 4.2);
  EXPECT_EQ(v.first, 0.0);
  EXPECT_EQ(v.second, 0.0);
  EXPECT_EQ(TimeFunction()(3.0).value, 0.0);
}

// A table of a quadratic: inside, the spline's derivatives are those of the interpolant (checked
// against the closed form of the data with the spline's interior accuracy, h = 0.01).
TEST(TimeFunction, TabulatedUsesTheSplineDerivatives) {
  std::vector<double> t, x;
  for (int k = 0; k <= 200; ++k) {
    t.push_back(0.01 * k);
    x.push_back(std::sin(2 * 0.01 * k));
  }
  const TimeFunction f = TimeFunction::tabulated(t, x);
  const TimeValue v = f(1.005);
  EXPECT_NEAR(v.value, std::sin(2.01), 1e-8);
  EXPECT_NEAR(v.first, 2 * std::cos(2.01), 1e-5);
  EXPECT_NEAR(v.second, -4 * std::sin(2.01), 2e-3);
}

}  // namespace time_function_test
}  // namespace stickslip
