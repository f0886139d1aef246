#include "convert.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>

#include "io/csv_writer.hpp"
#include "io/number_text.hpp"

namespace stickslip::python {

YAML::Node to_yaml(const py::handle& value) {
  if (value.is_none()) return YAML::Node(YAML::NodeType::Null);
  if (py::isinstance<py::bool_>(value)) return YAML::Node(value.cast<bool>() ? "true" : "false");
  if (py::isinstance<py::str>(value)) return YAML::Node(value.cast<std::string>());
  if (py::isinstance<py::dict>(value) || py::hasattr(value, "items")) {
    YAML::Node map(YAML::NodeType::Map);
    for (const auto& kv : py::reinterpret_borrow<py::object>(value).attr("items")()) {
      const auto pair = kv.cast<py::tuple>();
      map[py::str(pair[0]).cast<std::string>()] = to_yaml(pair[1]);
    }
    return map;
  }
  // A sequence (list, tuple, 1-D array) before a number: an array also has __float__.
  if (py::isinstance<py::sequence>(value) || (py::hasattr(value, "__len__") && py::hasattr(value, "__iter__"))) {
    YAML::Node list(YAML::NodeType::Sequence);
    for (const auto& item : py::iter(value)) list.push_back(to_yaml(item));
    return list;
  }
  if (py::hasattr(value, "__index__")) return YAML::Node(py::str(py::int_(py::reinterpret_borrow<py::object>(value))).cast<std::string>());
  if (py::hasattr(value, "__float__")) {
    std::string text;
    append_number(text, py::float_(py::reinterpret_borrow<py::object>(value)).cast<double>());
    return YAML::Node(text);
  }
  throw py::type_error("cannot write a " + py::str(py::type::of(value).attr("__name__")).cast<std::string>() +
                       " into a model (numbers, text, booleans, lists and dicts can)");
}

py::object from_yaml(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Scalar: {
      const std::string& s = node.Scalar();
      if (node.Tag() == "!") return py::str(s);  // quoted text
      if (s == "true") return py::bool_(true);
      if (s == "false") return py::bool_(false);
      if (!s.empty() && s.find_first_not_of("+-0123456789") == std::string::npos && s.size() < 19 &&
          s.find_first_of("+-", 1) == std::string::npos) {
        return py::int_(std::stoll(s));
      }
      double v = 0;
      if (io::parse_real(s, v) == io::NumberText::ok) return py::float_(v);
      return py::str(s);
    }
    case YAML::NodeType::Sequence: {
      py::list out;
      for (const auto& item : node) out.append(from_yaml(item));
      return out;
    }
    case YAML::NodeType::Map: {
      py::dict out;
      for (const auto& kv : node) out[py::str(kv.first.Scalar())] = from_yaml(kv.second);
      return out;
    }
    default: return py::none();
  }
}

py::object rows_array(const MemorySink& sink) {
  const auto rows = static_cast<py::ssize_t>(sink.rows.size());
  const auto cols = static_cast<py::ssize_t>(sink.columns.size());
  py::array_t<double> out({rows, cols});
  double* data = out.mutable_data();
  for (const auto& row : sink.rows) {
    std::memcpy(data, row.data(), row.size() * sizeof(double));
    data += cols;
  }
  return out;
}

py::list event_tuples(const std::vector<EventRecord>& events) {
  py::list out;
  for (const EventRecord& e : events) {
    out.append(py::make_tuple(e.t, e.contact, e.kind, contact_state_name(e.from), contact_state_name(e.to), e.vn_before,
                              e.vn_after));
  }
  return out;
}

RunOptions run_options(std::optional<std::string> scheme, std::optional<std::string> integrator,
                       std::optional<double> dt, std::optional<double> t_end, std::optional<double> rtol,
                       std::optional<double> atol, std::optional<double> output_interval,
                       std::optional<std::array<double, 2>> baumgarte, bool projection) {
  RunOptions r;
  r.scheme = std::move(scheme);
  r.integrator = std::move(integrator);
  r.dt = dt;
  r.t_end = t_end;
  r.rtol = rtol;
  r.atol = atol;
  r.output_interval = output_interval;
  r.baumgarte = baumgarte;
  r.projection = projection;
  return r;
}

py::dict summary_dict(const SimulationSummary& s) {
  py::dict d;
  d["t_final"] = s.t_final;
  d["output_rows"] = s.output_rows;
  d["steps"] = s.stats.steps;
  d["rejected_steps"] = s.stats.rejected_steps;
  d["rhs_evaluations"] = s.stats.rhs_evaluations;
  d["max_drift"] = s.max_drift;
  d["max_velocity_drift"] = s.max_velocity_drift;
  d["wall_time_s"] = s.wall_time_s;
  d["contact_events"] = s.contact_events;
  d["newton_solves"] = s.newton_solves;
  d["newton_iterations"] = s.newton_iterations;
  d["newton_max_iterations"] = s.newton_max_iterations;
  d["complementarity_solver"] = s.complementarity_solver;
  d["complementarity_solves"] = s.complementarity_solves;
  d["complementarity_iterations"] = s.complementarity_iterations;
  d["complementarity_gyroscopic"] = s.complementarity_gyroscopic;
  d["complementarity_max_iterations"] = s.complementarity_max_iterations;
  d["complementarity_unconverged"] = s.complementarity_unconverged;
  d["complementarity_rescued"] = s.complementarity_rescued;
  d["complementarity_rescue_attempts"] = s.complementarity_rescue_attempts;
  d["complementarity_interior_point_rescued"] = s.complementarity_interior_point_rescued;
  d["complementarity_interior_point_attempts"] = s.complementarity_interior_point_attempts;
  d["complementarity_interior_point_iterations"] = s.complementarity_interior_point_iterations;
  d["complementarity_proximal_rescued"] = s.complementarity_proximal_rescued;
  d["complementarity_proximal_attempts"] = s.complementarity_proximal_attempts;
  d["complementarity_refinements"] = s.complementarity_refinements;
  d["complementarity_refinements_met"] = s.complementarity_refinements_met;
  d["complementarity_proximal_newton_steps"] = s.complementarity_proximal_newton_steps;
  d["stopped"] = s.stopped;
  d["stopped_at_step"] = s.stopped_at_step;
  d["warnings"] = s.warnings;
  return d;
}

}  // namespace stickslip::python
