// The memory a scheme's problem of a model needs, estimated before any of it is allocated
// (math/memory_budget.hpp), so that a model too large for the machine is refused with the size it
// would need instead of growing until the allocator gives out (a wall of 1e5 blocks reached 5.7 GB
// in the time-stepping scheme's sparse pattern of W; the event-driven scheme's dense mode problem
// of a 10 × 10 wall took a quarter of a gigabyte and a quarter of an hour).
#pragma once

#include <string>

#include "formulations/simulation_options.hpp"
#include "model/model.hpp"

namespace stickslip {

struct ImpulseProblemSize {
  double rows = 0;      // impulse rows: bilateral, then 1 + tangent rows per contact
  double triplets = 0;  // pairs of rows that share a dynamic body (the sparse W's pattern): Σ_b rows_b²
  double bytes = 0;     // the estimate
};

// The time-stepping scheme's step problem (time_stepping/impulse_problem.hpp).
ImpulseProblemSize impulse_problem_size(const Model& model, const SimulationOptions& options);
// Its sparse part from the counts alone (for a model not built yet: a generator's).
double impulse_problem_bytes(double rows, double triplets);
// The event-driven scheme's dense problems when every contact is closed and sticks at once (a wall
// at rest): the modal equations' rows, the mode LCP and Lemke's basis on it, from the counts of
// velocity coordinates, bilateral rows and contacts (each with its tangent rows).
double event_driven_bytes(double nv, double bilateral_rows, double contacts, double tangent_rows_each);

// Throws ModelError at `path` (the model file's key that makes the contacts: `contacts`, or
// `generators`) when the scheme's problem exceeds the memory budget; the compliant scheme's grows
// with the model only and is not checked here.
void check_scheme_memory(const Model& model, const SimulationOptions& options, const std::string& path);

}  // namespace stickslip
