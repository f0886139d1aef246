#include "math/root_finding.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stickslip {
namespace root_finding_test {

TEST(FindRoot, ConvergesToTheTolerance) {
  const auto f = [](double x) { return std::cos(x) - x; };  // root 0.7390851332151607
  const RootResult r = find_root(f, 0.0, 1.0, f(0.0), f(1.0), 1e-14);
  EXPECT_TRUE(r.bracketed);
  EXPECT_NEAR(r.x, 0.7390851332151607, 2e-14);
  EXPECT_LT(r.evaluations, 15);  // superlinear convergence on a smooth function
  EXPECT_LE(r.lower, r.x);
  EXPECT_GE(r.upper, r.x);
  EXPECT_LE(f(r.upper), 0.0);  // past the crossing: f has the sign of f(b)
  EXPECT_GE(f(r.lower), 0.0);
}

// A kink (|x|-like behaviour) still converges: bisection steps take over.
TEST(FindRoot, HandlesNonSmoothFunctions) {
  const auto f = [](double x) { return x < 0.3 ? -1.0 : (x - 0.3) * 1e6 + 1e-3; };
  const RootResult r = find_root(f, 0.0, 1.0, f(0.0), f(1.0), 1e-12);
  EXPECT_NEAR(r.x, 0.3, 1e-11);
}

TEST(FindRoot, ReportsAMissingBracket) {
  const auto f = [](double x) { return x * x + 1; };
  EXPECT_FALSE(find_root(f, -1.0, 1.0, f(-1.0), f(1.0), 1e-12).bracketed);
}

}  // namespace root_finding_test
}  // namespace stickslip
