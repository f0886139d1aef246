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

// A state given between two steps (a stepped simulation's set_state, formulations/stepping.hpp),
// brought onto the constraints as an initial state is: quaternions normalised, positions by the
// Gauss-Newton projection, velocities by the velocity projection. Throws ModelError when the
// positions cannot be assembled.
State assembled_state(const Model& model, Workspace& ws, State s);

}  // namespace stickslip
