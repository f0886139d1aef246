#include "solvers/lcp_problem.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stickslip::solvers {
namespace lcp_problem_test {

TEST(LcpProblem, StatusNames) {
  EXPECT_EQ(to_string(LcpStatus::solved), "solved");
  EXPECT_EQ(to_string(LcpStatus::ray_termination), "ray_termination");
  EXPECT_EQ(to_string(LcpStatus::max_iterations), "max_iterations");
  EXPECT_EQ(to_string(LcpStatus::singular), "singular");
  EXPECT_EQ(to_string(LcpStatus::invalid_input), "invalid_input");
}

TEST(LcpProblem, ResidualIsInfNormOfMinimum) {
  // min(z, w) = (0, -2, 0.5): the infeasible w_2 dominates. Exact arithmetic on small numbers.
  EXPECT_EQ(lcp_residual(Vec3(0, 1, 0.5), Vec3(3, -2, 4)), 2.0);
  // A free row contributes |w_i| whatever z_i is.
  EXPECT_EQ(lcp_residual(Vec2(-5, 0), Vec2(0.25, 1), 1), 0.25);
  EXPECT_TRUE(std::isinf(lcp_residual(Vec2(std::nan(""), 0), Vec2(1, 1))));
}

TEST(LcpProblem, RecomputesW) {
  const Mat M = Mat::Identity(2, 2) * 2.0;
  Vec w;
  const double r = recompute_w_and_residual(M, Vec2(-1, 1), Vec2(0.5, 0), w);
  EXPECT_EQ(w, Vec2(0, 1));
  EXPECT_EQ(r, 0.0);
}

TEST(LcpProblem, Validation) {
  EXPECT_TRUE(is_valid_lcp(Mat::Identity(2, 2), Vec2(1, 2)));
  EXPECT_FALSE(is_valid_lcp(Mat::Identity(2, 3), Vec2(1, 2)));
  EXPECT_FALSE(is_valid_lcp(Mat::Identity(2, 2), Vec3(1, 2, 3)));
  EXPECT_FALSE(is_valid_lcp(Mat::Identity(2, 2), Vec2(1, INFINITY)));
  EXPECT_EQ(residual_scale(Vec2(0.5, -3)), 3.0);
  EXPECT_EQ(residual_scale(Vec2(0.5, -0.25)), 1.0);
  EXPECT_EQ(lcp_scale(Vec2(0.5, -0.25)), 0.5);  // no floor: a small q is judged at its own size
  EXPECT_EQ(lcp_scale(Vec2(0.0, 0.0)), 1.0);    // z = 0 solves q = 0 exactly
}

}  // namespace lcp_problem_test
}  // namespace stickslip::solvers
