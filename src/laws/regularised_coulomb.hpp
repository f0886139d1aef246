// Regularised (single-valued) Coulomb friction with one coefficient μ and a transition velocity v_t:
//   "coulomb_tanh"    F = -μ F_N tanh(v/v_t)
//   "coulomb_linear"  F = -μ F_N clamp(v/v_t, -1, 1)   (exactly Coulomb for |v| >= v_t; Qi, Luo &
//                                                      Huang 2011 use it with v_t = 1e-3 m/s)
// Both → Coulomb's -μ F_N sgn(v) as v_t → 0 for every v ≠ 0. Usable by every formulation; a body
// under a tangential load P < μ F_N creeps at |v| ~ v_t instead of sticking (v = v_t atanh(P/μF_N)
// for tanh), so v_t must be small compared with the velocities of interest, at the price of
// stiffness (dF/dv = μ F_N/v_t at v = 0). A static peak μ_s > μ is the "stribeck" law.
// Parameters mu [-], v_t [m/s].
#pragma once

#include "laws/friction_law.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

enum class Regularisation {
  kTanh,    // tanh(v/v_t)
  kLinear,  // clamp(v/v_t, -1, 1)
};

class RegularisedCoulomb final : public FrictionLaw {
 public:
  struct Params {
    double mu = 0.0;   // friction coefficient [-], >= 0
    double v_t = 0.0;  // transition velocity [m/s], > 0
  };
  RegularisedCoulomb(Regularisation shape, const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override;
  double force(const FrictionInput& in, const double* z) const noexcept override;
  double static_coefficient() const noexcept override { return p_.mu; }
  double kinetic_coefficient() const noexcept override { return p_.mu; }

  Regularisation shape() const noexcept { return shape_; }
  const Params& params() const noexcept { return p_; }
  static const LawSpec<FrictionLaw>& registration_tanh();
  static const LawSpec<FrictionLaw>& registration_linear();

 private:
  Regularisation shape_;
  Params p_;
};

}  // namespace stickslip::laws
