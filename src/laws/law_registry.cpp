// The registration tables: one line per law. Order = the order of the docs and of law_names().
#include "laws/law_registry.hpp"

#include <array>

#include "laws/hertz.hpp"

namespace stickslip::laws {

template <>
std::span<const LawSpec<NormalLaw>* const> registered_laws<NormalLaw>() {
  static const std::array table{
      &Hertz::registration(),
  };
  return table;
}

}  // namespace stickslip::laws
