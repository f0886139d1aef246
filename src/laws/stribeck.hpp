// Stribeck friction, static (memoryless) and regularised:
//   F = -[ g(v) tanh(v/v_t) + σ2 v ] F_N,   g(v) = μ_k + (μ_s - μ_k) exp(-|v/v_s|^p)
// g is the Stribeck curve (Stribeck 1902; Canudas de Wit et al. 1995; Xing, Zheng & Wang 2019,
// eq. (1)): μ_s at rest falling to μ_k beyond the Stribeck velocity v_s. σ2 is a normalised viscous
// coefficient multiplied by F_N, exactly as in the LuGre law (lugre.hpp), so a "stribeck" law and a
// "lugre" law with the same parameters share their steady-state curve; an F_N-independent viscous
// term is "coulomb_viscous"'s c_v. v_t << v_s regularises the sign at v = 0.
// Registry name "stribeck", parameters mu_s, mu_k [-], v_s [m/s], p [-] (2), sigma2 [s/m] (0),
// v_t [m/s].
#pragma once

#include "laws/friction_law.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class Stribeck final : public FrictionLaw {
 public:
  struct Params {
    double mu_s = 0.0;    // static coefficient [-], >= mu_k
    double mu_k = 0.0;    // kinetic coefficient [-], >= 0
    double v_s = 0.0;     // Stribeck velocity [m/s], > 0
    double p = 2.0;       // Stribeck exponent [-], > 0
    double sigma2 = 0.0;  // normalised viscous coefficient [s/m], >= 0
    double v_t = 0.0;     // transition velocity [m/s], > 0
  };
  explicit Stribeck(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "stribeck"; }
  double force(const FrictionInput& in, const double* z) const noexcept override;
  double static_coefficient() const noexcept override { return p_.mu_s; }
  double kinetic_coefficient() const noexcept override { return p_.mu_k; }

  // g(v), the Stribeck curve.
  double curve(double v) const noexcept;
  const Params& params() const noexcept { return p_; }
  static const LawSpec<FrictionLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
