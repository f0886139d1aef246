// Set-valued Coulomb friction with μ_s, μ_k (see coulomb.hpp).
#include "laws/coulomb.hpp"

#include <array>
#include <cmath>

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "coulomb";
constexpr std::array kSpecs{
    ParamSpec{"mu_s", "-", "static friction coefficient mu_s (>= mu_k)", std::nullopt,
              Bound::non_negative()},
    ParamSpec{"mu_k", "-", "kinetic friction coefficient mu_k", std::nullopt, Bound::non_negative()},
};

}  // namespace

Coulomb::Coulomb(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.mu_s), check_parameter(kName, kSpecs[1], p.mu_k)} {
  check_not_less(kName, "mu_s", p_.mu_s, "mu_k", p_.mu_k);
}

double Coulomb::force(const FrictionInput& in, const double* /*z*/) const noexcept {
  if (in.slip_velocity != 0.0) return kinetic_force(in.slip_velocity, in.normal_force);
  if (std::isnan(in.stick_force)) return 0.0;
  const double bound = static_bound(in.normal_force);
  return std::clamp(in.stick_force, -bound, bound);
}

Interval Coulomb::force_set(double v, double normal_force) const noexcept {
  if (v != 0.0) {
    const double f = kinetic_force(v, normal_force);
    return {f, f};
  }
  return {-static_bound(normal_force), static_bound(normal_force)};
}

const LawSpec<FrictionLaw>& Coulomb::registration() {
  static const LawSpec<FrictionLaw> spec{
      kName, "set-valued Coulomb: F = -mu_k F_N sgn(v), |F| <= mu_s F_N at v = 0 (Zhang & Wang 2017)",
      kSpecs, [](const ParamValues& v) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<Coulomb>(
            Params{parameter_value(v, "mu_s"), parameter_value(v, "mu_k")});
      }};
  return spec;
}

}  // namespace stickslip::laws
