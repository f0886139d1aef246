// Poisson's restitution P_N,r = e P_N,c (see poisson_restitution.hpp).
#include "laws/poisson_restitution.hpp"

#include <array>

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "poisson";
constexpr std::array kSpecs{
    ParamSpec{"e", "-", "Poisson coefficient of restitution e", std::nullopt,
              Bound::closed(0.0, 1.0)},
};

}  // namespace

PoissonRestitution::PoissonRestitution(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.e)} {}

const LawSpec<ImpactLaw>& PoissonRestitution::registration() {
  static const LawSpec<ImpactLaw> spec{
      kName, "Poisson (kinetic) restitution: P_restitution = e P_compression", kSpecs,
      [](const ParamValues& v) -> std::unique_ptr<ImpactLaw> {
        return std::make_unique<PoissonRestitution>(Params{parameter_value(v, "e")});
      }};
  return spec;
}

}  // namespace stickslip::laws
