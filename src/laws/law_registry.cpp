// The registration tables: one line per law. Order = the order of the docs and of law_names().
#include "laws/law_registry.hpp"

#include <array>

#include "laws/coulomb.hpp"
#include "laws/coulomb_viscous.hpp"
#include "laws/dahl.hpp"
#include "laws/extended_hertz.hpp"
#include "laws/flores.hpp"
#include "laws/herbert_mcwhannell.hpp"
#include "laws/hertz.hpp"
#include "laws/hunt_crossley.hpp"
#include "laws/karnopp.hpp"
#include "laws/lankarani_nikravesh.hpp"
#include "laws/lee_wang.hpp"
#include "laws/linear_spring_damper.hpp"
#include "laws/lugre.hpp"
#include "laws/newton_restitution.hpp"
#include "laws/poisson_restitution.hpp"
#include "laws/regularised_coulomb.hpp"
#include "laws/stribeck.hpp"

namespace stickslip::laws {

template <>
std::span<const LawSpec<NormalLaw>* const> registered_laws<NormalLaw>() {
  static const std::array table{
      &Hertz::registration(),
      &LinearSpringDamper::registration(),
      &HuntCrossley::registration(),
      &HuntCrossleyChi::registration(),
      &LankaraniNikravesh::registration(),
      &HerbertMcWhannell::registration(),
      &LeeWang::registration(),
      &Flores::registration(),
      &ExtendedHertz::registration(),
  };
  return table;
}

template <>
std::span<const LawSpec<FrictionLaw>* const> registered_laws<FrictionLaw>() {
  static const std::array table{
      &Coulomb::registration(),
      &RegularisedCoulomb::registration_tanh(),
      &RegularisedCoulomb::registration_linear(),
      &CoulombViscous::registration(),
      &Stribeck::registration(),
      &Karnopp::registration(),
      &Dahl::registration(),
      &LuGre::registration(),
  };
  return table;
}

template <>
std::span<const LawSpec<ImpactLaw>* const> registered_laws<ImpactLaw>() {
  static const std::array table{
      &NewtonRestitution::registration(),
      &PoissonRestitution::registration(),
  };
  return table;
}

}  // namespace stickslip::laws
