// LuGre friction F = -(σ0 z + σ1 ż + σ2 v) F_N, ż = v - σ0 z |v|/g(v) (see lugre.hpp).
#include "laws/lugre.hpp"

#include <array>
#include <cmath>

#include "laws/sign.hpp"

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "lugre";
constexpr std::array kSpecs{
    ParamSpec{"mu_s", "-", "static friction coefficient mu_s (mu' of Xing et al.; >= mu_k)",
              std::nullopt, Bound::non_negative()},
    ParamSpec{"mu_k", "-", "kinetic friction coefficient mu_k (mu of Xing et al.)", std::nullopt,
              Bound::positive()},
    ParamSpec{"sigma0", "1/m", "bristle stiffness sigma0 (times F_N)", std::nullopt,
              Bound::positive()},
    ParamSpec{"sigma1", "s/m", "bristle damping sigma1 (times F_N)", std::nullopt,
              Bound::non_negative()},
    ParamSpec{"sigma2", "s/m", "viscous coefficient sigma2 (times F_N)", 0.0, Bound::non_negative()},
    ParamSpec{"v_s", "m/s", "Stribeck velocity v_s", std::nullopt, Bound::positive()},
    ParamSpec{"p", "-", "Stribeck exponent p", 2.0, Bound::positive()},
};

}  // namespace

LuGre::LuGre(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.mu_s),   check_parameter(kName, kSpecs[1], p.mu_k),
         check_parameter(kName, kSpecs[2], p.sigma0), check_parameter(kName, kSpecs[3], p.sigma1),
         check_parameter(kName, kSpecs[4], p.sigma2), check_parameter(kName, kSpecs[5], p.v_s),
         check_parameter(kName, kSpecs[6], p.p)} {
  check_not_less(kName, "mu_s", p_.mu_s, "mu_k", p_.mu_k);
}

double LuGre::curve(double v) const noexcept {
  return stribeck_curve(v, p_.mu_s, p_.mu_k, p_.v_s, p_.p);
}

double LuGre::bristle_rate(double v, double z) const noexcept {
  return v - p_.sigma0 * z * std::abs(v) / curve(v);
}

double LuGre::force(const FrictionInput& in, const double* z) const noexcept {
  const double v = in.slip_velocity;
  const double zdot = bristle_rate(v, z[0]);
  return -(p_.sigma0 * z[0] + p_.sigma1 * zdot + p_.sigma2 * v) * in.normal_force;
}

void LuGre::state_rate(const FrictionInput& in, const double* z, double* zdot) const noexcept {
  zdot[0] = bristle_rate(in.slip_velocity, z[0]);
}

const LawSpec<FrictionLaw>& LuGre::registration() {
  static const LawSpec<FrictionLaw> spec{
      kName,
      "LuGre: F = -(sigma0 z + sigma1 z' + sigma2 v) F_N, z' = v - sigma0 z |v|/g(v) (Xing, Zheng & "
      "Wang 2019)",
      kSpecs, [](const ParamValues& v) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<LuGre>(
            Params{parameter_value(v, "mu_s"), parameter_value(v, "mu_k"),
                   parameter_value(v, "sigma0"), parameter_value(v, "sigma1"),
                   parameter_value(v, "sigma2"), parameter_value(v, "v_s"),
                   parameter_value(v, "p")});
      }};
  return spec;
}

}  // namespace stickslip::laws
