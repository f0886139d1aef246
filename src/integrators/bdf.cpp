// BDF through CVODES (see bdf.hpp): SUNDIALS objects owned by RAII handles, the right-hand-side
// bridge that turns the system's exceptions into CVODE's recoverable failures, and the mapping of
// CVODE's return flags to NumericalError.
#include "integrators/bdf.hpp"

#include <cvodes/cvodes.h>
#include <cvodes/cvodes_ls.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace stickslip {
namespace {

struct FreeContext {
  void operator()(SUNContext c) const { SUNContext_Free(&c); }
};
struct FreeVector {
  void operator()(N_Vector v) const { N_VDestroy(v); }
};
struct FreeMatrix {
  void operator()(SUNMatrix m) const { SUNMatDestroy(m); }
};
struct FreeSolver {
  void operator()(SUNLinearSolver s) const { SUNLinSolFree(s); }
};
struct FreeCvode {
  void operator()(void* m) const { CVodeFree(&m); }
};
template <class Handle, class Free>
using Owned = std::unique_ptr<std::remove_pointer_t<Handle>, Free>;

template <class Handle>
Handle created(Handle h) {
  if (h == nullptr) throw std::bad_alloc();
  return h;
}

std::string flag_name(int flag) {
  const std::unique_ptr<char, decltype(&std::free)> name(CVodeGetReturnFlagName(flag), &std::free);
  return name ? std::string(name.get()) : "flag " + std::to_string(flag);
}

const char* hint(int flag) {
  switch (flag) {
    case CV_ERR_FAILURE:
    case CV_CONV_FAILURE:
      return " (the solution may be singular or discontinuous here)";
    case CV_TOO_MUCH_ACC: return " (the tolerances are too tight for double precision)";
    default: return "";
  }
}

Eigen::Map<Vec> view(N_Vector v) { return {N_VGetArrayPointer(v), static_cast<Eigen::Index>(N_VGetLength(v))}; }

}  // namespace

// Declared in this order so they are destroyed in reverse: CVODE memory first, the context last.
struct BdfIntegrator::Cvode {
  Owned<SUNContext, FreeContext> ctx;
  Owned<N_Vector, FreeVector> y, dky;  // CVODE's y (in and out), scratch for CVodeGetDky
  Owned<N_Vector, FreeVector> abstol;  // per-component absolute tolerance (OdeSystem::tolerance_scales)
  Owned<SUNMatrix, FreeMatrix> jac;
  Owned<SUNLinearSolver, FreeSolver> solver;
  Owned<void*, FreeCvode> mem;
  std::string message;  // CVODE's last error message

  Cvode(BdfIntegrator& owner, int n, double t0);
  void* m() const { return mem.get(); }
  // Setup calls: a failure is reported with the CVODE flag and message.
  void check(int flag, const char* call, double t) const {
    if (flag < 0) throw NumericalError(t, "integrator", std::string("bdf: ") + call + " failed with " + flag_name(flag) +
                                                           (message.empty() ? "" : ": " + message));
  }

  static int rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* owner) {
    return static_cast<BdfIntegrator*>(owner)->rhs(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot));
  }
  // Keeps SUNDIALS silent: errors are remembered for our exception, warnings dropped.
  static void on_error(int code, const char*, const char*, char* msg, void* self) {
    if (code == CV_WARNING) return;
    try {
      static_cast<Cvode*>(self)->message = msg;
    } catch (...) {  // out of memory while failing: the flag alone will be reported
    }
  }
};

BdfIntegrator::Cvode::Cvode(BdfIntegrator& owner, int n, double t0) {
  SUNContext c = nullptr;
  if (SUNContext_Create(nullptr, &c) != 0) throw std::bad_alloc();
  ctx.reset(c);
  y.reset(created(N_VNew_Serial(n, c)));
  dky.reset(created(N_VNew_Serial(n, c)));
  abstol.reset(created(N_VNew_Serial(n, c)));
  view(abstol.get()).setConstant(owner.opt_.atol);
  jac.reset(created(SUNDenseMatrix(n, n, c)));
  solver.reset(created(SUNLinSol_Dense(y.get(), jac.get(), c)));
  mem.reset(created(CVodeCreate(CV_BDF, c)));
  check(CVodeSetErrHandlerFn(m(), &Cvode::on_error, this), "CVodeSetErrHandlerFn", t0);
  view(y.get()) = owner.y_;
  check(CVodeInit(m(), &Cvode::rhs, t0, y.get()), "CVodeInit", t0);
  check(CVodeSetUserData(m(), &owner), "CVodeSetUserData", t0);
  check(CVodeSVtolerances(m(), owner.opt_.rtol, abstol.get()), "CVodeSVtolerances", t0);
  if (CVodeSetLinearSolver(m(), solver.get(), jac.get()) != CVLS_SUCCESS) {
    throw NumericalError(t0, "integrator", "bdf: CVodeSetLinearSolver failed");
  }
  // CVODE gives up after 7 error-test failures in one step (it divides h by about 10 per failure
  // after the third); a first step guess far above a stiff model's initial transient (1e-3 s against
  // a damper's 1 µs) needs more. A step that would succeed anyway is unchanged.
  check(CVodeSetMaxErrTestFails(m(), 30), "CVodeSetMaxErrTestFails", t0);
}

BdfIntegrator::BdfIntegrator(const IntegratorOptions& options) : opt_(options) {
  if (!(opt_.rtol > 0) || !(opt_.atol > 0)) throw std::invalid_argument("bdf needs rtol > 0 and atol > 0");
  if (!(opt_.max_step > 0)) throw std::invalid_argument("bdf needs max_step > 0");
}

BdfIntegrator::~BdfIntegrator() = default;

void BdfIntegrator::reset(OdeSystem& sys, double t0, const Vec& y0) {
  const int n = sys.dimension();
  if (n < 1) throw std::invalid_argument("bdf needs a system of dimension >= 1");
  if (y0.size() != n) throw std::invalid_argument("bdf: the initial state does not match the system's dimension");
  t_ = t_prev_ = t0;
  y_ = y0;
  f_.resize(n);
  y_in_.resize(n);
  f_out_.resize(n);
  evaluate(sys, t_, y_, f_);
  create(sys, t0);
  restart(opt_.step > 0 ? opt_.step : 0.0);
}

void BdfIntegrator::create(OdeSystem& sys, double t0) {
  const int n = sys.dimension();
  if (!cv_ || N_VGetLength(cv_->y.get()) != n) cv_.reset();  // the old objects go before the new ones come
  if (!cv_) cv_ = std::make_unique<Cvode>(*this, n, t0);
  f_out_.resize(n);
  sys.tolerance_scales(f_out_);
  view(cv_->abstol.get()) = opt_.atol * f_out_;
  cv_->check(CVodeSVtolerances(cv_->m(), opt_.rtol, cv_->abstol.get()), "CVodeSVtolerances", t0);
}

// CVODES keeps its history (Nordsieck array, order, step) to itself: continue from the saved (t, y)
// as restart() does at an event (saves_history() is false, so the original run restarted there too).
void BdfIntegrator::restore(OdeSystem& sys, const Snapshot& snapshot, const std::string& prefix) {
  const int n = sys.dimension();
  if (n < 1) throw std::invalid_argument("bdf needs a system of dimension >= 1");
  const double t = snapshot.real(prefix + "t");
  const Vec y = Eigen::Map<const Vec>(snapshot.reals(prefix + "y", static_cast<std::size_t>(n)).data(), n);
  t_ = t_prev_ = t;
  y_ = y;
  f_.resize(n);
  y_in_.resize(n);
  create(sys, t);
  restart(sys, t, y);
  restore_stats(snapshot, prefix);  // the saved figures already count the original run's restart
}

void BdfIntegrator::restart(double hin) {
  view(cv_->y.get()) = y_;
  cv_->check(CVodeReInit(cv_->m(), t_, cv_->y.get()), "CVodeReInit", t_);
  cv_->check(CVodeSetInitStep(cv_->m(), hin), "CVodeSetInitStep", t_);
  hin_ = hin;
  counted_steps_ = counted_fails_ = 0;  // CVodeReInit zeroes CVODE's counters
}

void BdfIntegrator::restart(OdeSystem& sys, double t, const Vec& y) {
  if (!cv_ || N_VGetLength(cv_->y.get()) != y.size()) {
    reset(sys, t, y);
    return;
  }
  t_ = t_prev_ = t;
  y_ = y;
  evaluate(sys, t_, y_, f_);
  restart(0.0);  // CVODE estimates the first step at the event
}

void BdfIntegrator::set_state(OdeSystem& sys, const Vec& y) {
  y_ = y;
  evaluate(sys, t_, y_, f_);
  t_prev_ = t_;  // the dense output collapses to the current point
  restart(0.0);  // CVODE estimates a first step suited to the new state (e.g. a contact just closed)
}

void BdfIntegrator::step(OdeSystem& sys, double t_limit) {
  if (!cv_) throw std::logic_error("bdf: step() before reset()");
  if (!(t_limit > t_)) throw NumericalError(t_, "integrator", "bdf: no room to step (t_limit <= t)");
  const double h_max = std::min(opt_.max_step, sys.max_step(t_, y_));
  if (!(h_max > 0)) throw NumericalError(t_, "integrator", "bdf: the system allows no step (max_step <= 0)");
  // Smallest step, as in dopri5: below it CVODE reports a failure instead of creeping towards a
  // singularity (or a time where the system keeps throwing) with steps that no longer move t.
  const double h_min = opt_.min_step > 0 ? opt_.min_step : 1e-14 * std::max(1.0, std::abs(t_));
  if (h_max < h_min) throw NumericalError(t_, "integrator", "bdf: the maximum step is below the minimum step");
  cv_->message.clear();
  CVodeSetMinStep(cv_->m(), 0.0);  // so the new maximum is never checked against the old minimum
  cv_->check(CVodeSetMaxStep(cv_->m(), std::isfinite(h_max) ? h_max : 0.0), "CVodeSetMaxStep", t_);
  cv_->check(CVodeSetMinStep(cv_->m(), h_min), "CVodeSetMinStep", t_);
  // The stop time also enforces the cap on this very step (CVodeSetMaxStep acts on later choices).
  cv_->check(CVodeSetStopTime(cv_->m(), std::min(t_limit, t_ + h_max)), "CVodeSetStopTime", t_);

  failure_.reset();
  foreign_ = nullptr;
  sys_ = &sys;
  double t_new = t_;
  const int flag = CVode(cv_->m(), t_limit, cv_->y.get(), &t_new, CV_ONE_STEP);
  sys_ = nullptr;
  update_stats();
  if (flag < 0) fail(flag, t_new);
  if (!(t_new > t_)) throw NumericalError(t_, "integrator", "bdf: the step did not advance t (roundoff)");

  t_prev_ = t_;
  t_ = t_new;  // the stop time itself on CV_TSTOP_RETURN, so t_limit is reached exactly
  y_ = view(cv_->y.get());
  cv_->check(CVodeGetDky(cv_->m(), t_, 1, cv_->dky.get()), "CVodeGetDky", t_);
  f_ = view(cv_->dky.get());
}

// CVODE's local error estimates weighted by its error weights (what its error test compares to 1).
int BdfIntegrator::limiting_component() const {
  if (!cv_) return -1;
  N_Vector errors = N_VClone(cv_->y.get()), weights = N_VClone(cv_->y.get());
  int worst = -1;
  if (errors && weights && CVodeGetEstLocalErrors(cv_->m(), errors) == CV_SUCCESS &&
      CVodeGetErrWeights(cv_->m(), weights) == CV_SUCCESS) {
    Eigen::Index i = 0;
    (view(errors).cwiseProduct(view(weights))).cwiseAbs().maxCoeff(&i);
    worst = static_cast<int>(i);
  }
  if (errors) N_VDestroy(errors);
  if (weights) N_VDestroy(weights);
  return worst;
}

void BdfIntegrator::update_stats() {
  long nst = 0, netf = 0;
  CVodeGetNumSteps(cv_->m(), &nst);
  CVodeGetNumErrTestFails(cv_->m(), &netf);
  stats_.steps += nst - counted_steps_;
  stats_.rejected_steps += netf - counted_fails_;
  counted_steps_ = nst;
  counted_fails_ = netf;
}

void BdfIntegrator::fail(int flag, double t) {
  if (foreign_) std::rethrow_exception(foreign_);
  if (failure_) throw NumericalError(*failure_);
  std::string what = "bdf: CVODE failed with " + flag_name(flag);
  if (!cv_->message.empty()) what += ": " + cv_->message;
  throw NumericalError(t, "integrator", what + hint(flag));
}

int BdfIntegrator::rhs(double t, const double* y, double* ydot) noexcept {
  if (sys_ == nullptr) return -1;
  const Eigen::Index n = y_in_.size();
  y_in_ = Eigen::Map<const Vec>(y, n);
  try {
    evaluate(*sys_, t, y_in_, f_out_);
    if (!f_out_.allFinite()) throw NumericalError(t, "integrator", "bdf: the derivative is NaN or infinite");
  } catch (const NumericalError& e) {
    try {
      failure_.emplace(e);
    } catch (...) {  // out of memory: CVODE still retries, the flag is reported if it fails
    }
    return 1;
  } catch (...) {
    foreign_ = std::current_exception();
    return -1;
  }
  Eigen::Map<Vec>(ydot, n) = f_out_;
  return 0;
}

void BdfIntegrator::interpolate(double t, Vec& y) const {
  if (t_ <= t_prev_ || t == t_) {
    y = y_;
    return;
  }
  if (CVodeGetDky(cv_->m(), t, 0, cv_->dky.get()) != CV_SUCCESS) {
    throw NumericalError(t, "integrator", "bdf: dense output requested outside the last step");
  }
  y = view(cv_->dky.get());
}

double BdfIntegrator::next_step() const {
  double h = 0;
  if (cv_ && counted_steps_ > 0) CVodeGetCurrentStep(cv_->m(), &h);
  return h > 0 ? h : hin_;  // 0: CVODE will estimate the first step
}

}  // namespace stickslip
