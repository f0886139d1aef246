// Implicit variable-order (1-5), variable-step BDF integration, delegated to CVODES from SUNDIALS
// (Hindmarsh et al. 2005, "SUNDIALS: Suite of nonlinear and differential/algebraic equation solvers",
// ACM TOMS 31(3)). Each BDF step solves a nonlinear system by Newton's method with a dense LU of
// I - γJ, where J is CVODE's own difference-quotient Jacobian (n extra derivative calls whenever CVODE
// decides to refresh it), so no analytic Jacobian is needed.
//
// When to use it: stiff problems, where an explicit method's step is capped by stability rather
// than accuracy — typically compliant contact with stiff springs held in long resting contact, where
// DOPRI5 would crawl at h ~ 1/ω of the contact spring while nothing moves. On non-stiff problems
// DOPRI5 is usually cheaper (no Jacobians, no linear solves) and RK4 matches the papers' setups.
//
// Behaviour within the Integrator contract:
// - one CVODE internal step (CV_ONE_STEP) per step(); CVODE's stop time is set to t_limit, so a step
//   never passes it and lands on it exactly;
// - the step is capped on every call by min(options.max_step, sys.max_step(t, y)): CVODE's maximum
//   step is set to it, and the stop time to t + cap, because CVODE applies a new maximum only when it
//   chooses the step after next;
// - dense output is CVODE's Nordsieck interpolation (CVodeGetDky), of the order of the last step;
// - dydt() is F evaluated exactly after reset/set_state, and after a step the derivative of that
//   interpolating polynomial at t (equal to F(t, y) to within the Newton tolerance), which saves a
//   derivative call per step;
// - set_state() restarts CVODE (CVodeReInit) at the current time: the history is dropped, the next
//   step is of order 1 with a step size CVODE estimates for the new state (right for an impact or a
//   contact onset). Restarting after every step, as coordinate projection does, keeps BDF at order 1
//   with small steps and a new Jacobian each time: orders of magnitude slower (the simulation warns);
//   Baumgarte stabilisation is the match for bdf;
// - a NumericalError thrown by the system during a trial (or Jacobian) evaluation is returned to
//   CVODE as a recoverable failure so it retries with a smaller step; if the step finally fails, that
//   error is rethrown. Other CVODE failures become NumericalError(t, "integrator", ...) naming the
//   CVODE flag. SUNDIALS prints nothing: its messages are caught and put into ours;
// - stats(): steps = CVODE's steps, rejected_steps = its error-test failures (Newton convergence
//   failures are retries too but not counted), rhs_evaluations = every call of the system's
//   derivative, including CVODE's Jacobian differences and our own evaluations of dydt().
// Memory: the SUNDIALS objects are created at the first reset (and again only if the dimension
// changes); what CVODE does with the heap inside a step is its own business and is not checked by
// tests/alloc. The wrapper's own per-step work (the right-hand-side bridge, copies into vectors sized
// at reset) allocates nothing.
#pragma once

#include <exception>
#include <memory>
#include <optional>

#include "integrators/integrator.hpp"
#include "math/errors.hpp"

namespace stickslip {

class BdfIntegrator final : public Integrator {
 public:
  // Uses options.rtol, atol (> 0), step (first step after reset; 0: CVODE estimates it), max_step,
  // min_step (0: 1e-14·max(1, |t|), as dopri5; CVODE fails rather than take smaller steps).
  explicit BdfIntegrator(const IntegratorOptions& options);
  ~BdfIntegrator() override;
  BdfIntegrator(const BdfIntegrator&) = delete;
  BdfIntegrator& operator=(const BdfIntegrator&) = delete;

  const char* name() const override { return "bdf"; }
  void reset(OdeSystem& sys, double t0, const Vec& y0) override;
  void step(OdeSystem& sys, double t_limit) override;
  void interpolate(double t, Vec& y) const override;
  void set_state(OdeSystem& sys, const Vec& y) override;
  void restart(OdeSystem& sys, double t, const Vec& y) override;
  double next_step() const override;
  bool saves_history() const override { return false; }
  int limiting_component() const override;
  void restore(OdeSystem& sys, const Snapshot& snapshot, const std::string& prefix) override;

 private:
  struct Cvode;  // the SUNDIALS objects (bdf.cpp)

  // CVODE's right-hand side: 0 on success, 1 (recoverable: CVODE shrinks the step) when the system
  // threw NumericalError or returned NaN, -1 (fatal) for any other exception.
  int rhs(double t, const double* y, double* ydot) noexcept;
  void create(OdeSystem& sys, double t0);  // the CVODE objects for (t0, y_) and the tolerances
  void restart(double hin);  // (re)initialises CVODE at (t_, y_)
  void update_stats();
  [[noreturn]] void fail(int flag, double t);

  IntegratorOptions opt_;
  std::unique_ptr<Cvode> cv_;
  OdeSystem* sys_ = nullptr;  // the system being stepped, for rhs()
  Vec y_in_, f_out_;          // rhs() buffers: the system takes Vec, CVODE hands out raw arrays
  std::optional<NumericalError> failure_;  // the system's last error in the current step
  std::exception_ptr foreign_;             // any other exception the system threw
  double hin_ = 0;  // first step after the last (re)start; 0: CVODE's estimate
  long counted_steps_ = 0, counted_fails_ = 0;  // CVODE's counters (since its last (re)init) in stats_
};

}  // namespace stickslip
