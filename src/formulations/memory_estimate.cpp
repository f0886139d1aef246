// The estimate counts what ImpulseProblem (impulse_problem.cpp) allocates in proportion to the model:
//  - the sparse W: its pattern comes from one triplet (16 bytes) per pair of rows sharing a dynamic
//    body, compressed twice on the way (Eigen's setFromTriplets sorts through a transposed copy:
//    12 bytes per entry each), then kept with its values; H and the factorisation patterns of the
//    subspace step and the interior-point rescue follow the same pairs;
//  - per row: the row blocks (twice: plain and scaled), the solvers' vectors and bounds;
//  - dense matrices where the options ask for them: W (n² doubles) up to dense_rows or with spring
//    elements, and Lemke's lifted problem (4 variables per contact, its matrix and basis inverses).
// The coefficients were fitted to the peak resident memory of running-bond walls of 915 and 10 050
// blocks (7 080 and 79 600 contacts; 51 MB and 516 MB beyond the model itself): 56 bytes per triplet
// and 200 per row, which overestimate the larger by 16 %.
#include "formulations/memory_estimate.hpp"

#include <unordered_map>

#include "formulations/time_stepping/spring_jacobians.hpp"
#include "math/memory_budget.hpp"
#include "math/number_format.hpp"

namespace stickslip {
namespace {

constexpr double kBytesPerTriplet = 56;
constexpr double kBytesPerRow = 200;

}  // namespace

double impulse_problem_bytes(double rows, double triplets) { return kBytesPerTriplet * triplets + kBytesPerRow * rows; }

ImpulseProblemSize impulse_problem_size(const Model& model, const SimulationOptions& options) {
  std::unordered_map<int, double> rows_of_body;
  const auto touch = [&](int body, double rows) {
    if (body >= 0 && body < static_cast<int>(model.bodies.size()) && model.bodies[static_cast<std::size_t>(body)].is_dynamic())
      rows_of_body[body] += rows;
  };
  ImpulseProblemSize size;
  size.rows = model.n_constraints;
  for (const Joint& j : model.joints) {
    touch(j.body_i, 6);  // at most six equations a joint; their exact count does not matter here
    touch(j.body_j, 6);
  }
  double lifted = model.n_constraints;
  for (const Contact& c : model.contacts) {
    const double rows = 1 + c.tangent_rows();
    size.rows += rows;
    lifted += 4;
    touch(c.body_i, rows);
    touch(c.body_j, rows);
  }
  for (const auto& [body, rows] : rows_of_body) size.triplets += rows * rows;
  size.bytes = impulse_problem_bytes(size.rows, size.triplets);
  const TimeSteppingOptions& o = options.time_stepping;
  const bool lemke = o.solver == "lemke" || (o.solver == "auto" && lifted <= 40);
  if (lemke) size.bytes += 4 * 8 * (lifted + 1) * (lifted + 1);  // K, the basis block and its inverse, the rescue's
  const bool implicit = has_spring_elements(model);
  if (lemke || size.rows <= 64 || implicit) size.bytes += 8 * size.rows * size.rows;
  if (implicit) size.bytes += 8 * (2 * size.rows * model.nv + 3.0 * model.nv * model.nv);
  return size;
}

// Rows m = bilateral + (1 + t) per contact carry K (m²), C and D (m nv each); the mode LCP has a normal,
// a saturation and a tangential column per tangent row (L = (1 + 2t) per contact) and Lemke keeps its
// matrix, the basis block and its inverse and an LU of it (4 L²).
double event_driven_bytes(double nv, double bilateral_rows, double contacts, double tangent_rows_each) {
  const double m = bilateral_rows + contacts * (1 + tangent_rows_each), lcp = contacts * (1 + 2 * tangent_rows_each);
  return 8 * (m * m + 2 * m * nv + 4 * lcp * lcp);
}

void check_scheme_memory(const Model& model, const SimulationOptions& options, const std::string& path) {
  double bytes = 0;
  std::string what;
  if (options.scheme == Scheme::time_stepping) {
    const ImpulseProblemSize size = impulse_problem_size(model, options);
    bytes = size.bytes;
    what = "the time-stepping scheme's contact problem of this model (" + number_text(size.rows, 3) +
           " impulse rows, " + number_text(size.triplets, 3) + " entries of W)";
  } else if (options.scheme == Scheme::event_driven) {
    const double tangent = model.dimension == Dimension::spatial ? 2 : 1;
    bytes = event_driven_bytes(model.nv, model.n_constraints, static_cast<double>(model.contacts.size()), tangent);
    what = "the event-driven scheme's contact problems of this model with every one of its " +
           std::to_string(model.contacts.size()) + " contacts closed (dense)";
  }
  if (const std::string problem = memory_budget_problem(bytes, what); !problem.empty()) throw ModelError(path, problem);
}

}  // namespace stickslip
