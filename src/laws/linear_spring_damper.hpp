// Linear spring-damper (Kelvin-Voigt) contact law, as introduced for multibody impact by Khulief &
// Shabana 1987 ("A continuous force model for the impact analysis of flexible multibody systems",
// Mech. Mach. Theory 22:213-224; Dong & Hong 2009 ref. [34]):
//   F_N = max{ k δ + c δ̇, 0 }     (δ > 0; 0 otherwise),   V(δ) = k δ²/2.
// Simple and cheap; its known defects: the force jumps to c v⁻ at contact onset, and without the
// clamp it would pull before separation. For an unclamped contact the restitution is
// e = exp(-ζπ/sqrt(1 - ζ²)) with ζ = c/(2 sqrt(k m)); the clamp ends the contact earlier.
// Registry name "linear_spring_damper", parameters k [N/m], c [N s/m].
#pragma once

#include "laws/law_spec.hpp"
#include "laws/normal_law.hpp"

namespace stickslip::laws {

class LinearSpringDamper final : public NormalLaw {
 public:
  struct Params {
    double k = 0.0;  // stiffness [N/m], > 0
    double c = 0.0;  // damping [N s/m], >= 0
  };
  explicit LinearSpringDamper(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "linear_spring_damper"; }
  double force(double delta, double delta_dot, double impact_speed) const noexcept override;
  double signed_force(double delta, double delta_dot, double impact_speed) const noexcept override;
  double elastic_force(double delta) const noexcept override;
  double potential(double delta) const noexcept override;
  double stiffness(double delta) const noexcept override;
  bool uses_impact_speed() const noexcept override { return false; }

  const Params& params() const noexcept { return p_; }
  static const LawSpec<NormalLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
