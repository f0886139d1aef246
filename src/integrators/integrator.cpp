#include "integrators/integrator.hpp"

namespace stickslip {

namespace {

Vec exact_vector(const Snapshot& snapshot, const std::string& key, Eigen::Index n) {
  const std::vector<double>& v = snapshot.reals(key, static_cast<std::size_t>(n));
  return Eigen::Map<const Vec>(v.data(), n);
}

}  // namespace

// The base state: the current point, the start of the last step and the derivative at the current
// point (the first stage of the next step of the Runge-Kutta methods).
void Integrator::save(Snapshot& snapshot, const std::string& prefix) const {
  snapshot.put(prefix + "t", t_);
  snapshot.put(prefix + "t_previous", t_prev_);
  snapshot.put(prefix + "y", y_);
  snapshot.put(prefix + "dydt", f_);
  snapshot.put_integers(prefix + "stats", {stats_.steps, stats_.rejected_steps, stats_.rhs_evaluations});
}

void Integrator::restore(OdeSystem& sys, const Snapshot& snapshot, const std::string& prefix) {
  const Eigen::Index n = sys.dimension();
  t_ = snapshot.real(prefix + "t");
  t_prev_ = snapshot.real(prefix + "t_previous");
  y_ = exact_vector(snapshot, prefix + "y", n);
  f_ = exact_vector(snapshot, prefix + "dydt", n);
  restore_stats(snapshot, prefix);
}

void Integrator::restore_stats(const Snapshot& snapshot, const std::string& prefix) {
  const auto& n = snapshot.integers(prefix + "stats", 3);
  stats_.steps = n[0];
  stats_.rejected_steps = n[1];
  stats_.rhs_evaluations = n[2];
}

}  // namespace stickslip
