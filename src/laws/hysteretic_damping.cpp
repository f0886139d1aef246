// The hysteresis-damping family F = max{K δ^n (1 + d δ̇/v⁻), 0} and its exact restitution
// relation (see hysteretic_damping.hpp for the derivation).
#include "laws/hysteretic_damping.hpp"

#include <array>
#include <cmath>

#include "laws/hertz.hpp"

namespace stickslip::laws {

namespace {

constexpr std::array kSpecs{
    ParamSpec{"K", "N/m^n", "contact stiffness K", std::nullopt, Bound::positive()},
    ParamSpec{"n", "-", "force exponent n", 1.5, Bound::at_least(1.0)},
    ParamSpec{"e", "-", "coefficient of restitution e", std::nullopt, Bound::open_closed(0.0, 1.0)},
};

// u - ln(1 + u) and -w - ln(1 - w), by their Taylor series where the logarithm would cancel
// (|x| < 0.01: the first omitted term is below 1e-20 relative to the x²/2 leading term).
double excess_plus(double u) {
  if (u < 1e-2) {
    double term = u * u, sum = 0.0;
    for (int k = 2; k <= 10; ++k, term *= -u) sum += term / k;
    return sum;
  }
  return u - std::log1p(u);
}

double excess_minus(double w) {
  if (w < 1e-2) {
    double term = w * w, sum = 0.0;
    for (int k = 2; k <= 10; ++k, term *= w) sum += term / k;
    return sum;
  }
  return -w - std::log1p(-w);
}

}  // namespace

double hysteretic_force(double K, double n, double chi, double delta, double delta_dot) noexcept {
  if (delta <= 0.0) return 0.0;
  const double elastic = power_law_force(K, n, delta);
  const double f = elastic + elastic * chi * delta_dot;
  return f > 0.0 ? f : 0.0;
}

double hysteretic_signed_force(double K, double n, double chi, double delta, double delta_dot) noexcept {
  if (delta <= 0.0) return 0.0;
  const double elastic = power_law_force(K, n, delta);
  return elastic + elastic * chi * delta_dot;
}

double hysteretic_restitution(double d) {
  if (!(d > 0.0)) return 1.0;
  const double target = excess_plus(d);
  // g(w) = -w - ln(1 - w) is convex and increasing on [0, 1): Newton from a point right of the root
  // converges monotonically. g(d) >= target for d < 1 (g(x) - f(x) = 2(x³/3 + x⁵/5 + ...) >= 0);
  // otherwise w0 = 1 - exp(-(target + 1)) gives g(w0) >= -1 + target + 1 = target.
  // The root satisfies 1 - w = exp(-w - target) < exp(-target): beyond target = 37 that is below
  // half an ulp of 1, so w = 1 in double precision (and w0 below would round to 1, where g = inf).
  if (target > 37.0) return 1.0 / d;
  double w = d < 1.0 ? d : 1.0 - std::exp(-(target + 1.0));
  for (int it = 0; it < 200; ++it) {
    const double step = (excess_minus(w) - target) * (1.0 - w) / w;
    w -= step;
    if (std::abs(step) <= 1e-16 * w) break;
  }
  return w / d;
}

HystereticDamping::HystereticDamping(std::string_view law, const Params& p,
                                     double (*d_of_e)(double))
    : p_{check_parameter(law, kSpecs[0], p.K), check_parameter(law, kSpecs[1], p.n),
         check_parameter(law, kSpecs[2], p.e)},
      d_(d_of_e(p_.e)) {}

double HystereticDamping::force(double delta, double delta_dot, double impact_speed) const noexcept {
  const double chi = impact_speed > 0.0 ? d_ / impact_speed : 0.0;
  return hysteretic_force(p_.K, p_.n, chi, delta, delta_dot);
}

double HystereticDamping::signed_force(double delta, double delta_dot, double impact_speed) const noexcept {
  const double chi = impact_speed > 0.0 ? d_ / impact_speed : 0.0;
  return hysteretic_signed_force(p_.K, p_.n, chi, delta, delta_dot);
}

double HystereticDamping::elastic_force(double delta) const noexcept {
  return power_law_force(p_.K, p_.n, delta);
}

double HystereticDamping::potential(double delta) const noexcept {
  return power_law_potential(p_.K, p_.n, delta);
}

double HystereticDamping::stiffness(double delta) const noexcept {
  return power_law_stiffness(p_.K, p_.n, delta);
}

std::span<const ParamSpec> HystereticDamping::parameter_specs() noexcept { return kSpecs; }

}  // namespace stickslip::laws
