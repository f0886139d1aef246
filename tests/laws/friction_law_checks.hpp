// Shared property checks for the friction-law tests.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "laws/friction_law.hpp"

namespace stickslip::laws::test {

inline constexpr std::array kSlipVelocities{1e-7, 1e-5, 1e-3, 0.01, 0.1, 1.0, 10.0};
inline constexpr std::array kNormalForces{0.0, 1.0, 250.0};

// Odd symmetry F(-v, -z) = -F(v, z) and ż(-v, -z) = -ż(v, z). Every law is built from odd (v, tanh,
// clamp, sgn) and even (|v|, exp(-|v/v_s|^p)) pieces, which are exactly odd/even in floating point,
// so the two sides agree to rounding: EXPECT_DOUBLE_EQ (4 ulps).
inline void expect_odd_symmetry(const FrictionLaw& law, double z_scale) {
  const std::array<double, 4> zs{0.0, 0.3 * z_scale, -0.7 * z_scale, 1.5 * z_scale};
  for (double v : kSlipVelocities) {
    for (double fn : kNormalForces) {
      for (double zv : zs) {
        const double z[1] = {zv}, mz[1] = {-zv};
        const FrictionInput in{v, fn}, min{-v, fn};
        EXPECT_DOUBLE_EQ(law.force(min, mz), -law.force(in, z)) << law.name() << " v=" << v;
        if (law.state_size() == 1) {
          double r[1], mr[1];
          law.state_rate(in, z, r);
          law.state_rate(min, mz, mr);
          EXPECT_DOUBLE_EQ(mr[0], -r[0]) << law.name() << " v=" << v;
        }
      }
    }
  }
}

// Memoryless laws dissipate: F·v <= 0 for every v and F_N >= 0 (and F = 0 at v = 0).
inline void expect_dissipative(const FrictionLaw& law) {
  ASSERT_EQ(law.state_size(), 0);
  for (double v : kSlipVelocities) {
    for (double fn : kNormalForces) {
      EXPECT_LE(law.force({v, fn}, nullptr) * v, 0.0) << law.name();
      EXPECT_LE(law.force({-v, fn}, nullptr) * -v, 0.0) << law.name();
    }
  }
  EXPECT_EQ(law.force({0.0, 10.0}, nullptr), 0.0) << law.name();
}

// Coefficient-type laws scale with F_N: F(v, a F_N) = a F(v, F_N), and vanish at F_N = 0.
// Products by a power of two are exact, so equality is exact up to the last ulp: DOUBLE_EQ.
inline void expect_proportional_to_normal_force(const FrictionLaw& law, const double* z) {
  for (double v : kSlipVelocities) {
    EXPECT_EQ(law.force({v, 0.0}, z), 0.0) << law.name();
    EXPECT_DOUBLE_EQ(law.force({v, 8.0}, z), 4.0 * law.force({v, 2.0}, z)) << law.name();
  }
}

}  // namespace stickslip::laws::test
