// NormalLaw: the interface of the continuous (compliant) normal contact force models.
//
// Conventions (docs/contact-laws.md, "Normal force laws"):
//   δ  = penetration (> 0 when the bodies overlap), δ̇ = penetration rate (> 0 while approaching),
//   v⁻ = impact_speed, the approach speed δ̇ recorded by the formulation when the contact closed.
//   F_N >= 0 always: a law returns 0 for δ <= 0 and clamps at 0 where a damping term would pull.
// Laws are immutable after construction, allocation-free and thread-safe to evaluate.
#pragma once

#include <string_view>

namespace stickslip::laws {

class NormalLaw {
 public:
  virtual ~NormalLaw() = default;

  // Registry name of the law ("hertz", "hunt_crossley", ...).
  virtual std::string_view name() const noexcept = 0;

  // Contact force F_N(δ, δ̇, v⁻) >= 0. Laws with uses_impact_speed() need v⁻ > 0; given v⁻ <= 0 or
  // NaN they drop their damping term (a formulation should floor v⁻ at a small positive speed for
  // contacts that close without impact; see docs/contact-laws.md).
  virtual double force(double delta, double delta_dot, double impact_speed) const noexcept = 0;

  // The force before the no-pull clamp: equal to force() except where a damping term would make it
  // pull (δ > 0, fast separation), where it is negative. Formulations use its sign change to locate
  // the instant a damped contact lets go before its gap has reopened (a kink of the force).
  virtual double signed_force(double delta, double delta_dot, double impact_speed) const noexcept {
    return force(delta, delta_dot, impact_speed);
  }
  // The elastic (rate-independent) part of the force, F_e(δ) >= 0, 0 for δ <= 0.
  virtual double elastic_force(double delta) const noexcept = 0;

  // Elastic energy stored at penetration δ: V(δ) = ∫_0^δ F_e(s) ds (0 for δ <= 0).
  virtual double potential(double delta) const noexcept = 0;

  // Tangent stiffness of the elastic part, dF_e/dδ (0 for δ <= 0; for δ → 0⁺ the right limit).
  virtual double stiffness(double delta) const noexcept = 0;

  // True when force() depends on impact_speed (laws written through a restitution coefficient e).
  virtual bool uses_impact_speed() const noexcept = 0;

 protected:
  NormalLaw() = default;
  NormalLaw(const NormalLaw&) = default;
  NormalLaw& operator=(const NormalLaw&) = default;
};

}  // namespace stickslip::laws
