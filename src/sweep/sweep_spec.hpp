// A sweep file (docs/sweeps.md): a base model, the parameters to vary and how (a grid, lists taken
// together, or random samples from a seed), the run options, and the quantities to keep per run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/run_options.hpp"
#include "sweep/quantities.hpp"

namespace stickslip {

class YamlField;

// A model value a parameter sets: value = offset + scale · x.
struct SweepTarget {
  std::string path;  // model key path ("contacts.tip_left.friction.mu_s")
  double scale = 1, offset = 0;
};

enum class SweepMode { grid, list, random };

struct SweepParameter {
  std::string name;  // column of the table
  std::vector<SweepTarget> targets;
  std::vector<double> values;  // grid, list; random: choose among them (when no range is given)
  enum class Distribution { values, uniform, log_uniform } distribution = Distribution::values;
  double low = 0, high = 0;  // random: uniform / log_uniform bounds
};

struct SweepSpec {
  std::string file;       // the sweep file (messages)
  std::string model;      // base model path, as resolved from the sweep file's folder
  RunOptions run;
  SweepMode mode = SweepMode::grid;
  long samples = 0;       // random
  std::uint64_t seed = 0; // random
  std::vector<SweepParameter> parameters;
  std::vector<QuantitySpec> keep;
  std::string output;     // table path ("" : not given)
};

// Reads the sweep's YAML (the root map); model paths start at `directory`. Throws InputError.
SweepSpec read_sweep_spec(const YamlField& root, const std::string& directory);

// The parameter values of every run, in run order: grid rows vary the last parameter fastest;
// random samples come from a 64-bit Mersenne twister seeded with `seed` (the same on every machine).
std::vector<std::vector<double>> sweep_samples(const SweepSpec& spec);

}  // namespace stickslip
