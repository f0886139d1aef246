// Time integrators for first-order systems ẏ = F(t, y). They know nothing of mechanics: a formulation
// presents itself as an OdeSystem. Each integrator advances one step at a time, offers dense output
// over its last step (so results are sampled at any output time, and events are located by root
// finding), and accepts a replaced state after a step (projection, impact).
#pragma once

#include <limits>
#include <memory>
#include <string>

#include "math/snapshot.hpp"
#include "math/types.hpp"

namespace stickslip {

class OdeSystem {
 public:
  virtual ~OdeSystem() = default;
  virtual int dimension() const = 0;
  // ẏ = F(t, y); must not allocate.
  virtual void derivative(double t, const Vec& y, Vec& dydt) = 0;
  // Largest step the system accepts from (t, y), e.g. so as not to step over a contact onset.
  virtual double max_step(double /*t*/, const Vec& /*y*/) { return std::numeric_limits<double>::infinity(); }
  // Per-component factors of the absolute tolerance (atol_i = atol · scale_i): components whose
  // natural size is far from 1 (friction bristle deflections of 1e-7 m) get a tolerance that fits.
  virtual void tolerance_scales(Vec& scales) const { scales.setOnes(dimension()); }
};

struct IntegratorStats {
  long steps = 0;            // accepted steps
  long rejected_steps = 0;   // rejected by the error control
  long rhs_evaluations = 0;  // calls of OdeSystem::derivative
};

struct IntegratorOptions {
  double step = 1e-3;      // fixed step (rk4); initial step guess for adaptive ones (0: automatic)
  double rtol = 1e-6;      // relative tolerance (adaptive)
  double atol = 1e-9;      // absolute tolerance (adaptive)
  double max_step = std::numeric_limits<double>::infinity();
  double min_step = 0;     // adaptive: failure below this (0: 1e-14·max(1, |t|))
};

class Integrator {
 public:
  virtual ~Integrator() = default;
  virtual const char* name() const = 0;

  // Starts at (t0, y0); evaluates the derivative there. Statistics keep accumulating.
  virtual void reset(OdeSystem& sys, double t0, const Vec& y0) = 0;
  // Takes one step that ends at or before t_limit. Throws NumericalError on failure.
  virtual void step(OdeSystem& sys, double t_limit) = 0;
  // The solution at t ∈ [t_previous(), t()] from the last step's dense output.
  virtual void interpolate(double t, Vec& y) const = 0;
  // Replaces y at the current time (after a projection or an impact).
  virtual void set_state(OdeSystem& sys, const Vec& y) = 0;
  // Starts again from (t, y) inside the last step (an event located there), keeping the statistics.
  // Unlike reset(), the first step is chosen by the method itself rather than taken from the
  // options: right after an event the dynamics may be far faster than at the start.
  virtual void restart(OdeSystem& sys, double t, const Vec& y) { reset(sys, t, y); }

  double t() const { return t_; }
  double t_previous() const { return t_prev_; }
  const Vec& y() const { return y_; }
  // Derivative F(t, y) at the current point (valid after reset/step/set_state).
  const Vec& dydt() const { return f_; }
  const IntegratorStats& stats() const { return stats_; }
  // Size of the step to be tried next.
  virtual double next_step() const = 0;
  // The component of y with the largest weighted error estimate in the last step (what holds an
  // adaptive method's steps small); -1 for a method without an error estimate.
  virtual int limiting_component() const { return -1; }

  // Checkpoints (math/snapshot.hpp), between steps. An integrator that saves_history() continues
  // after restore() exactly as it would have from the saved point. One that does not (bdf: CVODES
  // keeps its history to itself) is restarted by restore() at the saved (t, y) as restart() would
  // restart it; a run that checkpoints such an integrator restarts it at every checkpoint in the
  // original run too, so that both runs stay identical.
  virtual bool saves_history() const { return true; }
  virtual void save(Snapshot& snapshot, const std::string& prefix) const;
  // Throws SnapshotError when the snapshot does not fit the system.
  virtual void restore(OdeSystem& sys, const Snapshot& snapshot, const std::string& prefix);

 protected:
  void restore_stats(const Snapshot& snapshot, const std::string& prefix);
  void evaluate(OdeSystem& sys, double t, const Vec& y, Vec& out) {
    sys.derivative(t, y, out);
    ++stats_.rhs_evaluations;
  }
  double t_ = 0, t_prev_ = 0;
  Vec y_, f_;
  IntegratorStats stats_;
};

// "rk4" (fixed step, classical Runge-Kutta), "dopri5" (Dormand-Prince 5(4), adaptive) or "bdf"
// (implicit, variable order, through SUNDIALS CVODES; for stiff problems).
// Throws std::invalid_argument for an unknown name.
std::unique_ptr<Integrator> make_integrator(const std::string& name, const IntegratorOptions& options);

}  // namespace stickslip
