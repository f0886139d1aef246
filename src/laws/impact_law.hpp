// ImpactLaw: the interface of the impact (restitution) laws used by the impulsive formulations
// (event-driven impact LCPs and velocity-impulse time-stepping).
//
// Convention: the normal relative velocity v_N is the rate of the gap g_N, so v_N⁻ < 0 when the
// contact closes and an impact law asks for v_N⁺ >= 0; impulses P_N >= 0 push the bodies apart.
//   Newton (kinematic) restitution:  v_N⁺ = -e_N v_N⁻          (newton_restitution.hpp)
//   Poisson (kinetic) restitution:   P_N,restitution = e_P P_N,compression  (poisson_restitution.hpp)
// The two coincide for frictionless impacts in which the set of active contacts does not change and
// all contacts share the coefficient; they differ with friction (Stronge's energy argument) and with
// multiple contacts (docs/contact-laws.md).
#pragma once

#include <string_view>

namespace stickslip::laws {

enum class RestitutionKind {
  kNewton,   // kinematic: a relation between post- and pre-impact velocities
  kPoisson,  // kinetic: a relation between restitution and compression impulses
};

class ImpactLaw {
 public:
  virtual ~ImpactLaw() = default;

  // Registry name ("newton", "poisson").
  virtual std::string_view name() const noexcept = 0;
  virtual RestitutionKind kind() const noexcept = 0;

  // The normal coefficient: e_N (Newton) or e_P (Poisson), in [0, 1].
  virtual double normal_coefficient() const noexcept = 0;

  // The tangential coefficient e_T in [0, 1] (0: no tangential restitution).
  virtual double tangential_coefficient() const noexcept { return 0.0; }

 protected:
  ImpactLaw() = default;
  ImpactLaw(const ImpactLaw&) = default;
  ImpactLaw& operator=(const ImpactLaw&) = default;
};

}  // namespace stickslip::laws
