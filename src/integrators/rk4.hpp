// Classical fourth-order Runge-Kutta with a fixed step h (the integrator of the papers, e.g.
// Zhang & Wang 2017). Dense output: cubic Hermite interpolation between the step ends, O(h⁴) like the
// method itself. The derivative at the step end is kept and reused as the first stage of the next
// step, so a step costs four evaluations.
#pragma once

#include "integrators/integrator.hpp"

namespace stickslip {

class Rk4Integrator final : public Integrator {
 public:
  explicit Rk4Integrator(double step);
  const char* name() const override { return "rk4"; }
  void reset(OdeSystem& sys, double t0, const Vec& y0) override;
  void step(OdeSystem& sys, double t_limit) override;
  void interpolate(double t, Vec& y) const override;
  void set_state(OdeSystem& sys, const Vec& y) override;
  double next_step() const override { return h_; }
  void save(Snapshot& snapshot, const std::string& prefix) const override;
  void restore(OdeSystem& sys, const Snapshot& snapshot, const std::string& prefix) override;

 private:
  double h_;
  Vec k2_, k3_, k4_, tmp_, y_prev_, f_prev_;
};

}  // namespace stickslip
