// Poisson's (kinetic) restitution law (Poisson 1811; Routh 1891; in multibody impact Pfeiffer &
// Glocker 1996, Anitescu & Potra 1997 — Dong & Hong 2009 §2.1):
//   P_N,r = e P_N,c
// The impact is split into a compression phase, which ends when the normal relative velocity
// reaches 0 and has transferred the impulse P_N,c, and a restitution phase transferring
// P_N,r = e P_N,c; the total normal impulse is (1 + e) P_N,c. With one frictionless contact this is
// Newton's law (v_N⁺ = -e v_N⁻); with friction whose slip stops or reverses during the impact, or
// with several contacts, the two differ. With friction Newton's law can even create kinetic energy
// when slip reverses (Stronge 1990, Proc. R. Soc. A 431:169-181).
// Registry name "poisson", parameter e [-].
#pragma once

#include "laws/impact_law.hpp"
#include "laws/law_spec.hpp"

namespace stickslip::laws {

class PoissonRestitution final : public ImpactLaw {
 public:
  struct Params {
    double e = 0.0;  // coefficient of restitution [-], in [0, 1]
  };
  explicit PoissonRestitution(const Params& p);  // throws ParameterError

  std::string_view name() const noexcept override { return "poisson"; }
  RestitutionKind kind() const noexcept override { return RestitutionKind::kPoisson; }
  double normal_coefficient() const noexcept override { return p_.e; }

  // P_N,r = e P_N,c.
  double restitution_impulse(double compression_impulse) const noexcept {
    return p_.e * compression_impulse;
  }
  // P_N = (1 + e) P_N,c.
  double total_impulse(double compression_impulse) const noexcept {
    return (1.0 + p_.e) * compression_impulse;
  }

  const Params& params() const noexcept { return p_; }
  static const LawSpec<ImpactLaw>& registration();

 private:
  Params p_;
};

}  // namespace stickslip::laws
