// `integrator: auto` (the default): which integrator a compliant or event-driven run uses.
#pragma once

#include <string>

#include "formulations/simulation_options.hpp"
#include "model/model.hpp"

namespace stickslip {

struct IntegratorChoice {
  std::string name;    // "rk4", "dopri5" or "bdf"
  std::string reason;  // why auto chose it (empty when the options named the integrator)
};

// The linear force elements (spring-dampers) fix the fastest rate of the model exactly: a damper c
// between inertias J_i and J_j decays at c / J_eff (J_eff = J_i J_j / (J_i + J_j)), a spring rings at
// sqrt(k / J_eff). An explicit method is stable only for h |λ| below about 3.3 (dopri5's interval on
// the negative real axis), so a damper of c / J = 5e6 1/s holds dopri5 to 0.7 µs whatever the
// accuracy asked. `auto` takes bdf when that bound is below kExplicitStepFloor, dopri5 otherwise;
// compliant contacts are left to dopri5's step control (their stiffness depends on the penetration).
// With projection in the compliant scheme, bdf would restart at order 1 every step: dopri5 stays.
inline constexpr double kExplicitStepFloor = 1e-5;  // s: 1e5 steps per simulated second

IntegratorChoice choose_integrator(const Model& model, const SimulationOptions& options);

}  // namespace stickslip
