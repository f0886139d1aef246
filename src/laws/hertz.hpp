// Hertz contact law (Hertz 1882; Johnson, Contact Mechanics, 1985, §4):
//   F_N = K δ^n            (δ > 0; 0 otherwise), n = 3/2 for point contact of elastic solids,
//   V(δ) = K δ^{n+1}/(n+1),  dF/dδ = n K δ^{n-1}.
// Purely elastic: no energy is dissipated (coefficient of restitution 1). K for spheres and
// cylinders from radii and elastic constants: hertz_contact.hpp. Registry name "hertz".
#pragma once

#include "laws/law_spec.hpp"
#include "laws/normal_law.hpp"

namespace stickslip::laws {

class Hertz final : public NormalLaw {
 public:
  struct Params {
    double K = 0.0;    // stiffness [N/m^n], > 0
    double n = 1.5;    // exponent [-], >= 1
  };
  explicit Hertz(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "hertz"; }
  double force(double delta, double delta_dot, double impact_speed) const noexcept override;
  double elastic_force(double delta) const noexcept override;
  double potential(double delta) const noexcept override;
  double stiffness(double delta) const noexcept override;
  bool uses_impact_speed() const noexcept override { return false; }

  const Params& params() const noexcept { return p_; }
  static const LawSpec<NormalLaw>& registration();

 private:
  Params p_;
};

// Shared by every law with a power-law elastic part K δ^n (n >= 1), so each computes it identically.
double power_law_force(double K, double n, double delta) noexcept;
double power_law_potential(double K, double n, double delta) noexcept;
double power_law_stiffness(double K, double n, double delta) noexcept;

}  // namespace stickslip::laws
