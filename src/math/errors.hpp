// Numerical failures: the time, the step and the offending element, so a user can find the cause.
#pragma once

#include <stdexcept>
#include <string>

namespace stickslip {

class NumericalError : public std::runtime_error {
 public:
  NumericalError(double t, std::string element, const std::string& what)
      : std::runtime_error(what), t_(t), element_(std::move(element)) {}

  double t() const { return t_; }
  // The model element at fault ("joint crank_pin", "body slider", "integrator"...).
  const std::string& element() const { return element_; }
  // Step number, filled in by the time loop that catches and rethrows (-1 if unknown).
  long step() const { return step_; }
  void set_step(long step) { step_ = step; }

 private:
  double t_;
  std::string element_;
  long step_ = -1;
};

// Thrown from inside a long computation of a step (a contact problem's sweeps, a rescue) when a stop
// request arrives (SimulationCallbacks::should_stop): the run loop ends the run at the last completed
// step, as a stop between two steps does, without a checkpoint at the abandoned step.
struct StopRequested {};

}  // namespace stickslip
