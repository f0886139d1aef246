#include "sweep/sweep.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "formulations/observer.hpp"
#include "io/csv_writer.hpp"
#include "io/error_messages.hpp"
#include "io/input_file.hpp"
#include "io/yaml_reader.hpp"

namespace stickslip {
namespace {

std::string read_text(const std::string& path) { return read_input_text(path, kYamlFileLimit); }

// The option of the sweep's `run:` that replaces the model value at `path` (a resolved key path) in
// every run, or "" when none does.
std::string run_option_over(const std::string& path, const RunOptions& run) {
  const std::pair<const char*, bool> options[] = {
      {"scheme", run.scheme.has_value()},   {"integrator", run.integrator.has_value()},
      {"step", run.dt.has_value()},         {"t_end", run.t_end.has_value()},
      {"rtol", run.rtol.has_value()},       {"atol", run.atol.has_value()},
      {"output_interval", run.output_interval.has_value()},
      {"baumgarte", run.baumgarte.has_value()}, {"projection", run.projection}};
  for (const auto& [key, set] : options) {
    const std::string at = std::string("simulation.") + key;
    if (set && (path == at || path.rfind(at + ".", 0) == 0)) return std::string(key) == "step" ? "dt" : key;
  }
  return "";
}

// Checks what can be checked before any run, at the sweep file's keys.
void check_against_model(const YamlField& root, const SweepSpec& spec, const ModelDocument& base) {
  const YamlField parameters = root.at("parameters");
  for (std::size_t k = 0; k < spec.parameters.size(); ++k) {
    const YamlField p = parameters[k];
    for (std::size_t t = 0; t < spec.parameters[k].targets.size(); ++t) {
      const YamlField at = p.has("path") ? p.at("path") : p.at("set")[t];
      std::string path;
      try {
        path = base.resolve(spec.parameters[k].targets[t].path);
      } catch (const InputError& e) {
        at.fail("not in the model: " + std::string(e.what()));
      }
      // A parameter whose value the run settings would replace in every run would vary nothing.
      if (const std::string option = run_option_over(path, spec.run); !option.empty()) {
        at.fail("sets " + path + ", which the sweep's 'run: {" + option +
                ": ...}' replaces in every run; remove " + option + " from 'run' to sweep it");
      }
    }
  }
  const std::vector<std::string> columns = Observer(base.model().model).columns();
  const YamlField keep = root.at("keep");
  for (std::size_t k = 0; k < spec.keep.size(); ++k) {
    for (const std::string& c : columns_read(spec.keep[k])) {
      if (std::find(columns.begin(), columns.end(), c) == columns.end()) {
        keep[k].fail("the model has no output column '" + c + "' (docs/cli.md lists the columns)");
      }
    }
  }
  SimulationOptions options = base.model().options;
  try {
    apply_run_options(spec.run, options);
  } catch (const RunOptionError& e) {
    const YamlField run = root.at("run");
    (run.has(e.option().c_str()) ? run.at(e.option().c_str()) : run).fail(e.problem());
  }
}

SweepSpec read_spec(const std::string& text, const std::string& name, const std::string& directory) {
  SweepSpec spec = read_sweep_spec(YamlReader::from_text(text, name, directory).root(), directory);
  spec.file = name;
  return spec;
}

}  // namespace

Sweep::Sweep(std::string text, std::string name, std::string directory, const ModelDocument* model)
    : text_(std::move(text)), name_(std::move(name)), directory_(std::move(directory)),
      spec_(read_spec(text_, name_, directory_)), base_(model ? *model : ModelDocument::read(spec_.model)) {
  base_.model();  // built (and checked) once, before any thread copies it
  check_against_model(YamlReader::from_text(text_, name_, directory_).root(), spec_, base_);
  samples_ = sweep_samples(spec_);
}

Sweep Sweep::read(const std::string& path) {
  std::string directory = std::filesystem::path(path).parent_path().string();
  return Sweep(read_text(path), path, std::move(directory), nullptr);
}

Sweep Sweep::parse(const std::string& text, std::string name, std::string directory) {
  return Sweep(text, std::move(name), std::move(directory), nullptr);
}

Sweep::State Sweep::state() const {
  return {text_, name_, directory_, base_.source(), base_.name(), base_.directory()};
}

Sweep Sweep::restore(const State& s) {
  const ModelDocument model = ModelDocument::restore(s.model_text, s.model_name, s.model_directory, true);
  return Sweep(s.text, s.name, s.directory, &model);
}

std::vector<std::string> Sweep::columns() const {
  std::vector<std::string> out{"run"};
  for (const auto& p : spec_.parameters) out.push_back(p.name);
  for (const auto& q : spec_.keep) out.push_back(q.name);
  out.push_back("status");
  out.push_back("error");
  return out;
}

SweepRow Sweep::run(std::size_t run, const std::function<bool()>& should_stop) const {
  SweepRow row;
  row.run = run;
  row.parameters = samples_.at(run);
  ModelDocument doc = base_;  // shares only immutable parts with the base
  try {
    std::vector<std::pair<std::string, YAML::Node>> changes;
    for (std::size_t k = 0; k < spec_.parameters.size(); ++k) {
      for (const SweepTarget& t : spec_.parameters[k].targets) {
        std::string text;
        append_number(text, t.offset + t.scale * row.parameters[k]);
        changes.emplace_back(t.path, YAML::Node(text));
      }
    }
    doc.set(changes);
    SimulationOptions options = doc.model().options;
    apply_run_options(spec_.run, options);
    QuantityRecorder recorder(spec_.keep);
    SimulationCallbacks callbacks;
    callbacks.should_stop = should_stop;
    const SimulationSummary summary = simulate(doc.model().model, options, recorder, callbacks, &recorder);
    row.stopped = summary.stopped;
    row.quantities = recorder.values(summary);
  } catch (const InputError& e) {
    row.error = e.what();
  } catch (const NumericalError& e) {
    row.error = failure_message(e);
  } catch (const ModelError& e) {
    row.error = doc.locate(e).what();
  } catch (const std::exception& e) {
    row.error = e.what();
  }
  return row;
}

}  // namespace stickslip
