// Lee-Wang: F = K δ^n [1 + 3(1 - e)/4 · δ̇/v⁻] (see lee_wang.hpp for the reading of α).
#include "laws/lee_wang.hpp"

namespace stickslip::laws {

LeeWang::LeeWang(const Params& p) : HystereticDamping("lee_wang", p, &damping_number_of) {}

const LawSpec<NormalLaw>& LeeWang::registration() {
  static const LawSpec<NormalLaw> spec{
      "lee_wang", "F = K delta^n [1 + 3(1-e)/4 * delta_dot/v_in] (Lee & Wang 1983)",
      HystereticDamping::parameter_specs(), &make_hysteretic_law<LeeWang>};
  return spec;
}

}  // namespace stickslip::laws
