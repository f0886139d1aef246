// Herbert-McWhannell: F = K δ^n + 6(1-e)K/([(2e-1)²+3] v⁻) δ^n δ̇ (see herbert_mcwhannell.hpp).
#include "laws/herbert_mcwhannell.hpp"

namespace stickslip::laws {

HerbertMcWhannell::HerbertMcWhannell(const Params& p)
    : HystereticDamping("herbert_mcwhannell", p, &damping_number_of) {}

const LawSpec<NormalLaw>& HerbertMcWhannell::registration() {
  static const LawSpec<NormalLaw> spec{
      "herbert_mcwhannell",
      "F = K delta^n + 6(1-e)K/([(2e-1)^2+3] v_in) delta^n delta_dot (Herbert & McWhannell 1977)",
      HystereticDamping::parameter_specs(), &make_hysteretic_law<HerbertMcWhannell>};
  return spec;
}

}  // namespace stickslip::laws
