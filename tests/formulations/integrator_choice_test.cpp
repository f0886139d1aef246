// `integrator: auto` (formulations/integrator_choice.hpp): dopri5 unless a spring-damper holds
// explicit steps below 10 µs, then bdf, which must then solve the stiff model correctly.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "formulations/integrator_choice.hpp"
#include "formulations/simulation.hpp"
#include "../simulation_support.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace integrator_choice_test {

// A 1 kg block on a translational spring-damper to the ground (k and c as given), released at rest
// at x = 0.01 m: m x'' + c x' + k x = 0.
std::string damped_block(double stiffness, double damping, const std::string& simulation) {
  return "bodies:\n  - {name: b, mass: 1, inertia: 1, position: [0.01, 0]}\nforces:\n"
         "  - {name: damper, type: spring_damper, bodies: [ground, b], points: [[-1, 0], [0, 0]], stiffness: " +
         test::num(stiffness) + ", damping: " + test::num(damping) + ", rest_length: 1}\nsimulation: {" + simulation + "}\n";
}

// The free-standing body's leg hinge (Zhang & Wang 2017): c = 1e6 N m s/rad between the body
// (J = 4166.7 kg m²) and a leg (J = 0.208 kg m²).
std::string stiff_hinge(const std::string& simulation) {
  return "bodies:\n  - {name: body, mass: 500, inertia: 4166.7, position: [0, 1]}\n"
         "  - {name: leg, mass: 10, inertia: 0.208, position: [0, 0], angular_velocity: 1}\n"
         "joints:\n  - {name: hinge, type: revolute, bodies: [body, leg], location: [0, 0.5]}\n"
         "forces:\n  - {name: hinge_damper, type: rotational_spring_damper, bodies: [body, leg], stiffness: 1e6, "
         "damping: 1e6, rest_angle: 0}\nsimulation: {" + simulation + "}\n";
}

TEST(IntegratorChoice, StiffDamperBetweenTwoBodiesTakesBdfAndSaysWhy) {
  const ModelFile mf = test::model_from_yaml(stiff_hinge("scheme: event-driven, t_end: 0.1"));
  const IntegratorChoice c = choose_integrator(mf.model, mf.options);
  EXPECT_EQ(c.name, "bdf");
  // |λ| = c / J_eff with J_eff = J_1 J_2 / (J_1 + J_2); the reason prints it to 4 digits.
  const double j_eff = 4166.7 * 0.208 / (4166.7 + 0.208);
  char expected[64];
  std::snprintf(expected, sizeof expected, "%.3g", 1e6 / j_eff);
  EXPECT_NE(c.reason.find("hinge_damper"), std::string::npos) << c.reason;
  EXPECT_NE(c.reason.find(expected), std::string::npos) << c.reason << " (expected " << expected << ")";
}

TEST(IntegratorChoice, NamedIntegratorsAndSoftModelsKeepDopri5) {
  EXPECT_EQ(choose_integrator(test::model_from_yaml(stiff_hinge("integrator: dopri5, t_end: 0.1")).model,
                              test::model_from_yaml(stiff_hinge("integrator: dopri5, t_end: 0.1")).options)
                .name,
            "dopri5");
  // c / m = 10 1/s and sqrt(k / m) = 10 1/s: explicit steps of 0.3 s are stable.
  const ModelFile soft = test::model_from_yaml(damped_block(100, 10, "t_end: 1"));
  EXPECT_EQ(choose_integrator(soft.model, soft.options).name, "dopri5");
  EXPECT_EQ(choose_integrator(soft.model, soft.options).reason, "");
  // With projection the compliant scheme would restart bdf at order 1 after every step.
  const ModelFile projected = test::model_from_yaml(damped_block(100, 1e6, "t_end: 1, projection: true"));
  EXPECT_EQ(choose_integrator(projected.model, projected.options).name, "dopri5");
}

// The chosen bdf solves the stiff block (k = c = 1e6): x(t) = x0 (λ2 e^{λ1 t} − λ1 e^{λ2 t}) / (λ2 − λ1),
// λ = (−c ± √(c² − 4 m k)) / 2m, here λ1 ≈ −1 and λ2 ≈ −1e6 1/s. With rtol 1e-8 the error stays within
// 1e-6 x0: bdf's global error over the decay is a few tens of rtol, with a margin.
TEST(IntegratorChoice, BdfChosenForAStiffDamperFollowsTheClosedForm) {
  const double c = 1e6, k = 1e6, m = 1, x0 = 0.01;
  const ModelFile mf = test::model_from_yaml(damped_block(k, c, "t_end: 2, output_interval: 0.1, rtol: 1e-8, atol: 1e-12"));
  MemorySink out;
  const SimulationSummary s = simulate(mf.model, mf.options, out);
  EXPECT_EQ(s.integrator, "bdf");
  EXPECT_LT(s.stats.steps, 10000);  // dopri5 would need 2 / (3.3e-6) = 6e5 steps
  const double disc = std::sqrt(c * c - 4 * m * k);
  const double l1 = (-c + disc) / (2 * m), l2 = (-c - disc) / (2 * m);
  ASSERT_EQ(out.rows.size(), 21u);
  for (const auto& row : out.rows) {
    const double t = row[0];
    const double exact = x0 * (l2 * std::exp(l1 * t) - l1 * std::exp(l2 * t)) / (l2 - l1);
    EXPECT_NEAR(row[out.column("b.x")], exact, 1e-6 * x0) << "t = " << t;
  }
}

}  // namespace integrator_choice_test
}  // namespace stickslip

namespace stickslip {
namespace integrator_choice_test {

// `stickslip resume` and resume() resolve `integrator: auto` as the run did: the stiff block's run
// takes bdf, and the run resumed from each of its checkpoints takes bdf too and continues the rows
// bit for bit (bdf restarts at a checkpoint in both; an unresolved `auto` or another integrator
// could not reproduce them).
TEST(IntegratorChoice, ResumedRunTakesTheIntegratorTheRunTook) {
  const ModelFile mf = test::model_from_yaml(damped_block(1e6, 1e6, "t_end: 0.02, output_interval: 0.001"));
  ASSERT_EQ(mf.options.integrator, "auto");
  SimulationOptions options = mf.options;
  options.checkpoint_interval = 0.005;
  MemorySink rows;
  std::vector<std::pair<Snapshot, std::size_t>> checkpoints;
  SimulationCallbacks cb;
  cb.checkpoint = [&](Snapshot& s) { checkpoints.emplace_back(s, rows.rows.size()); };
  const SimulationSummary original = simulate(mf.model, options, rows, cb, nullptr);
  ASSERT_EQ(original.integrator, "bdf");
  ASSERT_GE(checkpoints.size(), 2u);
  for (const auto& [snapshot, taken] : checkpoints) {
    MemorySink resumed_rows;
    const SimulationSummary resumed = resume(mf.model, options, snapshot, resumed_rows, {}, nullptr);
    EXPECT_EQ(resumed.integrator, "bdf");
    EXPECT_EQ(resumed.integrator_reason, original.integrator_reason);
    ASSERT_EQ(taken + resumed_rows.rows.size(), rows.rows.size());
    for (std::size_t k = 0; k < resumed_rows.rows.size(); ++k) ASSERT_EQ(resumed_rows.rows[k], rows.rows[taken + k]) << k;
  }
}

}  // namespace integrator_choice_test
}  // namespace stickslip
