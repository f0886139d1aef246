#include "laws/karnopp.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "friction_law_checks.hpp"

namespace stickslip::laws {
namespace karnopp_test {

const Karnopp kLaw({.mu_s = 0.5, .mu_k = 0.4, .dv = 1e-3});

TEST(Karnopp, Properties) {
  EXPECT_TRUE(kLaw.uses_stick_force());
  EXPECT_FALSE(kLaw.set_valued());
  test::expect_odd_symmetry(kLaw, 0.0);  // stick_force NaN: the documented fallback inside the band
  test::expect_dissipative(kLaw);
  test::expect_proportional_to_normal_force(kLaw, nullptr);
}

TEST(Karnopp, BandAndSlipForces) {
  const double fn = 10.0;
  EXPECT_DOUBLE_EQ(kLaw.force({0.5e-3, fn, 3.0}, nullptr), 3.0);    // holds
  EXPECT_DOUBLE_EQ(kLaw.force({-0.5e-3, fn, -7.0}, nullptr), -5.0);  // saturates at μ_s F_N
  EXPECT_DOUBLE_EQ(kLaw.force({2e-3, fn, 3.0}, nullptr), -4.0);      // slips: -μ_k F_N
  EXPECT_DOUBLE_EQ(kLaw.force({1e-3, fn, 3.0}, nullptr), -4.0);      // |v| = dv is outside
  EXPECT_DOUBLE_EQ(kLaw.force({0.5e-3, fn}, nullptr), -2.5);         // fallback -μ_s F_N v/dv
}

// A block of mass m under a constant push P on a Karnopp contact, m v' = P + F, with the stick force
// F_stick = -P (the friction that keeps v' = 0). Forces are piecewise constant, so explicit Euler
// is exact inside each regime; the checks are on the regime, not on digits.
struct Block {
  double x = 0.0, v = 0.0;
  void run(const Karnopp& law, double m, double fn, double push, double t_end, double dt,
           double* max_band_speed = nullptr) {
    for (double t = 0.0; t < t_end; t += dt) {
      const double f = law.force({v, fn, -push}, nullptr);
      x += v * dt;
      v += (push + f) / m * dt;
      if (max_band_speed && t > 0.1) *max_band_speed = std::max(*max_band_speed, std::abs(v));
    }
  }
};

TEST(Karnopp, HoldsABlockBelowTheStaticBound) {
  const double m = 1.0, fn = 10.0;
  Block at_rest;
  at_rest.run(kLaw, m, fn, 0.9 * 0.5 * fn, 1.0, 1e-4);  // |P| = 0.9 μ_s F_N
  EXPECT_EQ(at_rest.v, 0.0);
  EXPECT_EQ(at_rest.x, 0.0);
  // Arriving at 0.05 m/s under P = 1.5 N < μ_k F_N = 4 N: decelerates at 2.5 m/s², enters the band
  // (after 0.02 s) and is held there (Karnopp keeps the band's residual speed, < dv).
  Block sliding;
  sliding.v = 0.05;
  double max_speed = 0.0;
  sliding.run(kLaw, m, fn, 1.5, 1.0, 1e-4, &max_speed);
  EXPECT_LT(max_speed, 1e-3);
  EXPECT_LT(sliding.v, 1e-3);
  EXPECT_GE(sliding.v, 0.0);
}

TEST(Karnopp, BreaksAwayAboveTheStaticBound) {
  const double m = 1.0, fn = 10.0;
  Block block;
  block.run(kLaw, m, fn, 6.0, 1.0, 1e-4);  // P = 1.2 μ_s F_N
  // Leaves the band after ~1e-3 s at 1 m/s², then accelerates at (6 - 4)/1 = 2 m/s² for ~1 s:
  // v ≈ 2 m/s (Euler on a constant force is exact; the band crossing costs < 1e-3 s).
  EXPECT_NEAR(block.v, 2.0, 0.01);
  EXPECT_FALSE(kLaw.in_stick_band(block.v));
}

}  // namespace karnopp_test
}  // namespace stickslip::laws
