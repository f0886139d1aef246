// The hysteresis-damping family of normal contact laws (Hunt & Crossley 1975):
//   F_N = max{ K δ^n (1 + χ δ̇), 0 },   χ = d / v⁻,
// an elastic Hertz term times a damping factor linear in δ̇; the damping force vanishes with δ, so
// F_N is continuous at contact onset and exit. Members differ only in how the dimensionless damping
// number d = χ v⁻ is derived from the coefficient of restitution e (Dong & Hong 2009, Table 1):
//   Hunt-Crossley (1975)         d = 3(1 - e)/2
//   Lankarani-Nikravesh (1990)   d = 3(1 - e²)/4
//   Herbert-McWhannell (1977)    d = 6(1 - e)/[(2e - 1)² + 3]
//   Lee-Wang (1983)              d = 3(1 - e)/4
//   Flores et al. (2011)         d = 8(1 - e)/(5e)
//
// Exact restitution of the family (a derivation, after Marhefka & Orin 1999): for a point mass,
// m δ̈ = -K δ^n (1 + χ δ̇); dividing by δ̇ and separating variables, m δ̇ dδ̇/(1 + χ δ̇) = -K δ^n dδ, whose
// right side integrates to zero over the whole contact (δ: 0 → δ_max → 0). With u = χ δ̇ the left side
// is (m/χ²) d[u - ln(1 + u)], so the entry value u⁻ = χ v⁻ = d and the exit value -u⁺ = -χ v⁺ satisfy
//   u⁻ - ln(1 + u⁻) = -u⁺ - ln(1 - u⁺),      e_eff = v⁺/v⁻ = u⁺/u⁻,
// whatever m, K, n and v⁻ (the force never reaches the clamp: 1 + χ δ̇ >= 1 - u⁺ > 0). Expanding,
// e_eff = 1 - (2/3) d + O(d²), which is how the d(e) formulas above match e near e = 1 and why they
// drift apart for lower e. hysteretic_restitution(d) evaluates this relation.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "laws/normal_law.hpp"
#include "laws/parameter.hpp"

namespace stickslip::laws {

// F = max{K δ^n (1 + χ δ̇), 0} for δ > 0, else 0 (χ in s/m). Allocation-free.
double hysteretic_force(double K, double n, double chi, double delta, double delta_dot) noexcept;
// The same before the no-pull clamp (negative where the damping would pull).
double hysteretic_signed_force(double K, double n, double chi, double delta, double delta_dot) noexcept;

// The exact restitution e_eff = v⁺/v⁻ of a point-mass impact under F = K δ^n (1 + χ δ̇) with
// damping number d = χ v⁻ >= 0 (relation above). Returns 1 for d = 0, tends to 0 as d → ∞.
double hysteretic_restitution(double damping_number);

// Base of the laws written through e: parameters K [N/m^n], n [-], e [-]; damping number d(e).
class HystereticDamping : public NormalLaw {
 public:
  struct Params {
    double K = 0.0;  // stiffness [N/m^n], > 0
    double n = 1.5;  // exponent [-], >= 1
    double e = 1.0;  // coefficient of restitution [-], in (0, 1]
  };

  double force(double delta, double delta_dot, double impact_speed) const noexcept final;
  double signed_force(double delta, double delta_dot, double impact_speed) const noexcept final;
  double elastic_force(double delta) const noexcept final;
  double potential(double delta) const noexcept final;
  double stiffness(double delta) const noexcept final;
  bool uses_impact_speed() const noexcept final { return true; }

  const Params& params() const noexcept { return p_; }
  // d = χ v⁻, dimensionless.
  double damping_number() const noexcept { return d_; }
  // The restitution this law really produces in a single point-mass impact (exact, see above).
  double effective_restitution() const { return hysteretic_restitution(d_); }

  // The shared parameter table (K, n = 1.5, e) of every member of the family.
  static std::span<const ParamSpec> parameter_specs() noexcept;

 protected:
  // Validates p (ParameterError naming the key, with `law` in the message) and sets d = d_of_e(e).
  HystereticDamping(std::string_view law, const Params& p, double (*d_of_e)(double));

 private:
  Params p_;
  double d_;
};

// Factory used by the registrations of the family: reads K, n, e from a resolved map.
template <class Law>
std::unique_ptr<NormalLaw> make_hysteretic_law(const ParamValues& v) {
  return std::make_unique<Law>(HystereticDamping::Params{
      parameter_value(v, "K"), parameter_value(v, "n"), parameter_value(v, "e")});
}

}  // namespace stickslip::laws
