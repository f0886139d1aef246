// The registration tables: one line per law. Order = the order of the docs and of law_names().
#include "laws/law_registry.hpp"

#include <array>

#include "laws/extended_hertz.hpp"
#include "laws/flores.hpp"
#include "laws/herbert_mcwhannell.hpp"
#include "laws/hertz.hpp"
#include "laws/hunt_crossley.hpp"
#include "laws/lankarani_nikravesh.hpp"
#include "laws/lee_wang.hpp"
#include "laws/linear_spring_damper.hpp"

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

}  // namespace stickslip::laws
