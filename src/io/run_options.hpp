// The options of `stickslip run`, which override a model file's `simulation:` section. The command
// line, Python's Model.run and a sweep file's `run:` section fill the same struct, so a run means
// the same everywhere.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>

#include "formulations/simulation_options.hpp"

namespace stickslip {

struct RunOptions {
  std::optional<std::string> scheme;      // compliant, event-driven, time-stepping
  std::optional<std::string> integrator;  // rk4, dopri5, bdf
  std::optional<double> dt;               // simulation.step
  std::optional<double> t_end, rtol, atol, output_interval;
  std::optional<std::array<double, 2>> baumgarte;  // α, β
  bool projection = false;                // true switches projection on; false keeps the file's
};

// A value no run can take; option() is its name in Python and in sweep files ("t_end"), the
// command line writes it "--t-end".
class RunOptionError : public std::invalid_argument {
 public:
  RunOptionError(std::string option, const std::string& problem)
      : std::invalid_argument(option + " " + problem), option_(std::move(option)), problem_(problem) {}
  const std::string& option() const { return option_; }
  const std::string& problem() const { return problem_; }  // "must be a finite number > 0"

 private:
  std::string option_, problem_;
};

// Checks every value as the command line does and applies it to `o`; throws RunOptionError.
void apply_run_options(const RunOptions& run, SimulationOptions& o);

}  // namespace stickslip
