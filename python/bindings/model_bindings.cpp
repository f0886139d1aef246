// stickslip.Model: a model file held as its YAML tree (io/model_document.hpp), changed by key path,
// run with the options of `stickslip run`.
#include <pybind11/stl.h>

#include <chrono>
#include <optional>

#include "convert.hpp"
#include "errors.hpp"
#include "formulations/observer.hpp"
#include "io/model_document.hpp"
#include "io/run_options.hpp"

namespace stickslip::python {
namespace {

py::object make_result(const MemorySink& sink, const MemoryEventSink& events, py::object summary) {
  return py::module_::import("stickslip.result")
      .attr("Result")(sink.columns, rows_array(sink), event_tuples(events.events), std::move(summary));
}

py::object run(const ModelDocument& doc, const RunOptions& run_options, const py::object& progress) {
  const ModelFile& mf = doc.model();
  SimulationOptions options = mf.options;
  apply_run_options(run_options, options);
  MemorySink sink;
  MemoryEventSink events;
  SimulationCallbacks callbacks;
  std::optional<py::error_already_set> raised;  // a signal (Ctrl-C) or the progress callback's exception
  auto last = std::chrono::steady_clock::now();
  // Every 50 ms: let Python see its signals and report progress; an exception stops the run.
  callbacks.progress = [&](double t) {
    const auto now = std::chrono::steady_clock::now();
    if (raised || now - last < std::chrono::milliseconds(50)) return;
    last = now;
    py::gil_scoped_acquire gil;
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      if (!progress.is_none()) progress(t);
    } catch (py::error_already_set& e) {
      raised.emplace(std::move(e));
    }
  };
  callbacks.should_stop = [&raised] { return raised.has_value(); };
  std::vector<std::string> warnings;  // for a failure, which has no summary to list them
  callbacks.warning = [&warnings](const std::string& m) { warnings.push_back(m); };
  SimulationSummary summary;
  try {
    {
      py::gil_scoped_release release;
      summary = simulate(mf.model, options, sink, callbacks, &events);
    }
    if (raised) {  // KeyboardInterrupt (or the callback's exception) with the rows so far as `result`
      if (py::hasattr(raised->value(), "__dict__")) {
        raised->value().attr("result") = make_result(sink, events, summary_dict(summary));
      }
      throw std::move(*raised);
    }
  } catch (const NumericalError& e) {
    throw numerical_error(e, make_result(sink, events, py::none()), warnings);
  } catch (const ModelError& e) {
    throw input_error(doc.locate(e), "ModelError");
  } catch (const std::invalid_argument& e) {
    throw input_error(e.what(), "InputError", doc.name(), 0, 0, "", e.what());
  }
  py::object result = make_result(sink, events, summary_dict(summary));
  result.attr("model") = py::cast(ModelDocument(doc));  // a copy: the animation draws the rows' model
  return result;
}

// The model built (and so checked) before it is handed out; throws InputError.
ModelDocument checked(ModelDocument d) {
  d.model();
  return d;
}

std::vector<std::pair<std::string, YAML::Node>> changes(const py::dict& values) {
  std::vector<std::pair<std::string, YAML::Node>> out;
  for (const auto& [path, value] : values) out.emplace_back(py::str(path).cast<std::string>(), to_yaml(value));
  return out;
}

}  // namespace

void bind_model(py::module_& m) {
  py::class_<ModelDocument>(m, "Model", R"(A model: a model file's content, changed by key path, run like `stickslip run`.

Make one with Model.load(path), Model.from_yaml(text), Model.from_dict(d), or Model() and add().
Key paths name list entries by their name: "contacts.tip_left.friction.mu_s", "bodies.body.mass";
indices work too: "bodies[1].mass", "gravity[1]", "joints.A.points.0.1".)")
      .def(py::init([](const std::string& name) {
             return ModelDocument::from_tree(YAML::Node(YAML::NodeType::Map), name);
           }),
           py::arg("name") = "<model>", "An empty model; add() its bodies, joints, contacts, ...")
      // A whole model is checked at once, so a typo is an InputError here rather than at run().
      .def_static("load", [](const std::string& path) { return checked(ModelDocument::read(path)); }, py::arg("path"),
                  "Reads a model file and checks it (InputError naming the line and key)")
      .def_static("from_yaml",
                  [](const std::string& text, std::string name, std::string directory) {
                    return checked(ModelDocument::parse(text, std::move(name), std::move(directory)));
                  },
                  py::arg("text"), py::arg("name") = "<string>", py::arg("directory") = "",
                  "A model from YAML text, checked; `name` stands for the file in messages, `directory` is "
                  "where relative paths inside it start")
      .def_static("from_dict",
                  [](const py::dict& d, std::string name, std::string directory) {
                    return checked(ModelDocument::from_tree(to_yaml(d), std::move(name), std::move(directory)));
                  },
                  py::arg("data"), py::arg("name") = "<dict>", py::arg("directory") = "",
                  "A model from a dict with the model file's sections, checked")
      .def("get", [](const ModelDocument& d, const std::string& path) { return from_yaml(d.get(path)); },
           py::arg("path"), "The value at a key path")
      .def("set", [](ModelDocument& d, const std::string& path, const py::object& value) { d.set(path, to_yaml(value)); },
           py::arg("path"), py::arg("value"),
           "Changes the value at a key path and rebuilds the model; an invalid value raises InputError "
           "and changes nothing")
      .def("set", [](ModelDocument& d, const py::dict& values) { d.set(changes(values)); }, py::arg("values"),
           "Changes several values at once ({path: value}), then rebuilds the model")
      .def("add", [](ModelDocument& d, const std::string& list, const py::object& entry) { d.append(list, to_yaml(entry)); },
           py::arg("section"), py::arg("entry"),
           "Appends an entry (a dict) to a list section (bodies, joints, drivers, forces, contacts, generators)")
      .def("resolve", &ModelDocument::resolve, py::arg("path"), "The key path with list entries by index")
      .def("to_yaml", &ModelDocument::emit, "The model as YAML text (comments are not kept)")
      .def("check", [](const ModelDocument& d) { d.model(); }, "Builds the model; raises InputError if it is invalid")
      .def_property_readonly("name", [](const ModelDocument& d) { return d.model().model.name; })
      .def_property_readonly("source", &ModelDocument::name, "The file (or <string>, <dict>) named in messages")
      .def_property_readonly("columns", [](const ModelDocument& d) { return Observer(d.model().model).columns(); },
                             "The output columns of a run")
      .def("shape_names",
           [](const ModelDocument& d) {
             std::vector<std::string> names;
             for (const BodyShape& s : d.model().model.shapes) names.push_back(s.name);
             return names;
           },
           "The shapes' names, in the order the contact points file's shape_i and shape_j count them")
      .def("__repr__", [](const ModelDocument& d) { return "<stickslip.Model from " + d.name() + ">"; })
      .def("copy", [](const ModelDocument& d) { return ModelDocument(d); })
      .def("__copy__", [](const ModelDocument& d) { return ModelDocument(d); })
      .def("__deepcopy__", [](const ModelDocument& d, const py::object&) { return ModelDocument(d); })
      .def(
          "run",
          [](const ModelDocument& d, std::optional<std::string> scheme, std::optional<std::string> integrator,
             std::optional<double> dt, std::optional<double> t_end, std::optional<double> rtol,
             std::optional<double> atol, std::optional<double> output_interval,
             std::optional<std::array<double, 2>> baumgarte, bool projection, const py::object& progress) {
            return run(d,
                       run_options(std::move(scheme), std::move(integrator), dt, t_end, rtol, atol, output_interval,
                                   baumgarte, projection),
                       progress);
          },
          py::kw_only(), py::arg("scheme") = py::none(), py::arg("integrator") = py::none(), py::arg("dt") = py::none(),
          py::arg("t_end") = py::none(), py::arg("rtol") = py::none(), py::arg("atol") = py::none(),
          py::arg("output_interval") = py::none(), py::arg("baumgarte") = py::none(), py::arg("projection") = false,
          py::arg("progress") = py::none(),
          R"(Simulates the model; the options are those of `stickslip run` and override the model's
`simulation:` section. `progress`, if given, is called with the simulated time about 20 times a
second. The GIL is released while it runs; Ctrl-C raises KeyboardInterrupt. Returns a Result.)");
}

}  // namespace stickslip::python
