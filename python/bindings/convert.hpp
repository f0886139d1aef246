// Conversions between Python values and the library's types (no logic of their own).
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <optional>
#include <string>
#include <yaml-cpp/yaml.h>

#include "formulations/event_log.hpp"
#include "formulations/output.hpp"
#include "formulations/simulation.hpp"
#include "io/run_options.hpp"

namespace stickslip::python {

namespace py = pybind11;

// dict → map, list/tuple/array → list, bool, int, float (exact shortest text), str, None.
YAML::Node to_yaml(const py::handle& value);
// The reverse: numbers become int or float, true/false bool, other text str.
py::object from_yaml(const YAML::Node& node);

// Results: the rows as a 2-D float64 array, the events as a list of tuples, the summary as a dict.
py::object rows_array(const MemorySink& sink);
py::list event_tuples(const std::vector<EventRecord>& events);
py::dict summary_dict(const SimulationSummary& s);

// The keyword options of Model.run and Simulation (those of `stickslip run`).
RunOptions run_options(std::optional<std::string> scheme, std::optional<std::string> integrator,
                       std::optional<double> dt, std::optional<double> t_end, std::optional<double> rtol,
                       std::optional<double> atol, std::optional<double> output_interval,
                       std::optional<std::array<double, 2>> baumgarte, bool projection);

}  // namespace stickslip::python
