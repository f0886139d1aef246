// `stickslip lcp FILE [--solver S] [--tol T]`: solves the LCP in FILE (format: io/lcp_file.hpp) and
// prints one JSON object on one line (docs/cli.md, section "stickslip lcp").
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "app/commands.hpp"
#include "io/lcp_file.hpp"
#include "solvers/auto_select.hpp"
#include "solvers/enumeration.hpp"

namespace stickslip::app {

namespace {

struct LcpArgs {
  std::string file;
  std::string solver = "auto";
  double tol = 0.0;
};

// A JSON number with full precision; JSON has no inf/nan, so those become null.
std::string json_number(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string json_array(const Vec& v) {
  std::string s = "[";
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    if (i) s += ',';
    s += json_number(v[i]);
  }
  return s + "]";
}

int exit_code_for(solvers::LcpStatus status) {
  switch (status) {
    case solvers::LcpStatus::solved: return kExitOk;
    case solvers::LcpStatus::invalid_input: return kExitBadInput;
    default: return kExitNumericalFailure;
  }
}

int run_lcp(const LcpArgs& args) {
  const io::LcpFileResult file = io::read_lcp_file(args.file);
  if (!file.ok) {
    std::cerr << "stickslip lcp: " << args.file << ": " << file.error << "\n";
    return kExitBadInput;
  }
  // Enumeration tries 2^n bases: a size beyond its limit is a usage error, said before any output.
  if (args.solver == "enum" && file.q.size() > solvers::EnumerationOptions{}.max_size) {
    std::cerr << "stickslip lcp: " << args.file << ": line " << file.size_line << ": n = " << file.q.size()
              << " is too large for --solver enum (n <= "
              << solvers::EnumerationOptions{}.max_size << "); use lemke or auto\n";
    return kExitBadInput;
  }
  solvers::LcpOptions options;
  options.solver = *solvers::parse_solver_kind(args.solver);
  options.tolerance = args.tol;
  solvers::LcpSolver solver(file.q.size(), options);
  solvers::LcpResult result;
  const auto start = std::chrono::steady_clock::now();
  solver.solve(file.M, file.q, result);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  // The specified keys first, in their order (docs/cli.md); "selected" (the solver whose answer is
  // printed, which auto chooses) comes after them so that it extends the format without reordering.
  std::cout << "{\"n\":" << file.q.size() << ",\"solver\":\"" << args.solver << "\",\"status\":\""
            << solvers::to_string(result.status) << "\",\"iterations\":" << result.iterations
            << ",\"residual\":" << json_number(result.residual) << ",\"time_s\":" << json_number(elapsed.count())
            << ",\"z\":" << json_array(result.z) << ",\"w\":" << json_array(result.w) << ",\"selected\":\""
            << solvers::to_string(solver.last_solver()) << "\"}" << std::endl;
  return exit_code_for(result.status);
}

}  // namespace

void add_lcp_command(CLI::App& cli, int& exit_code) {
  auto args = std::make_shared<LcpArgs>();
  auto* sub = cli.add_subcommand("lcp", "Solve the linear complementarity problem in FILE; print JSON");
  sub->add_option("FILE", args->file, "Problem file: n, then n rows of M, then q")->required();
  sub->add_option("--solver", args->solver, "lemke, pgs, fb, smooth, enum or auto")
      ->check(CLI::IsMember({"lemke", "pgs", "fb", "smooth", "enum", "auto"}))
      ->capture_default_str();
  sub->add_option("--tol", args->tol, "Residual tolerance of the iterative solvers (relative to max(1, |q|))")
      ->check(finite_number(0.0, true, "a finite number > 0"));
  sub->callback([args, &exit_code] { exit_code = run_lcp(*args); });
}

}  // namespace stickslip::app
