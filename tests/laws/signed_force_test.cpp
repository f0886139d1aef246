// NormalLaw::signed_force: the force before the no-pull clamp. It equals force() wherever that is
// positive, is negative exactly where the clamp acts (a damped law separating fast), and is 0 without
// overlap. Checked on every registered normal law over a grid of penetrations and rates.
#include <gtest/gtest.h>

#include <string>

#include "laws/law_registry.hpp"

namespace stickslip::laws {
namespace signed_force_test {

ParamValues values_for(std::string_view name) {
  ParamValues v;
  for (const ParamSpec& p : find_law<NormalLaw>(name).params) {
    if (p.default_value) continue;
    // Required parameters: stiffnesses, damping and restitution with physical magnitudes.
    const std::string key(p.name);
    v[key] = key == "e" ? 0.7 : key == "n" ? 1.5 : key == "chi" ? 0.5 : key == "c" || key == "c2" ? 2e3 : 1e6;
  }
  return v;
}

TEST(SignedForce, AgreesWithTheClampedForce) {
  for (const auto name : law_names<NormalLaw>()) {
    const auto law = make_law<NormalLaw>(name, values_for(name));
    bool clamped_somewhere = false;
    for (double delta : {-1e-3, 0.0, 1e-6, 1e-4, 1e-2}) {
      for (double rate : {-100.0, -1.0, -0.01, 0.0, 0.5, 10.0}) {
        const double f = law->force(delta, rate, 1.0), s = law->signed_force(delta, rate, 1.0);
        if (delta <= 0) {
          EXPECT_EQ(s, 0.0) << name;
          continue;
        }
        if (s > 0) {
          EXPECT_DOUBLE_EQ(f, s) << name << " δ=" << delta << " δ̇=" << rate;
        } else {
          EXPECT_EQ(f, 0.0) << name;  // the clamp acts exactly where the signed force is not positive
          clamped_somewhere = clamped_somewhere || s < 0;
        }
      }
    }
    // Laws with damping must be able to pull before the clamp (δ̇ = −100 m/s separates fast).
    if (name != "hertz") {
      EXPECT_TRUE(clamped_somewhere) << name;
    }
  }
}

}  // namespace signed_force_test
}  // namespace stickslip::laws
