#include "io/run_options.hpp"

#include <cmath>
#include <sstream>

#include "io/model_file.hpp"

namespace stickslip {
namespace {

std::string text(double x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

void check(const std::optional<double>& v, const char* option, bool strict) {
  if (!v) return;
  if (!std::isfinite(*v) || (strict ? !(*v > 0) : *v < 0)) {
    throw RunOptionError(option, std::string("must be a finite number ") + (strict ? "> 0" : ">= 0") + ", got " + text(*v));
  }
}

}  // namespace

void apply_run_options(const RunOptions& run, SimulationOptions& o) {
  if (run.scheme) {
    bool ok = false;
    const Scheme s = parse_scheme_name(*run.scheme, ok);
    if (!ok) throw RunOptionError("scheme", "must be compliant, event-driven or time-stepping, got '" + *run.scheme + "'");
    o.scheme = s;
  }
  if (run.integrator) {
    if (*run.integrator != "auto" && *run.integrator != "rk4" && *run.integrator != "dopri5" && *run.integrator != "bdf") {
      throw RunOptionError("integrator", "must be auto, rk4, dopri5 or bdf, got '" + *run.integrator + "'");
    }
    o.integrator = *run.integrator;
  }
  check(run.dt, "dt", true);
  check(run.rtol, "rtol", true);
  check(run.atol, "atol", true);
  check(run.output_interval, "output_interval", false);
  if (run.t_end && !std::isfinite(*run.t_end)) throw RunOptionError("t_end", "must be a finite number, got " + text(*run.t_end));
  if (run.baumgarte) {
    for (double x : *run.baumgarte) {
      if (!std::isfinite(x) || x < 0) throw RunOptionError("baumgarte", "needs alpha, beta >= 0 (finite), got " + text(x));
    }
  }
  if (run.dt) o.integrator_options.step = *run.dt;
  if (run.t_end) o.t_end = *run.t_end;
  if (run.rtol) o.integrator_options.rtol = *run.rtol;
  if (run.atol) o.integrator_options.atol = *run.atol;
  if (run.output_interval) o.output_interval = *run.output_interval;
  if (run.baumgarte) o.baumgarte = {(*run.baumgarte)[0], (*run.baumgarte)[1]};
  if (run.projection) o.projection = true;
  if (!(o.t_end > o.t_start)) throw RunOptionError("t_end", "must be greater than t_start (" + text(o.t_start) + ")");
}

}  // namespace stickslip
