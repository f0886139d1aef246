// The complementarity solvers on numpy arrays (solvers/auto_select.hpp, solvers/mlcp.hpp).
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "solvers/auto_select.hpp"
#include "solvers/mlcp.hpp"

namespace stickslip::python {
namespace py = pybind11;
namespace {

py::dict result_dict(const solvers::LcpResult& r) {
  py::dict d;
  d["z"] = Vec(r.z);
  d["w"] = Vec(r.w);
  d["status"] = std::string(solvers::to_string(r.status));
  d["iterations"] = r.iterations;
  d["residual"] = r.residual;
  return d;
}

}  // namespace

void bind_solvers(py::module_& m) {
  m.def(
      "solve_lcp",
      [](const Mat& M, const Vec& q, const std::string& solver, double tolerance, int max_iterations) {
        const auto kind = solvers::parse_solver_kind(solver);
        if (!kind) throw py::value_error("solver must be lemke, pgs, fb, smooth, enum or auto, got '" + solver + "'");
        solvers::LcpOptions options;
        options.solver = *kind;
        options.tolerance = tolerance;
        options.max_iterations = max_iterations;
        solvers::LcpSolver s(q.size(), options);
        solvers::LcpResult result;
        {
          py::gil_scoped_release release;
          s.solve(M, q, result);
        }
        py::dict d = result_dict(result);
        d["solver"] = std::string(solvers::to_string(s.last_solver()));
        return d;
      },
      py::arg("M"), py::arg("q"), py::arg("solver") = "auto", py::arg("tolerance") = 0.0, py::arg("max_iterations") = 0,
      R"(Solves LCP(M, q): z >= 0, w = M z + q >= 0, z'w = 0, as `stickslip lcp` does.

solver: lemke, pgs, fb, smooth, enum or auto. Returns a dict: z, w (arrays), status ("solved",
"ray_termination", "max_iterations", "singular", "invalid_input"), iterations, residual
(||min(z, w)||inf) and solver (the one whose answer is returned).)");
  m.def(
      "solve_mlcp",
      [](const Mat& K, const Vec& q, Eigen::Index n_free, const std::string& method, double tolerance) {
        solvers::MlcpOptions options;
        if (method == "auto") options.method = solvers::MlcpMethod::automatic;
        else if (method == "schur") options.method = solvers::MlcpMethod::schur;
        else if (method == "fb") options.method = solvers::MlcpMethod::fischer_burmeister;
        else if (method == "pgs") options.method = solvers::MlcpMethod::pgs;
        else throw py::value_error("method must be auto, schur, fb or pgs, got '" + method + "'");
        if (n_free < 0 || n_free > q.size()) throw py::value_error("n_free must lie in [0, len(q)]");
        options.tolerance = tolerance;
        solvers::MlcpSolver s(q.size(), options);
        solvers::LcpResult result;
        {
          py::gil_scoped_release release;
          s.solve(K, q, n_free, result);
        }
        return result_dict(result);
      },
      py::arg("K"), py::arg("q"), py::arg("n_free"), py::arg("method") = "auto", py::arg("tolerance") = 1e-10,
      R"(Solves the mixed LCP: the first n_free unknowns are free with equality rows, the others
complementary as in solve_lcp. Returns the same dict as solve_lcp (without `solver`).)");
}

}  // namespace stickslip::python
