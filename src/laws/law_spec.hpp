// LawSpec: what the registry knows about one law (its name, its parameters, how to build it).
//
// A law class exposes `static const LawSpec<Base>& registration();` (Base = NormalLaw, FrictionLaw or
// ImpactLaw) and is listed once in the table of law_registry.cpp. Adding a law is one file (the
// class, its ParamSpec table and its registration) plus that one line.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "laws/parameter.hpp"

namespace stickslip::laws {

template <class Law>
struct LawSpec {
  std::string_view name;              // registry name used in model files (snake_case, unique per family)
  std::string_view summary;           // one line: the formula and its source
  std::span<const ParamSpec> params;  // parameter table, in the order the docs list them
  // Builds the law from a map already resolved by resolve_parameters (complete, bound-checked);
  // the law's constructor still validates cross-parameter conditions (e.g. mu_s >= mu_k).
  std::unique_ptr<Law> (*make)(const ParamValues& resolved);
};

}  // namespace stickslip::laws
