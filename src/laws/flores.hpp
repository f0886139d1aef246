// Flores et al. contact law (Flores, Machado, Silva & Martins 2011, "On the continuous contact force
// models for soft materials in multibody dynamics", Multibody Syst. Dyn. 25:357-375):
//   F_N = max{ K δ^n [1 + 8(1 - e)/(5e) · δ̇/v⁻], 0 }     (damping number d = 8(1 - e)/(5e)).
// Derived for the whole range of e, including low e (soft materials): exact e_eff = 0.894 at
// e = 0.9 and 0.470 at e = 0.5 (hysteretic_damping.hpp). Registry name "flores", parameters
// K, n (1.5), e (> 0: d diverges as e → 0).
#pragma once

#include "laws/hysteretic_damping.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class Flores final : public HystereticDamping {
 public:
  explicit Flores(const Params& p);  // throws ParameterError
  std::string_view name() const noexcept override { return "flores"; }
  static double damping_number_of(double e) noexcept { return 1.6 * (1.0 - e) / e; }
  static const LawSpec<NormalLaw>& registration();
};

}  // namespace stickslip::laws
