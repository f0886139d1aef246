// Rheonomic drivers under the time-stepping scheme: the slider-crank of examples/slider_crank, its
// crank driven at φ = ω t, against its closed-form kinematics and the drive torque that energy gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace time_stepping_drivers_test {

// examples/slider_crank/slider_crank.yaml: crank r = 0.1 m (0.5 kg), rod l = 0.4 m (1 kg), slider 2 kg
// on a horizontal guide through the crank pivot, gravity −9.81 along y, φ = 2π t.
constexpr double kR = 0.1, kL = 0.4, kMc = 0.5, kJc = 4.1666666666666e-4, kMr = 1.0, kJr = 0.013333333333333,
                 kMs = 2.0, kG = 9.81, kOmega = 2 * M_PI;

struct Pose {
  double crank_y, rod_x, rod_y, rod_angle, slider_x;
};

Pose pose(double phi) {
  const double px = kR * std::cos(phi), py = kR * std::sin(phi);
  const double x = px + std::sqrt(kL * kL - py * py);
  return {py / 2, (px + x) / 2, py / 2, std::atan2(-py, x - px), x};
}

// With φ̇ = ω constant the drive does the work: τ ω = d(T + V)/dt, so τ(φ) = dT/dφ + dV/dφ with
// T(φ) = ω²/2 Σ (m |dr/dφ|² + J (dθ/dφ)²) and V = g Σ m y. Derivatives by central differences of the
// closed form (errors ~1e-9 N m, far below what is compared).
double energy(double phi, bool kinetic) {
  const double d = 1e-6;
  const Pose a = pose(phi - d), b = pose(phi + d), p = pose(phi);
  if (!kinetic) return kG * (kMc * p.crank_y + kMr * p.rod_y);
  const double rx = (b.rod_x - a.rod_x) / (2 * d), ry = (b.rod_y - a.rod_y) / (2 * d);
  const double psi = (b.rod_angle - a.rod_angle) / (2 * d), xs = (b.slider_x - a.slider_x) / (2 * d);
  return 0.5 * kOmega * kOmega * (kMc * kR * kR / 4 + kJc + kMr * (rx * rx + ry * ry) + kJr * psi * psi + kMs * xs * xs);
}

double drive_torque(double phi) {
  const double d = 1e-4;
  return (energy(phi + d, true) - energy(phi - d, true) + energy(phi + d, false) - energy(phi - d, false)) / (2 * d);
}

struct Errors {
  double slider = 0, torque = 0;
};

Errors run(double h) {
  ModelFile mf = read_model_file(test::source_path("examples/slider_crank/slider_crank.yaml"));
  mf.options.scheme = Scheme::time_stepping;
  mf.options.integrator_options.step = h;
  mf.options.t_end = 1.0;
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const auto t = out.series("t"), x = out.series("slider.x"), tau = out.series("crank_speed.effort");
  const auto crank = out.series("crank.theta");
  Errors e;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const double phi = kOmega * t[k];
    EXPECT_NEAR(crank[k], phi, 1e-12) << "t = " << t[k];
    e.slider = std::max(e.slider, std::abs(x[k] - pose(phi).slider_x));
    e.torque = std::max(e.torque, std::abs(tau[k] - drive_torque(phi)));
  }
  return e;
}

// The crank follows its driver to rounding (a driver on a body's angle is one linear row, which the
// drift correction β = 1 closes in every step). The slider's position error is second order: each step
// leaves only the O(h²) curvature of the constraints. The drive torque is the driver's impulse over
// the step divided by h, the mean of τ over the step, reported at its end: off by h/2 |dτ/dt| − h²/6
// d²τ/dt² + ... (|dτ/dt| up to 16 N m/s here), so it halves with h.
TEST(TimeSteppingDrivers, SliderCrankFollowsItsDriverAndNeedsTheEnergyTorque) {
  double max_rate = 0, max_curvature = 0;
  for (int k = 0; k < 1000; ++k) {
    const double phi = 2 * M_PI * k / 1000, d = 1e-3;
    const double a = drive_torque(phi - d), b = drive_torque(phi), c = drive_torque(phi + d);
    max_rate = std::max(max_rate, std::abs(c - a) / (2 * d) * kOmega);
    max_curvature = std::max(max_curvature, std::abs(c - 2 * b + a) / (d * d) * kOmega * kOmega);
  }
  const std::vector<double> steps = {1e-3, 5e-4, 2.5e-4};
  std::vector<Errors> errors;
  for (double h : steps) errors.push_back(run(h));
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const double h = steps[k];
    EXPECT_LE(errors[k].torque, h / 2 * max_rate + h * h / 6 * max_curvature) << "h = " << h;
    if (k == 0) continue;
    EXPECT_NEAR(std::log2(errors[k - 1].slider / errors[k].slider), 2.0, 0.1) << "h = " << steps[k];
    EXPECT_NEAR(std::log2(errors[k - 1].torque / errors[k].torque), 1.0, 0.1) << "h = " << steps[k];
  }
  EXPECT_LT(errors[0].slider, 1e-5);
}

}  // namespace time_stepping_drivers_test
}  // namespace stickslip
