// The BDF integrator (CVODES): accuracy against known solutions, stiffness (counted work, never wall
// time), dense output, stop time and step cap, restart after set_state, failures, and `run --integrator bdf`.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>

#include "../test_support.hpp"
#include "integrators/bdf.hpp"
#include "integrators/dopri5.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace bdf_test {

IntegratorOptions tolerances(double rtol, double atol, double first_step = 0) {
  IntegratorOptions o;
  o.rtol = rtol;
  o.atol = atol;
  o.step = first_step;
  return o;
}

Vec scalar(double v) {
  Vec y(1);
  y << v;
  return y;
}

void run_to(Integrator& integ, OdeSystem& sys, double t_end) {
  while (integ.t() < t_end) integ.step(sys, t_end);
}

class Oscillator final : public OdeSystem {
 public:
  int dimension() const override { return 2; }
  void derivative(double, const Vec& y, Vec& dydt) override { dydt << y[1], -y[0]; }
};

double oscillator_error(double rtol) {
  Oscillator sys;
  BdfIntegrator integ(tolerances(rtol, rtol * 1e-2));
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  run_to(integ, sys, 10.0);
  return std::hypot(integ.y()[0] - std::cos(10.0), integ.y()[1] + std::sin(10.0));
}

// CVODE keeps each step's local error at about rtol·|y| (|y| = 1 here). On 1.6 undamped periods the
// local errors of the 100-600 steps add up without decaying, but partly cancel: measured 19-32·rtol.
// 100·rtol bounds that with margin. Tolerance proportionality: 100× smaller rtol must buy at least
// 20× less error (a variable-order method of order q gains ~100^(q/(q+1)), 40-80 for q = 3-5).
TEST(Bdf, OscillatorErrorFollowsTheTolerance) {
  double previous = 0;
  for (double rtol : {1e-6, 1e-8, 1e-10}) {
    const double err = oscillator_error(rtol);
    EXPECT_LT(err, 100 * rtol) << "rtol " << rtol;
    if (previous > 0) {
      EXPECT_GT(previous / err, 20.0) << "rtol " << rtol;
    }
    previous = err;
  }
}

// y' = -k (y - cos t) - sin t, y(0) = 0: after a transient of ~1/k the solution is cos t.
class StiffRelaxation final : public OdeSystem {
 public:
  explicit StiffRelaxation(double k) : k_(k) {}
  int dimension() const override { return 1; }
  void derivative(double t, const Vec& y, Vec& dydt) override { dydt[0] = -k_ * (y[0] - std::cos(t)) - std::sin(t); }

 private:
  double k_;
};

// Work is counted in derivative calls, which are deterministic for given inputs: this is a property
// of the methods, not a timing. DOPRI5's stability region caps h·k at ≈ 3.3 whatever the tolerance,
// so over T = 0.25 it needs about k·T/3.3 ≈ 7.6e4 steps of 6 calls each. BDF is stable at any step and
// follows the transient, then the accuracy of cos t (measured 123 steps, 165 calls with the Jacobian
// differences, against 75632 steps and 453824 calls): the factor 100 asserted is far inside ~2700.
// Accuracy: the stiff mode damps earlier errors within a step, so the final error is about the last
// steps' local error, ≤ one weighted unit rtol·|y| + atol ≈ 1e-6; 10 units allow for the smooth part.
TEST(Bdf, StiffProblemTakesFewStepsWhereDopri5NeedsMany) {
  const double k = 1e6, t_end = 0.25;
  StiffRelaxation sys(k);
  const IntegratorOptions o = tolerances(1e-6, 1e-9);
  BdfIntegrator bdf(o);
  bdf.reset(sys, 0.0, scalar(0.0));
  run_to(bdf, sys, t_end);
  Dopri5Integrator dopri(o);
  dopri.reset(sys, 0.0, scalar(0.0));
  run_to(dopri, sys, t_end);

  const double unit = o.rtol * std::cos(t_end) + o.atol;
  EXPECT_LT(std::abs(bdf.y()[0] - std::cos(t_end)), 10 * unit);
  EXPECT_LT(bdf.stats().steps, 1000);
  EXPECT_GT(dopri.stats().steps, k * t_end / 3.3 * 0.9);  // the stability bound above, 10 % margin
  EXPECT_LT(bdf.stats().rhs_evaluations * 100, dopri.stats().rhs_evaluations);
}

// Robertson's chemical kinetics (rate constants 0.04, 1e4, 3e7), the classic stiff test.
class Robertson final : public OdeSystem {
 public:
  int dimension() const override { return 3; }
  void derivative(double, const Vec& y, Vec& dydt) override {
    const double r1 = 0.04 * y[0], r2 = 1e4 * y[1] * y[2], r3 = 3e7 * y[1] * y[1];
    dydt << -r1 + r2, r1 - r2 - r3, r3;
  }
};

// Reference y(40): the "true" end point of problem D2 of the stiff test set of Enright, Hull & Lindberg
// (1975, BIT 15: 10-48), Robertson's reaction with y2 and y3 scaled by 1e4 and 1e2, as tabulated in the
// STIFF DETEST package (Enright & Pryce 1987, ACM TOMS 13(1), Algorithm 648): y1 = 7.158270687193941e-1,
// 1e4 y2 = 9.185534764557338e-2, 1e2 y3 = 2.841637457458413e1. The problem is contractive, so the error stays at a few local errors: 10·rtol
// relative for y1, y3; y2 ≈ 1e-5 is held to atol = 1e-10, i.e. 1e-5 relative, so 1e-4 for it. The
// sum y1 + y2 + y3 = 1 is a linear invariant, which BDF (and Newton with a difference Jacobian whose
// columns also sum to zero) keeps to roundoff. Steps: measured 250; 1000 guards against a regression
// to stability-limited stepping (the fast rate ~1e4 would need ~1e5 explicit steps to t = 40).
TEST(Bdf, RobertsonKinetics) {
  Robertson sys;
  BdfIntegrator bdf(tolerances(1e-6, 1e-10));
  bdf.reset(sys, 0.0, Vec3(1.0, 0.0, 0.0));
  run_to(bdf, sys, 40.0);
  const Vec3 ref(7.158270687193941e-1, 9.185534764557338e-2 / 1e4, 2.841637457458413e1 / 1e2);
  EXPECT_NEAR(bdf.y()[0], ref[0], 1e-5 * ref[0]);
  EXPECT_NEAR(bdf.y()[1], ref[1], 1e-4 * ref[1]);
  EXPECT_NEAR(bdf.y()[2], ref[2], 1e-5 * ref[2]);
  EXPECT_NEAR(bdf.y().sum(), 1.0, 1e-12);
  EXPECT_LT(bdf.stats().steps, 1000);
}

class CountingRobertson final : public OdeSystem {
 public:
  long calls = 0;
  int dimension() const override { return inner.dimension(); }
  void derivative(double t, const Vec& y, Vec& dydt) override {
    ++calls;
    inner.derivative(t, y, dydt);
  }
  Robertson inner;
};

// rhs_evaluations counts every call of the system: CVODE's own, its Jacobian differences and ours.
TEST(Bdf, CountsEveryDerivativeCall) {
  CountingRobertson sys;
  BdfIntegrator bdf(tolerances(1e-6, 1e-10));
  bdf.reset(sys, 0.0, Vec3(1.0, 0.0, 0.0));
  run_to(bdf, sys, 1.0);
  bdf.set_state(sys, bdf.y());
  run_to(bdf, sys, 2.0);
  EXPECT_EQ(bdf.stats().rhs_evaluations, sys.calls);
  EXPECT_GT(sys.calls, bdf.stats().steps);  // Jacobian differences come on top of one call per step
}

// CVODE's dense output is the step's own interpolating polynomial: between step ends it is as good as
// at them. Allow twice the worst error at the step ends plus 10 local-error units of rtol.
TEST(Bdf, DenseOutputIsAsAccurateAsTheSteps) {
  Oscillator sys;
  const double rtol = 1e-10;
  BdfIntegrator integ(tolerances(rtol, 1e-12));
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  double worst = 0, worst_at_ends = 0;
  Vec y(2);
  while (integ.t() < 10.0) {
    integ.step(sys, 10.0);
    worst_at_ends = std::max(worst_at_ends, std::abs(integ.y()[0] - std::cos(integ.t())));
    for (double s : {0.25, 0.5, 0.75}) {
      const double t = integ.t_previous() + s * (integ.t() - integ.t_previous());
      integ.interpolate(t, y);
      worst = std::max(worst, std::abs(y[0] - std::cos(t)));
    }
  }
  EXPECT_LT(worst, 2 * worst_at_ends + 10 * rtol);
}

// Falling ball x' = v, v' = -g, whose step cap the test changes on the fly.
class Ball final : public OdeSystem {
 public:
  static constexpr double g = 9.81;
  double cap = std::numeric_limits<double>::infinity();
  int dimension() const override { return 2; }
  void derivative(double, const Vec& y, Vec& dydt) override { dydt << y[1], -g; }
  double max_step(double, const Vec&) override { return cap; }
};

// Steps never pass t_limit and land on it exactly, even with a first step (1.0) beyond it.
TEST(Bdf, StopsExactlyAtTheLimit) {
  Ball sys;
  BdfIntegrator integ(tolerances(1e-8, 1e-10, 1.0));
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  for (double t_limit : {0.3, 0.35, 0.7, 0.7000001}) {
    while (integ.t() < t_limit) {
      integ.step(sys, t_limit);
      EXPECT_LE(integ.t(), t_limit);
      EXPECT_GT(integ.t(), integ.t_previous());
    }
    EXPECT_EQ(integ.t(), t_limit);
  }
}

// The cap min(options.max_step, sys.max_step) holds on every step, including the first step after
// the system lowers it (CVODE alone would apply a new maximum one step late). Landing on t + cap may
// exceed cap by rounding of t: allow 1e-12 relative.
TEST(Bdf, HonoursTheStepCapOnEveryStep) {
  Ball sys;
  IntegratorOptions o = tolerances(1e-8, 1e-10);
  o.max_step = 0.05;
  BdfIntegrator integ(o);
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  auto check_steps_until = [&](double t_end, double cap) {
    while (integ.t() < t_end) {
      integ.step(sys, 10.0);
      EXPECT_LE(integ.t() - integ.t_previous(), cap * (1 + 1e-12)) << "at t = " << integ.t();
    }
  };
  check_steps_until(0.5, 0.05);
  sys.cap = 0.01;
  check_steps_until(0.6, 0.01);
  sys.cap = std::numeric_limits<double>::infinity();
  check_steps_until(1.5, 0.05);
}

// A bounce: the ball dropped from 1 m reaches the floor at t* = √(2/g); set_state reverses its
// velocity there (the exact values, so the exact continuation is known). Kept history would carry
// the old velocity into the next steps; with the restart the flight follows the exact parabola.
// rtol 1e-8 over 0.6 s of O(1) motion after an order-1 restart: 1e-6 absolute is 100 local units.
TEST(Bdf, SetStateRestartsTheIntegration) {
  Ball sys;
  BdfIntegrator integ(tolerances(1e-8, 1e-10));
  integ.reset(sys, 0.0, Vec2(1.0, 0.0));
  const double t_hit = std::sqrt(2 / Ball::g), v_up = Ball::g * t_hit;
  run_to(integ, sys, t_hit);
  EXPECT_NEAR(integ.y()[0], 0.0, 1e-6);
  const long steps_before = integ.stats().steps;

  integ.set_state(sys, Vec2(0.0, v_up));
  EXPECT_EQ(integ.t(), t_hit);
  EXPECT_EQ(integ.t_previous(), t_hit);
  EXPECT_EQ(integ.y(), Vec2(0.0, v_up));
  EXPECT_EQ(integ.dydt(), Vec2(v_up, -Ball::g));
  Vec y(2);
  integ.interpolate(t_hit, y);
  EXPECT_EQ(y, Vec2(0.0, v_up));

  const double t_end = t_hit + 0.6;
  run_to(integ, sys, t_end);
  const double s = t_end - t_hit;
  EXPECT_NEAR(integ.y()[0], v_up * s - 0.5 * Ball::g * s * s, 1e-6);
  EXPECT_NEAR(integ.y()[1], v_up - Ball::g * s, 1e-6);
  EXPECT_GT(integ.stats().steps, steps_before);  // the counters continue across the restart
}

// y' = -10 (y - 1) from 0, whose derivative refuses y > 1.001 (as a contact law refuses a deep
// penetration) or any t > t_bad.
class Picky final : public OdeSystem {
 public:
  int refusals = 0;
  double t_bad = std::numeric_limits<double>::infinity();
  int dimension() const override { return 1; }
  void derivative(double t, const Vec& y, Vec& dydt) override {
    if (y[0] > 1.001 || t > t_bad) {
      ++refusals;
      throw NumericalError(t, "contact c1", "penetration beyond the law's range");
    }
    dydt[0] = -10 * (y[0] - 1);
  }
};

// A first step of 1.0 predicts y = 10: the system refuses, CVODE retries smaller and goes on. The
// exact solution never exceeds 1, so the result is accurate to the tolerance (10 units as above).
TEST(Bdf, RefusedTrialStepsShrinkTheStep) {
  Picky sys;
  const IntegratorOptions o = tolerances(1e-8, 1e-10, 1.0);
  BdfIntegrator integ(o);
  integ.reset(sys, 0.0, scalar(0.0));
  run_to(integ, sys, 2.0);
  EXPECT_GT(sys.refusals, 0);
  EXPECT_NEAR(integ.y()[0], 1 - std::exp(-20.0), 10 * (o.rtol + o.atol));
}

// Past t = 0.5 every evaluation fails: CVODE closes in on 0.5 and gives up; the system's own error
// comes out. Every trial step is at most max_step = 0.01 long, which bounds the failing time.
TEST(Bdf, SystemErrorIsRethrownWhenTheStepFails) {
  Picky sys;
  sys.t_bad = 0.5;
  IntegratorOptions o = tolerances(1e-8, 1e-10);
  o.max_step = 0.01;
  BdfIntegrator integ(o);
  integ.reset(sys, 0.0, scalar(0.0));
  try {
    run_to(integ, sys, 2.0);
    FAIL() << "no error past t = 0.5";
  } catch (const NumericalError& e) {
    EXPECT_EQ(e.element(), "contact c1");
    EXPECT_STREQ(e.what(), "penetration beyond the law's range");
    EXPECT_GT(e.t(), 0.5);
    EXPECT_LE(e.t(), 0.51);
  }
  EXPECT_LE(integ.t(), 0.5);
  EXPECT_GT(integ.t(), 0.49);
}

class Unexpected final : public OdeSystem {
 public:
  int dimension() const override { return 1; }
  void derivative(double t, const Vec&, Vec& dydt) override {
    if (t > 0.1) throw std::logic_error("not a numerical error");
    dydt[0] = 1;
  }
};

// Any other exception stops CVODE at once and comes out unchanged.
TEST(Bdf, OtherExceptionsPassThrough) {
  Unexpected sys;
  BdfIntegrator integ(tolerances(1e-6, 1e-9));
  integ.reset(sys, 0.0, scalar(0.0));
  EXPECT_THROW(run_to(integ, sys, 1.0), std::logic_error);
}

class Blowup final : public OdeSystem {
 public:
  int dimension() const override { return 1; }
  void derivative(double, const Vec& y, Vec& dydt) override { dydt[0] = y[0] * y[0]; }
};

// y' = y², y(0) = 1 blows up at t = 1; tolerances below double precision cannot be met. Both end in
// a NumericalError from the integrator naming the CVODE flag, and SUNDIALS prints nothing itself.
TEST(Bdf, CvodeFailuresBecomeNumericalErrors) {
  testing::internal::CaptureStderr();
  Blowup blowup;
  BdfIntegrator integ(tolerances(1e-6, 1e-9));
  integ.reset(blowup, 0.0, scalar(1.0));
  try {
    run_to(integ, blowup, 2.0);
    FAIL() << "no error at the singularity";
  } catch (const NumericalError& e) {
    EXPECT_EQ(e.element(), "integrator");
    EXPECT_NEAR(e.t(), 1.0, 1e-3);
    EXPECT_NE(std::string(e.what()).find("bdf: CVODE failed with CV_ERR_FAILURE"), std::string::npos) << e.what();
  }
  Oscillator osc;
  BdfIntegrator tight(tolerances(1e-20, 1e-300));
  tight.reset(osc, 0.0, Vec2(1.0, 0.0));
  try {
    run_to(tight, osc, 1.0);
    FAIL() << "impossible tolerances accepted";
  } catch (const NumericalError& e) {
    EXPECT_NE(std::string(e.what()).find("CV_TOO_MUCH_ACC"), std::string::npos) << e.what();
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(Bdf, IsMadeByName) {
  EXPECT_STREQ(make_integrator("bdf", IntegratorOptions{})->name(), "bdf");
  try {
    make_integrator("radau", IntegratorOptions{});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("bdf"), std::string::npos);
  }
}

// Largest |E(t) - E(0)| in a result CSV's energy.total column.
double energy_drift(const std::string& csv_path) {
  std::ifstream in(csv_path);
  std::string line, cell;
  std::getline(in, line);
  std::stringstream header(line);
  int column = -1;
  for (int k = 0; std::getline(header, cell, ','); ++k) {
    if (cell == "energy.total") column = k;
  }
  if (column < 0) return std::numeric_limits<double>::infinity();
  double e0 = std::numeric_limits<double>::quiet_NaN(), drift = 0;
  while (std::getline(in, line)) {
    std::stringstream row(line);
    for (int k = 0; k <= column; ++k) std::getline(row, cell, ',');
    const double e = std::stod(cell);
    if (std::isnan(e0)) e0 = e;
    drift = std::max(drift, std::abs(e - e0));
  }
  return drift;
}

// The double pendulum (conservative, rtol 1e-10 in its file) over its 10 s with --integrator bdf.
// Each step's local error is at most rtol relative on the state, so it changes the energy by at most
// ~rtol·E_scale, E_scale = 20 J (the potential energy range m g h of the two rods); in the worst case
// these add up over the N steps the summary reports: drift ≤ N·rtol·E_scale (measured ~50× below).
// The same model with `integrator: bdf` in its file is accepted too.
TEST(Bdf, CliRunsTheDoublePendulumWithBdf) {
  test::TempDir dir;
  const std::string model = test::source_path("examples/double_pendulum/double_pendulum.yaml");
  const auto r = test::run_cli("run " + model + " -q --integrator bdf -o " + dir.file("dp.csv"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("bdf: ([0-9]+) steps"))) << r.out;
  const double steps = std::stod(m[1].str());
  EXPECT_LT(energy_drift(dir.file("dp.csv")), steps * 1e-10 * 20.0);

  std::string text = test::read_text(model);
  text.replace(text.find("integrator: dopri5"), 18, "integrator: bdf");
  const auto r2 = test::run_cli("run " + dir.write("dp_bdf.yaml", text) + " -q --t-end 0.5 -o " + dir.file("b.csv"));
  ASSERT_EQ(r2.exit_code, 0) << r2.out;
  EXPECT_NE(r2.out.find("bdf: "), std::string::npos) << r2.out;
}

}  // namespace bdf_test
}  // namespace stickslip
