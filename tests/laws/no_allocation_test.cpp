// Laws are evaluated ~1e6 times per second: evaluating one must not touch the heap. Every registered
// law is evaluated through its interface while the malloc-level counter of
// tests/allocation_counter.hpp is armed.
#include <gtest/gtest.h>

#include <cmath>

#include "../allocation_counter.hpp"
#include "laws/law_registry.hpp"

namespace stickslip::laws {
namespace no_allocation_test {

ParamValues required_values(std::span<const ParamSpec> specs) {
  ParamValues v;
  for (const auto& p : specs) {
    if (!p.required()) continue;
    v.emplace(std::string(p.name), p.name == "mu_s" ? 0.6 : 0.5);
  }
  return v;
}

TEST(NoAllocation, EvaluatingAnyRegisteredLawDoesNotAllocate) {
  std::vector<std::unique_ptr<NormalLaw>> normal;
  std::vector<std::unique_ptr<FrictionLaw>> friction;
  for (const auto* s : registered_laws<NormalLaw>()) {
    normal.push_back(make_law<NormalLaw>(s->name, required_values(s->params)));
  }
  for (const auto* s : registered_laws<FrictionLaw>()) {
    friction.push_back(make_law<FrictionLaw>(s->name, required_values(s->params)));
  }
  ASSERT_FALSE(normal.empty());
  ASSERT_FALSE(friction.empty());
  double sink = 0.0;
  EXPECT_GT(stickslip::test::allocations_in([] { std::vector<int> v(10); }), 0);  // the counter is in use
  const long evaluations = stickslip::test::allocations_in([&] {
  for (int i = 0; i < 100; ++i) {
    const double x = 1e-4 * (i - 20), rate = 0.01 * (i - 50);
    for (const auto& law : normal) {
      sink += law->force(x, rate, 1.0) + law->potential(x) + law->stiffness(x) +
              law->elastic_force(x);
    }
    for (const auto& law : friction) {
      double z[1] = {1e-7}, zdot[1] = {0.0};
      const FrictionInput in{rate, 10.0, 0.5 * rate};
      sink += law->force(in, z);
      law->state_rate(in, z, zdot);
      sink += zdot[0];
    }
  }
  });
  EXPECT_EQ(evaluations, 0);
  EXPECT_TRUE(std::isfinite(sink));
}

}  // namespace no_allocation_test
}  // namespace stickslip::laws
