// Frictional spatial prismatic joints under the time-stepping scheme (Qi, Luo & Huang 2011 at
// impulse level, formulations/time_stepping/joint_contact_step.cpp; issue 12): example 1 of the
// paper (examples/prismatic_joint_contact/slider_out_of_guide.yaml) against the closed form of its
// constant-contact phase and against the compliant scheme, a slider that sticks under a push below
// μ m g, the Adams method, and the models the scheme still refuses.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "../simulation_support.hpp"
#include "assembly/prismatic_contact/joint_contact.hpp"
#include "model/model.hpp"

namespace stickslip {
namespace prismatic_joint_time_stepping_test {

using test::at;

constexpr const char* kExample = "examples/prismatic_joint_contact/slider_out_of_guide.yaml";
constexpr double kMass = 15.602, kG = 9.8, kMu = 0.3, kPush = 100, kLength = 0.2;
constexpr double kAcceleration = (kPush - kMu * kMass * kG) / kMass;
constexpr double kEps = 2.220446049250313e-16;

// Example 1 (as `yaml`, changed or not) under the time-stepping scheme with step h.
MemorySink time_stepping(const std::string& yaml, double h, double t_end, double output_interval) {
  ModelFile mf = test::model_from_yaml(yaml);
  mf.options.scheme = Scheme::time_stepping;
  mf.options.integrator_options.step = h;
  mf.options.t_end = t_end;
  mf.options.output_interval = output_interval;
  return test::run(mf);
}
MemorySink compliant(const std::string& yaml, double t_end, double output_interval) {
  ModelFile mf = test::model_from_yaml(yaml);
  mf.options.t_end = t_end;
  mf.options.output_interval = output_interval;
  return test::run(mf);
}
std::string example() { return test::read_text(test::source_path(kExample)); }

prismatic_contact::JointMotion motion(const MemorySink& out, std::size_t k) {
  return static_cast<prismatic_contact::JointMotion>(static_cast<int>(at(out, k, "guide.motion")));
}

// While the slider is wholly inside the guide, and after it until it tips (0.4711 s), the lower face
// carries m g and the friction is μ m g: every step's velocity change is h (F − μ m g)/m. The
// friction comes from the contact analysis exact to 1e-12 of the load (the joint-local tests' bound),
// so each step's acceleration is the closed form to 1e-12 F/m, the velocity after n steps to n times
// that times h; with θ = ½ the positions are the trapezoidal sums of these linear velocities, so
// x = x0 + a t²/2 to n² h² of that too. Every step is a row here (output interval h), so the
// acceleration is checked step by step.
TEST(PrismaticJointTimeStepping, ConstantContactPhaseAcceleratesAtTheClosedForm) {
  const double h = 1e-3;
  const MemorySink out = time_stepping(example(), h, 0.46, h);
  ASSERT_EQ(out.rows.size(), 461u);
  for (std::size_t k = 1; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), n = static_cast<double>(k);
    const double dv = at(out, k, "slider.vx") - at(out, k - 1, "slider.vx");
    const double rounding = 1e-12 * kPush / kMass;
    EXPECT_NEAR(dv / h, kAcceleration, rounding) << t;
    EXPECT_NEAR(at(out, k, "slider.vx"), kAcceleration * t, n * h * rounding) << t;
    EXPECT_NEAR(at(out, k, "slider.x"), 0.1 + 0.5 * kAcceleration * t * t, n * n * h * h * rounding + 4 * kEps) << t;
    // The mean friction and normal force over the step, to rounding of the reaction (1e-12 of m g).
    EXPECT_NEAR(at(out, k, "guide.ff"), -kMu * kMass * kG, 1e-12 * kMass * kG) << t;
    EXPECT_NEAR(at(out, k, "guide.fn"), kMass * kG, 1e-12 * kMass * kG) << t;
    EXPECT_EQ(motion(out, k), k == 1 ? prismatic_contact::JointMotion::starting_to_slide
                                     : prismatic_contact::JointMotion::sliding) << t;
  }
}

// The largest differences between a time-stepping run and the compliant one over the rows they share
// (from the second: the first time-stepping row has no step behind it, so no forces): the slider's
// velocity and the contact half-length c, and the friction force in the L1 norm over time (it jumps
// where the slider tips and stops, so its largest difference does not fall with h, its integral does).
struct Differences {
  double velocity = 0, half_length = 0, friction_l1 = 0;
};
Differences differences(const MemorySink& reference, const MemorySink& run) {
  Differences d;
  EXPECT_EQ(reference.rows.size(), run.rows.size());
  for (std::size_t k = 1; k < std::min(reference.rows.size(), run.rows.size()); ++k) {
    const double dt = at(run, k, "t") - at(run, k - 1, "t");
    d.velocity = std::max(d.velocity, std::abs(at(reference, k, "slider.vx") - at(run, k, "slider.vx")));
    d.half_length = std::max(d.half_length, std::abs(at(reference, k, "guide.c") - at(run, k, "guide.c")));
    d.friction_l1 += dt * std::abs(at(reference, k, "guide.ff") - at(run, k, "guide.ff"));
  }
  return d;
}

// The two schemes on example 1's whole run (slides, overhangs, tips, stops, sticks). A row of the
// time-stepping run carries the step's mean friction and c at the step's midpoint, half a step behind
// the row: so c and the friction's integral differ at first order, by about half a step's change
// (seen at h = 1e-3, 5e-4, 2.5e-4: c 4.2e-4, 2.1e-4, 1.05e-4 m; ∫|Δf| dt 1.45, 0.73, 0.37 N s). The
// velocity differs less (2.4e-3, 5.9e-4, 1.5e-4 m/s: θ = ½ is of second order while the friction is
// smooth, and the stop is resolved within a step). Each difference must fall by more than 1.6 when h
// halves, as in the other time-stepping convergence tests. Bounds from h: the velocity is off by at
// most one step's velocity change at the largest deceleration, a_max h, a_max = 3048 N / m (the
// friction's peak, docs/prismatic-contact.md); c by the distance the slider runs in one step at its top
// speed, v_max h (v_max = 1.7 m/s); the friction's integral, an impulse, by the peak friction times h.
// The compliant run is exact for this purpose (dopri5 at rtol 1e-10).
TEST(PrismaticJointTimeStepping, AgreesWithTheCompliantSchemeToFirstOrder) {
  const MemorySink reference = compliant(example(), 0.8, 0.002);
  const double a_max = 3048 / kMass, v_max = 1.7, f_max = 3048;
  Differences previous;
  for (double h : {1e-3, 5e-4, 2.5e-4}) {
    const Differences d = differences(reference, time_stepping(example(), h, 0.8, 0.002));
    EXPECT_LT(d.velocity, a_max * h) << h;
    EXPECT_LT(d.half_length, v_max * h) << h;
    EXPECT_LT(d.friction_l1, f_max * h) << h;
    if (h < 1e-3) {
      EXPECT_LT(d.velocity, previous.velocity / 1.6) << h;
      EXPECT_LT(d.half_length, previous.half_length / 1.6) << h;
      EXPECT_LT(d.friction_l1, previous.friction_l1 / 1.6) << h;
    }
    previous = d;
  }
}

// Exact stick: pushed by 30 N < μ m g = 45.9 N from rest, the slider does not move at all. Each step
// the joint holds ṡ⁺ = 0 with the friction −F inside the cone μ m g (κ = −F/(m g)); the velocity is
// zero to the rounding of h F/m (one step's free velocity change, ε h F/m per step), so the position
// stays within steps × h × that of its start: nothing creeps.
TEST(PrismaticJointTimeStepping, SliderUnderPushBelowTheFrictionLimitDoesNotCreep) {
  const double h = 1e-3, push = 30, t_end = 2;
  const std::string yaml = test::replace_all(example(), "fx: 100}", "fx: 30}");
  const MemorySink out = time_stepping(yaml, h, t_end, 0.01);
  const double steps = t_end / h, rounding = kEps * h * push / kMass;
  for (std::size_t k = 1; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    EXPECT_EQ(motion(out, k), prismatic_contact::JointMotion::sticking) << t;
    EXPECT_LE(std::abs(at(out, k, "slider.vx")), 4 * rounding) << t;
    EXPECT_LE(std::abs(at(out, k, "guide.vt")), 4 * rounding) << t;
    EXPECT_LE(std::abs(at(out, k, "slider.x") - 0.1), 4 * steps * h * rounding) << t;
    EXPECT_NEAR(at(out, k, "guide.ff"), -push, 1e-12 * push) << t;
    EXPECT_NEAR(at(out, k, "guide.fn"), kMass * kG, 1e-12 * kMass * kG) << t;
  }
  EXPECT_NEAR(at(out, out.rows.size() - 1, "t"), t_end, 1e-12);
}

// Method adams under time-stepping: while sliding, the friction is Adams' μ N_eq for the step's
// reaction (the .adams column, the same formula evaluated independently of the closure, to rounding
// of the closure, 1e-9 of m g), opposing the motion; inside the guide it is μ m g and the
// acceleration the closed form; with the paper's arm (c) it exceeds μ m g as soon as the slider
// overhangs. The run agrees with the compliant run of the same method to first order in h.
TEST(PrismaticJointTimeStepping, AdamsMethod) {
  const std::string method = "      mu: 0.3\n";
  const std::string yaml = test::replace_all(example(), method, method + "      method: adams\n");
  const MemorySink coarse = time_stepping(yaml, 1e-3, 0.8, 0.002), fine = time_stepping(yaml, 5e-4, 0.8, 0.002);
  const double t_flush = std::sqrt(2 * 0.3 / kAcceleration);
  int sliding = 0, overhanging = 0, sticking = 0;
  for (std::size_t k = 1; k < coarse.rows.size(); ++k) {
    const double t = at(coarse, k, "t"), v = at(coarse, k, "slider.vx"), ff = at(coarse, k, "guide.ff");
    if (motion(coarse, k) == prismatic_contact::JointMotion::sticking) {
      EXPECT_LE(std::abs(ff), at(coarse, k, "guide.adams") * (1 + 1e-12)) << t;
      ++sticking;
      continue;
    }
    if (motion(coarse, k) != prismatic_contact::JointMotion::sliding) continue;
    ++sliding;
    EXPECT_NEAR(ff, -(v > 0 ? 1 : -1) * at(coarse, k, "guide.adams"), 1e-9 * kMass * kG) << t;
    if (t < t_flush - 2e-3) {
      EXPECT_NEAR(ff, -kMu * kMass * kG, 1e-12 * kMass * kG) << t;
    }
    if (t > t_flush + 2e-3) {
      EXPECT_GT(-ff, kMu * kMass * kG * (1 + 1e-6)) << t;
      ++overhanging;
    }
  }
  EXPECT_GT(sliding, 200);
  EXPECT_GT(overhanging, 5);
  EXPECT_GT(sticking, 50);  // it stops inside the guide
  const MemorySink reference = compliant(yaml, 0.8, 0.002);
  const Differences e_coarse = differences(reference, coarse), e_fine = differences(reference, fine);
  EXPECT_LT(e_coarse.velocity, 3048 / kMass * 1e-3);  // as for the contact analysis (above)
  EXPECT_LT(e_fine.velocity, e_coarse.velocity / 1.6);
}

// Example 2 (crank_slider.yaml, 3 s) under both schemes: the joint beside revolute, spherical and
// universal joints, the bilateral step with five more rows. The same two face modes (lower 0x33, upper
// 0xcc while the rod lifts the slider) in every row. Bounds from h, with the reference's own figures:
// the slider's position within one step's travel at its top speed, v_max h; its velocity within one
// step's change at its largest acceleration, a_max h; the friction's integral within h times the
// friction's total variation (a row carries the step's mean friction, half a step behind the row,
// which costs about h/2 of the variation). Each falls by more than 1.6 when h halves (seen: the
// position and velocity by 4, the friction's integral by 3; 4.1e-4 m, 9.9e-3 m/s, 1.19 N s at
// h = 1e-3).
TEST(PrismaticJointTimeStepping, CrankSliderAgreesWithTheCompliantScheme) {
  const std::string yaml = test::read_text(test::source_path("examples/prismatic_joint_contact/crank_slider.yaml"));
  const MemorySink reference = compliant(yaml, 3, 0.002);
  double v_max = 0, a_max = 0, variation = 0;
  for (std::size_t k = 1; k < reference.rows.size(); ++k) {
    const double dt = at(reference, k, "t") - at(reference, k - 1, "t");
    v_max = std::max(v_max, std::abs(at(reference, k, "slider.vx")));
    a_max = std::max(a_max, std::abs(at(reference, k, "slider.vx") - at(reference, k - 1, "slider.vx")) / dt);
    variation += std::abs(at(reference, k, "guide.ff") - at(reference, k - 1, "guide.ff"));
  }
  double previous[3] = {0, 0, 0};
  for (double h : {1e-3, 5e-4}) {
    const MemorySink run = time_stepping(yaml, h, 3, 0.002);
    ASSERT_EQ(run.rows.size(), reference.rows.size());
    double e[3] = {0, 0, 0};  // position, velocity, ∫|Δf| dt
    int upper = 0;
    for (std::size_t k = 1; k < run.rows.size(); ++k) {
      const double dt = at(run, k, "t") - at(run, k - 1, "t");
      e[0] = std::max(e[0], std::abs(at(run, k, "slider.x") - at(reference, k, "slider.x")));
      e[1] = std::max(e[1], std::abs(at(run, k, "slider.vx") - at(reference, k, "slider.vx")));
      e[2] += dt * std::abs(at(run, k, "guide.ff") - at(reference, k, "guide.ff"));
      const double mode = at(run, k, "guide.mode");
      EXPECT_TRUE(mode == 0x33 || mode == 0xcc) << at(run, k, "t") << " " << mode;
      upper += mode == 0xcc;
    }
    EXPECT_GT(upper, 10) << h;
    EXPECT_LT(e[0], v_max * h) << h;
    EXPECT_LT(e[1], a_max * h) << h;
    EXPECT_LT(e[2], variation * h) << h;
    if (h < 1e-3) {
      for (int i = 0; i < 3; ++i) EXPECT_LT(e[i], previous[i] / 1.6) << h << " " << i;
    }
    std::copy(e, e + 3, previous);
  }
}

// What the scheme refuses (docs/schemes.md), each by the joint's key: a frictional prismatic joint in
// a model with contacts (η would move their impulses through the step's LCP) or with spring elements
// (W̃ ≠ M); the regularised sign (explicit in a step: above h = 2 m v_t/(μ N) ≈ 6.8e-4 s here it
// would overshoot rest every step); a driven slide (the friction cannot move it, so the η that holds
// it is indeterminate).
void expect_refused(const std::string& yaml, const std::string& key, const std::string& words) {
  try {
    time_stepping(yaml, 1e-3, 0.01, 0.01);
    FAIL() << "ran under time-stepping; expected a refusal naming " << key;
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(PrismaticJointTimeStepping, RefusesWhatItCannotDecide) {
  const std::string spring = R"(forces:
  - {name: spring, type: spring_damper, bodies: [ground, slider], points: [[0, 0, 0], [0, 0, 0]], stiffness: 10, rest_length: 0.1}
  - )";
  expect_refused(test::replace_all(example(), "forces:\n  - ", spring), "joints[0].contact", "spring elements");
  const std::string contact = R"(contacts:
  - name: floor
    type: sphere_plane
    bodies: [ground, slider]
    plane: {point: [0, 0, -1], normal: [0, 0, 1]}
    center: [0, 0, 0]
    radius: 0.01
    impact: {law: newton, e: 0}
simulation:)";
  expect_refused(test::replace_all(example(), "simulation:", contact), "joints[0].contact", "contacts");
  expect_refused(test::replace_all(example(), "      mu: 0.3\n", "      mu: 0.3\n      friction_rule: regularised_sign\n"),
                 "joints[0].contact.friction_rule", "exact_stick");
  const std::string driver = R"(drivers:
  - {name: pull, joint: guide, function: {type: polynomial, coefficients: [0, 0.5]}}
simulation:)";
  expect_refused(test::replace_all(example(), "simulation:", driver), "joints[0].contact", "driver 'pull'");
}

// The event-driven scheme does not take the joint yet: its refusal names the two schemes that do.
TEST(PrismaticJointTimeStepping, TheEventDrivenRefusalNamesTheSchemesThatTakeTheJoint) {
  ModelFile mf = test::model_from_yaml(example());
  mf.options.scheme = Scheme::event_driven;
  try {
    test::run(mf);
    FAIL() << "ran under the event-driven scheme";
  } catch (const ModelError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("joints[0].contact"), std::string::npos) << what;
    EXPECT_NE(what.find("--scheme compliant, --scheme time-stepping"), std::string::npos) << what;
  }
}

}  // namespace prismatic_joint_time_stepping_test
}  // namespace stickslip
