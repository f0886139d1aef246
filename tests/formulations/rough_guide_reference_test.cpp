// The slider-crank on a rough guide (examples/slider_crank_rough_guide, the kind of system of Fu & Yue
// 2011) against an independent reference: the mechanism in its one minimal coordinate, the crank
// angle φ, with Newton-Euler equations of the three bodies solved for φ̈, the joint forces and the two
// corner normal forces together (no constraint drift, no complementarity problem: the slider is known
// to slide on both corners, which the reference checks), integrated by its own fixed-step RK4 with the
// slip reversals located by bisection. The event-driven scheme must follow it to its integration
// tolerance, and the time-stepping scheme converge to it at first order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <Eigen/Dense>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace rough_guide_reference_test {

// examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml.
constexpr double kR = 0.5, kL = 1.0, kG = 9.81;
constexpr double kMc = 3.14, kJc = 0.06541666666666666, kMr = 6.28, kJr = 0.5233333333333333;
constexpr double kMs = 7.8500000000000005;
constexpr double kMotor = 30, kLoad = 4, kMuS = 0.3, kMuK = 0.2;
constexpr double kHalfWidth = 0.1, kDepth = 0.05;  // corners at (±0.1, −0.05) from the slider's centre

// Positions of the bodies as functions of φ, with their first and second derivatives in φ.
struct Point {
  double x, y, dx, dy, ddx, ddy;  // p, dp/dφ, d²p/dφ²
};

struct Kinematics {
  Point crank, rod, slider, pin;  // centres of mass; the crank pin A
  double psi, dpsi, ddpsi;        // the rod's angle
};

// x_s = R cos φ + D, D = √(L² − R² sin² φ); the rod from A = R (cos φ, sin φ) to S = (x_s, 0) has
// sin ψ = −R sin φ / L, so dψ/dφ = −R cos φ / D.
Kinematics kinematics(double phi) {
  const double s = std::sin(phi), c = std::cos(phi), D = std::sqrt(kL * kL - kR * kR * s * s);
  const double dD = -kR * kR * s * c / D, ddD = -kR * kR * (c * c - s * s) / D + kR * kR * s * c * dD / (D * D);
  Kinematics k;
  k.pin = {kR * c, kR * s, -kR * s, kR * c, -kR * c, -kR * s};
  k.crank = {k.pin.x / 2, k.pin.y / 2, k.pin.dx / 2, k.pin.dy / 2, k.pin.ddx / 2, k.pin.ddy / 2};
  k.slider = {kR * c + D, 0, -kR * s + dD, 0, -kR * c + ddD, 0};
  k.rod = {(k.pin.x + k.slider.x) / 2, k.pin.y / 2, (k.pin.dx + k.slider.dx) / 2, k.pin.dy / 2,
           (k.pin.ddx + k.slider.ddx) / 2, k.pin.ddy / 2};
  k.psi = std::asin(-kR * s / kL);
  k.dpsi = -kR * c / D;
  k.ddpsi = (kR * s * D + kR * c * dD) / (D * D);
  return k;
}

double cross(double ax, double ay, double bx, double by) { return ax * by - ay * bx; }

// The unknowns u = [φ̈, F_O (2), F_A (2), F_S (2), N_heel, N_toe]: F_O the pivot's force on the crank,
// F_A the crank's force on the rod at A, F_S the rod's force on the slider at S (its centre). The
// slider slides in direction s (friction −μ_k N s at each corner). Nine equations: Newton-Euler of the
// crank, the rod and the slider (whose y and angle are held: zero acceleration).
struct Solution {
  double phi_dd, n_heel, n_toe;
};

Solution solve(double phi, double omega, double s) {
  const Kinematics k = kinematics(phi);
  Eigen::Matrix<double, 9, 9> A = Eigen::Matrix<double, 9, 9>::Zero();
  Eigen::Matrix<double, 9, 1> b = Eigen::Matrix<double, 9, 1>::Zero();
  const double w2 = omega * omega;
  // a = p' φ̈ + p'' ω².
  // Crank: m a = F_O − F_A + m g; J φ̈ = (O − c) × F_O + (A − c) × (−F_A) + τ − c_load ω.
  A(0, 0) = kMc * k.crank.dx, A(0, 1) = -1, A(0, 3) = 1, b(0) = -kMc * k.crank.ddx * w2;
  A(1, 0) = kMc * k.crank.dy, A(1, 2) = -1, A(1, 4) = 1, b(1) = -kMc * k.crank.ddy * w2 - kMc * kG;
  A(2, 0) = kJc;
  A(2, 1) = -cross(-k.crank.x, -k.crank.y, 1, 0), A(2, 2) = -cross(-k.crank.x, -k.crank.y, 0, 1);
  A(2, 3) = cross(k.pin.x - k.crank.x, k.pin.y - k.crank.y, 1, 0), A(2, 4) = cross(k.pin.x - k.crank.x, k.pin.y - k.crank.y, 0, 1);
  b(2) = kMotor - kLoad * omega;
  // Rod: m a = F_A − F_S + m g; J ψ̈ = (A − c) × F_A + (S − c) × (−F_S), ψ̈ = ψ' φ̈ + ψ'' ω².
  A(3, 0) = kMr * k.rod.dx, A(3, 3) = -1, A(3, 5) = 1, b(3) = -kMr * k.rod.ddx * w2;
  A(4, 0) = kMr * k.rod.dy, A(4, 4) = -1, A(4, 6) = 1, b(4) = -kMr * k.rod.ddy * w2 - kMr * kG;
  A(5, 0) = kJr * k.dpsi, b(5) = -kJr * k.ddpsi * w2;
  A(5, 3) = -cross(k.pin.x - k.rod.x, k.pin.y - k.rod.y, 1, 0), A(5, 4) = -cross(k.pin.x - k.rod.x, k.pin.y - k.rod.y, 0, 1);
  A(5, 5) = cross(k.slider.x - k.rod.x, k.slider.y - k.rod.y, 1, 0), A(5, 6) = cross(k.slider.x - k.rod.x, k.slider.y - k.rod.y, 0, 1);
  // Slider: m ẍ = F_S,x − μ s (N_h + N_t); 0 = F_S,y + N_h + N_t − m g; moments about its centre of the
  // corner forces (−μ s N, N) at (∓0.1, −0.05): 0 = ∓0.1 N + 0.05 (−μ s N).
  A(6, 0) = kMs * k.slider.dx, A(6, 5) = -1, A(6, 7) = kMuK * s, A(6, 8) = kMuK * s, b(6) = -kMs * k.slider.ddx * w2;
  A(7, 6) = 1, A(7, 7) = 1, A(7, 8) = 1, b(7) = kMs * kG;
  A(8, 7) = -kHalfWidth - kDepth * kMuK * s, A(8, 8) = kHalfWidth - kDepth * kMuK * s;
  const Eigen::Matrix<double, 9, 1> u = A.partialPivLu().solve(b);
  return {u(0), u(7), u(8)};
}

// The state (φ, ω) and the slip direction; the slider's velocity is x_s'(φ) ω.
struct State2 {
  double phi, omega;
};

State2 rk4(const State2& y, double h, double s) {
  const auto f = [s](const State2& q) { return State2{q.omega, solve(q.phi, q.omega, s).phi_dd}; };
  const State2 k1 = f(y), k2 = f({y.phi + h / 2 * k1.phi, y.omega + h / 2 * k1.omega}),
               k3 = f({y.phi + h / 2 * k2.phi, y.omega + h / 2 * k2.omega}), k4 = f({y.phi + h * k3.phi, y.omega + h * k3.omega});
  return {y.phi + h / 6 * (k1.phi + 2 * k2.phi + 2 * k3.phi + k4.phi),
          y.omega + h / 6 * (k1.omega + 2 * k2.omega + 2 * k3.omega + k4.omega)};
}

double slider_speed(const State2& y) { return kinematics(y.phi).slider.dx * y.omega; }

struct Reference {
  std::vector<double> t, phi, omega, x, n_heel, n_toe;  // every `every` steps
  std::vector<double> reversals;
};

// From rest at φ = 90°: sticking would need a friction force above μ_s N (checked), so the slider
// breaks away in the direction it would accelerate without friction. Fixed steps of h; a step in which
// the slider's velocity changes sign is redone up to the zero (bisection on the step length to 1e-13 s),
// where the slip direction flips: at the dead centres x_s' = 0 while ω ≠ 0, so the slider cannot stay
// stuck (that would need ẍ_s = x_s'' ω² = 0) and reverses.
Reference reference(double t_end, double h, double every) {
  Reference r;
  State2 y{M_PI / 2, 0};
  // Breakaway check at rest: with φ̈ = 0 the friction needed to hold the slider is the force F_S,x.
  const double s0 = solve(y.phi, 0, 0).phi_dd * kinematics(y.phi).slider.dx > 0 ? 1.0 : -1.0;
  double s = s0, t = 0, next = 0;
  const auto record = [&](double time, const State2& q) {
    const Solution sol = solve(q.phi, q.omega, s);
    r.t.push_back(time);
    r.phi.push_back(q.phi);
    r.omega.push_back(q.omega);
    r.x.push_back(kinematics(q.phi).slider.x);
    r.n_heel.push_back(sol.n_heel);
    r.n_toe.push_back(sol.n_toe);
  };
  while (t < t_end - 1e-12) {
    if (t >= next - 1e-12) {
      record(t, y);
      next += every;
    }
    const double step = std::min(h, next - t);
    State2 y1 = rk4(y, step, s);
    if (slider_speed(y1) * s < 0) {  // reversal inside the step
      double lo = 0, hi = step;
      while (hi - lo > 1e-13) {
        const double mid = 0.5 * (lo + hi);
        (slider_speed(rk4(y, mid, s)) * s > 0 ? lo : hi) = mid;
      }
      y = rk4(y, hi, s);
      t += hi;
      s = -s;
      r.reversals.push_back(t);
      continue;
    }
    y = y1;
    t += step;
  }
  record(t, y);
  return r;
}

MemorySink run_example(Scheme scheme, double step, double t_end, MemoryEventSink* events = nullptr) {
  ModelFile mf = read_model_file(test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"));
  mf.options.scheme = scheme;
  mf.options.t_end = t_end;
  mf.options.output_interval = 0.01;
  if (scheme == Scheme::event_driven) {
    mf.options.integrator = "dopri5";
    mf.options.integrator_options.rtol = 1e-10;
    mf.options.integrator_options.atol = 1e-12;
  } else {
    mf.options.integrator_options.step = step;
  }
  MemorySink out;
  simulate(mf.model, mf.options, out, {}, events);
  return out;
}

double max_error(const MemorySink& out, const Reference& ref, const std::string& column, const std::vector<double>& values) {
  const auto t = out.series("t"), v = out.series(column);
  EXPECT_EQ(t.size(), ref.t.size());
  double e = 0;
  for (std::size_t k = 0; k < std::min(t.size(), ref.t.size()); ++k) {
    EXPECT_NEAR(t[k], ref.t[k], 1e-9);
    e = std::max(e, std::abs(v[k] - values[k]));
  }
  return e;
}

// One reference for the tests below (2 s, RK4 at 10 µs, a row every 10 ms).
const Reference& shared_reference() {
  static const Reference ref = reference(2.0, 1e-5, 0.01);
  return ref;
}

// The reference itself: both corners stay loaded (the minimal-coordinate model holds), sliding from
// rest is consistent, and the drive turns the crank more than once in 2 s with two reversals per
// revolution.
TEST(RoughGuideReference, ReferenceHoldsItsAssumptions) {
  const Reference& ref = shared_reference();
  for (std::size_t k = 0; k < ref.t.size(); ++k) {
    EXPECT_GT(ref.n_heel[k], 0) << "t = " << ref.t[k];
    EXPECT_GT(ref.n_toe[k], 0) << "t = " << ref.t[k];
  }
  // Breakaway: sliding in the direction the frictionless mechanism would move is consistent (with
  // μ_k friction the slider still accelerates that way from rest).
  const double dx = kinematics(M_PI / 2).slider.dx, free = solve(M_PI / 2, 0, 0).phi_dd * dx;
  EXPECT_GT(solve(M_PI / 2, 0, free > 0 ? 1.0 : -1.0).phi_dd * dx * free, 0.0);
  EXPECT_GE(ref.reversals.size(), 3u);
  EXPECT_GT(ref.phi.back() - ref.phi.front(), 2 * M_PI);
}

// Event-driven (dopri5 at rtol 1e-10, events to 1e-12 s) against the reference (RK4 at 10 µs: its
// errors, ~(10 µs · 10 /s)⁴ per step, are far below): the crank angle and the slider to 1e-9 (rtol
// on values of order 10 rad and 1 m; measured 5e-11), the corner normal forces (30-60 N) to 1e-6 N
// (measured 2e-8), and every slip reversal at the reference's instant to 1e-10 s (measured 3e-12).
TEST(RoughGuideReference, EventDrivenFollowsTheMinimalCoordinateReference) {
  const Reference& ref = shared_reference();
  MemoryEventSink events;
  const MemorySink out = run_example(Scheme::event_driven, 0, 2.0, &events);
  EXPECT_LT(max_error(out, ref, "crank.theta", ref.phi), 1e-9);
  EXPECT_LT(max_error(out, ref, "slider.x", ref.x), 1e-9);
  EXPECT_LT(max_error(out, ref, "heel.fn", ref.n_heel), 1e-6);
  EXPECT_LT(max_error(out, ref, "toe.fn", ref.n_toe), 1e-6);
  std::vector<double> reversals;
  for (const EventRecord& e : events.events)
    if (e.kind == "reversal" && e.contact == "heel") reversals.push_back(e.t);
  ASSERT_EQ(reversals.size(), ref.reversals.size());
  for (std::size_t k = 0; k < reversals.size(); ++k) EXPECT_NEAR(reversals[k], ref.reversals[k], 1e-10) << k;
}

// Time-stepping (Moreau-Jean, θ = 1/2) against the same reference: the slider's position converges at
// first order (each reversal is seen at the end of its step), the error halving with h within ±25 %;
// at h = 1 ms it is below h times the slider's typical speed (1 m/s). (Measured 4.7e-4, 2.3e-4,
// 1.1e-4 m.)
TEST(RoughGuideReference, TimeSteppingConvergesToTheReferenceAtFirstOrder) {
  const Reference& ref = shared_reference();
  std::vector<double> errors;
  for (double h : {1e-3, 5e-4, 2.5e-4}) errors.push_back(max_error(run_example(Scheme::time_stepping, h, 2.0), ref, "slider.x", ref.x));
  for (std::size_t k = 1; k < errors.size(); ++k) EXPECT_NEAR(errors[k - 1] / errors[k], 2.0, 0.5) << k;
  EXPECT_LT(errors.front(), 1e-3);
}

}  // namespace rough_guide_reference_test
}  // namespace stickslip
