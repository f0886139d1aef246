// The state a simulation starts from: the model's initial poses and velocities, checked for
// redundant constraints and moved onto the constraint manifold (positions by Gauss-Newton
// projection, velocities by the velocity projection, so drivers impose their initial speeds).
#pragma once

#include <functional>
#include <string>

#include "assembly/workspace.hpp"
#include "formulations/simulation_options.hpp"
#include "state/state.hpp"

namespace stickslip {

// Calls `warn` for redundant constraints (when allowed) and for corrected initial positions.
// Throws ModelError for redundant constraints when options.allow_redundant is false and when the
// positions cannot be assembled (inconsistent joints or drivers).
State assembled_initial_state(const Model& model, const SimulationOptions& options, Workspace& ws,
                              const std::function<void(const std::string&)>& warn = {});

}  // namespace stickslip
