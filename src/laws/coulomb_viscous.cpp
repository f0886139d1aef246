// Coulomb + viscous F = -(μ F_N tanh(v/v_t) + c_v v) (see coulomb_viscous.hpp).
#include "laws/coulomb_viscous.hpp"

#include <array>

#include "laws/sign.hpp"

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "coulomb_viscous";
constexpr std::array kSpecs{
    ParamSpec{"mu", "-", "Coulomb friction coefficient mu", std::nullopt, Bound::non_negative()},
    ParamSpec{"c_v", "N s/m", "viscous coefficient c_v (not scaled by F_N)", std::nullopt,
              Bound::non_negative()},
    ParamSpec{"v_t", "m/s", "transition velocity v_t", std::nullopt, Bound::positive()},
};

}  // namespace

CoulombViscous::CoulombViscous(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.mu), check_parameter(kName, kSpecs[1], p.c_v),
         check_parameter(kName, kSpecs[2], p.v_t)} {}

double CoulombViscous::force(const FrictionInput& in, const double* /*z*/) const noexcept {
  const double v = in.slip_velocity;
  return -(p_.mu * in.normal_force * sgn_tanh(v, p_.v_t) + p_.c_v * v);
}

const LawSpec<FrictionLaw>& CoulombViscous::registration() {
  static const LawSpec<FrictionLaw> spec{
      kName, "F = -(mu F_N tanh(v/v_t) + c_v v) (Coulomb + viscous)", kSpecs,
      [](const ParamValues& v) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<CoulombViscous>(Params{
            parameter_value(v, "mu"), parameter_value(v, "c_v"), parameter_value(v, "v_t")});
      }};
  return spec;
}

}  // namespace stickslip::laws
