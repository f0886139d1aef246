#include "laws/law_registry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace stickslip::laws {
namespace law_registry_test {

// A value inside every bound a spec can have (used to build each law from its defaults + this).
template <class Law>
ParamValues admissible_values(const LawSpec<Law>& spec) {
  ParamValues v;
  for (const auto& p : spec.params) {
    if (p.default_value) continue;
    double x = 0.5;  // inside (0, 1], [0, 1], > 0, >= 0
    if (p.bound.contains(x) && p.name.starts_with("mu_s")) x = 0.6;  // keep mu_s >= mu_k
    if (!p.bound.contains(x)) x = p.bound.lo + 1.0;
    v.emplace(std::string(p.name), x);
  }
  return v;
}

template <class Law>
void check_family() {
  const auto names = law_names<Law>();
  std::set<std::string_view> unique(names.begin(), names.end());
  EXPECT_EQ(unique.size(), names.size()) << "duplicate registry name";
  for (const auto name : names) {
    const auto& spec = find_law<Law>(name);
    EXPECT_EQ(spec.name, name);
    EXPECT_FALSE(spec.summary.empty());
    std::set<std::string_view> keys;
    for (const auto& p : spec.params) {
      EXPECT_TRUE(keys.insert(p.name).second) << name << ": duplicate parameter " << p.name;
      EXPECT_FALSE(p.unit.empty()) << name << "." << p.name;
      EXPECT_FALSE(p.meaning.empty()) << name << "." << p.name;
      if (p.default_value) {
        EXPECT_TRUE(p.bound.contains(*p.default_value)) << name << "." << p.name;
      }
    }
    // Builds from its required parameters alone, and the built law reports its registry name.
    const auto law = make_law<Law>(name, admissible_values(spec));
    ASSERT_NE(law, nullptr);
    EXPECT_EQ(law->name(), name);
    // An unknown key is rejected, naming it.
    auto values = admissible_values(spec);
    values["not_a_parameter"] = 1.0;
    try {
      make_law<Law>(name, values);
      ADD_FAILURE() << name << " accepted an unknown key";
    } catch (const ParameterError& e) {
      EXPECT_EQ(e.parameter(), "not_a_parameter");
    }
    // Each required key, when missing, is named.
    for (const auto& p : spec.params) {
      if (!p.required()) continue;
      auto missing = admissible_values(spec);
      missing.erase(std::string(p.name));
      try {
        make_law<Law>(name, missing);
        ADD_FAILURE() << name << " built without " << p.name;
      } catch (const ParameterError& e) {
        EXPECT_EQ(e.parameter(), p.name);
      }
    }
  }
}

TEST(LawRegistry, NormalLawsAreConsistent) { check_family<NormalLaw>(); }
TEST(LawRegistry, FrictionLawsAreConsistent) { check_family<FrictionLaw>(); }
TEST(LawRegistry, ImpactLawsAreConsistent) { check_family<ImpactLaw>(); }

TEST(LawRegistry, ListsTheExpectedNormalLaws) {
  const auto names = law_names<NormalLaw>();
  for (const char* expected : {"hertz", "linear_spring_damper", "hunt_crossley", "hunt_crossley_chi",
                               "lankarani_nikravesh", "herbert_mcwhannell", "lee_wang", "flores",
                               "extended_hertz"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  }
}

TEST(LawRegistry, UnknownLawNameIsAParameterErrorOnKeyLaw) {
  try {
    make_normal_law("hertzz", {{"K", 1.0}});
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "law");
    EXPECT_NE(e.message().find("hertz"), std::string::npos);  // lists the registered names
  }
  EXPECT_EQ(try_find_law<FrictionLaw>("hertz"), nullptr);  // names are per family
  EXPECT_EQ(try_find_law<FrictionLaw>("hertz"), nullptr);  // names are per family
}

TEST(LawRegistry, ListsTheExpectedFrictionLaws) {
  const auto names = law_names<FrictionLaw>();
  for (const char* expected : {"coulomb", "coulomb_tanh", "coulomb_linear", "coulomb_viscous",
                               "stribeck", "karnopp", "dahl", "lugre"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  }
}

TEST(LawRegistry, ListsTheImpactLaws) {
  const auto names = law_names<ImpactLaw>();
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0], "newton");
  EXPECT_EQ(names[1], "poisson");
  EXPECT_EQ(make_impact_law("poisson", {{"e", 0.5}})->kind(), RestitutionKind::kPoisson);
  EXPECT_EQ(make_impact_law("newton", {{"e", 0.5}})->tangential_coefficient(), 0.0);  // default
}

// The examples of docs/contact-laws.md build, and the built law evaluates the documented formula.
TEST(LawRegistry, BuildsTheDocumentedNormalExample) {
  const auto law = make_normal_law("lankarani_nikravesh", {{"K", 1e9}, {"n", 1.5}, {"e", 0.9}});
  EXPECT_TRUE(law->uses_impact_speed());
  // K δ^1.5 (1 + 0.75(1 - 0.81) δ̇/v⁻) at δ = 1e-4, δ̇ = v⁻ = 1: 1e9·1e-6·1.1425 = 1142.5 N.
  EXPECT_NEAR(law->force(1e-4, 1.0, 1.0), 1142.5, 1142.5 * 1e-14);
  try {
    make_normal_law("lankarani_nikravesh", {{"K", 1e9}, {"e", 1.5}});
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "e");
    EXPECT_NE(e.message().find("in (0, 1]"), std::string::npos);
  }
}

TEST(LawRegistry, BuildsTheDocumentedFrictionExample) {
  const auto law = make_friction_law("lugre", {{"mu_s", 0.4}, {"mu_k", 0.3}, {"sigma0", 1e6},
                                               {"sigma1", 100}, {"sigma2", 0}, {"v_s", 0.001},
                                               {"p", 2}});
  EXPECT_EQ(law->state_size(), 1);
  EXPECT_EQ(law->static_coefficient(), 0.4);
  // Cross-parameter condition: reported on mu_s.
  try {
    make_friction_law("coulomb", {{"mu_s", 0.2}, {"mu_k", 0.3}});
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_EQ(e.parameter(), "mu_s");
  }
}

}  // namespace law_registry_test
}  // namespace stickslip::laws
