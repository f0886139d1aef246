// stickslip._core.Simulation (formulations/stepping.hpp), wrapped by stickslip.Simulation
// (python/stickslip/simulation.py); Checkpoint (a Snapshot, io/checkpoint_file.hpp); the animation
// page of a result held in memory (io/animation_page.hpp).
#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <chrono>
#include <optional>

#include "convert.hpp"
#include "errors.hpp"
#include "formulations/stepping.hpp"
#include "io/animation_data.hpp"
#include "io/animation_page.hpp"
#include "io/checkpoint_file.hpp"
#include "io/model_document.hpp"

namespace stickslip::python {
namespace {

// Thrown through the library when the controller (or a signal) raised: the Python error waits in
// PySimulation::raised until the GIL is held again.
struct PythonRaised {};

struct PySimulation {
  ModelDocument doc;
  std::unique_ptr<Simulation> sim;
  py::object controller = py::none();
  std::optional<py::error_already_set> raised;
  std::chrono::steady_clock::time_point last_signal_check = std::chrono::steady_clock::now();
};

py::object rows_result(const Simulation& sim, bool with_summary) {
  return py::module_::import("stickslip.result")
      .attr("Result")(sim.rows().columns, rows_array(sim.rows()), event_tuples(sim.events()),
                      with_summary ? py::object(summary_dict(sim.summary())) : py::object(py::none()),
                      py::arg("warn") = false);
}

// Runs f with the library's errors as the module's exceptions (ModelError located in the file).
template <class F>
auto guarded(PySimulation& s, F&& f) {
  try {
    return f();
  } catch (const ModelError& e) {
    throw input_error(s.doc.locate(e), "ModelError");
  } catch (const NumericalError& e) {
    throw numerical_error(e, rows_result(*s.sim, false));
  } catch (const SnapshotError& e) {
    throw py::value_error(std::string("checkpoint: ") + e.what());
  }
}

// One call that steps: the GIL released, the controller and signals checked before each step (with
// the GIL), a Python exception raised again once the library has returned.
template <class F>
void stepping(PySimulation& s, F&& f) {
  s.sim->before_step = [&s](Simulation&) {
    const auto now = std::chrono::steady_clock::now();
    const bool check_signals = now - s.last_signal_check >= std::chrono::milliseconds(50);
    if (s.controller.is_none() && !check_signals) return;
    py::gil_scoped_acquire gil;
    try {
      if (check_signals) {
        s.last_signal_check = now;
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      }
      if (!s.controller.is_none()) s.controller();
    } catch (py::error_already_set& e) {
      s.raised.emplace(std::move(e));
      throw PythonRaised{};
    }
  };
  try {
    guarded(s, [&] {
      py::gil_scoped_release release;
      f();
    });
  } catch (const PythonRaised&) {
    py::error_already_set e = std::move(*s.raised);
    s.raised.reset();
    throw e;
  }
}

PySimulation make_simulation(const ModelDocument& doc, const RunOptions& run) {
  PySimulation s{doc, nullptr, py::none(), std::nullopt, std::chrono::steady_clock::now()};
  const ModelFile& mf = s.doc.model();
  SimulationOptions options = mf.options;
  apply_run_options(run, options);
  try {
    s.sim = std::make_unique<Simulation>(mf.model, options);
  } catch (const ModelError& e) {
    throw input_error(s.doc.locate(e), "ModelError");
  }
  return s;
}

py::dict body_dict(const Simulation& sim, const std::string& name, const BodyMotionState& m) {
  py::dict d;
  if (sim.model().dimension == Dimension::spatial) {
    d["position"] = Vec3(m.position);
    d["orientation"] = Eigen::Vector4d(m.orientation.w(), m.orientation.x(), m.orientation.y(), m.orientation.z());
    d["velocity"] = Vec3(m.velocity);
    d["angular_velocity"] = Vec3(m.angular_velocity);
  } else {
    d["position"] = Vec2(m.position.head<2>());
    d["angle"] = m.angle;
    d["velocity"] = Vec2(m.velocity.head<2>());
    d["angular_velocity"] = m.angular_velocity.z();
  }
  d["name"] = name;
  return d;
}

Vec3 vector3(const py::object& value, bool spatial, const char* what) {
  const Eigen::VectorXd v = value.cast<Eigen::VectorXd>();
  if (v.size() == 3) return v;
  if (!spatial && v.size() == 2) return Vec3(v[0], v[1], 0.0);
  throw py::value_error(std::string(what) + (spatial ? " needs 3 components" : " needs 2 components"));
}

void set_body(PySimulation& s, const std::string& name, const py::object& position, const py::object& orientation,
              const py::object& angle, const py::object& velocity, const py::object& angular_velocity) {
  guarded(s, [&] {
    Simulation& sim = *s.sim;
    const bool spatial = sim.model().dimension == Dimension::spatial;
    if (spatial && !angle.is_none()) throw py::value_error("a spatial body's orientation is a quaternion: orientation=[w, x, y, z]");
    if (!spatial && !orientation.is_none()) throw py::value_error("a planar body's orientation is its angle: angle=θ");
    BodyMotionState m = sim.body_state(name);
    if (!position.is_none()) m.position = vector3(position, spatial, "position");
    if (!velocity.is_none()) m.velocity = vector3(velocity, spatial, "velocity");
    if (!angle.is_none()) m.angle = angle.cast<double>();
    if (!orientation.is_none()) {
      const Eigen::Vector4d p = orientation.cast<Eigen::Vector4d>();
      if (!(p.norm() > 0)) throw py::value_error("orientation must be a non-zero quaternion [w, x, y, z]");
      m.orientation = Quat(p[0], p[1], p[2], p[3]);
    }
    if (!angular_velocity.is_none()) {
      m.angular_velocity = spatial ? vector3(angular_velocity, true, "angular_velocity")
                                   : Vec3(0.0, 0.0, angular_velocity.cast<double>());
    }
    sim.set_body_state(name, m);
  });
}

py::list contact_list(const std::vector<ContactStatus>& contacts, bool spatial) {
  py::list out;
  for (const ContactStatus& c : contacts) {
    py::dict d;
    d["name"] = c.name;
    d["state"] = contact_state_name(c.state);
    d["gap"] = c.gap;
    d["normal_velocity"] = c.normal_velocity;
    d["point"] = c.point;
    d["normal"] = c.normal;
    if (!c.shape_i.empty()) {  // a point of a contact between shapes: world vectors, no tangent basis
      d["shape_i"] = c.shape_i;
      d["shape_j"] = c.shape_j;
      d["point_id"] = c.point_id;
      d["slip_speed"] = c.slip_velocity[0];
      d["friction_force"] = c.friction;
    } else if (spatial) {
      d["tangents"] = py::make_tuple(c.tangents[0], c.tangents[1]);
      d["slip_velocity"] = c.slip_velocity;
      d["friction_force"] = c.friction_force;
    } else {
      d["tangent"] = c.tangents[0];
      d["slip_velocity"] = c.slip_velocity[0];
      d["friction_force"] = c.friction_force[0];
    }
    d["normal_force"] = c.normal_force;
    d["force"] = c.force;
    out.append(d);
  }
  return out;
}

// The animation page (`stickslip view`) of rows held in memory.
std::string animation_html(const ModelDocument& doc, const std::vector<std::string>& columns,
                           const py::array_t<double, py::array::c_style | py::array::forcecast>& data,
                           const std::vector<std::tuple<double, std::string, std::string, std::string, std::string>>& events,
                           double fps) {
  ResultTable table;
  table.file = "<memory>";
  table.names = columns;
  if (data.ndim() != 2 || static_cast<std::size_t>(data.shape(1)) != columns.size()) {
    throw py::value_error("data must be rows x columns");
  }
  const auto rows = static_cast<std::size_t>(data.shape(0)), cols = columns.size();
  table.columns.assign(cols, std::vector<double>(rows));
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      table.columns[c][r] = data.at(static_cast<py::ssize_t>(r), static_cast<py::ssize_t>(c));
    }
  }
  std::vector<EventLogRow> log;
  for (const auto& [t, contact, event, from, to] : events) log.push_back({t, contact, event, from, to});
  const Scene scene = scene_from_model(doc.model().model);
  AnimationOptions options;
  options.fps = fps;
  options.model_file = doc.name();
  return animation_page(animation_data_json(scene, table, log, options), scene.dimension);
}

}  // namespace

void bind_simulation(py::module_& m) {
  py::class_<Snapshot>(m, "Checkpoint", R"(A checkpoint of a Simulation: Simulation.restore() continues from it
bit for bit. save(path) writes it as a checkpoint file; Checkpoint.load(path) reads one.)")
      .def_property_readonly("t", [](const Snapshot& s) { return s.real("run.t"); })
      .def("save", [](const Snapshot& s, const std::string& path) { write_checkpoint(path, s); }, py::arg("path"),
           "Writes the checkpoint file (atomically)")
      .def_static("load", &read_checkpoint, py::arg("path"))
      .def("__repr__", [](const Snapshot& s) { return "<stickslip.Checkpoint at t = " + std::to_string(s.real("run.t")) + " s>"; });

  py::class_<PySimulation>(m, "Simulation", "The compiled part of stickslip.Simulation (simulation.py)")
      .def(py::init([](const ModelDocument& d, std::optional<std::string> scheme, std::optional<std::string> integrator,
                       std::optional<double> dt, std::optional<double> t_end, std::optional<double> rtol,
                       std::optional<double> atol, std::optional<double> output_interval,
                       std::optional<std::array<double, 2>> baumgarte, bool projection) {
             return make_simulation(d, run_options(std::move(scheme), std::move(integrator), dt, t_end, rtol, atol,
                                                   output_interval, baumgarte, projection));
           }),
           py::arg("model"), py::kw_only(), py::arg("scheme") = py::none(), py::arg("integrator") = py::none(),
           py::arg("dt") = py::none(), py::arg("t_end") = py::none(), py::arg("rtol") = py::none(),
           py::arg("atol") = py::none(), py::arg("output_interval") = py::none(), py::arg("baumgarte") = py::none(),
           py::arg("projection") = false)
      .def_property_readonly("t", [](const PySimulation& s) { return s.sim->time(); })
      .def_property_readonly("t_end", [](const PySimulation& s) { return s.sim->t_end(); })
      .def_property_readonly("finished", [](const PySimulation& s) { return s.sim->finished(); })
      .def_property_readonly("scheme", [](const PySimulation& s) { return scheme_name(s.sim->options().scheme); })
      .def_property_readonly("integrator", [](const PySimulation& s) { return s.sim->options().integrator; })
      .def_property_readonly("columns", [](const PySimulation& s) { return s.sim->columns(); })
      .def_property_readonly("dimension", [](const PySimulation& s) { return dimension_name(s.sim->model().dimension); })
      .def("set_controller", [](PySimulation& s, py::object f) { s.controller = std::move(f); })
      .def("step", [](PySimulation& s) { stepping(s, [&] { s.sim->step(); }); })
      .def("advance", [](PySimulation& s, double t) { stepping(s, [&] { s.sim->advance(t); }); }, py::arg("t"))
      .def("state", [](PySimulation& s) {
        return guarded(s, [&] {
          const State& st = s.sim->state();
          return py::make_tuple(Vec(st.q), Vec(st.v), Vec(st.z));
        });
      })
      .def("set_state", [](PySimulation& s, const Vec& q, const Vec& v, const Vec& z) {
        guarded(s, [&] {
          State st{s.sim->time(), q, v, z};
          s.sim->set_state(std::move(st));
        });
      })
      .def("body", [](PySimulation& s, const std::string& name) {
        return guarded(s, [&] { return body_dict(*s.sim, name, s.sim->body_state(name)); });
      })
      .def("set_body", &set_body, py::arg("name"), py::arg("position") = py::none(), py::arg("orientation") = py::none(),
           py::arg("angle") = py::none(), py::arg("velocity") = py::none(), py::arg("angular_velocity") = py::none())
      .def("contacts", [](PySimulation& s) {
        return guarded(s, [&] { return contact_list(s.sim->contacts(), s.sim->model().dimension == Dimension::spatial); });
      })
      .def("values", [](PySimulation& s) { return guarded(s, [&] { return s.sim->current_row(); }); })
      .def("set_driver", [](PySimulation& s, const std::string& name, double value, double rate, double acceleration) {
        guarded(s, [&] { s.sim->set_driver(name, value, rate, acceleration); });
      })
      .def("set_force", [](PySimulation& s, const std::string& name, const py::object& force) {
        guarded(s, [&] {
          s.sim->set_point_force(name, vector3(force, s.sim->model().dimension == Dimension::spatial, "a force"));
        });
      })
      .def("set_torque", [](PySimulation& s, const std::string& name, const py::object& torque) {
        guarded(s, [&] {
          const bool spatial = s.sim->model().dimension == Dimension::spatial;
          s.sim->set_torque(name, spatial ? vector3(torque, true, "a torque") : Vec3(0.0, 0.0, torque.cast<double>()));
        });
      })
      .def("set_actuator", [](PySimulation& s, const std::string& name, double effort) {
        guarded(s, [&] { s.sim->set_actuator(name, effort); });
      })
      .def("checkpoint", [](PySimulation& s) { return guarded(s, [&] { return s.sim->checkpoint(); }); })
      .def("restore", [](PySimulation& s, const Snapshot& c) { guarded(s, [&] { s.sim->restore(c); }); })
      .def("result", [](PySimulation& s) { return rows_result(*s.sim, s.sim->finished()); })
      .def("summary", [](PySimulation& s) { return summary_dict(s.sim->summary()); });

  m.def("animation_html", &animation_html, py::arg("model"), py::arg("columns"), py::arg("data"), py::arg("events"),
        py::arg("fps") = 30.0, "The animation page of `stickslip view` for rows held in memory");
}

}  // namespace stickslip::python
