// Linear spring-damper F = max{k δ + c δ̇, 0} (see linear_spring_damper.hpp).
#include "laws/linear_spring_damper.hpp"

#include <array>

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "linear_spring_damper";
constexpr std::array kSpecs{
    ParamSpec{"k", "N/m", "contact stiffness k", std::nullopt, Bound::positive()},
    ParamSpec{"c", "N s/m", "damping coefficient c", std::nullopt, Bound::non_negative()},
};

}  // namespace

LinearSpringDamper::LinearSpringDamper(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.k), check_parameter(kName, kSpecs[1], p.c)} {}

double LinearSpringDamper::force(double delta, double delta_dot,
                                 double /*impact_speed*/) const noexcept {
  if (delta <= 0.0) return 0.0;
  const double f = p_.k * delta + p_.c * delta_dot;
  return f > 0.0 ? f : 0.0;
}

double LinearSpringDamper::signed_force(double delta, double delta_dot, double /*impact_speed*/) const noexcept {
  return delta > 0.0 ? p_.k * delta + p_.c * delta_dot : 0.0;
}

double LinearSpringDamper::elastic_force(double delta) const noexcept {
  return delta > 0.0 ? p_.k * delta : 0.0;
}

double LinearSpringDamper::potential(double delta) const noexcept {
  return delta > 0.0 ? 0.5 * p_.k * delta * delta : 0.0;
}

double LinearSpringDamper::stiffness(double delta) const noexcept {
  return delta > 0.0 ? p_.k : 0.0;
}

const LawSpec<NormalLaw>& LinearSpringDamper::registration() {
  static const LawSpec<NormalLaw> spec{
      kName, "F = max(k delta + c delta_dot, 0) (Kelvin-Voigt; Khulief & Shabana 1987)", kSpecs,
      [](const ParamValues& v) -> std::unique_ptr<NormalLaw> {
        return std::make_unique<LinearSpringDamper>(
            Params{parameter_value(v, "k"), parameter_value(v, "c")});
      }};
  return spec;
}

}  // namespace stickslip::laws
