// Dahl friction (Dahl 1968, "A solid friction model", Aerospace Corp. TOR-0158(3107-18)-1; Dahl
// 1976, AIAA J. 14:1675-1682), in its bristle form with exponent α = 1 and normalised by F_N:
//   ż = v (1 - σ0 z sgn(v)/μ) = v - σ0 |v| z/μ,      F = -σ0 z F_N
// z [m] is the bristle (presliding) deflection, σ0 [1/m] the normalised rest stiffness (σ0 z is a
// friction coefficient). Dahl wrote dF/dx = σ (1 - F sgn(v)/F_c)^α for the force itself; with
// α = 1, F = -σ0 z F_N and F_c = μ F_N (F_N constant) that is the ODE above — the form also used
// by Olsson et al. 1998, and LuGre with μ_s = μ_k, σ1 = σ2 = 0. It models presliding (a spring of
// stiffness σ0 F_N at reversal) and hysteresis, but no static peak (no stiction) and no Stribeck
// effect. Steady state at constant v: z = μ sgn(v)/σ0, F = -μ F_N sgn(v) (Coulomb).
// Registry name "dahl", parameters mu [-] (> 0), sigma0 [1/m]. State: z, initially 0.
#pragma once

#include "laws/friction_law.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class Dahl final : public FrictionLaw {
 public:
  struct Params {
    double mu = 0.0;      // Coulomb coefficient [-], > 0
    double sigma0 = 0.0;  // normalised bristle stiffness [1/m], > 0
  };
  explicit Dahl(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "dahl"; }
  int state_size() const noexcept override { return 1; }
  double state_scale() const noexcept override { return p_.mu / p_.sigma0; }
  double force(const FrictionInput& in, const double* z) const noexcept override;
  void state_rate(const FrictionInput& in, const double* z, double* zdot) const noexcept override;
  // The isotropic bristle (a 2-vector z, see the .cpp) for a spatial contact.
  void force_vector(const double* slip, double normal_force, const double* z, double* force) const noexcept override;
  void state_rate_vector(const double* slip, double normal_force, const double* z,
                         double* zdot) const noexcept override;
  double static_coefficient() const noexcept override { return p_.mu; }
  double kinetic_coefficient() const noexcept override { return p_.mu; }

  // ż(v, z).
  double bristle_rate(double v, double z) const noexcept;
  const Params& params() const noexcept { return p_; }
  static const LawSpec<FrictionLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
