#include "math/cubic_spline.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace stickslip {
namespace cubic_spline_test {

// A natural spline reproduces a straight line exactly (its curvature is zero everywhere).
TEST(CubicSpline, ReproducesLinearData) {
  CubicSpline s({0, 0.5, 2, 3}, {1, 2, 5, 7});
  for (double t : {0.1, 0.7, 1.5, 2.9}) {
    const SplineValue v = s(t);
    EXPECT_NEAR(v.value, 1 + 2 * t, 1e-14);   // rounding of a few operations
    EXPECT_NEAR(v.first, 2.0, 1e-13);
    EXPECT_NEAR(v.second, 0.0, 1e-12);
  }
}

// Interior accuracy on sin t with knots every h = 0.05: the spline error is O(h⁴) ≈ h⁴/384·max|f''''|
// ≈ 1.6e-8 for the value; first and second derivatives converge as O(h³), O(h²) (≈ 1e-5 and 1e-3 with
// the constants of Hall & Meyer 1976). The ends are excluded: the natural condition forces f'' = 0
// there while sin'' is not zero at t = 3.
TEST(CubicSpline, ConvergesOnSmoothData) {
  std::vector<double> t, x;
  for (int k = 0; k <= 60; ++k) {
    t.push_back(0.05 * k);
    x.push_back(std::sin(0.05 * k));
  }
  CubicSpline s(t, x);
  for (double tau = 0.5; tau < 2.5; tau += 0.013) {
    const SplineValue v = s(tau);
    EXPECT_NEAR(v.value, std::sin(tau), 1e-7);
    EXPECT_NEAR(v.first, std::cos(tau), 1e-4);
    EXPECT_NEAR(v.second, -std::sin(tau), 5e-3);
  }
}

// At the table's first and last times the spline's own slope holds (a recorded motion that starts
// moving starts with its velocity); only beyond them is it held still.
TEST(CubicSpline, KeepsItsSlopeAtTheTableEnds) {
  CubicSpline s({0, 0.5, 2, 3}, {1, 2, 5, 7});  // a straight line of slope 2
  EXPECT_NEAR(s(0.0).first, 2.0, 1e-13);
  EXPECT_NEAR(s(3.0).first, 2.0, 1e-13);
  EXPECT_NEAR(s(3.0).value, 7.0, 1e-14);
}

TEST(CubicSpline, HoldsEndValuesOutsideTheTable) {
  CubicSpline s({0, 1, 2}, {0, 1, 0});
  EXPECT_EQ(s(-1).value, 0.0);
  EXPECT_EQ(s(5).value, 0.0);
  EXPECT_EQ(s(5).first, 0.0);
}

TEST(CubicSpline, RejectsBadTables) {
  EXPECT_THROW(CubicSpline({0}, {1}), std::invalid_argument);
  EXPECT_THROW(CubicSpline({0, 1, 1}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(CubicSpline({0, 1}, {1}), std::invalid_argument);
}

}  // namespace cubic_spline_test
}  // namespace stickslip
