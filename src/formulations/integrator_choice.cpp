#include "formulations/integrator_choice.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace stickslip {

namespace {

constexpr double kDopri5RealStability = 3.3;  // |h λ| on the negative real axis (Hairer & Wanner, IV.2)

// 1 / (1/a + 1/b) over the dynamic bodies (a body that is not dynamic has infinite inertia).
double effective(const Model& model, int i, int j, double (*inertia)(const Body&)) {
  double inverse = 0.0;
  for (int b : {i, j}) {
    if (b >= 0 && model.bodies[static_cast<std::size_t>(b)].is_dynamic())
      inverse += 1.0 / inertia(model.bodies[static_cast<std::size_t>(b)]);
  }
  return inverse > 0 ? 1.0 / inverse : std::numeric_limits<double>::infinity();
}

double mass_of(const Body& b) { return b.mass; }
// Spatial bodies: the smallest principal moment (the fastest rotation a torque can cause).
double inertia_of(const Body& b) {
  return b.dimension == Dimension::spatial ? b.spatial.principal_moments.minCoeff() : b.inertia;
}

// The fastest rate |λ| of one element: damping c / m, or the spring's sqrt(k / m).
double rate(double stiffness, double damping, double inertia) {
  if (!std::isfinite(inertia) || !(inertia > 0)) return 0.0;
  return std::max(std::abs(damping) / inertia, std::sqrt(std::abs(stiffness) / inertia));
}

}  // namespace

IntegratorChoice choose_integrator(const Model& model, const SimulationOptions& options) {
  if (options.integrator != "auto") return {options.integrator, ""};
  double fastest = 0.0;
  std::string element;
  auto consider = [&](const std::string& name, double r) {
    if (r > fastest) {
      fastest = r;
      element = name;
    }
  };
  for (const SpringDamper& s : model.springs)
    consider(s.name, rate(s.stiffness, s.damping, effective(model, s.body_i, s.body_j, mass_of)));
  for (const RotationalSpringDamper& s : model.rotational_springs)
    consider(s.name, rate(s.stiffness, s.damping, effective(model, s.body_i, s.body_j, inertia_of)));
  const double explicit_step = fastest > 0 ? kDopri5RealStability / fastest : std::numeric_limits<double>::infinity();
  const bool projected_compliant = options.scheme == Scheme::compliant && options.projection;
  if (explicit_step >= kExplicitStepFloor || projected_compliant) return {"dopri5", ""};
  char reason[200];
  std::snprintf(reason, sizeof reason, "%s (|λ| = %.3g 1/s) holds explicit steps below %.3g s", element.c_str(),
                fastest, explicit_step);
  return {"bdf", reason};
}

}  // namespace stickslip
