#include "formulations/time_stepping/euler_step.hpp"

#include <algorithm>
#include <cmath>

#include "math/rotation.hpp"

namespace stickslip {
namespace {

// Newton's method on J(ω − ω_b) + h g(ω_θ) from `omega`; true when the last update is at the
// rounding of |ω| (quadratic convergence: one more iteration after the update falls below 1e-9).
bool newton(const Vec3& J, const Vec3& omega_k, const Vec3& omega_base, double h, double theta, int max_iterations,
            Vec3& omega, int& iterations) {
  const double scale = std::max({omega.norm(), omega_k.norm(), omega_base.norm(), 1e-300});
  for (int k = 0; k < max_iterations; ++k) {
    ++iterations;
    const Vec3 w = (1 - theta) * omega_k + theta * omega;
    const Vec3 residual = J.cwiseProduct(omega - omega_base) + h * gyroscopic_torque(J, w);
    Mat3 jacobian = (h * theta) * (skew(w) * J.asDiagonal() - skew(J.cwiseProduct(w)));
    jacobian.diagonal() += J;
    const Vec3 step = jacobian.partialPivLu().solve(residual);
    omega -= step;
    if (!omega.allFinite()) return false;
    if (step.norm() <= 1e-14 * scale) return true;
  }
  return false;
}

}  // namespace

EulerStepResult solve_euler_step(const Vec3& J, const Vec3& omega_k, const Vec3& omega_base, double h, double theta,
                                 const Vec3& start) {
  EulerStepResult out;
  out.omega = start;
  if (newton(J, omega_k, omega_base, h, theta, 30, out.omega, out.iterations)) {
    out.converged = true;
    return out;
  }
  // Continuation in the gyroscopic term's weight s h: the solution at s = 0 is ω_b, and each stage
  // starts from the last one's solution; a stage that fails is retried with half the increment.
  double s = 0.0, ds = 0.25;
  Vec3 omega = omega_base;
  while (s < 1.0) {
    const double next = std::min(1.0, s + ds);
    Vec3 trial = omega;
    if (newton(J, omega_k, omega_base, next * h, theta, 12, trial, out.iterations)) {
      s = next;
      omega = trial;
      ds *= 2;
    } else if ((ds *= 0.5) < 1e-6) {
      out.omega = omega;
      return out;
    }
  }
  out.omega = omega;
  out.converged = true;
  return out;
}

}  // namespace stickslip
