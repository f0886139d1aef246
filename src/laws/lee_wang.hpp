// Lee-Wang contact law (Lee & Wang 1983, "On the dynamics of intermittent-motion mechanisms, Part 1:
// dynamic model and response", J. Mech. Transm. Autom. Des. 105:534-540).
// Dong & Hong 2009 (Table 1) give C = (3/4) α K with α a parameter fitted to restitution
// measurements at several impact speeds; α has the unit s/m (C δ^n δ̇ must be a force). Taking
// Hunt & Crossley's linear fit e = 1 - α v⁻, i.e. α = (1 - e)/v⁻, gives the form implemented here:
//   F_N = max{ K δ^n [1 + 3(1 - e)/4 · δ̇/v⁻], 0 }     (damping number d = 3(1 - e)/4).
// It dissipates about half of what e asks for near e = 1 (e_eff = 0.952 at e = 0.9). To use a
// fitted α directly, use "hunt_crossley_chi" with chi = 3α/4. Registry name "lee_wang",
// parameters K, n (1.5), e.
#pragma once

#include "laws/hysteretic_damping.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class LeeWang final : public HystereticDamping {
 public:
  explicit LeeWang(const Params& p);  // throws ParameterError
  std::string_view name() const noexcept override { return "lee_wang"; }
  static double damping_number_of(double e) noexcept { return 0.75 * (1.0 - e); }
  static const LawSpec<NormalLaw>& registration();
};

}  // namespace stickslip::laws
