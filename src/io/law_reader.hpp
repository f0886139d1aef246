// Laws in model files: a map `{law: <registered name>, <parameter>: <number>, ...}`, resolved by the
// law registry (laws/law_registry.hpp), so every law and parameter documented in
// docs/contact-laws.md is accepted by name and every bad value is reported at its key.
#pragma once

#include <initializer_list>
#include <memory>

#include "io/yaml_reader.hpp"
#include "laws/law_registry.hpp"

namespace stickslip {

// `extra_keys` are keys of the map that are not law parameters (read by the caller).
std::shared_ptr<const laws::NormalLaw> read_normal_law(const YamlField& f);
std::shared_ptr<const laws::FrictionLaw> read_friction_law(const YamlField& f,
                                                           std::initializer_list<const char*> extra_keys = {});
std::shared_ptr<const laws::ImpactLaw> read_impact_law(const YamlField& f);

}  // namespace stickslip
