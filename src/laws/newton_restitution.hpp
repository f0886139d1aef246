// Newton's (kinematic) restitution law (Newton 1687; in multibody impact e.g. Pfeiffer & Glocker
// 1996, Dong & Hong 2009 eqs. (1)-(3)):
//   v_N⁺ = -e v_N⁻            (v_N⁻ < 0 closing, 0 <= e <= 1)
// and, optionally, a tangential restitution for contacts that stick during the impact (Glocker's
// tangential Newton law): v_T⁺ = -e_t v_T⁻ (e_t = 0: no tangential rebound, the usual choice).
// In an impact LCP the normal law reads  ξ_N = v_N⁺ + e v_N⁻ >= 0,  P_N >= 0,  ξ_N P_N = 0
// (a contact either separates with ξ_N >= 0 and no impulse, or obeys the law with P_N >= 0):
// restitution_offset() is the e v_N⁻ term. Registry name "newton", parameters e [-], e_t [-] (0).
#pragma once

#include "laws/impact_law.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class NewtonRestitution final : public ImpactLaw {
 public:
  struct Params {
    double e = 0.0;    // normal coefficient [-], in [0, 1]
    double e_t = 0.0;  // tangential coefficient [-], in [0, 1]
  };
  explicit NewtonRestitution(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "newton"; }
  RestitutionKind kind() const noexcept override { return RestitutionKind::kNewton; }
  double normal_coefficient() const noexcept override { return p_.e; }
  double tangential_coefficient() const noexcept override { return p_.e_t; }

  // v_N⁺ = -e v_N⁻.
  double post_impact_normal_velocity(double v_minus) const noexcept { return -p_.e * v_minus; }
  // v_T⁺ = -e_t v_T⁻ (a contact sticking through the impact).
  double post_impact_tangential_velocity(double vt_minus) const noexcept {
    return -p_.e_t * vt_minus;
  }
  // e v_N⁻, so that the LCP variable is ξ_N = v_N⁺ + restitution_offset(v_N⁻).
  double restitution_offset(double v_minus) const noexcept { return p_.e * v_minus; }

  const Params& params() const noexcept { return p_; }
  static const LawSpec<ImpactLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
