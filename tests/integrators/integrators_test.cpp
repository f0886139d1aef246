// Order of accuracy, dense output and error control of the integrators on problems with known
// solutions: the harmonic oscillator y'' = -y and the decay y' = -y.
#include <gtest/gtest.h>

#include <cmath>

#include "integrators/dopri5.hpp"
#include "integrators/rk4.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace integrators_test {

class Oscillator final : public OdeSystem {
 public:
  int dimension() const override { return 2; }
  void derivative(double, const Vec& y, Vec& dydt) override { dydt << y[1], -y[0]; }
};

double final_error(Integrator& integ, double t_end) {
  Oscillator sys;
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  while (integ.t() < t_end) integ.step(sys, t_end);
  return std::hypot(integ.y()[0] - std::cos(t_end), integ.y()[1] + std::sin(t_end));
}

// Halving h divides the global error of a p-th order method by 2^p: 16 for RK4. The asymptotic
// ratio is reached to within a few per cent at these step sizes; accept 16 ± 10 %.
TEST(Rk4, IsFourthOrder) {
  Rk4Integrator coarse(0.1), fine(0.05);
  const double ratio = final_error(coarse, 5.0) / final_error(fine, 5.0);
  EXPECT_NEAR(ratio, 16.0, 1.6);
}

TEST(Rk4, LandsExactlyOnTheLimit) {
  Oscillator sys;
  Rk4Integrator integ(0.3);
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  integ.step(sys, 0.25);
  EXPECT_EQ(integ.t(), 0.25);
  EXPECT_EQ(integ.stats().rhs_evaluations, 5);  // initial + four stages (the last reused next step)
}

// Cubic Hermite dense output is O(h⁴) locally: with h = 0.1 the error at mid-step is below
// h⁴/384·|y''''| ≈ 3e-7 (plus the step's own local error ~1e-7).
TEST(Rk4, DenseOutputIsAccurate) {
  Oscillator sys;
  Rk4Integrator integ(0.1);
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  integ.step(sys, 1.0);
  Vec y(2);
  integ.interpolate(0.05, y);
  EXPECT_NEAR(y[0], std::cos(0.05), 5e-7);
  EXPECT_NEAR(y[1], -std::sin(0.05), 5e-7);
}

// Tolerance proportionality: the global error follows the requested tolerance. Over 10 time units
// the error stays within a factor 10 of rtol·|y| for rtol from 1e-6 to 1e-10 (a standard
// expectation for DOPRI5's local error control on a non-stiff problem).
TEST(Dopri5, ErrorFollowsTheTolerance) {
  for (double rtol : {1e-6, 1e-8, 1e-10}) {
    IntegratorOptions o;
    o.rtol = rtol;
    o.atol = rtol * 1e-2;
    o.step = 0;
    Dopri5Integrator integ(o);
    const double err = final_error(integ, 10.0);
    EXPECT_LT(err, 10 * rtol) << "rtol " << rtol;
    EXPECT_GT(integ.stats().steps, 5);
  }
}

// The 4th-order dense output keeps the accuracy of the steps between them.
TEST(Dopri5, DenseOutputIsAccurate) {
  Oscillator sys;
  IntegratorOptions o;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  o.step = 0;
  Dopri5Integrator integ(o);
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  double worst = 0;
  Vec y(2);
  while (integ.t() < 10.0) {
    integ.step(sys, 10.0);
    for (double s : {0.25, 0.5, 0.75}) {
      const double t = integ.t_previous() + s * (integ.t() - integ.t_previous());
      integ.interpolate(t, y);
      worst = std::max(worst, std::abs(y[0] - std::cos(t)));
    }
  }
  EXPECT_LT(worst, 1e-8);
}

class Blowup final : public OdeSystem {
 public:
  int dimension() const override { return 1; }
  void derivative(double, const Vec& y, Vec& dydt) override { dydt[0] = y[0] * y[0]; }
};

// y' = y², y(0) = 1 blows up at t = 1: the integrator must stop with a clear error, not hang.
TEST(Dopri5, ReportsStepSizeUnderflowAtASingularity) {
  Blowup sys;
  IntegratorOptions o;
  o.step = 0;
  Dopri5Integrator integ(o);
  Vec y0(1);
  y0 << 1.0;
  integ.reset(sys, 0.0, y0);
  try {
    while (integ.t() < 2.0) integ.step(sys, 2.0);
    FAIL() << "no error at the singularity";
  } catch (const NumericalError& e) {
    EXPECT_NEAR(e.t(), 1.0, 1e-3);
    EXPECT_EQ(e.element(), "integrator");
  }
}

}  // namespace integrators_test
}  // namespace stickslip
