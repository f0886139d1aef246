// Newton's restitution v_N⁺ = -e v_N⁻ (see newton_restitution.hpp).
#include "laws/newton_restitution.hpp"

#include <array>

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "newton";
constexpr std::array kSpecs{
    ParamSpec{"e", "-", "normal coefficient of restitution e", std::nullopt, Bound::closed(0.0, 1.0)},
    ParamSpec{"e_t", "-", "tangential coefficient of restitution e_t", 0.0, Bound::closed(0.0, 1.0)},
};

}  // namespace

NewtonRestitution::NewtonRestitution(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.e), check_parameter(kName, kSpecs[1], p.e_t)} {}

const LawSpec<ImpactLaw>& NewtonRestitution::registration() {
  static const LawSpec<ImpactLaw> spec{
      kName, "Newton (kinematic) restitution: v_N+ = -e v_N- (and v_T+ = -e_t v_T- when sticking)",
      kSpecs, [](const ParamValues& v) -> std::unique_ptr<ImpactLaw> {
        return std::make_unique<NewtonRestitution>(
            Params{parameter_value(v, "e"), parameter_value(v, "e_t")});
      }};
  return spec;
}

}  // namespace stickslip::laws
