// Watches the run loop keeps over a run, which say when results are silently wrong or a run crawls:
//   EnergyWatch — a model that nothing drives (no drivers, no prescribed motion, no applied forces
//     or torques that are functions of time) cannot gain mechanical energy: contacts, friction and
//     damping only take it away. A total energy (contact potential included) that grows beyond what
//     the integration's accuracy allows is reported once, as a warning.
//   PaceWatch — the mean step over windows of 1000 steps: a run whose steps collapse to a thousandth
//     of those it started with (a stiff or mistyped law, a lock-up) while the rest of it would take
//     more than a minute of wall time at the present pace is reported once, with what holds the
//     steps small.
// Both only warn; neither changes a result.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "formulations/simulation_options.hpp"
#include "math/snapshot.hpp"
#include "model/model.hpp"

namespace stickslip {

class EnergyWatch {
 public:
  EnergyWatch(const Model& model, const SimulationOptions& options, const std::vector<std::string>& columns);
  bool active() const { return active_; }
  // The model is driven from outside from now on (inputs set between steps): no more checks.
  void stop() { active_ = false; }
  // After every row written: the warning (once) when the energy grew too much, else "".
  std::string check(const std::vector<double>& row);
  void save(Snapshot& snapshot) const;
  void restore(const Snapshot& snapshot);

 private:
  bool active_ = false, warned_ = false, started_ = false;
  int kinetic_ = -1, potential_ = -1, total_ = -1;
  double tolerance_ = 1e-2;  // relative to the energy exchanged in the motion
  double first_total_ = 0, first_potential_ = 0, exchanged_ = 0;
  const char* advice_ = "";
};

class PaceWatch {
 public:
  PaceWatch(double t_start, double t_end) : t_end_(t_end), window_t_(t_start) {}
  // After every step: true (once) when the steps collapsed; message() says how.
  bool check(double t);
  const std::string& message() const { return message_; }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr long kWindow = 1000;  // steps per window
  double t_end_;
  long steps_ = 0;
  bool warned_ = false;
  Clock::time_point window_wall_ = Clock::now();
  double window_t_;
  double first_step_ = 0;  // the mean step of the first window
  std::string message_;
};

// The model element that owns component `index` of the state vector [q; v; z] of the compliant and
// event-driven schemes: "body disc (velocity y)", "contact floor (friction state)". With `closed`
// (per contact, may be null), the closed contacts on that body are named too.
std::string state_component_owner(const Model& model, int index, const std::vector<char>* closed = nullptr);

// "1.23e-05": numbers in messages (%.6g, or %.3g with digits = 3).
std::string short_number(double x, int digits = 6);

}  // namespace stickslip
