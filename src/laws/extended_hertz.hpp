// Extended Hertz contact law of Zhang & Wang 2017 (Chinese J. Theor. Appl. Mech. 49(6):1370-1379,
// eq. (2); taken there from their ref. [26]):
//   F_N = max{ K1 δ^n + c2 δ δ̇, 0 }     (δ > 0; 0 otherwise),   V(δ) = K1 δ^{n+1}/(n+1).
// K1 and n from theory or fitted; c2 is a damping coefficient fitted to experiment and independent of
// the impact speed. The damping force vanishes with δ (continuous at onset, like Hunt-Crossley); for
// n = 1 it is exactly Hunt-Crossley with χ = c2/K1. Registry name "extended_hertz", parameters
// K1 [N/m^n], n [-] (1.5), c2 [N s/m²].
#pragma once

#include "laws/law_spec.hpp"
#include "laws/normal_law.hpp"

namespace stickslip::laws {

class ExtendedHertz final : public NormalLaw {
 public:
  struct Params {
    double K1 = 0.0;  // stiffness [N/m^n], > 0
    double n = 1.5;   // exponent [-], >= 1
    double c2 = 0.0;  // damping [N s/m^2], >= 0
  };
  explicit ExtendedHertz(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "extended_hertz"; }
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
