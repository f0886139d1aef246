// Karnopp friction (Karnopp 1985, "Computer simulation of stick-slip friction in mechanical dynamic
// systems", J. Dyn. Syst. Meas. Control 107:100-103):
//   |v| <  dv :  F = clamp(F_stick, -μ_s F_N, μ_s F_N)     (stick: the force that holds the contact,
//                                                          saturated at the static bound)
//   |v| >= dv :  F = -μ_k F_N sgn(v)                        (slip)
// F_stick = FrictionInput::stick_force, the tangential force giving zero relative acceleration,
// which the formulation computes from the other forces. Inside the dead band the body keeps the
// (small) velocity it entered with: the formulation should treat |v| < dv as stuck.
// Fallback when stick_force is NaN (not provided): F = -μ_s F_N v/dv inside the band — a steep
// viscous stick within the static bound, continuous at v = 0; documented, but a formulation that
// can compute the stick force should.
// Registry name "karnopp", parameters mu_s, mu_k [-], dv [m/s].
#pragma once

#include "laws/friction_law.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class Karnopp final : public FrictionLaw {
 public:
  struct Params {
    double mu_s = 0.0;  // static coefficient [-], >= mu_k
    double mu_k = 0.0;  // kinetic coefficient [-], >= 0
    double dv = 0.0;    // half-width of the zero-velocity band [m/s], > 0
  };
  explicit Karnopp(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "karnopp"; }
  double force(const FrictionInput& in, const double* z) const noexcept override;
  bool uses_stick_force() const noexcept override { return true; }
  double static_coefficient() const noexcept override { return p_.mu_s; }
  double kinetic_coefficient() const noexcept override { return p_.mu_k; }

  double stick_band() const noexcept override { return p_.dv; }
  const Params& params() const noexcept { return p_; }
  static const LawSpec<FrictionLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
