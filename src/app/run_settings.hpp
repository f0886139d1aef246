// What `stickslip run` was asked to do: the model file and the options that override its
// `simulation:` section, the output files and the checkpoints. A checkpoint stores them (app.run.*),
// so `stickslip resume` continues with exactly the same options.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "formulations/simulation_options.hpp"
#include "math/snapshot.hpp"

namespace stickslip::app {

struct RunSettings {
  std::string model, output, format, checkpoint, integrator, scheme;
  std::optional<double> dt, t_end, rtol, atol, output_interval, checkpoint_every;
  std::optional<long> output_every;
  std::vector<double> baumgarte;
  bool projection = false;
  bool no_contact_points = false;  // --no-contact-points: no points file beside the results
};

// What only this session decides (not stored in checkpoints).
struct SessionSettings {
  bool quiet = false;
  double progress_every = 0;  // --progress SECONDS off a terminal (0: none)
  double max_wall = 0;        // --max-wall SECONDS (0: none)
  std::string dump_unconverged;  // --dump-unconverged FOLDER (empty: none)
};

void add_run_options(CLI::App& sub, RunSettings& s);
void add_session_options(CLI::App& sub, SessionSettings& s);

// The command-line options over the model file's.
void apply_settings(const RunSettings& s, SimulationOptions& o);

// "csv" or "npy": --format, else the output's extension.
std::string output_format(const RunSettings& s);
// The results file: -o, else the model's stem with the format's extension (current folder).
std::string output_path(const RunSettings& s);
// The checkpoint file: --checkpoint, else the results file with ".checkpoint" for its extension.
std::string checkpoint_path(const RunSettings& s);

void save_settings(Snapshot& snapshot, const RunSettings& s);
RunSettings restore_settings(const Snapshot& snapshot);

}  // namespace stickslip::app
