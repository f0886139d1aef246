// Sweeps (sweep/): the sweep, its rows and table, the local runner. The Dask runner of
// stickslip.sweep calls Sweep.run on the workers and SweepTable.record on the client.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "convert.hpp"
#include "sweep/sweep_runner.hpp"

namespace stickslip::python {
namespace {

py::tuple row_state(const SweepRow& r) { return py::make_tuple(r.run, r.parameters, r.quantities, r.error, r.stopped); }

SweepRow row_from_state(const py::tuple& t) {
  SweepRow r;
  r.run = t[0].cast<std::size_t>();
  r.parameters = t[1].cast<std::vector<double>>();
  r.quantities = t[2].cast<std::vector<double>>();
  r.error = t[3].cast<std::string>();
  r.stopped = t[4].cast<bool>();
  return r;
}

py::dict outcome_dict(const SweepOutcome& o) {
  py::dict d;
  d["runs"] = o.runs;
  d["failed"] = o.failed;
  d["complete"] = o.complete;
  d["interrupted"] = o.interrupted;
  d["wall_time_s"] = o.wall_time_s;
  return d;
}

}  // namespace

void bind_sweeps(py::module_& m) {
  py::class_<SweepRow>(m, "SweepRow", "One run of a sweep: its parameters, kept quantities and error")
      .def_readonly("run", &SweepRow::run)
      .def_readonly("parameters", &SweepRow::parameters)
      .def_readonly("quantities", &SweepRow::quantities)
      .def_readonly("error", &SweepRow::error)
      .def_property_readonly("ok", &SweepRow::ok)
      .def(py::pickle(&row_state, &row_from_state));

  py::class_<Sweep>(m, "Sweep", "A parameter sweep read from a sweep file (docs/sweeps.md)")
      .def_static("load", &Sweep::read, py::arg("path"))
      .def_static("from_yaml", &Sweep::parse, py::arg("text"), py::arg("name") = "<string>", py::arg("directory") = "")
      .def("__len__", &Sweep::size)
      .def("__repr__", [](const Sweep& s) {
        return "<stickslip.Sweep " + s.name() + ": " + std::to_string(s.size()) + " runs>";
      })
      .def_property_readonly("source", &Sweep::name)
      .def_property_readonly("columns", &Sweep::columns, "Table columns: run, parameters, quantities, status, error")
      .def_property_readonly("parameter_names", [](const Sweep& s) {
        std::vector<std::string> out;
        for (const auto& p : s.spec().parameters) out.push_back(p.name);
        return out;
      })
      .def_property_readonly("quantity_names", [](const Sweep& s) {
        std::vector<std::string> out;
        for (const auto& q : s.spec().keep) out.push_back(q.name);
        return out;
      })
      .def_property_readonly("output", [](const Sweep& s) { return s.spec().output; }, "The file's `output` ('' if none)")
      .def("parameters", &Sweep::parameters, py::arg("run"))
      .def(
          "run", [](const Sweep& s, std::size_t k) {
            if (k >= s.size()) throw py::index_error("run " + std::to_string(k) + " of a sweep of " + std::to_string(s.size()));
            py::gil_scoped_release release;
            return s.run(k);
          },
          py::arg("run"), "Runs one sample; a failed run has its error in the row")
      .def(py::pickle(
          [](const Sweep& s) {
            const Sweep::State st = s.state();
            return py::make_tuple(st.text, st.name, st.directory, st.model_text, st.model_name, st.model_directory);
          },
          [](const py::tuple& t) {
            return Sweep::restore({t[0].cast<std::string>(), t[1].cast<std::string>(), t[2].cast<std::string>(),
                                   t[3].cast<std::string>(), t[4].cast<std::string>(), t[5].cast<std::string>()});
          }));

  py::class_<SweepTable>(m, "SweepTable", "The sweep's CSV table: resumes an interrupted sweep, appends rows")
      .def(py::init<const Sweep&, std::string, bool, bool>(), py::arg("sweep"), py::arg("path"),
           py::arg("restart") = false, py::arg("retry_failed") = false, py::keep_alive<1, 2>())
      .def_property_readonly("path", &SweepTable::path)
      .def_property_readonly("pending", &SweepTable::pending)
      .def_property_readonly("total", &SweepTable::total)
      .def_property_readonly("done", &SweepTable::done)
      .def_property_readonly("failed", &SweepTable::failed)
      .def("record", &SweepTable::record, py::arg("row"))
      .def("finish", &SweepTable::finish);

  py::class_<SweepProgress>(m, "SweepProgress", "The progress bar with ETA of `stickslip sweep` (on standard error)")
      .def(py::init<bool, std::size_t, std::size_t>(), py::arg("enabled"), py::arg("total"), py::arg("done_before"))
      .def("update", &SweepProgress::update, py::arg("done"), py::arg("failed"), py::arg("force") = false)
      .def("finish", &SweepProgress::finish);

  m.def(
      "run_sweep_local",
      [](const Sweep& sweep, SweepTable& table, int jobs, bool show_progress) {
        SweepProgress progress(show_progress, table.total(), table.done());
        LocalSweepOptions options;
        options.jobs = jobs;
        bool signalled = false;
        options.stop_requested = [&signalled] {
          py::gil_scoped_acquire gil;
          signalled = PyErr_CheckSignals() != 0;
          return signalled;
        };
        options.progress = [&progress](std::size_t done, std::size_t failed) { progress.update(done, failed); };
        SweepOutcome outcome;
        {
          py::gil_scoped_release release;
          outcome = run_sweep_local(sweep, table, options);
        }
        progress.finish();
        if (signalled) throw py::error_already_set();  // KeyboardInterrupt, after the runs under way ended
        return outcome_dict(outcome);
      },
      py::arg("sweep"), py::arg("table"), py::arg("jobs") = 0, py::arg("progress") = false,
      "Runs the table's pending runs on `jobs` threads of this machine (0: one per core)");
}

}  // namespace stickslip::python
