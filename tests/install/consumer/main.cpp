// Uses the installed library through every public entry header: a model from text, changed by key
// path, simulated; an LCP solved. Exits 0 only when both give their exact answers.
#include <stickslip/formulations/simulation.hpp>
#include <stickslip/io/csv_writer.hpp>
#include <stickslip/io/event_log_writer.hpp>
#include <stickslip/io/input_error.hpp>
#include <stickslip/io/lcp_file.hpp>
#include <stickslip/io/model_document.hpp>
#include <stickslip/io/model_file.hpp>
#include <stickslip/io/run_options.hpp>
#include <stickslip/laws/law_registry.hpp>
#include <stickslip/math/errors.hpp>
#include <stickslip/model/model.hpp>
#include <stickslip/model/time_function.hpp>
#include <stickslip/solvers/auto_select.hpp>
#include <stickslip/solvers/frictional_contact.hpp>
#include <stickslip/solvers/mlcp.hpp>
#include <stickslip/sweep/sweep.hpp>
#include <stickslip/sweep/sweep_runner.hpp>
#include <stickslip/sweep/sweep_table.hpp>

#include <cmath>
#include <cstdio>

int main() {
  using namespace stickslip;
  // Free fall from rest: y(1) = -g/2, which RK4 integrates exactly (a quadratic).
  ModelDocument doc = ModelDocument::parse(R"(name: drop
gravity: [0, -9.81]
bodies: [{name: ball, mass: 1, inertia: 0.1}]
simulation: {t_end: 1, integrator: rk4, step: 0.01}
)", "drop.yaml");
  doc.set("gravity[1]", YAML::Node("-2"));
  SimulationOptions options = doc.model().options;
  RunOptions run;
  run.t_end = 2;
  apply_run_options(run, options);
  MemorySink rows;
  simulate(doc.model().model, options, rows);
  const double y = rows.series("ball.y").back();  // -g t²/2 = -4
  const Mat M = (Mat(2, 2) << 2, 1, 1, 2).finished();
  const Vec q = (Vec(2) << -1, -1).finished();
  const solvers::LcpResult lcp = solvers::solve_lcp(M, q);  // z = (1/3, 1/3)
  std::printf("y(2) = %.17g, z = %.17g %.17g\n", y, lcp.z[0], lcp.z[1]);
  const bool ok = std::abs(y + 4) < 1e-12 && lcp.solved() && std::abs(lcp.z[0] - 1.0 / 3) < 1e-15;
  return ok ? 0 : 1;
}
