// The extension module stickslip._core; the package stickslip (python/stickslip/) re-exports it.
#include <pybind11/pybind11.h>

#include "errors.hpp"

namespace stickslip::python {
void bind_model(py::module_& m);
void bind_solvers(py::module_& m);
void bind_sweeps(py::module_& m);
void bind_simulation(py::module_& m);
}  // namespace stickslip::python

PYBIND11_MODULE(_core, m) {
  using namespace stickslip::python;
  m.doc() = "stickslip: nonsmooth multibody dynamics (the compiled part of the stickslip package)";
  m.attr("__version__") = STICKSLIP_VERSION;
  register_error_translation();
  bind_model(m);
  bind_solvers(m);
  bind_sweeps(m);
  bind_simulation(m);
}
