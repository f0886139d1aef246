// Flores et al. 2011: F = K δ^n [1 + 8(1 - e)/(5e) · δ̇/v⁻] (see flores.hpp).
#include "laws/flores.hpp"

namespace stickslip::laws {

Flores::Flores(const Params& p) : HystereticDamping("flores", p, &damping_number_of) {}

const LawSpec<NormalLaw>& Flores::registration() {
  static const LawSpec<NormalLaw> spec{
      "flores", "F = K delta^n [1 + 8(1-e)/(5e) * delta_dot/v_in] (Flores et al. 2011), any e",
      HystereticDamping::parameter_specs(), &make_hysteretic_law<Flores>};
  return spec;
}

}  // namespace stickslip::laws
