// Extended Hertz of Zhang & Wang 2017: F = max{K1 δ^n + c2 δ δ̇, 0} (see extended_hertz.hpp).
#include "laws/extended_hertz.hpp"

#include <array>

#include "laws/hertz.hpp"

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "extended_hertz";
constexpr std::array kSpecs{
    ParamSpec{"K1", "N/m^n", "contact stiffness K1", std::nullopt, Bound::positive()},
    ParamSpec{"n", "-", "force exponent n", 1.5, Bound::at_least(1.0)},
    ParamSpec{"c2", "N s/m^2", "damping coefficient c2", std::nullopt, Bound::non_negative()},
};

}  // namespace

ExtendedHertz::ExtendedHertz(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.K1), check_parameter(kName, kSpecs[1], p.n),
         check_parameter(kName, kSpecs[2], p.c2)} {}

double ExtendedHertz::force(double delta, double delta_dot, double /*impact_speed*/) const noexcept {
  if (delta <= 0.0) return 0.0;
  const double f = power_law_force(p_.K1, p_.n, delta) + p_.c2 * delta * delta_dot;
  return f > 0.0 ? f : 0.0;
}

double ExtendedHertz::signed_force(double delta, double delta_dot, double /*impact_speed*/) const noexcept {
  if (delta <= 0.0) return 0.0;
  return power_law_force(p_.K1, p_.n, delta) + p_.c2 * delta * delta_dot;
}

double ExtendedHertz::elastic_force(double delta) const noexcept {
  return power_law_force(p_.K1, p_.n, delta);
}

double ExtendedHertz::potential(double delta) const noexcept {
  return power_law_potential(p_.K1, p_.n, delta);
}

double ExtendedHertz::stiffness(double delta) const noexcept {
  return power_law_stiffness(p_.K1, p_.n, delta);
}

const LawSpec<NormalLaw>& ExtendedHertz::registration() {
  static const LawSpec<NormalLaw> spec{
      kName, "F = max(K1 delta^n + c2 delta delta_dot, 0) (Zhang & Wang 2017, eq. 2)", kSpecs,
      [](const ParamValues& v) -> std::unique_ptr<NormalLaw> {
        return std::make_unique<ExtendedHertz>(
            Params{parameter_value(v, "K1"), parameter_value(v, "n"), parameter_value(v, "c2")});
      }};
  return spec;
}

}  // namespace stickslip::laws
