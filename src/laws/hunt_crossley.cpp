// Hunt-Crossley: F = K δ^n (1 + χ δ̇), χ = 3(1 - e)/(2 v⁻) or given (see hunt_crossley.hpp).
#include "laws/hunt_crossley.hpp"

#include <array>

#include "laws/hertz.hpp"

namespace stickslip::laws {

namespace {

constexpr std::string_view kChiName = "hunt_crossley_chi";
constexpr std::array kChiSpecs{
    ParamSpec{"K", "N/m^n", "contact stiffness K", std::nullopt, Bound::positive()},
    ParamSpec{"n", "-", "force exponent n", 1.5, Bound::at_least(1.0)},
    ParamSpec{"chi", "s/m", "damping factor chi", std::nullopt, Bound::non_negative()},
};

}  // namespace

HuntCrossley::HuntCrossley(const Params& p)
    : HystereticDamping("hunt_crossley", p, &damping_number_of) {}

const LawSpec<NormalLaw>& HuntCrossley::registration() {
  static const LawSpec<NormalLaw> spec{
      "hunt_crossley", "F = K delta^n [1 + 3(1-e)/2 * delta_dot/v_in] (Hunt & Crossley 1975)",
      HystereticDamping::parameter_specs(), &make_hysteretic_law<HuntCrossley>};
  return spec;
}

HuntCrossleyChi::HuntCrossleyChi(const Params& p)
    : p_{check_parameter(kChiName, kChiSpecs[0], p.K), check_parameter(kChiName, kChiSpecs[1], p.n),
         check_parameter(kChiName, kChiSpecs[2], p.chi)} {}

double HuntCrossleyChi::force(double delta, double delta_dot, double /*impact_speed*/) const noexcept {
  return hysteretic_force(p_.K, p_.n, p_.chi, delta, delta_dot);
}

double HuntCrossleyChi::signed_force(double delta, double delta_dot, double /*impact_speed*/) const noexcept {
  return hysteretic_signed_force(p_.K, p_.n, p_.chi, delta, delta_dot);
}

double HuntCrossleyChi::elastic_force(double delta) const noexcept {
  return power_law_force(p_.K, p_.n, delta);
}

double HuntCrossleyChi::potential(double delta) const noexcept {
  return power_law_potential(p_.K, p_.n, delta);
}

double HuntCrossleyChi::stiffness(double delta) const noexcept {
  return power_law_stiffness(p_.K, p_.n, delta);
}

const LawSpec<NormalLaw>& HuntCrossleyChi::registration() {
  static const LawSpec<NormalLaw> spec{
      kChiName, "F = K delta^n (1 + chi delta_dot) (Hunt & Crossley 1975, damping factor given)",
      kChiSpecs, [](const ParamValues& v) -> std::unique_ptr<NormalLaw> {
        return std::make_unique<HuntCrossleyChi>(Params{
            parameter_value(v, "K"), parameter_value(v, "n"), parameter_value(v, "chi")});
      }};
  return spec;
}

}  // namespace stickslip::laws
