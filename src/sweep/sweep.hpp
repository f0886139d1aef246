// A parameter sweep (docs/sweeps.md): a base model run once per sample of its parameters, each run
// reduced to one row of the sweep table. The same Sweep serves the local runner (sweep_runner.hpp)
// and the Dask one of the Python module, which calls run() on the cluster's workers: one
// implementation of what a run is and what its row holds.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "io/model_document.hpp"
#include "sweep/sweep_spec.hpp"

namespace stickslip {

struct SweepRow {
  std::size_t run = 0;
  std::vector<double> parameters;
  std::vector<double> quantities;  // one per kept quantity (NaN: no value); empty for a failed run
  std::string error;               // the run's error, worded as by `stickslip run`; empty if it succeeded
  bool stopped = false;            // a stop request ended the run early: not a result, not recorded
  bool ok() const { return error.empty(); }
};

class Sweep {
 public:
  // Reads a sweep file and its base model; checks that every parameter's model path exists, that
  // every kept column exists and that the run options apply. Throws InputError.
  static Sweep read(const std::string& path);
  // The same from text: `name` stands for the file in messages, `directory` is where the base
  // model's path starts.
  static Sweep parse(const std::string& text, std::string name = "<string>", std::string directory = "");

  // Everything a Sweep is made of, as text, so that it can be rebuilt elsewhere (a Dask worker)
  // without the files.
  struct State {
    std::string text, name, directory;  // the sweep file
    std::string model_text, model_name, model_directory;
  };
  State state() const;
  static Sweep restore(const State& s);

  const SweepSpec& spec() const { return spec_; }
  const std::string& name() const { return name_; }
  std::size_t size() const { return samples_.size(); }
  const std::vector<double>& parameters(std::size_t run) const { return samples_.at(run); }
  // Table columns: run, the parameters, the kept quantities, status, error.
  std::vector<std::string> columns() const;

  // Runs sample `run` (0-based) and returns its row; a failed run returns its error in the row.
  // `should_stop` (polled after every step) ends the run early: the row is then `stopped`.
  // Safe to call from several threads at once.
  SweepRow run(std::size_t run, const std::function<bool()>& should_stop = {}) const;

 private:
  Sweep(std::string text, std::string name, std::string directory, const ModelDocument* model);

  std::string text_, name_, directory_;
  SweepSpec spec_;
  ModelDocument base_;
  std::vector<std::vector<double>> samples_;
};

}  // namespace stickslip
