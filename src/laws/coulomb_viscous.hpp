// Coulomb + viscous friction (e.g. Olsson, Åström, Canudas de Wit, Gäfvert & Lischinsky 1998,
// "Friction models and friction compensation", Eur. J. Control 4:176-195, §2):
//   F = -( μ F_N tanh(v/v_t) + c_v v )
// The Coulomb part scales with F_N; the viscous part c_v v does NOT (c_v is a force coefficient, a
// lubricant film's shear, present even at F_N = 0). Registry name "coulomb_viscous", parameters
// mu [-], c_v [N s/m], v_t [m/s].
#pragma once

#include "laws/friction_law.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class CoulombViscous final : public FrictionLaw {
 public:
  struct Params {
    double mu = 0.0;   // Coulomb coefficient [-], >= 0
    double c_v = 0.0;  // viscous coefficient [N s/m], >= 0
    double v_t = 0.0;  // transition velocity of the regularised sign [m/s], > 0
  };
  explicit CoulombViscous(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "coulomb_viscous"; }
  double force(const FrictionInput& in, const double* z) const noexcept override;
  double static_coefficient() const noexcept override { return p_.mu; }
  double kinetic_coefficient() const noexcept override { return p_.mu; }

  const Params& params() const noexcept { return p_; }
  static const LawSpec<FrictionLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
