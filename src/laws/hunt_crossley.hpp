// Hunt-Crossley contact law (Hunt & Crossley 1975, "Coefficient of restitution interpreted as
// damping in vibroimpact", J. Appl. Mech. 42:440-445), in two registered forms:
//
//  "hunt_crossley"      F_N = max{ K δ^n [1 + 3(1 - e)/2 · δ̇/v⁻], 0 }   (parameters K, n, e)
//      χ = 3(1 - e)/(2 v⁻) from Hunt & Crossley's linearisation; matches e to first order near
//      e = 1 and under-dissipates as e decreases (exact e_eff = 0.909 at e = 0.9, 0.663 at 0.5).
//
//  "hunt_crossley_chi"  F_N = max{ K δ^n (1 + χ δ̇), 0 }                  (parameters K, n, chi)
//      χ [s/m] given directly, independent of the impact speed: the original form, with which the
//      restitution falls with impact speed (e ≈ 1 - (2/3) χ v⁻ for small χ v⁻), as Hunt & Crossley
//      observed. Also the form of any law with a fitted damping constant (Lee-Wang's α: χ = 3α/4).
#pragma once

#include "laws/hysteretic_damping.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class HuntCrossley final : public HystereticDamping {
 public:
  explicit HuntCrossley(const Params& p);  // throws ParameterError
  std::string_view name() const noexcept override { return "hunt_crossley"; }
  static double damping_number_of(double e) noexcept { return 1.5 * (1.0 - e); }
  static const LawSpec<NormalLaw>& registration();
};

class HuntCrossleyChi final : public NormalLaw {
 public:
  struct Params {
    double K = 0.0;    // stiffness [N/m^n], > 0
    double n = 1.5;    // exponent [-], >= 1
    double chi = 0.0;  // damping factor χ [s/m], >= 0
  };
  explicit HuntCrossleyChi(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "hunt_crossley_chi"; }
  double force(double delta, double delta_dot, double impact_speed) const noexcept override;
  double signed_force(double delta, double delta_dot, double impact_speed) const noexcept override;
  double elastic_force(double delta) const noexcept override;
  double potential(double delta) const noexcept override;
  double stiffness(double delta) const noexcept override;
  bool uses_impact_speed() const noexcept override { return false; }

  const Params& params() const noexcept { return p_; }
  // Exact restitution of a point-mass impact at approach speed v⁻ (hysteretic_damping.hpp).
  double effective_restitution(double impact_speed) const {
    return hysteretic_restitution(p_.chi * impact_speed);
  }
  static const LawSpec<NormalLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
