#include "io/law_reader.hpp"

#include <set>
#include <string>

namespace stickslip {
namespace {

template <class Law>
std::shared_ptr<const Law> read_law(const YamlField& f, std::initializer_list<const char*> extra_keys) {
  if (!f.is_map()) f.fail("expected a law {law: <name>, <parameter>: <value>, ...}");
  const YamlField name = f.at("law");
  const std::set<std::string> extra(extra_keys.begin(), extra_keys.end());
  laws::ParamValues values;
  for (const auto& kv : f.node()) {
    const std::string key = kv.first.as<std::string>();
    if (key == "law" || extra.count(key)) continue;
    values[key] = f.at(key.c_str()).as_double();
  }
  try {
    return laws::make_law<Law>(name.as_string(), values);
  } catch (const laws::ParameterError& e) {
    if (e.parameter() == "law") name.fail(e.message());
    if (f.has(e.parameter().c_str())) f.at(e.parameter().c_str()).fail(e.message());
    f.fail(e.message());
  }
}

}  // namespace

std::shared_ptr<const laws::NormalLaw> read_normal_law(const YamlField& f) { return read_law<laws::NormalLaw>(f, {}); }

std::shared_ptr<const laws::FrictionLaw> read_friction_law(const YamlField& f,
                                                           std::initializer_list<const char*> extra_keys) {
  return read_law<laws::FrictionLaw>(f, extra_keys);
}

std::shared_ptr<const laws::ImpactLaw> read_impact_law(const YamlField& f) { return read_law<laws::ImpactLaw>(f, {}); }

}  // namespace stickslip
