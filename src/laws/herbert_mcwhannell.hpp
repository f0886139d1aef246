// Herbert-McWhannell contact law (Herbert & McWhannell 1977, "Shape and frequency composition of
// pulses from an impact pair", J. Eng. Ind. 99:513-518; as tabulated by Dong & Hong 2009, Table 1):
//   C = 6(1 - e) K / ([(2e - 1)² + 3] v⁻),   F_N = max{ K δ^n + C δ^n δ̇, 0 }
//   i.e. damping number d = 6(1 - e)/[(2e - 1)² + 3].
// Close to the exact restitution over a wide range (e_eff = 0.901 at e = 0.9, 0.594 at e = 0.5).
// Registry name "herbert_mcwhannell", parameters K, n (1.5), e.
#pragma once

#include "laws/hysteretic_damping.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class HerbertMcWhannell final : public HystereticDamping {
 public:
  explicit HerbertMcWhannell(const Params& p);  // throws ParameterError
  std::string_view name() const noexcept override { return "herbert_mcwhannell"; }
  static double damping_number_of(double e) noexcept {
    const double a = 2.0 * e - 1.0;
    return 6.0 * (1.0 - e) / (a * a + 3.0);
  }
  static const LawSpec<NormalLaw>& registration();
};

}  // namespace stickslip::laws
