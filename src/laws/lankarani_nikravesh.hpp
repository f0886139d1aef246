// Lankarani-Nikravesh contact law (Lankarani & Nikravesh 1990, "A contact force model with
// hysteresis damping for impact analysis of multibody systems", J. Mech. Des. 112:369-376):
//   F_N = max{ K δ^n [1 + 3(1 - e²)/4 · δ̇/v⁻], 0 }     (damping number d = 3(1 - e²)/4).
// Derived from an energy balance that assumes e close to 1; it under-dissipates for lower e
// (exact e_eff = 0.913 at e = 0.9, 0.725 at e = 0.5: hysteretic_damping.hpp). Registry name
// "lankarani_nikravesh", parameters K, n (1.5), e.
#pragma once

#include "laws/hysteretic_damping.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class LankaraniNikravesh final : public HystereticDamping {
 public:
  explicit LankaraniNikravesh(const Params& p);  // throws ParameterError
  std::string_view name() const noexcept override { return "lankarani_nikravesh"; }
  static double damping_number_of(double e) noexcept { return 0.75 * (1.0 - e * e); }
  static const LawSpec<NormalLaw>& registration();
};

}  // namespace stickslip::laws
