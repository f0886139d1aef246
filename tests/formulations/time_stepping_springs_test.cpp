// Spring elements in the time-stepping scheme: the linearised θ-method (iteration matrix
// M − hθC − h²θ²K) against its closed forms.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "formulations/simulation.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace time_stepping_springs_test {


// A 1 kg block on a spring of 1e8 N/m (ω h = 10 at h = 1 ms: any explicit treatment diverges).
// For a linear spring the scheme with θ = 1/2 is the trapezoidal rule, which conserves the energy
// of a linear oscillator exactly; the spring's Jacobian comes from central differences (relative
// error ≈ 1e-10), so the energy holds to 1e-8 over 1000 steps.
TEST(TimeSteppingSprings, StiffTranslationalSpringConservesEnergyWithTheMidpointRule) {
  const ModelFile mf = test::model_from_yaml(R"(bodies:
  - {name: block, mass: 1, inertia: 0.01, position: [1.001, 0]}
forces:
  - {name: spring, type: spring_damper, bodies: [ground, block], stiffness: 1e8, rest_length: 1}
simulation: {scheme: time-stepping, t_end: 1, output_interval: 0.1, step: 1e-3}
)");
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const auto e = out.series("energy.total"), x = out.series("block.x");
  EXPECT_NEAR(e.front(), 0.5 * 1e8 * 1e-6, 1e-9);
  for (double v : e) EXPECT_NEAR(v / e.front(), 1.0, 1e-8);
  for (double v : x) EXPECT_LE(std::abs(v - 1.0), 1.001e-3);  // bounded by the initial stretch
}

// Two bodies on a hinge with a rotational damper of 1e6 N m s/rad between them (Zhang & Wang's (2017) legs):
// an initial relative rate ω0 = 1 rad/s. The relative mode has J_eff = J1 J2/(J1 + J2) = 0.1, so
// h c / J_eff = 1e4 at h = 1 ms. Implicit Euler (θ = 1) damps it by 1/(1 + 1e4) in one step; the
// midpoint rule (θ = 1/2) gives the factor (1 − 5e3)/(1 + 5e3) ≈ −0.9996: the rate flips sign
// instead of decaying (docs/schemes.md), which is why the Zhang & Wang 2017 examples use θ = 1.
TEST(TimeSteppingSprings, StiffRotationalDamperNeedsThetaOne) {
  for (double theta : {1.0, 0.5}) {
    const ModelFile mf = test::model_from_yaml(R"(bodies:
  - {name: a, mass: 1, inertia: 0.2, angular_velocity: -0.5}
  - {name: b, mass: 1, inertia: 0.2, angular_velocity: 0.5}
joints:
  - {name: hinge, type: revolute, bodies: [a, b], location: [0, 0]}
forces:
  - {name: damper, type: rotational_spring_damper, bodies: [a, b], stiffness: 0, damping: 1e6}
simulation: {scheme: time-stepping, t_end: 0.001, output_interval: 0, step: 1e-3, time_stepping: {theta: )" +
                                   std::to_string(theta) + "}}\n");
    MemorySink out;
    simulate(mf.model, mf.options, out);
    const double before = out.rows.front()[out.column("b.omega")] - out.rows.front()[out.column("a.omega")];
    const double after = out.rows.back()[out.column("b.omega")] - out.rows.back()[out.column("a.omega")];
    const double expected = theta == 1.0 ? 1.0 / (1 + 1e4) : (1 - 5e3) / (1 + 5e3);
    EXPECT_NEAR(after / before, expected, 1e-9) << "θ = " << theta;
  }
}

}  // namespace time_stepping_springs_test
}  // namespace stickslip
