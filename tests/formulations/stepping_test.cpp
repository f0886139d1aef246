// A simulation taken step by step (formulations/stepping.hpp): without inputs its rows, events and
// step count equal simulate()'s bit for bit under the three schemes, also when the state and the
// contacts are read between every step; checkpoints return to an instant exactly; inputs (a joint
// actuator, a driver's target, a body's velocity) act as their closed forms say.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "formulations/stepping.hpp"

namespace stickslip {
namespace stepping_test {

using test::at;
using test::num;

struct Case {
  const char* name;
  const char* model;
  Scheme scheme;
  const char* integrator;  // "": the model file's
};

const Case kCases[] = {
    {"compliant_dopri5", "examples/scheme_comparison/sliding_block.yaml", Scheme::compliant, "dopri5"},
    {"event_driven", "examples/scheme_comparison/sliding_block.yaml", Scheme::event_driven, "dopri5"},
    {"time_stepping", "examples/scheme_comparison/sliding_block.yaml", Scheme::time_stepping, ""},
    {"pendulum_rk4", "examples/simple_pendulum/simple_pendulum.yaml", Scheme::compliant, "rk4"},
    {"four_bar_bdf", "examples/four_bar/four_bar.yaml", Scheme::compliant, "bdf"},
};

ModelFile load(const Case& c, double t_end) {
  ModelFile mf = read_model_file(test::source_path(c.model));
  mf.options.scheme = c.scheme;
  if (*c.integrator) mf.options.integrator = c.integrator;
  if (std::string(c.integrator) == "rk4") mf.options.integrator_options.step = 1e-3;
  mf.options.t_end = t_end;
  return mf;
}

void expect_same_rows(const MemorySink& a, const MemorySink& b, const char* name) {
  ASSERT_EQ(a.columns, b.columns) << name;
  ASSERT_EQ(a.rows.size(), b.rows.size()) << name;
  for (std::size_t k = 0; k < a.rows.size(); ++k) {
    for (std::size_t c = 0; c < a.columns.size(); ++c) {
      // Bit for bit: the same operations in the same order (std::bit_cast would also tell -0 from 0).
      ASSERT_EQ(a.rows[k][c], b.rows[k][c]) << name << ": row " << k << ", column " << a.columns[c];
    }
  }
}

void expect_same_events(const std::vector<EventRecord>& a, const std::vector<EventRecord>& b, const char* name) {
  ASSERT_EQ(a.size(), b.size()) << name;
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].t, b[k].t) << name << " event " << k;
    EXPECT_EQ(a[k].contact, b[k].contact) << name;
    EXPECT_EQ(a[k].kind, b[k].kind) << name;
  }
}

TEST(Stepping, StepByStepEqualsSimulateBitForBitWhileReadingTheState) {
  for (const Case& c : kCases) {
    const ModelFile mf = load(c, test::release_or_sanitized(0.5, 0.2));
    MemorySink expected;
    MemoryEventSink expected_events;
    const SimulationSummary summary = simulate(mf.model, mf.options, expected, {}, &expected_events);

    Simulation sim(mf.model, mf.options);
    double energy = 0;
    while (!sim.finished()) {
      sim.step();
      // Reading between steps evaluates the current state again; it must leave the run unchanged.
      energy += sim.state().q.sum();
      for (const ContactStatus& r : sim.contacts()) energy += r.normal_force;
      energy += sim.current_row().back();
    }
    EXPECT_TRUE(std::isfinite(energy));
    expect_same_rows(expected, sim.rows(), c.name);
    expect_same_events(expected_events.events, sim.events(), c.name);
    EXPECT_EQ(sim.summary().stats.steps, summary.stats.steps) << c.name;
    EXPECT_EQ(sim.summary().contact_events, summary.contact_events) << c.name;
  }
}

// A strategy that lands on output times (time-stepping, rk4 at a step dividing the interval) takes
// exactly its run's steps when advanced from output time to output time.
TEST(Stepping, AdvancingToOutputTimesEqualsSimulate) {
  for (const Case& c : kCases) {
    if (c.scheme != Scheme::time_stepping && std::string(c.integrator) != "rk4") continue;
    const ModelFile mf = load(c, 0.3);
    MemorySink expected;
    simulate(mf.model, mf.options, expected);
    Simulation sim(mf.model, mf.options);
    for (long k = 1; !sim.finished(); ++k) sim.advance(std::min(mf.options.t_end, static_cast<double>(k) * mf.options.output_interval));
    expect_same_rows(expected, sim.rows(), c.name);
  }
}

// A checkpoint taken mid-run and restored repeats the run after it exactly, and the inputs set after
// it are undone.
TEST(Stepping, RestoringACheckpointRepeatsTheRunAndUndoesLaterInputs) {
  for (const Case& c : kCases) {
    const ModelFile mf = load(c, 0.3);
    Simulation sim(mf.model, mf.options);
    sim.advance(0.1);
    const Snapshot at_01 = sim.checkpoint();
    const std::size_t rows_at_01 = sim.rows().rows.size();
    sim.advance(0.3);
    const MemorySink first = sim.rows();
    sim.restore(at_01);
    EXPECT_EQ(sim.time(), 0.1) << c.name;
    EXPECT_EQ(sim.rows().rows.size(), rows_at_01) << c.name;
    sim.advance(0.3);
    expect_same_rows(first, sim.rows(), c.name);
  }
}

// A pendulum without gravity (rod of length L = 0.5 m, bob m = 2 kg, J = 0.01 kg m²) turned by a
// joint actuator of u = 0.3 N m about its pivot: θ̈ = u / J_O, J_O = J + m L², θ = ½ (u/J_O) t², and the
// actuator column reads u. Planar and spatial (a revolute joint about z) alike.
std::string actuated_pendulum(bool spatial) {
  const std::string p = spatial ? "[0.5, 0, 0]" : "[0.5, 0]", o = spatial ? "[0, 0, 0]" : "[0, 0]";
  std::string yaml = spatial ? "dimension: spatial\n" : "";
  yaml += "bodies:\n  - {name: bob, mass: 2, inertia: " + std::string(spatial ? "[0.01, 0.01, 0.01]" : "0.01") +
          ", position: " + p + "}\n";
  yaml += "joints:\n  - {name: pivot, type: revolute, bodies: [ground, bob], location: " + o +
          (spatial ? ", axis: [0, 0, 1]" : "") + "}\n";
  yaml += "forces:\n  - {name: motor, type: joint_actuator, joint: pivot, effort: 0.3}\n";
  yaml += "simulation: {integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 1, output_interval: 0.05}\n";
  return yaml;
}

TEST(Stepping, JointActuatorTurnsAPendulumAtTorqueOverInertia) {
  const double J_O = 0.01 + 2 * 0.25, alpha = 0.3 / J_O;
  for (bool spatial : {false, true}) {
    const MemorySink out = test::run(test::model_from_yaml(actuated_pendulum(spatial)));
    for (std::size_t k = 0; k < out.rows.size(); ++k) {
      const double t = at(out, k, "t"), theta = 0.5 * alpha * t * t;
      // dopri5 at rtol 1e-11 integrates the quadratic angle to its tolerance over 1 s; the bob's
      // position follows on the circle (seen: 1e-12).
      EXPECT_NEAR(at(out, k, "bob.x"), 0.5 * std::cos(theta), 1e-9) << spatial << " t = " << t;
      EXPECT_NEAR(at(out, k, "bob.y"), 0.5 * std::sin(theta), 1e-9) << spatial << " t = " << t;
      EXPECT_EQ(at(out, k, "motor.effort"), 0.3);
    }
  }
}

// The same pendulum stepped from Python's point of view: the actuator switched to −u at t = 0.5 s
// brakes it back; θ(t) for t > 0.5 is the parabola of deceleration from θ(0.5), ω(0.5).
TEST(Stepping, ActuatorSetBetweenStepsActsFromThatInstant) {
  const double J_O = 0.51, alpha = 0.3 / J_O;
  const ModelFile mf = test::model_from_yaml(actuated_pendulum(false));
  Simulation sim(mf.model, mf.options);
  sim.advance(0.5);
  sim.set_actuator("motor", -0.3);
  sim.advance(1.0);
  const MemorySink& out = sim.rows();
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), s = std::max(0.0, t - 0.5);
    const double theta = t <= 0.5 ? 0.5 * alpha * t * t : 0.5 * alpha * 0.25 + alpha * 0.5 * s - 0.5 * alpha * s * s;
    // dopri5 restarts at the switch (a new right-hand side), its tolerance as above.
    EXPECT_NEAR(at(out, k, "bob.omega"), t <= 0.5 ? alpha * t : alpha * (0.5 - s), 1e-9) << t;
    EXPECT_NEAR(std::atan2(at(out, k, "bob.y"), at(out, k, "bob.x")), theta, 1e-9) << t;
    EXPECT_EQ(at(out, k, "motor.effort"), t <= 0.5 ? 0.3 : -0.3) << t;  // the row at 0.5 precedes the change
  }
}

// A ball resting on the floor (time-stepping) is thrown up between two steps with v = 0.981 m/s:
// it rises as v s − ½ g s², to v²/(2g) = 0.04905 m at s = 0.1 s, and lands again at s = 0.2 s.
TEST(Stepping, BodyVelocitySetBetweenStepsThrowsABallToItsApex) {
  const ModelFile mf = test::model_from_yaml(R"(
gravity: [0, -9.81]
bodies:
  - {name: ball, mass: 0.5, inertia: 0.0005, position: [0, 0.05]}
contacts:
  - {name: floor, type: circle_line, bodies: [ground, ball], radius: 0.05, impact: {law: newton, e: 0}}
simulation: {scheme: time-stepping, step: 1e-3, t_end: 0.6, output_interval: 0.01}
)");
  Simulation sim(mf.model, mf.options);
  sim.advance(0.2);
  EXPECT_EQ(sim.contacts()[0].state, ContactState::stick);
  // Resting: the floor carries the weight (the impulse of one step over its length).
  EXPECT_NEAR(sim.contacts()[0].normal_force, 0.5 * 9.81, 1e-9);
  BodyMotionState m = sim.body_state("ball");
  m.velocity.y() = 0.981;
  sim.set_body_state("ball", m);
  sim.advance(0.3);
  // The midpoint rule integrates constant gravity exactly: only rounding separates the heights.
  EXPECT_NEAR(sim.body_state("ball").position.y(), 0.05 + 0.981 * 0.1 - 0.5 * 9.81 * 0.01, 1e-12);
  EXPECT_EQ(sim.contacts()[0].state, ContactState::open);
  EXPECT_NEAR(sim.contacts()[0].gap, 0.981 * 0.1 - 0.5 * 9.81 * 0.01, 1e-12);
  sim.advance(0.6);
  // Landed (e = 0) and at rest again: within the one step of approach h v = 1e-3 · 0.981 m of the
  // floor, and still.
  EXPECT_NEAR(sim.body_state("ball").position.y(), 0.05, 1e-3);
  EXPECT_NEAR(sim.body_state("ball").velocity.y(), 0, 1e-9);
}

// A crank driven at 1 rad/s gets a new target between two steps, 2 + 3 (t − t₀): its angle follows
// it from that instant (after the jump, which the projection of the next step takes up), and the
// rate at once.
TEST(Stepping, DriverTargetSetBetweenStepsIsFollowed) {
  const ModelFile mf = test::model_from_yaml(R"(
gravity: [0, -9.81]
bodies:
  - {name: crank, mass: 1, inertia: 0.02, position: [0.1, 0]}
joints:
  - {name: pin, type: revolute, bodies: [ground, crank], location: [0, 0]}
drivers:
  - {name: spin, joint: pin, function: {type: polynomial, coefficients: [0, 1]}}
simulation: {scheme: time-stepping, step: 1e-3, t_end: 1, output_interval: 0.01}
)");
  Simulation sim(mf.model, mf.options);
  sim.advance(0.5);
  EXPECT_THROW(sim.set_driver("nothing", 0), std::invalid_argument);
  sim.set_driver("spin", 0.6, 3.0);
  sim.advance(1.0);
  const MemorySink& out = sim.rows();
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    if (t <= 0.5) {
      EXPECT_NEAR(at(out, k, "crank.theta"), t, 1e-9) << t;
    } else if (t >= 0.52) {
      // The time-stepping scheme removes the drift of each step (β = 1) from the second step on;
      // what is left is the rounding of the angle (1e-12).
      EXPECT_NEAR(at(out, k, "crank.theta"), 0.6 + 3 * (t - 0.5), 1e-9) << t;
      EXPECT_NEAR(at(out, k, "crank.omega"), 3, 1e-9) << t;
    }
  }
  EXPECT_THROW(sim.step(), std::logic_error);  // finished
}

}  // namespace stepping_test
}  // namespace stickslip
