#include "formulations/compliant/contact_stability.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {

namespace {

// The smallest δ in (0, 1e3 m] with g(δ) >= target for an increasing g (bisection on doublings).
template <class G>
double solve_increasing(const G& g, double target) {
  if (!(target > 0)) return 0.0;
  double lo = 0, hi = 1e-12;
  while (g(hi) < target) {
    lo = hi;
    hi *= 2;
    if (hi > 1e3) return hi;
  }
  for (int i = 0; i < 100 && hi - lo > 1e-12 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (g(mid) < target ? lo : hi) = mid;
  }
  return hi;
}

}  // namespace

double expected_penetration(const laws::NormalLaw& law, double approach_speed, double mass, double gravity) {
  const double v = std::isfinite(approach_speed) ? std::abs(approach_speed) : 0.0;
  const double kinetic =
      solve_increasing([&law](double d) { return law.potential(d); }, 0.5 * mass * v * v);
  const double load = solve_increasing([&law](double d) { return law.elastic_force(d); }, mass * gravity);
  return std::max(kinetic, load);
}

double contact_rate(const laws::NormalLaw& law, double penetration, double mass, double impact_speed) {
  if (!(mass > 0) || !(penetration > 0)) return 0.0;
  const double k = law.stiffness(penetration);
  // ∂F/∂δ̇ by a one-sided difference from rest (the laws are linear in δ̇ there or close to it).
  const double dv = 1e-6 * std::max(std::isfinite(impact_speed) ? std::abs(impact_speed) : 0.0, 1e-3);
  const double c = std::max(0.0, (law.force(penetration, dv, impact_speed) - law.force(penetration, 0.0, impact_speed)) / dv);
  const double half = c / (2 * mass), disc = half * half - k / mass;
  return disc > 0 ? half + std::sqrt(disc) : std::sqrt(k / mass);
}

}  // namespace stickslip
