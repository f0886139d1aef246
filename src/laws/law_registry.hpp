// The law registry: the table the io layer reads to list, describe and build laws by name.
//
//   law_names<NormalLaw>()              registered names of a family (NormalLaw, FrictionLaw,
//                                       ImpactLaw), in table order
//   find_law<NormalLaw>("hertz")        the LawSpec: name, summary, ParamSpec table (name, unit,
//                                       meaning, default or required, bound); throws
//                                       ParameterError{"law", ...} for an unknown name
//   make_law<NormalLaw>(name, values)   resolves `values` against the spec (unknown key, missing key
//                                       or out-of-bound value → ParameterError naming that key),
//                                       then builds the law (its constructor checks cross-parameter
//                                       conditions, again throwing ParameterError).
// There is no switch over law names anywhere: each family's table (law_registry.cpp) lists the
// registration() of each law class. Adding a law = its file + one line in that table.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "laws/friction_law.hpp"
#include "laws/impact_law.hpp"
#include "laws/law_spec.hpp"
#include "laws/normal_law.hpp"
#include "laws/parameter.hpp"

namespace stickslip::laws {

// Human-readable family name ("normal", "friction", "impact") for messages.
template <class Law>
std::string_view law_family();
template <>
inline std::string_view law_family<NormalLaw>() { return "normal"; }
template <>
inline std::string_view law_family<FrictionLaw>() { return "friction"; }
template <>
inline std::string_view law_family<ImpactLaw>() { return "impact"; }

// The registration table of a family (defined in law_registry.cpp for the three families).
template <class Law>
std::span<const LawSpec<Law>* const> registered_laws();
template <>
std::span<const LawSpec<NormalLaw>* const> registered_laws<NormalLaw>();
template <>
std::span<const LawSpec<FrictionLaw>* const> registered_laws<FrictionLaw>();
template <>
std::span<const LawSpec<ImpactLaw>* const> registered_laws<ImpactLaw>();

template <class Law>
std::vector<std::string_view> law_names() {
  std::vector<std::string_view> names;
  for (const auto* spec : registered_laws<Law>()) names.push_back(spec->name);
  return names;
}

// The spec of `name`, or nullptr.
template <class Law>
const LawSpec<Law>* try_find_law(std::string_view name) noexcept {
  for (const auto* spec : registered_laws<Law>()) {
    if (spec->name == name) return spec;
  }
  return nullptr;
}

template <class Law>
const LawSpec<Law>& find_law(std::string_view name) {
  if (const auto* spec = try_find_law<Law>(name)) return *spec;
  std::vector<std::string> known;
  for (const auto n : law_names<Law>()) known.emplace_back(n);
  throw unknown_law_error(law_family<Law>(), name, known);
}

template <class Law>
std::unique_ptr<Law> make_law(std::string_view name, const ParamValues& values) {
  const auto& spec = find_law<Law>(name);
  return spec.make(resolve_parameters(spec.name, spec.params, values));
}

inline std::unique_ptr<NormalLaw> make_normal_law(std::string_view name, const ParamValues& v) {
  return make_law<NormalLaw>(name, v);
}
inline std::unique_ptr<FrictionLaw> make_friction_law(std::string_view name, const ParamValues& v) {
  return make_law<FrictionLaw>(name, v);
}
inline std::unique_ptr<ImpactLaw> make_impact_law(std::string_view name, const ParamValues& v) {
  return make_law<ImpactLaw>(name, v);
}

}  // namespace stickslip::laws
