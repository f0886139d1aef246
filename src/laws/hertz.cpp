// Hertz contact law F_N = K δ^n (see hertz.hpp).
#include "laws/hertz.hpp"

#include <array>
#include <cmath>

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "hertz";
constexpr std::array kSpecs{
    ParamSpec{"K", "N/m^n", "contact stiffness K", std::nullopt, Bound::positive()},
    ParamSpec{"n", "-", "force exponent n", 1.5, Bound::at_least(1.0)},
};

}  // namespace

double power_law_force(double K, double n, double delta) noexcept {
  return delta > 0.0 ? K * std::pow(delta, n) : 0.0;
}

double power_law_potential(double K, double n, double delta) noexcept {
  return delta > 0.0 ? K * std::pow(delta, n + 1.0) / (n + 1.0) : 0.0;
}

double power_law_stiffness(double K, double n, double delta) noexcept {
  if (delta <= 0.0) return 0.0;
  return n == 1.0 ? K : n * K * std::pow(delta, n - 1.0);
}

Hertz::Hertz(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.K), check_parameter(kName, kSpecs[1], p.n)} {}

double Hertz::force(double delta, double /*delta_dot*/, double /*impact_speed*/) const noexcept {
  return elastic_force(delta);
}

double Hertz::elastic_force(double delta) const noexcept { return power_law_force(p_.K, p_.n, delta); }

double Hertz::potential(double delta) const noexcept {
  return power_law_potential(p_.K, p_.n, delta);
}

double Hertz::stiffness(double delta) const noexcept {
  return power_law_stiffness(p_.K, p_.n, delta);
}

const LawSpec<NormalLaw>& Hertz::registration() {
  static const LawSpec<NormalLaw> spec{
      kName, "F = K delta^n (Hertz 1882), elastic, no dissipation", kSpecs,
      [](const ParamValues& v) -> std::unique_ptr<NormalLaw> {
        return std::make_unique<Hertz>(
            Params{parameter_value(v, "K"), parameter_value(v, "n")});
      }};
  return spec;
}

}  // namespace stickslip::laws
