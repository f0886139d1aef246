// Set-valued Coulomb friction with static and kinetic coefficients (Zhang & Wang 2017, eq. (5)):
//   F = -μ_k F_N sgn(v)                      v ≠ 0 (slip)
//   F ∈ -μ_s F_N Sgn(a_T) ⊂ [-μ_s F_N, μ_s F_N]   v = 0 (stick, or stick-slip transition decided by
//                                               the tangential acceleration a_T)
// μ_s >= μ_k (μ_0 and μ in Zhang & Wang). This law is not a function of v at v = 0: a compliant
// (ODE) formulation refuses it (set_valued() is true); the event-driven scheme decides stick/slip
// by an acceleration-level LCP and the time-stepping schemes impose the cone |F| <= μ F_N at the
// velocity/impulse level, both using the helpers below. Registry name "coulomb", params mu_s, mu_k.
#pragma once

#include "laws/friction_law.hpp"
#include "laws/law_spec.hpp"
#include "laws/sign.hpp"

namespace stickslip::laws {

class Coulomb final : public FrictionLaw {
 public:
  struct Params {
    double mu_s = 0.0;  // static coefficient [-], >= mu_k
    double mu_k = 0.0;  // kinetic coefficient [-], >= 0
  };
  explicit Coulomb(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "coulomb"; }
  // v ≠ 0: the kinetic force. v = 0: the stick force clipped to the static bound when known
  // (the element of the set that holds the contact, or the saturated one), else 0 (an element of
  // the set; the formulation must decide it — this law alone cannot).
  double force(const FrictionInput& in, const double* z) const noexcept override;
  bool set_valued() const noexcept override { return true; }
  bool uses_stick_force() const noexcept override { return true; }
  double static_coefficient() const noexcept override { return p_.mu_s; }
  double kinetic_coefficient() const noexcept override { return p_.mu_k; }

  // Helpers of the LCP-based formulations.
  double static_bound(double normal_force) const noexcept { return p_.mu_s * normal_force; }
  double kinetic_bound(double normal_force) const noexcept { return p_.mu_k * normal_force; }
  // -μ_k F_N sgn(v) (0 at v = 0).
  double kinetic_force(double v, double normal_force) const noexcept {
    return -p_.mu_k * normal_force * sgn(v);
  }
  // The admissible friction forces: {-μ_k F_N sgn v} when slipping, [-μ_s F_N, μ_s F_N] at v = 0.
  Interval force_set(double v, double normal_force) const noexcept;
  // Whether a contact at v = 0 can stay stuck under the required stick force.
  bool can_stick(double stick_force, double normal_force) const noexcept {
    return std::abs(stick_force) <= static_bound(normal_force);
  }

  const Params& params() const noexcept { return p_; }
  static const LawSpec<FrictionLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
