// The library's errors as the Python exceptions of stickslip.errors, with the command line's
// messages and their parts (file, line, key path; time, step, element) as attributes.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "io/input_error.hpp"
#include "math/errors.hpp"

namespace stickslip::python {

namespace py = pybind11;

void register_error_translation();

// Sets the Python error for `e` as class `kind` (InputError or ModelError) and returns the marker
// to throw.
py::error_already_set input_error(const InputError& e, const char* kind = "InputError");
py::error_already_set input_error(const std::string& text, const char* kind, const std::string& file, int line,
                                  int column, const std::string& path, const std::string& message);
// NumericalError with `result` (the rows computed before the failure, or None) and `warnings` (the
// run's warnings before it, which the command line prints as they arise).
py::error_already_set numerical_error(const NumericalError& e, py::object result,
                                      const std::vector<std::string>& warnings = {});

}  // namespace stickslip::python
