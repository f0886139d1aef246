// Result type, status names, residual and validation shared by every complementarity solver.
#include "solvers/lcp_problem.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {

std::string_view to_string(LcpStatus status) {
  switch (status) {
    case LcpStatus::solved: return "solved";
    case LcpStatus::ray_termination: return "ray_termination";
    case LcpStatus::max_iterations: return "max_iterations";
    case LcpStatus::singular: return "singular";
    case LcpStatus::invalid_input: return "invalid_input";
  }
  return "unknown";
}

bool is_valid_lcp(const MatRef& M, const VecRef& q) {
  if (M.rows() != M.cols() || M.rows() != q.size()) return false;
  return M.allFinite() && q.allFinite();
}

double lcp_residual(const VecRef& z, const VecRef& w, Eigen::Index n_free) {
  double r = 0.0;
  const Eigen::Index n = z.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    const double term = i < n_free ? std::abs(w[i]) : std::abs(std::min(z[i], w[i]));
    // A NaN term must not be hidden by max(): report it as an infinite residual.
    if (!(term <= r)) r = std::isnan(term) ? INFINITY : term;
  }
  return r;
}

double recompute_w_and_residual(const MatRef& M, const VecRef& q, const VecRef& z, Vec& w,
                                Eigen::Index n_free) {
  if (w.size() != q.size()) w.resize(q.size());
  w = q;
  w.noalias() += M * z;
  return lcp_residual(z, w, n_free);
}

void set_invalid(LcpResult& result) {
  result.z.resize(0);
  result.w.resize(0);
  result.status = LcpStatus::invalid_input;
  result.iterations = 0;
  result.residual = INFINITY;
}

void prepare_result(LcpResult& result, Eigen::Index n) {
  if (result.z.size() != n) result.z.resize(n);
  if (result.w.size() != n) result.w.resize(n);
  result.z.setZero();
  result.w.setZero();
  result.iterations = 0;
  result.residual = INFINITY;
}

double residual_scale(const VecRef& q) {
  return q.size() == 0 ? 1.0 : std::max(1.0, q.cwiseAbs().maxCoeff());
}

// ||q||_inf itself: with residual_scale's floor of 1, a problem whose q is 1e-20 was "solved" by
// z = 0 at the default tolerance (a residual as large as the whole problem). q = 0 is solved by
// z = 0 exactly, so any positive scale serves there.
double lcp_scale(const VecRef& q) {
  const double m = q.size() == 0 ? 0.0 : q.cwiseAbs().maxCoeff();
  return m > 0.0 ? m : 1.0;
}

}  // namespace stickslip::solvers
