// Stribeck friction F = -[g(v) tanh(v/v_t) + σ2 v] F_N (see stribeck.hpp).
#include "laws/stribeck.hpp"

#include <array>

#include "laws/sign.hpp"

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "stribeck";
constexpr std::array kSpecs{
    ParamSpec{"mu_s", "-", "static friction coefficient mu_s (>= mu_k)", std::nullopt,
              Bound::non_negative()},
    ParamSpec{"mu_k", "-", "kinetic friction coefficient mu_k", std::nullopt, Bound::non_negative()},
    ParamSpec{"v_s", "m/s", "Stribeck velocity v_s", std::nullopt, Bound::positive()},
    ParamSpec{"p", "-", "Stribeck exponent p", 2.0, Bound::positive()},
    ParamSpec{"sigma2", "s/m", "viscous coefficient sigma2 (times F_N)", 0.0, Bound::non_negative()},
    ParamSpec{"v_t", "m/s", "transition velocity v_t of the regularised sign", std::nullopt,
              Bound::positive()},
};

}  // namespace

Stribeck::Stribeck(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.mu_s), check_parameter(kName, kSpecs[1], p.mu_k),
         check_parameter(kName, kSpecs[2], p.v_s),  check_parameter(kName, kSpecs[3], p.p),
         check_parameter(kName, kSpecs[4], p.sigma2), check_parameter(kName, kSpecs[5], p.v_t)} {
  check_not_less(kName, "mu_s", p_.mu_s, "mu_k", p_.mu_k);
}

double Stribeck::curve(double v) const noexcept {
  return stribeck_curve(v, p_.mu_s, p_.mu_k, p_.v_s, p_.p);
}

double Stribeck::force(const FrictionInput& in, const double* /*z*/) const noexcept {
  const double v = in.slip_velocity;
  return -(curve(v) * sgn_tanh(v, p_.v_t) + p_.sigma2 * v) * in.normal_force;
}

const LawSpec<FrictionLaw>& Stribeck::registration() {
  static const LawSpec<FrictionLaw> spec{
      kName, "F = -[(mu_k + (mu_s-mu_k) exp(-|v/v_s|^p)) tanh(v/v_t) + sigma2 v] F_N (Stribeck)",
      kSpecs, [](const ParamValues& v) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<Stribeck>(
            Params{parameter_value(v, "mu_s"), parameter_value(v, "mu_k"),
                   parameter_value(v, "v_s"), parameter_value(v, "p"),
                   parameter_value(v, "sigma2"), parameter_value(v, "v_t")});
      }};
  return spec;
}

}  // namespace stickslip::laws
