// Lankarani-Nikravesh: F = K δ^n [1 + 3(1 - e²)/4 · δ̇/v⁻] (see lankarani_nikravesh.hpp).
#include "laws/lankarani_nikravesh.hpp"

namespace stickslip::laws {

LankaraniNikravesh::LankaraniNikravesh(const Params& p)
    : HystereticDamping("lankarani_nikravesh", p, &damping_number_of) {}

const LawSpec<NormalLaw>& LankaraniNikravesh::registration() {
  static const LawSpec<NormalLaw> spec{
      "lankarani_nikravesh",
      "F = K delta^n [1 + 3(1-e^2)/4 * delta_dot/v_in] (Lankarani & Nikravesh 1990), e near 1",
      HystereticDamping::parameter_specs(), &make_hysteretic_law<LankaraniNikravesh>};
  return spec;
}

}  // namespace stickslip::laws
