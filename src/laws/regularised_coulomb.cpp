// Regularised Coulomb F = -μ F_N s(v/v_t), s = tanh or linear saturation (see regularised_coulomb.hpp).
#include "laws/regularised_coulomb.hpp"

#include <array>

#include "laws/sign.hpp"

namespace stickslip::laws {

namespace {

constexpr std::array kSpecs{
    ParamSpec{"mu", "-", "friction coefficient mu", std::nullopt, Bound::non_negative()},
    ParamSpec{"v_t", "m/s", "transition velocity v_t", std::nullopt, Bound::positive()},
};

constexpr std::string_view name_of(Regularisation s) {
  return s == Regularisation::kTanh ? "coulomb_tanh" : "coulomb_linear";
}

}  // namespace

RegularisedCoulomb::RegularisedCoulomb(Regularisation shape, const Params& p)
    : shape_(shape),
      p_{check_parameter(name_of(shape), kSpecs[0], p.mu),
         check_parameter(name_of(shape), kSpecs[1], p.v_t)} {}

std::string_view RegularisedCoulomb::name() const noexcept { return name_of(shape_); }

double RegularisedCoulomb::force(const FrictionInput& in, const double* /*z*/) const noexcept {
  const double s = shape_ == Regularisation::kTanh ? sgn_tanh(in.slip_velocity, p_.v_t)
                                                   : sgn_linear(in.slip_velocity, p_.v_t);
  return -p_.mu * in.normal_force * s;
}

const LawSpec<FrictionLaw>& RegularisedCoulomb::registration_tanh() {
  static const LawSpec<FrictionLaw> spec{
      name_of(Regularisation::kTanh), "F = -mu F_N tanh(v/v_t) (regularised Coulomb)", kSpecs,
      [](const ParamValues& v) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<RegularisedCoulomb>(
            Regularisation::kTanh, Params{parameter_value(v, "mu"), parameter_value(v, "v_t")});
      }};
  return spec;
}

const LawSpec<FrictionLaw>& RegularisedCoulomb::registration_linear() {
  static const LawSpec<FrictionLaw> spec{
      name_of(Regularisation::kLinear),
      "F = -mu F_N clamp(v/v_t, -1, 1) (regularised Coulomb; Qi, Luo & Huang 2011)", kSpecs,
      [](const ParamValues& v) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<RegularisedCoulomb>(
            Regularisation::kLinear, Params{parameter_value(v, "mu"), parameter_value(v, "v_t")});
      }};
  return spec;
}

}  // namespace stickslip::laws
