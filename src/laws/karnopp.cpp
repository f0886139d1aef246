// Karnopp friction with a zero-velocity band (see karnopp.hpp).
#include "laws/karnopp.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "laws/sign.hpp"

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "karnopp";
constexpr std::array kSpecs{
    ParamSpec{"mu_s", "-", "static friction coefficient mu_s (>= mu_k)", std::nullopt,
              Bound::non_negative()},
    ParamSpec{"mu_k", "-", "kinetic friction coefficient mu_k", std::nullopt, Bound::non_negative()},
    ParamSpec{"dv", "m/s", "half-width dv of the zero-velocity band", std::nullopt,
              Bound::positive()},
};

}  // namespace

Karnopp::Karnopp(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.mu_s), check_parameter(kName, kSpecs[1], p.mu_k),
         check_parameter(kName, kSpecs[2], p.dv)} {
  check_not_less(kName, "mu_s", p_.mu_s, "mu_k", p_.mu_k);
}

double Karnopp::force(const FrictionInput& in, const double* /*z*/) const noexcept {
  const double v = in.slip_velocity;
  if (!in_stick_band(v)) return -p_.mu_k * in.normal_force * sgn(v);
  const double bound = p_.mu_s * in.normal_force;
  if (std::isnan(in.stick_force)) return -bound * v / p_.dv;
  return std::clamp(in.stick_force, -bound, bound);
}

const LawSpec<FrictionLaw>& Karnopp::registration() {
  static const LawSpec<FrictionLaw> spec{
      kName, "Karnopp 1985: |v| < dv: F = clamp(F_stick, +-mu_s F_N); else F = -mu_k F_N sgn(v)",
      kSpecs, [](const ParamValues& v) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<Karnopp>(Params{
            parameter_value(v, "mu_s"), parameter_value(v, "mu_k"), parameter_value(v, "dv")});
      }};
  return spec;
}

}  // namespace stickslip::laws
