// LuGre friction (Canudas de Wit, Olsson, Åström & Lischinsky 1995, "A new model for control of
// systems with friction", IEEE Trans. Autom. Control 40:419-425), exactly in the normalised form of
// Xing, Zheng & Wang 2019 (J. Dyn. Control, eq. (1)):
//   F  = -(σ0 z + σ1 ż + σ2 v) F_N
//   ż  = v - σ0 z |v| / g(v),     g(v) = μ_k + (μ_s - μ_k) exp(-|v/v_s|^p)
// z [m] is the mean bristle deflection; σ0 [1/m], σ1 [s/m], σ2 [s/m] are normalised by F_N, so σ0 z
// is a friction coefficient (Xing et al. print σ0 in N/m and σ1 in N s/m; with F multiplied by F_N
// only 1/m and s/m are consistent). Their μ' (static) is mu_s here and their μ (kinetic) is mu_k.
// force() evaluates ż internally (the σ1 ż term). Steady state at constant v: z = g(v) sgn(v)/σ0,
// F = -(g(v) sgn(v) + σ2 v) F_N (the "stribeck" law's curve). Presliding: |z| <= μ_s/σ0 whenever it
// starts so (Canudas de Wit et al. 1995, Property 1).
// Registry name "lugre", parameters mu_s, mu_k [-], sigma0 [1/m], sigma1 [s/m], sigma2 [s/m] (0),
// v_s [m/s], p [-] (2). State: z, initially 0.
#pragma once

#include "laws/friction_law.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class LuGre final : public FrictionLaw {
 public:
  struct Params {
    double mu_s = 0.0;    // static coefficient μ' [-], >= mu_k
    double mu_k = 0.0;    // kinetic coefficient μ [-], > 0
    double sigma0 = 0.0;  // bristle stiffness [1/m], > 0
    double sigma1 = 0.0;  // bristle damping [s/m], >= 0
    double sigma2 = 0.0;  // viscous coefficient [s/m], >= 0
    double v_s = 0.0;     // Stribeck velocity [m/s], > 0
    double p = 2.0;       // Stribeck exponent [-], > 0
  };
  explicit LuGre(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "lugre"; }
  int state_size() const noexcept override { return 1; }
  double state_scale() const noexcept override { return p_.mu_s / p_.sigma0; }
  double force(const FrictionInput& in, const double* z) const noexcept override;
  void state_rate(const FrictionInput& in, const double* z, double* zdot) const noexcept override;
  // The isotropic bristle (a 2-vector z, see the .cpp) for a spatial contact.
  void force_vector(const double* slip, double normal_force, const double* z, double* force) const noexcept override;
  void state_rate_vector(const double* slip, double normal_force, const double* z,
                         double* zdot) const noexcept override;
  double static_coefficient() const noexcept override { return p_.mu_s; }
  double kinetic_coefficient() const noexcept override { return p_.mu_k; }

  // g(v) and ż(v, z).
  double curve(double v) const noexcept;
  double bristle_rate(double v, double z) const noexcept;
  const Params& params() const noexcept { return p_; }
  static const LawSpec<FrictionLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
