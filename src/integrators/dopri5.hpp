// Dormand-Prince 5(4) embedded Runge-Kutta with adaptive step size (Dormand & Prince 1980; step
// control and 4th-order dense output as in Hairer, Nørsett & Wanner, Solving ODEs I, §II.4-II.6).
// The 7th stage is the derivative at the new point (FSAL), so an accepted step costs six evaluations.
#pragma once

#include <memory>

#include "integrators/integrator.hpp"
#include "math/errors.hpp"

namespace stickslip {

class Dopri5Integrator final : public Integrator {
 public:
  explicit Dopri5Integrator(const IntegratorOptions& options);
  const char* name() const override { return "dopri5"; }
  void reset(OdeSystem& sys, double t0, const Vec& y0) override;
  void step(OdeSystem& sys, double t_limit) override;
  void interpolate(double t, Vec& y) const override;
  void set_state(OdeSystem& sys, const Vec& y) override;
  void restart(OdeSystem& sys, double t, const Vec& y) override;
  double next_step() const override { return h_; }
  int limiting_component() const override;
  void save(Snapshot& snapshot, const std::string& prefix) const override;
  void restore(OdeSystem& sys, const Snapshot& snapshot, const std::string& prefix) override;

 private:
  double initial_step(OdeSystem& sys);
  void attempt(OdeSystem& sys, double h, double t_new);
  double error_norm() const;

  IntegratorOptions opt_;
  double h_ = 0;
  double err_prev_ = 1e-4;  // previous accepted error, for the PI controller
  Vec k2_, k3_, k4_, k5_, k6_, k7_, y_new_, tmp_, err_;
  Vec atol_;  // per-component absolute tolerance
  Vec r1_, r2_, r3_, r4_, r5_;  // dense-output coefficients of the last accepted step
  std::unique_ptr<NumericalError> last_failure_;
  int restarted_worst_ = -1;  // limiting_component() before the last restart  // why the last trial step could not be evaluated
};

}  // namespace stickslip
