#include "math/types.hpp"

#include <gtest/gtest.h>

#include <numbers>

namespace stickslip {
namespace types_test {

// perp must be the derivative of the rotation: d(A(θ) s)/dθ = perp(A(θ) s). Exact up to rounding.
TEST(PlanarHelpers, PerpIsDerivativeOfRotation) {
  const Vec2 s(0.3, -1.2);
  const double theta = 0.7, h = 1e-6;
  const Vec2 fd = (rotation2(theta + h) * s - rotation2(theta - h) * s) / (2 * h);
  // Central difference error ~ h²|s|/6 ≈ 2e-13; rounding ~ 1e-16/h = 1e-10.
  EXPECT_LT((fd - perp(rotation2(theta) * s)).norm(), 1e-9);
  EXPECT_DOUBLE_EQ(cross2(Vec2(1, 0), Vec2(0, 1)), 1.0);
  EXPECT_NEAR(rotation2(std::numbers::pi / 2)(1, 0), 1.0, 1e-15);
}

}  // namespace types_test
}  // namespace stickslip
